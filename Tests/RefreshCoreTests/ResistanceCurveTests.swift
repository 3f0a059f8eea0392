import Foundation
import RefreshCore
import Testing

/// Issue 7's curves: each library's formula, written out here independently of the core, its
/// inverse and its slope; and the motions that go with them (Smart's rebound, Flutter's capped
/// spring hand-over).
@Suite struct ResistanceCurveTests {
  static let viewport = 700.0

  /// The libraries' formulas for a finger travel `x` past the top, as their sources state them.
  static func reference(_ preset: TuningPreset, travel x: Double) -> Double {
    let t = preset.tuning
    let d = viewport
    switch t.resistanceCurve {
    case .iosRubberBand: return x * d * t.rubberBandConstant / (d + t.rubberBandConstant * x)
    case .flutterFriction: return x * d * 0.52 / (d + 0.52 * x)
    case .smartDamping:
      let m = 2.5 * t.headerHeight
      return min(m * (1 - pow(100, -0.5 * x / d)), 0.5 * x)
    case .materialTension:
      let s = 0.5 * x
      let trigger = 64.0
      if s <= trigger { return s }
      let tension = min(s - trigger, 2 * trigger) / trigger
      return trigger + trigger * 2 * 2 * (tension / 4 - (tension / 4) * (tension / 4))
    default:
      Issue.record("no preset uses \(t.resistanceCurve.rawValue)")
      return .nan
    }
  }

  @Test(arguments: TuningPreset.allCases)
  func theCurveFollowsItsLibrarysFormula(preset: TuningPreset) {
    let curve = Resistance(tuning: preset.tuning, viewportHeight: Self.viewport)
    for x in stride(from: 0.0, through: 1200, by: 10) {
      let expected = Self.reference(preset, travel: x)
      #expect(abs(-curve.displacement(forExcess: -x) - expected) < 1e-9, "\(preset) at \(x)")
    }
  }

  @Test func smartShowsAbout46PointsLessThanTheOldBandAtA400PointPull() {
    // The issue's complaint: with iOS's band at c 0.5 the smart preset showed ~46 pt more.
    let smart = Resistance(tuning: TuningPreset.smart.tuning, viewportHeight: Self.viewport)
    let oldBand = Resistance(physics: IOSRubberBandPhysics(constant: 0.5), viewportHeight: Self.viewport)
    let difference = oldBand.displacement(forExcess: 400) - smart.displacement(forExcess: 400)
    #expect(abs(difference - 46) < 1, "\(difference)")
  }

  @Test func smartMaxDragRateIsARatioOfTheBarsHeight() {
    var t = TuningPreset.smart.tuning
    t.maxDragRate = 1.5
    let curve = Resistance(tuning: t, viewportHeight: Self.viewport)
    #expect(SmartDampingPhysics(tuning: t).reach(past: curve.top) == 90)
    #expect(-curve.displacement(forExcess: -100_000) <= 90)
    #expect(SmartDampingPhysics(tuning: t).reach(past: curve.bottom) == 1.5 * t.footerHeight)
    t.maxDragRate = 2
    #expect(SmartDampingPhysics(tuning: t).reach(past: curve.top) == 120)
  }

  @Test func smartDampsPastTheEndWithTheFootersHeight() {
    var t = TuningPreset.smart.tuning
    t.footerHeight = 44
    // Nothing loads before the finger lifts, so the end stays where it is.
    t.footerMode = .releaseToLoad
    let curve = Resistance(tuning: t, viewportHeight: Self.viewport)
    for x in [40.0, 120, 240, 400] {
      let expected = min(2.5 * 44 * (1 - pow(100, -0.5 * x / Self.viewport)), 0.5 * x)
      #expect(abs(curve.displacement(forExcess: x) - expected) < 1e-9)
    }
    // And in the controller: pushed 400 pt past the end of the list.
    var h = Harness(tuning: t, viewport: Self.viewport, content: 2000)
    h.send(.key(.end, time: 0))
    h.advance(by: 1)
    let end = h.snapshot.offset
    h.send(.down(y: 600, time: h.now))
    h.send(.move(y: 200, time: h.now + 0.3))
    let expected = min(2.5 * 44 * (1 - pow(100, -0.5 * 400 / Self.viewport)), 0.5 * 400)
    #expect(abs(h.snapshot.offset - end - expected) < 1e-9)
  }

  @Test func materialStopsAtTwiceTheTrigger() {
    let curve = Resistance(tuning: TuningPreset.material.tuning, viewportHeight: Self.viewport)
    #expect(curve.displacement(forExcess: -100) == -50)  // drag rate 0.5 up to the trigger
    #expect(curve.displacement(forExcess: -10_000) == -128)
    #expect(curve.slope(atExcess: -10_000) == 0)
  }

  @Test(arguments: CurveFamily.builtIns.map(\.curve))
  func theInverseGrabsWithoutAJump(curve: ResistanceCurve) {
    var tuning = Tuning()
    tuning.resistanceCurve = curve
    let band = Resistance(tuning: tuning, viewportHeight: Self.viewport)
    // Everything the curve can show past either edge, up to just short of its limit.
    let top = -band.displacement(forExcess: -1e7) * 0.99
    let bottom = band.displacement(forExcess: 1e7) * 0.99
    for shown in stride(from: -top, through: 1000 + bottom, by: 3) {
      let raw = band.unband(shown, within: 0...1000)
      #expect(abs(band.band(raw, within: 0...1000) - shown) < 1e-6, "\(curve) at \(shown)")
    }
  }

  @Test(arguments: CurveFamily.builtIns.map(\.curve))
  func theSlopeIsTheDerivativeAndTheCurveRises(curve: ResistanceCurve) {
    var tuning = Tuning()
    tuning.resistanceCurve = curve
    let band = Resistance(tuning: tuning, viewportHeight: Self.viewport)
    var last = 0.0
    for x in stride(from: 0.5, through: 900, by: 13) {
      let h = 1e-5
      let numeric = (band.displacement(forExcess: x + h) - band.displacement(forExcess: x - h)) / (2 * h)
      #expect(abs(numeric - band.slope(atExcess: x)) < 1e-4, "\(curve) at \(x)")
      let y = band.displacement(forExcess: x)
      #expect(y >= last && y <= x, "\(curve) at \(x)")
      last = y
    }
  }
}

@Suite struct ReboundTests {
  @Test func theViscousFluidCurveRunsFromZeroToOneAndIsItsOwnDerivative() {
    #expect(ReboundMotion.progress(at: 0) == 0)
    #expect(ReboundMotion.progress(at: 1) == 1)
    // Android's interpolator: x·8 < 1 gives x·8 − (1 − e^(−x·8)), then 1/e + (1 − e^(1 − x·8))(1 − 1/e),
    // normalised to end at 1.
    func android(_ f: Double) -> Double {
      func fluid(_ f: Double) -> Double {
        let x = f * 8
        return x < 1 ? x - (1 - exp(-x)) : exp(-1) + (1 - exp(1 - x)) * (1 - exp(-1))
      }
      return fluid(f) / fluid(1)
    }
    var last = 0.0
    for i in 1..<100 {
      let f = Double(i) / 100
      #expect(abs(ReboundMotion.progress(at: f) - android(f)) < 1e-12)
      let h = 1e-6
      let numeric = (ReboundMotion.progress(at: f + h) - ReboundMotion.progress(at: f - h)) / (2 * h)
      #expect(abs(numeric - ReboundMotion.slope(at: f)) < 1e-4)
      #expect(ReboundMotion.progress(at: f) > last)
      last = ReboundMotion.progress(at: f)
    }
  }

  @Test func aSmartReleaseLandsAtExactlyTheReboundDuration() {
    var h = Harness(tuning: TuningPreset.smart.tuning)
    h.pull(from: 100, to: 220)  // 120 pt of finger: below the threshold
    let release = h.now
    #expect(h.snapshot.offset < -20)
    var view = h.view
    _ = view.handle(.advance(to: release + 0.3 - 1e-6))
    #expect(view.snapshot.offset < 0 && view.snapshot.isAnimating)
    _ = view.handle(.advance(to: release + 0.3))
    #expect(view.snapshot.offset == 0 && !view.snapshot.isAnimating)
  }

  @Test func aFlutterFlingHandsAtMost5000PointsPerSecondToTheSpring() throws {
    var h = Harness(tuning: TuningPreset.flutter.tuning, content: 20_000)
    h.drag(from: 600, to: 100, duration: 0.3)  // scroll down a little first
    h.advance(by: 2)
    // A very fast flick toward the top.
    h.send(.down(y: 100, time: h.now))
    for i in 1...6 { h.send(.move(y: 100 + 70 * Double(i), time: h.now + 0.004)) }
    h.send(.up(time: h.now))
    let release = h.snapshot
    #expect(release.velocity < -8000 + 1)
    let fling = FrictionMotion(start: release.offset, initialVelocity: release.velocity, rate: 0.998)
    let hit = try #require(fling.time(reaching: 0))
    #expect(fling.velocity(at: hit) < -5000, "the fling meets the edge faster than the cap")
    var view = h.view
    _ = view.handle(.advance(to: release.time + hit + 1e-9))
    #expect(abs(view.snapshot.velocity + 5000) < 1)
  }

  @Test func grabbingDuringARebound_orABounceDoesNotJump() {
    for preset in TuningPreset.allCases {
      var h = Harness(tuning: preset.tuning)
      h.pull(from: 100, to: 200)
      h.advance(by: 0.1)
      let before = h.snapshot
      #expect(before.isAnimating, "\(preset)")
      h.send(.down(y: 300, time: h.now))
      h.send(.move(y: 300, time: h.now + 0.01))
      #expect(abs(h.snapshot.offset - before.offset) < 1e-6, "\(preset)")
      #expect(abs(h.snapshot.headerTravel - before.headerTravel) < 1e-6, "\(preset)")
      h.send(.move(y: 310, time: h.now + 0.02))
      #expect(h.snapshot.headerTravel > before.headerTravel, "\(preset): the pull goes on from there")
    }
  }
}

@Suite struct OverlayHeaderTests {
  @Test func theContentStaysStillWhileTheBadgeIsPulledAndHeld() {
    let tuning = TuningPreset.material.tuning
    var h = Harness(tuning: tuning)
    h.send(.down(y: 100, time: 0))
    h.send(.move(y: 200, time: 0.2))
    #expect(h.snapshot.offset == 0)
    #expect(h.snapshot.inset.top == 0)
    #expect(h.snapshot.headerTravel == 50)  // drag rate 0.5
    #expect(h.snapshot.header == .pulling)
    h.send(.move(y: 240, time: 0.4))
    #expect(h.snapshot.header == .armed)  // 70 pt of travel, past the 64 trigger
    h.send(.move(y: 240, time: 0.5))
    h.send(.up(time: 0.5))
    #expect(h.refreshes == 1)
    for _ in 0..<60 {
      h.advance(by: 1 / 60.0)
      #expect(h.snapshot.offset == 0 && h.snapshot.inset.top == 0)
      #expect(h.snapshot.headerTravel >= 64 - 1e-9, "the badge never dips while it settles")
    }
    #expect(h.snapshot.headerTravel == 64)
    h.send(.endRefreshing(.success, time: h.now))
    h.advance(by: 2)
    #expect(h.snapshot.header == .idle)
    #expect(h.snapshot.headerTravel == 0)
    #expect(h.snapshot.offset == 0)
  }

  @Test func switchingToTheOverlayWhileRefreshingLetsTheContentBackUp() {
    var h = Harness()
    h.send(.beginRefreshing(time: 0))
    h.advance(by: 1)
    #expect(h.snapshot.offset == -60)
    h.send(.setTuning(TuningPreset.material.tuning, time: h.now))
    h.advance(by: 1)
    #expect(h.snapshot.offset == 0 && h.snapshot.inset.top == 0)
    #expect(h.snapshot.headerTravel == 64, "the badge holds where the material header rests")
    h.send(.setTuning(Tuning(), time: h.now))
    h.advance(by: 1)
    #expect(h.snapshot.offset == -60 && h.snapshot.inset.top == 60)
  }

  @Test func aFlingIntoTheTopStopsThereWithoutShowingTheBadge() {
    var h = Harness(tuning: TuningPreset.material.tuning)
    h.drag(from: 500, to: 300, duration: 0.3)
    h.advance(by: 2)
    h.drag(from: 100, to: 400, duration: 0.05)
    var most = 0.0
    for _ in 0..<120 {
      h.advance(by: 1 / 60.0)
      most = max(most, h.snapshot.headerTravel)
    }
    #expect(most == 0)
    #expect(h.snapshot.offset == 0)
  }
}
