import PropertyBased
import RefreshCore
import Testing

// A tuning enters the core through `init` and `.setTuning`, and neither may let a value through
// that makes the physics divide by zero: no public input may produce a NaN or an infinity.

@Suite struct TuningBoundaryTests {
  /// Values a hand-edited file, a slider bug or a careless caller could hand in.
  static let hostile: [Double] = [
    0, -1, 1, 0.5, 1e-12, 1e12, -1e12, .nan, .infinity, -.infinity, 0.999_999, 1.5,
  ]

  /// A tuning with each numeric key either left at its default (index past `hostile`) or set
  /// to one of the hostile values.
  static let tunings: Generator<Tuning, some Sequence & SendableMetatype> =
    Gen.int(in: 0...(hostile.count * 2))
    .array(of: Tuning.parameters.count...Tuning.parameters.count)
    .map { picks in
      var tuning = Tuning()
      for (parameter, pick) in zip(Tuning.parameters, picks) where pick < hostile.count {
        tuning[keyPath: parameter.keyPath] = hostile[pick]
      }
      return tuning
    }

  @Test func noTuningMakesANumberNonFinite() async {
    await propertyCheck(count: 400, input: Self.tunings, Self.tunings) { first, second in
      var harness = Harness(tuning: first)
      harness.pull(from: 100, to: 500)
      harness.advance(by: 0.5)
      Self.expectFinite(harness.snapshot, "after a pull with \(first)")
      harness.send(.setTuning(second, time: harness.now))
      harness.drag(from: 500, to: 50, duration: 0.1)
      harness.advance(by: 0.3)
      harness.send(.endRefreshing(.success, time: harness.now))
      harness.send(.wheel(dy: -3, precise: false, time: harness.now))
      harness.send(.key(.end, time: harness.now))
      harness.advance(by: 2)
      Self.expectFinite(harness.snapshot, "after a fling with \(second)")
    }
  }

  @Test func theTuningInForceIsAlwaysValid() throws {
    var bad = Tuning()
    bad.refreshThreshold = 0
    bad.decelerationRate = 1
    bad.spinnerPeriod = 0
    bad.springMass = .nan
    bad.maximumFlingVelocity = 10
    bad.minimumFlingVelocity = 500
    var view = RefreshController(tuning: bad, viewportHeight: 600, contentHeight: 2000)
    try view.tuning.validate()
    // Out-of-range values are pulled to the nearest allowed one; a NaN keeps the default.
    #expect(
      view.tuning.refreshThreshold
        == Tuning.parameters.first { $0.key == "refreshThreshold" }?.range.lowerBound)
    #expect(view.tuning.springMass == Tuning().springMass)
    _ = view.handle(.setTuning(bad, time: 1))
    try view.tuning.validate()
    // A valid tuning passes unchanged.
    let mj = TuningPreset.mjrefresh.tuning
    _ = view.handle(.setTuning(mj, time: 2))
    #expect(view.tuning == mj)
  }

  static func expectFinite(_ s: RefreshSnapshot, _ context: String) {
    let numbers = [
      s.offset, s.velocity, s.inset.top, s.inset.bottom, s.headerProgress, s.footerProgress,
      s.headerArrowAngle, s.footerArrowAngle, s.spinnerPhase, s.indicatorOpacity, s.footerY,
      s.headerY,
    ]
    let finite = numbers.allSatisfy { $0.isFinite }
    #expect(finite, "\(numbers) \(context)")
  }
}
