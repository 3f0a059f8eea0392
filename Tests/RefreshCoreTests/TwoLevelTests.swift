import RefreshCore
import Testing

/// The second floor (SmartRefreshLayout's `TwoLevelHeader`), driven through the public inputs.
@Suite struct TwoLevelTests {
  /// The iOS defaults with the floor at SmartRefreshLayout's 1.9 header heights (114 pt).
  static var floorTuning: Tuning {
    var t = Tuning()
    t.twoLevelFloorRate = 1.9
    return t
  }

  /// A finger pull of `travel` points that rests before lifting, from a list at rest.
  static func pulled(_ tuning: Tuning, travel: Double) -> Harness {
    var h = Harness(tuning: tuning)
    h.pull(from: 100, to: 100 + travel)
    return h
  }

  @Test func aLongPullOpensTheFloorWhichGrowsToFillTheViewport() {
    var h = Self.pulled(Self.floorTuning, travel: 400)
    #expect(h.effects == [.startTwoLevel(time: h.now)])
    #expect(h.snapshot.header == .twoLevel)
    let opened = h.now
    // Halfway through the floor's duration the header has grown but not yet filled.
    h.advance(by: 0.5)
    #expect(h.snapshot.header == .twoLevel)
    #expect(h.snapshot.headerTravel > 114 && h.snapshot.headerTravel < 600)
    h.advance(by: opened + 1 - h.now)
    #expect(h.snapshot.header == .twoLevel)
    #expect(h.snapshot.offset == -600)
    #expect(h.snapshot.inset.top == 600)
    // Once the scroll indicator has faded, nothing moves until the app or the user acts.
    h.advance(by: 1)
    #expect(h.view.isSettled)
    #expect(h.refreshes == 0)
  }

  /// F5 lets a touchpad's fingers go first, as a press does: fingers resting past the floor's
  /// line open the floor, and the key then finds the header busy (found by the property tests
  /// once keys let the touchpad go).
  @Test func aKeyDuringATouchpadPullPastTheFloorOpensItFirst() {
    var h = Harness(tuning: Self.floorTuning)
    for step in 1...40 {
      h.send(.wheel(dy: 12, precise: true, time: 0.01 * Double(step)))
    }
    #expect(h.snapshot.header == .armed)
    #expect(h.snapshot.pullDistance > 114)
    // Within the touchpad's release delay: the fingers still count as resting on the pad.
    let pulledAt = h.now + 0.02
    h.send(.key(.refresh, time: pulledAt))
    #expect(h.effects == [.startTwoLevel(time: pulledAt)])
    #expect(h.snapshot.header == .twoLevel)
    #expect(h.refreshes == 0)
  }

  @Test func theContentNeverJumpsWhenTheFloorOpens() {
    var h = Harness(tuning: Self.floorTuning)
    h.drag(from: 100, to: 500, release: false)
    h.send(.move(y: 500, time: h.now + 0.1))
    let before = h.snapshot.offset
    h.send(.up(time: h.now))
    #expect(h.snapshot.offset == before)
    #expect(h.snapshot.pullDistance == 0)
  }

  @Test func aMediumPullRefreshesAsBefore() {
    let h = Self.pulled(Self.floorTuning, travel: 180)
    #expect(h.effects == [.startRefresh(time: h.now)])
    #expect(h.snapshot.header == .refreshing)
  }

  @Test func pastTheLineTheHeaderSaysReleaseToOpen() {
    var h = Harness(tuning: Self.floorTuning)
    h.drag(from: 100, to: 500, release: false)
    #expect(h.snapshot.header == .armed)
    #expect(h.snapshot.headerLabel == .releaseToTwoLevel)
    // Back above the line, it is an ordinary armed pull again.
    h.send(.move(y: 280, time: h.now + 0.05))
    #expect(h.snapshot.headerLabel == .releaseToRefresh)
  }

  @Test func withTheFloorOffALongPullIsAnOrdinaryRefresh() {
    var off = Self.floorTuning
    off.twoLevelFloorRate = 0
    let withZero = Self.pulled(off, travel: 400)
    let defaults = Self.pulled(Tuning(), travel: 400)
    #expect(withZero.effects == [.startRefresh(time: withZero.now)])
    #expect(withZero.snapshot == defaults.snapshot)
  }

  @Test func finishTwoLevelClosesOverTheSameDuration() {
    var h = Self.pulled(Self.floorTuning, travel: 400)
    h.advance(by: 1.2)
    h.send(.finishTwoLevel(time: h.now))
    let closing = h.now
    h.advance(by: 0.5)
    #expect(h.snapshot.header == .twoLevel)
    #expect(h.snapshot.offset > -600 && h.snapshot.offset < 0)
    h.advance(by: closing + 1 - h.now)
    #expect(h.snapshot.header == .idle)
    #expect(h.snapshot.offset == 0)
    #expect(h.snapshot.inset.top == 0)
    h.advance(by: 1)
    #expect(h.view.isSettled)
    // A second finish has nothing to close.
    h.send(.finishTwoLevel(time: h.now))
    #expect(h.snapshot.header == .idle)
  }

  @Test func aDragUpFromTheBottomSixthClosesTheFloor() {
    var h = Self.pulled(Self.floorTuning, travel: 400)
    h.advance(by: 1.2)
    h.drag(from: 580, to: 450, duration: 0.2)
    #expect(h.snapshot.header == .twoLevel)
    h.advance(by: 1.1)
    #expect(h.snapshot.header == .idle)
    #expect(h.snapshot.offset == 0)
  }

  @Test func aDragElsewhereOnTheFloorChangesNothing() {
    var h = Self.pulled(Self.floorTuning, travel: 400)
    h.advance(by: 1.2)
    let open = h.snapshot
    h.drag(from: 300, to: 100, duration: 0.2)
    h.send(.wheel(dy: -3, precise: false, time: h.now))
    h.send(.key(.end, time: h.now))
    h.advance(by: 2)
    #expect(h.snapshot.header == .twoLevel)
    #expect(h.snapshot.offset == open.offset)
    #expect(h.effects == [.startTwoLevel(time: 0.6)])
  }

  @Test func theFloorNeverOpensWhileALoadRuns() {
    var t = Self.floorTuning
    t.allowsSimultaneousRefreshAndLoad = true
    var h = Harness(tuning: t)
    h.send(.retryLoadMore(time: 0))
    #expect(h.loads == 1)
    // Past the floor's line while the load runs: the release refreshes (both are allowed).
    h.pull(from: 100, to: 500)
    #expect(h.snapshot.footer == .loading)
    #expect(h.snapshot.header == .refreshing)
    #expect(!h.effects.contains { if case .startTwoLevel = $0 { true } else { false } })
  }

  @Test func theFloorNeverOpensDuringARefresh() {
    var h = Harness(tuning: Self.floorTuning)
    h.send(.beginRefreshing(time: 0))
    h.advance(by: 0.3)
    h.pull(from: 100, to: 500)
    #expect(h.snapshot.header == .refreshing)
    #expect(!h.effects.contains { if case .startTwoLevel = $0 { true } else { false } })
  }
}
