import RefreshCore
import Testing

/// Pull to refresh, state by state, and the rules the older libraries learned.
@Suite struct HeaderScenarioTests {
  @Test func aSlowPullWalksThroughPullingArmedRefreshingFinishingIdle() {
    var h = Harness()
    h.drag(from: 100, to: 140, duration: 0.2, release: false)
    #expect(h.snapshot.header == .pulling)
    #expect(h.snapshot.headerProgress > 0 && h.snapshot.headerProgress < 1)
    h.drag(from: 140, to: 400, duration: 0.5, release: false)
    #expect(h.snapshot.header == .armed)
    #expect(h.snapshot.headerLabel == .releaseToRefresh)
    h.now += 0.1
    h.send(.move(y: 400, time: h.now))
    h.send(.up(time: h.now))
    #expect(h.refreshes == 1)
    #expect(h.snapshot.header == .refreshing)
    h.advance(by: 1)
    // The inset holds the header open and the content rests just below it.
    #expect(h.snapshot.inset.top == 60)
    #expect(abs(h.snapshot.offset + 60) < 0.5)
    h.send(.endRefreshing(.success, time: h.now))
    #expect(h.snapshot.header == .finishing)
    #expect(h.snapshot.headerLabel == .refreshSucceeded)
    #expect(h.snapshot.lastUpdated == h.now)
    h.advance(by: 0.4)
    #expect(h.snapshot.header == .finishing, "the result is held for a moment")
    h.advance(by: 2)
    #expect(h.snapshot.header == .idle)
    #expect(h.snapshot.inset.top == 0)
    #expect(h.snapshot.offset == 0)
    #expect(h.view.isSettled)
  }

  @Test func releasingBeforeTheThresholdDoesNotRefresh() {
    var h = Harness()
    h.pull(from: 100, to: 180)  // 80 pt of finger is ~40 pt of band: below 60
    #expect(h.refreshes == 0)
    h.advance(by: 2)
    #expect(h.snapshot.header == .idle)
    #expect(h.snapshot.offset == 0)
  }

  @Test func theArrowTurnsThroughHalfATurnBothWays() {
    var h = Harness()
    let band = Resistance(physics: IOSRubberBandPhysics(constant: 0.55), viewportHeight: 600)
    h.send(.down(y: 100, time: 0))
    h.send(.move(y: 100 + band.excess(forDisplacement: 59), time: 0.5))
    let armedAt = 1.0
    h.send(.move(y: 100 + band.excess(forDisplacement: 80), time: armedAt))
    h.send(.move(y: 100 + band.excess(forDisplacement: 80), time: armedAt + 0.1))
    let midway = h.snapshot.headerArrowAngle
    #expect(midway > 0 && midway < .pi, "animating, not jumping")
    h.send(.move(y: 100 + band.excess(forDisplacement: 80), time: armedAt + 0.5))
    #expect(abs(h.snapshot.headerArrowAngle - .pi) < 1e-9)
    h.now = armedAt + 0.5
    h.send(.move(y: 120, time: h.now + 0.1))
    h.send(.move(y: 120, time: h.now + 0.6))
    #expect(h.snapshot.header == .pulling)
    #expect(abs(h.snapshot.headerArrowAngle) < 1e-9)
  }

  /// Rule 1 (HMRefreshControl's fix): a drag while refreshing changes nothing of the refresh.
  @Test func aDragWhileRefreshingChangesNothingOfTheRefresh() {
    var h = Harness()
    h.pull(from: 100, to: 400)
    h.advance(by: 0.5)
    #expect(h.refreshes == 1)
    // Pull again past the threshold, and push the list up: no second refresh, insets held.
    h.pull(from: 100, to: 500)
    h.advance(by: 0.5)
    h.drag(from: 500, to: 100, duration: 0.5)
    h.advance(by: 0.5)
    #expect(h.refreshes == 1)
    #expect(h.snapshot.header == .refreshing)
    #expect(h.snapshot.inset.top == 60)
    h.send(.endRefreshing(.success, time: h.now))
    h.advance(by: 2)
    #expect(h.snapshot.header == .idle)
    #expect(h.snapshot.inset.top == 0)
  }

  /// Rule 2 (the oldState double-decrement fix; MJRefresh #1163, #916): begin and end in quick
  /// succession, and a baseline changed while busy, still end on the baseline exactly.
  @Test func insetsReturnToTheBaselineExactlyAfterQuickBeginEndCycles() {
    var h = Harness(baseline: EdgeInsets(top: 20, bottom: 10))
    // Gaps that land in every phase: refreshing, the hold, mid-collapse, and after.
    for gap in [0.02, 0.35, 0.6, 0.9, 0.02, 1.2, 0.3, 0.85] {
      h.send(.beginRefreshing(time: h.now))
      h.advance(by: 0.01)
      h.send(.endRefreshing(.success, time: h.now))
      h.send(.endRefreshing(.success, time: h.now))  // a stray second end is ignored
      h.advance(by: gap)
    }
    #expect(h.refreshes >= 3)
    h.send(.beginRefreshing(time: h.now))
    h.advance(by: 0.1)
    h.send(.setBaselineInset(EdgeInsets(top: 44, bottom: 30), time: h.now))
    h.advance(by: 0.1)
    h.send(.endRefreshing(.failure, time: h.now))
    h.advance(by: 3)
    // The automatic footer's 44 pt stay inside the extent, on top of the app's 30.
    #expect(h.snapshot.inset == EdgeInsets(top: 44, bottom: 74))
    #expect(h.snapshot.offset == -44)
  }

  /// Rule 6 (SmartRefreshLayout): a spinner once shown stays at least its minimum time.
  @Test func aFastRefreshStillShowsTheSpinnerForTheMinimumTime() {
    var h = Harness()
    h.send(.beginRefreshing(time: 0))
    h.send(.endRefreshing(.success, time: 0.05))
    h.advance(by: 0.2)
    #expect(h.snapshot.header == .refreshing)
    h.advance(by: 0.1)
    #expect(h.snapshot.header == .finishing)
  }

  @Test func theSpinnerTurnsWhileRefreshing() {
    var h = Harness()
    h.send(.beginRefreshing(time: 0))
    h.advance(by: 0.25)
    let a = h.snapshot.spinnerPhase
    h.advance(by: 0.25)
    #expect(h.snapshot.spinnerPhase != a)
    #expect(h.snapshot.headerShowsSpinner)
  }

  @Test func programmaticRefreshScrollsTheHeaderIntoView() {
    var h = Harness()
    h.drag(from: 500, to: 100, duration: 0.5, release: false)
    h.send(.up(time: h.now + 0.2))
    h.advance(by: 1)
    #expect(h.snapshot.offset > 300)
    h.send(.key(.refresh, time: h.now))
    #expect(h.refreshes == 1)
    h.advance(by: 1)
    #expect(h.snapshot.offset == -60)
    #expect(h.snapshot.inset.top == 60)
  }

  /// "Content jumps when a refresh ends while the user is dragging": the finger keeps its
  /// content; the new bounds apply from where it is.
  @Test func endingARefreshUnderAFingerDoesNotJump() {
    var h = Harness()
    h.pull(from: 100, to: 400)
    h.advance(by: 1)
    h.drag(from: 300, to: 320, duration: 0.2, release: false)
    let held = h.snapshot.offset
    h.send(.endRefreshing(.success, time: h.now))
    h.advance(by: 2, fps: 60)
    #expect(h.snapshot.isDragging)
    #expect(abs(h.snapshot.offset - held) < 1e-9)
    h.send(.move(y: 321, time: h.now))
    #expect(abs(h.snapshot.offset - held) < 1)
    h.send(.up(time: h.now + 0.1))
    h.advance(by: 2)
    #expect(h.snapshot.offset == 0)
  }

  @Test func focusLossCancelsAnArmedPullWithoutRefreshing() {
    var h = Harness()
    h.drag(from: 100, to: 400, duration: 0.5, release: false)
    #expect(h.snapshot.header == .armed)
    h.send(.cancel(time: h.now))
    h.advance(by: 2)
    #expect(h.refreshes == 0)
    #expect(h.snapshot.header == .idle)
    #expect(h.snapshot.offset == 0)
  }

  @Test func resizingKeepsTheHeaderHeldOpen() {
    var h = Harness()
    h.send(.beginRefreshing(time: 0))
    h.advance(by: 1)
    h.send(.resize(viewportHeight: 300, time: h.now))
    h.advance(by: 0.5)
    #expect(h.snapshot.offset == -60)
    h.send(.resize(viewportHeight: 900, time: h.now))
    h.advance(by: 0.5)
    #expect(h.snapshot.offset == -60)
    #expect(h.snapshot.inset.top == 60)
  }

  @Test func presetsArmAndHoldAtTheirOwnDistances() {
    for (preset, arm, hold) in [(TuningPreset.ego, 65.0, 60.0), (.mjrefresh, 54, 54)] {
      var h = Harness(tuning: preset.tuning)
      // Raw finger travel that shows exactly `arm − 1` and `arm + 1` points of pull.
      let band = Resistance(tuning: preset.tuning, viewportHeight: 600)
      h.send(.down(y: 100, time: 0))
      h.send(.move(y: 100 + band.excess(forDisplacement: arm - 1), time: 0.5))
      #expect(h.snapshot.header == .pulling, "\(preset)")
      h.send(.move(y: 100 + band.excess(forDisplacement: arm + 1), time: 1))
      #expect(h.snapshot.header == .armed, "\(preset)")
      h.send(.up(time: 1.2))
      h.advance(by: 1)
      #expect(h.snapshot.inset.top == hold, "\(preset)")
      #expect(abs(h.snapshot.offset + hold) < 0.5, "\(preset)")
    }
  }
}

@Suite struct LiveTuningTests {
  /// Found with the tuning panel: a second header height change while the header was still
  /// opening left the list at the old edge, the header partly cut off.
  @Test func headerHeightChangesWhileOpeningEndWithTheHeaderFullyShown() {
    var h = Harness()
    h.send(.beginRefreshing(time: 0))
    var tuning = Tuning()
    for (i, height) in [80.0, 100, 120].enumerated() {
      tuning.headerHeight = height
      h.send(.setTuning(tuning, time: 0.05 * Double(i + 1)))
    }
    h.advance(by: 2)
    #expect(h.snapshot.inset.top == 120)
    #expect(h.snapshot.offset == -120)
  }
}
