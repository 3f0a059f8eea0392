import RefreshCore
import Testing

/// Every motion hands its exact position and velocity to the next (README, Physics): an eased
/// scroll retargeted by the next wheel notch keeps its speed, and a fling into an edge returns
/// with its curve family's release motion.
@Suite struct MotionHandOverTests {
  /// Ten notches a second down a long list: at every notch the speed just before the notch is
  /// the speed just after it, and between notches the content never stops.
  @Test func aSpinningWheelKeepsItsSpeedAtEveryNotch() {
    var view = RefreshController(viewportHeight: 600, contentHeight: 20_000)
    var slowest = Double.infinity
    for notch in 0..<10 {
      let time = Double(notch) / 10
      _ = view.handle(.advance(to: time))
      let before = view.snapshot.velocity
      _ = view.handle(.wheel(dy: -1, precise: false, time: time))
      // A nanosecond on, the new eased scroll has taken over.
      _ = view.handle(.advance(to: time + 1e-9))
      let after = view.snapshot.velocity
      if notch > 0 {
        #expect(before > 0, "notch \(notch): the content had stopped")
        #expect(abs(after - before) <= 1e-4 * before, "notch \(notch): \(before) pt/s became \(after)")
      }
      // 240 Hz frames up to the next notch (the first notch starts from rest).
      for frame in 1..<24 {
        _ = view.handle(.advance(to: time + Double(frame) / 240))
        if notch > 0 { slowest = min(slowest, view.snapshot.velocity) }
      }
    }
    #expect(slowest > 100, "the wheel slowed to \(slowest) pt/s between notches")
  }

  /// Whatever velocity it is handed, an eased motion moves one way only and never passes its
  /// goal, on every curve (the carried speed is capped for that).
  @Test func anEasedMotionMovesOneWayAndEndsOnItsGoal() {
    var generator = SplitMix(seed: 7)
    func random(_ range: ClosedRange<Double>) -> Double {
      range.lowerBound + (range.upperBound - range.lowerBound) * Double(generator.next() % 1_000_001) / 1e6
    }
    for _ in 0..<400 {
      // Every curve but `easeOutBack`, which overshoots by design.
      let oneWay = TimingCurve.allCases.filter { $0 != .easeOutBack }
      let curve = oneWay[Int(generator.next() % UInt64(oneWay.count))]
      let from = random(-500...500)
      let to = from + random(-800...800)
      let duration = random(0.01...1)
      let velocity = random(-20_000...20_000)
      let motion = EasedMotion(from: from, to: to, duration: duration, curve: curve, velocity: velocity)
      var previous = from
      for step in 1...200 {
        let x = motion.position(at: duration * Double(step) / 200)
        let tolerance = 1e-6 * max(abs(to - from), 1)
        #expect(
          (x - previous) * (to - from) >= -tolerance,
          "\(curve) \(from)→\(to) in \(duration) s at \(velocity) pt/s turned back at step \(step)")
        #expect(
          min(from, to) - tolerance <= x && x <= max(from, to) + tolerance,
          "\(curve) \(from)→\(to) at \(velocity) pt/s left its span: \(x)")
        previous = x
      }
      #expect(motion.position(at: duration) == to)
    }
  }

  /// The content of a long list, scrolled 400 pt down, then flicked back at about 3,750 pt/s:
  /// the fling meets the top well before it stops.
  static func flingIntoTheTop(_ tuning: Tuning, hz: Double = 1000) -> [(t: Double, offset: Double)] {
    var h = Harness(tuning: tuning, viewport: 700, content: 5000)
    h.send(.scroll(toOffset: 400, animated: false, time: 0))
    h.send(.down(y: 100, time: 1))
    for i in 1...10 { h.send(.move(y: 100 + 30 * Double(i), time: 1 + 0.008 * Double(i))) }
    h.send(.up(time: 1.08))
    var frames: [(Double, Double)] = []
    for frame in 0...Int(2 * hz) {
      let t = 1.08 + Double(frame) / hz
      h.send(.advance(to: t))
      frames.append((t, h.snapshot.offset))
    }
    return frames
  }

  /// SmartRefreshLayout's and SwipeRefreshLayout's families: the fling coasts past the top, and
  /// from where it stops rebounds over 10 ms per point of the way back (30 to 100), landing
  /// exactly and without a second swing, as `SmartRefreshLayout.BounceRunnable` does.
  @Test(arguments: [ResistanceCurve.smartDamping, .materialTension])
  func aFlingIntoTheTopReboundsLikeARelease(curve: ResistanceCurve) throws {
    var tuning = Tuning()
    tuning.resistanceCurve = curve
    let frames = Self.flingIntoTheTop(tuning)
    let peak = try #require(frames.min { $0.offset < $1.offset })
    #expect(peak.offset < -10, "it coasted \(-peak.offset) pt past the top")
    let landed = try #require(frames.first { $0.t > peak.t && $0.offset == 0 })
    let expected = 0.010 * min(max((-peak.offset).rounded(.towardZero), 30), 100)
    #expect(
      abs(landed.t - peak.t - expected) <= 0.001 + 1e-9,
      "back \((landed.t - peak.t) * 1000) ms after the coast stopped, \(expected * 1000) ms expected")
    let after = frames.filter { $0.t >= peak.t }
    #expect(zip(after, after.dropFirst()).allSatisfy { $0.offset <= $1.offset }, "it swung")
    #expect(after.allSatisfy { $0.offset <= 0 })
  }

  /// SmartRefreshLayout's after-fling rebound lasts `10·clamp(dp, 30, 100)` ms.
  @Test func theAfterFlingReboundLastsTenMillisecondsAPointFromThirtyToAHundred() {
    #expect(OvershootMotion.reboundDuration(distance: 5) == 0.3)
    #expect(OvershootMotion.reboundDuration(distance: -52.7) == 0.52)
    #expect(OvershootMotion.reboundDuration(distance: 400) == 1.0)
  }
}

/// Edges of the state machine that once went wrong.
@Suite struct StateEdgeTests {
  /// A footer being pulled from a failed load when a refresh succeeds: fresh data voids the
  /// failure (rule 5), so letting go leaves the footer idle, not failed.
  @Test func aFooterPulledFromAFailureReturnsToIdleAfterARefreshSucceeds() {
    var tuning = Tuning()
    tuning.footerMode = .releaseToLoad
    tuning.allowsSimultaneousRefreshAndLoad = true
    var h = Harness(tuning: tuning, viewport: 600, content: 2000)
    h.send(.beginRefreshing(time: 0))
    h.advance(by: 0.5)
    h.send(.scroll(toOffset: 1400, animated: false, time: h.now))
    h.pull(from: 500, to: 250)
    #expect(h.snapshot.footer == .loading)
    h.advance(by: 0.5)
    h.send(.endLoadingMore(.failure, time: h.now))
    h.advance(by: 0.5)
    #expect(h.snapshot.footer == .failed)
    // The failed footer partly in view, then pulled a little: pulling, not yet armed.
    h.send(.scroll(toOffset: h.snapshot.restBounds.upperBound - 30, animated: false, time: h.now))
    h.send(.down(y: 500, time: h.now))
    h.send(.move(y: 490, time: h.now + 0.1))
    #expect(h.snapshot.footer == .pulling)
    h.send(.endRefreshing(.success, time: h.now))
    h.send(.move(y: 490, time: h.now + 0.2))
    h.now += 0.2
    h.send(.up(time: h.now))
    #expect(h.snapshot.footer == .idle)
  }

  /// F5 during a touchpad gesture lets the gesture go first and refreshes, as a scroll to an
  /// offset, a press and a notched wheel do.
  @Test func refreshingFromTheKeyboardLetsATouchpadGo() {
    var h = Harness(viewport: 600, content: 2000)
    for i in 0..<10 { h.send(.wheel(dy: 12, precise: true, time: 0.01 * Double(i))) }
    #expect(h.snapshot.isDragging)
    h.send(.key(.refresh, time: 0.1))
    #expect(!h.snapshot.isDragging)
    #expect(h.refreshes == 1)
    #expect(h.snapshot.header == .refreshing)
  }

  /// A notched wheel during a touchpad gesture likewise takes over.
  @Test func aNotchedWheelLetsATouchpadGo() {
    var h = Harness(viewport: 600, content: 2000)
    for i in 0..<10 { h.send(.wheel(dy: -12, precise: true, time: 0.01 * Double(i))) }
    let held = h.snapshot.offset
    h.send(.wheel(dy: -1, precise: false, time: 0.1))
    h.advance(by: 0.5)
    #expect(!h.snapshot.isDragging)
    #expect(h.snapshot.offset >= held + 40 - 1e-9)
  }

  /// `init` refuses a non-finite baseline as `.setBaselineInset` does.
  @Test func initIgnoresANonFiniteBaselineInset() {
    for inset in [EdgeInsets(top: .nan, bottom: 0), EdgeInsets(top: 20, bottom: .infinity)] {
      let view = RefreshController(viewportHeight: 600, contentHeight: 2000, baselineInset: inset)
      let s = view.snapshot
      // Only the automatic footer's height, which stays inside the extent, on no baseline.
      let footerOnly = EdgeInsets(top: 0, bottom: 44)
      #expect(s.offset == 0 && s.inset == footerOnly && s.baselineInset == .zero, "\(inset): \(s.offset)")
    }
  }

  /// Issue 19: the wheel works during a finished refresh's hold as it does at rest, including
  /// reaching the end of a short list and loading the next page there.
  @Test func aWheelThatReachesTheEndDuringTheFinishedHoldLoadsMore() {
    var h = Harness(viewport: 700, content: 880)
    h.send(.beginRefreshing(time: 0))
    h.advance(by: 0.6)
    h.send(.endRefreshing(.success, time: h.now))
    #expect(h.snapshot.header == .finishing)
    let start = h.now
    // Eight notches of 30 pt: past the end of the extent, which keeps the automatic footer's
    // 44 pt below the rows, so the wheel rests at 880 + 44 - 700 with the footer whole.
    for i in 0..<8 { h.send(.wheel(dy: -1, precise: false, time: start + 0.03 * Double(i))) }
    h.advance(by: 0.2)
    #expect(h.snapshot.header == .finishing, "still holding the result")
    #expect(h.snapshot.offset == 224)
    #expect(h.loads == 1)
  }
}
