import Foundation
import RefreshCore
import Testing

@Suite struct RubberBandTests {
  // Samples of the iOS band over d = 960, from its formula.
  @Test(arguments: [(100.0, 52.02), (400.0, 178.98), (960.0, 340.65)])
  func matchesTheReferenceSamples(excess: Double, expected: Double) {
    let band = Resistance(physics: IOSRubberBandPhysics(constant: 0.55), viewportHeight: 960)
    #expect(abs(band.displacement(forExcess: excess) - expected) <= 0.01)
    #expect(abs(band.displacement(forExcess: -excess) + expected) <= 0.01)
  }

  @Test func startsAtSlopeCAndNeverReachesTheDimension() {
    let band = Resistance(physics: IOSRubberBandPhysics(constant: 0.55), viewportHeight: 600)
    #expect(band.displacement(forExcess: 0) == 0)
    #expect(abs(band.displacement(forExcess: 0.001) / 0.001 - 0.55) < 1e-4)
    #expect(band.displacement(forExcess: 1e9) < 600)
  }

  @Test func inverseGrabsOutOfBoundsContentWithoutAJump() {
    let band = Resistance(physics: IOSRubberBandPhysics(constant: 0.55), viewportHeight: 600)
    for shown in stride(from: -500.0, through: 500, by: 37) {
      let raw = band.unband(shown, within: 0...1000)
      #expect(abs(band.band(raw, within: 0...1000) - shown) < 1e-6)
    }
  }
}

@Suite struct FrictionTests {
  @Test func followsTheClosedForm() {
    let fling = FrictionMotion(start: 100, initialVelocity: 2000, rate: 0.998)
    let k = 1000 * log(0.998)
    for t in stride(from: 0.0, through: 1.5, by: 0.05) {
      let x = 100 + 2000 * (pow(0.998, 1000 * t) - 1) / k
      #expect(abs(fling.position(at: t) - x) < 1e-9)
      #expect(abs(fling.velocity(at: t) - 2000 * pow(0.998, 1000 * t)) < 1e-9)
    }
  }

  @Test func projectsHalfTheVelocityAtTheDefaultRate() {
    // WWDC18: x∞ − x0 ≈ 0.4995·v0 at 0.998.
    let fling = FrictionMotion(start: 0, initialVelocity: 1000, rate: 0.998)
    #expect(abs(fling.restingPosition - 499.5) < 0.1)
    #expect(abs(fling.position(at: fling.duration) - fling.restingPosition) < 1)
  }

  @Test func solvesTheTimeItReachesAPosition() throws {
    let fling = FrictionMotion(start: 0, initialVelocity: -1500, rate: 0.998)
    let t = try #require(fling.time(reaching: -300))
    #expect(abs(fling.position(at: t) + 300) < 1e-9)
    #expect(fling.time(reaching: -1000) == nil)  // beyond where it rests
    #expect(fling.time(reaching: 10) == nil)  // behind it
  }
}

@Suite struct SpringTests {
  @Test func criticalSpringMatchesTheClosedForm() {
    let p = SpringParameters(mass: 1, stiffness: 100, dampingRatio: 1)
    let spring = SpringMotion(from: 50, velocity: -300, to: 0, parameters: p)
    for t in stride(from: 0.0, through: 2, by: 0.1) {
      let x = exp(-10 * t) * (50 + (-300 + 10 * 50) * t)
      #expect(abs(spring.position(at: t) - x) < 1e-9)
    }
  }

  @Test(arguments: [0.5, 1.0, 1.1, 2.0])
  func velocityIsTheDerivativeOfPosition(ratio: Double) {
    let spring = SpringMotion(
      from: 80, velocity: 900, to: 0,
      parameters: SpringParameters(mass: 1, stiffness: 100, dampingRatio: ratio))
    for t in stride(from: 0.01, through: 1, by: 0.07) {
      let h = 1e-6
      let slope = (spring.position(at: t + h) - spring.position(at: t - h)) / (2 * h)
      #expect(abs(slope - spring.velocity(at: t)) < 1e-3)
    }
    #expect(spring.position(at: 0) == 80)
    #expect(abs(spring.velocity(at: 0) - 900) < 1e-9)
  }

  @Test func settlesWithinHalfAPoint() {
    let spring = SpringMotion(
      from: 120, velocity: 0, to: 0,
      parameters: SpringParameters(mass: 1, stiffness: 100, dampingRatio: 1))
    #expect(!spring.isDone(at: 0.2))
    #expect(spring.isDone(at: 2))
    #expect(abs(spring.position(at: 2)) < 0.5)
  }
}

@Suite struct EasingTests {
  @Test func easeInOutIsSymmetricAndMonotonic() {
    let curve = TimingCurve.easeInOut
    #expect(curve.value(at: 0) == 0)
    #expect(abs(curve.value(at: 1) - 1) < 1e-9)
    #expect(abs(curve.value(at: 0.5) - 0.5) < 1e-6)
    var last = 0.0
    for i in 1...100 {
      let v = curve.value(at: Double(i) / 100)
      #expect(v >= last)
      #expect(abs(curve.value(at: 1 - Double(i) / 100) - (1 - v)) < 1e-6)
      last = v
    }
  }

  /// Material's two long-tailed easings, against CSS's cubic-bezier solved by bisection
  /// outside the project: fastOutSlowIn (0.4, 0, 0.2, 1) starts slowly and has three quarters
  /// of the way behind it at half time; decelerate (0, 0, 0.2, 1) starts at full speed. Both
  /// have over 95 % of the way behind them at three quarters of the time, where easeOut has 92.
  @Test(arguments: [
    (TimingCurve.fastOutSlowIn, [0.1: 0.0259, 0.25: 0.2366, 0.5: 0.7756, 0.75: 0.9594, 0.9: 0.9944]),
    (TimingCurve.decelerate, [0.1: 0.3038, 0.25: 0.5776, 0.5: 0.8392, 0.75: 0.9642, 0.9: 0.9946]),
  ])
  func materialsEasingsAreTheirCubicBeziers(_ curve: TimingCurve, _ expected: [Double: Double]) {
    #expect(curve.value(at: 0) == 0)
    #expect(curve.value(at: 1) == 1)
    for (x, y) in expected {
      #expect(abs(curve.value(at: x) - y) < 1e-3, "\(curve) at \(x): \(curve.value(at: x)), CSS \(y)")
    }
    #expect(curve.value(at: 0.75) > TimingCurve.easeOut.value(at: 0.75) + 0.03)
  }

  /// easeOutBack, CSS's cubic-bezier(0.34, 1.56, 0.64, 1): rises, passes 1 at about 37 % of
  /// the time, peaks 9.8 % past it at about 57 %, comes back down onto exactly 1.
  @Test func easeOutBackOvershootsThenSettlesOnExactlyOne() {
    let curve = TimingCurve.easeOutBack
    #expect(curve.value(at: 0) == 0)
    #expect(curve.value(at: 1) == 1)
    let values = (0...1000).map { curve.value(at: Double($0) / 1000) }
    let peak = values.max() ?? 0
    let peakAt = Double(values.firstIndex(of: peak) ?? 0) / 1000
    #expect(abs(peak - 1.0978) < 0.0005, "overshoot \(peak - 1)")
    #expect(abs(peakAt - 0.573) < 0.005)
    let crossing = Double(values.firstIndex { $0 > 1 } ?? 0) / 1000
    #expect(abs(crossing - 0.369) < 0.005)
    // Up all the way to the peak, down all the way after it: one overshoot, no wobble.
    let peakIndex = values.firstIndex(of: peak) ?? 0
    #expect(zip(values[..<peakIndex], values[1...peakIndex]).allSatisfy { $0 < $1 })
    #expect(zip(values[peakIndex...].dropLast(), values[(peakIndex + 1)...]).allSatisfy { $0 >= $1 })
    // A motion along it passes its target and ends on it exactly.
    let collapse = EasedMotion(from: -60, to: 0, duration: 0.3, curve: curve)
    #expect(collapse.position(at: 0.3 * 0.573) > 5.8)
    #expect(collapse.position(at: 0.3) == 0)
    #expect(collapse.velocity(at: 0.3) == 0)
  }
}

@Suite struct VelocityTrackerTests {
  /// Mouse events at 125 Hz whose timestamps are whole milliseconds (SDL's), delivered with
  /// jitter: the fit must still land within 5 %.
  @Test(arguments: [300.0, 1500.0, -2500.0])
  func estimatesWithinFivePercentFromMillisecondTimestamps(speed: Double) {
    var tracker = VelocityTracker()
    var generator = SplitMix(seed: 7)
    for i in 0..<40 {
      let jitter = (Double(generator.next() % 1000) / 1000 - 0.5) * 0.002
      let trueTime = 1.0 + Double(i) * 0.008 + jitter
      let stamped = (trueTime * 1000).rounded(.down) / 1000
      tracker.addSample(position: speed * trueTime, time: stamped)
    }
    let estimate = tracker.velocity()
    #expect(abs(estimate - speed) <= abs(speed) * 0.05, "estimated \(estimate) for \(speed)")
  }

  /// Moves drained together (microseconds apart) are one sample at the first one's time, with
  /// the last one's position: their spread is the drain's, not the finger's.
  @Test func samplesUnderAMillisecondApartAreOne() {
    var tracker = VelocityTracker()
    tracker.addSample(position: 0, time: 0)
    tracker.addSample(position: 10, time: 0.016)
    tracker.addSample(position: 16, time: 0.016_005)
    tracker.addSample(position: 26, time: 0.026)
    // (0, 0), (16 ms, 16) and (26 ms, 26) lie on one line: 1,000 pt/s.
    #expect(abs(tracker.velocity() - 1000) < 1e-6, "\(tracker.velocity())")
  }

  @Test func aPauseEndsTheHistory() {
    var tracker = VelocityTracker()
    for i in 0..<10 { tracker.addSample(position: Double(i) * 10, time: Double(i) * 0.008) }
    // The finger rests 60 ms, then one more sample: the old motion must not count.
    tracker.addSample(position: 90, time: 0.072 + 0.060)
    #expect(tracker.velocity() == 0)
  }
}

/// A tiny seeded generator so that tests are reproducible.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite struct RestingFingerTests {
  @Test func aFingerThatRestsBeforeLiftingDoesNotFling() {
    var tracker = VelocityTracker()
    for i in 0..<10 { tracker.addSample(position: Double(i) * 10, time: Double(i) * 0.008) }
    #expect(abs(tracker.velocity(at: 0.072) - 1250) < 1)
    #expect(tracker.velocity(at: 0.072 + 0.1) == 0)
  }
}

@Suite struct BandSlopeTests {
  @Test func slopeIsTheDerivativeOfTheBand() {
    let band = Resistance(physics: IOSRubberBandPhysics(constant: 0.55), viewportHeight: 700)
    for x in stride(from: 0.0, through: 900, by: 75) {
      let h = 1e-4
      let numeric = (band.displacement(forExcess: x + h) - band.displacement(forExcess: x)) / h
      #expect(abs(numeric - band.slope(atExcess: x)) < 1e-4)
    }
  }

  @Test func draggedContentPastTheEdgeReportsItsOwnSpeed() {
    var view = RefreshController(viewportHeight: 700, contentHeight: 2000)
    _ = view.handle(.down(y: 100, time: 0))
    for i in 1...20 { _ = view.handle(.move(y: 100 + 10 * Double(i), time: 0.01 * Double(i))) }
    // The finger moves at 1000 pt/s; the banded content moves slower, toward the top.
    let velocity = view.snapshot.velocity
    #expect(velocity < -300 && velocity > -1000, "\(velocity)")
  }
}
