extension Tuning {
  /// Every numeric constant, in panel order.
  public static var parameters: [TuningParameter] {
    [
      .init(
        key: "headerHeight", group: .sizes, unit: "pt", range: 20...200, step: 1, keyPath: \.headerHeight),
      .init(
        key: "refreshThreshold", group: .sizes, unit: "pt", range: 20...300, step: 1,
        keyPath: \.refreshThreshold),
      .init(
        key: "footerHeight", group: .sizes, unit: "pt", range: 20...200, step: 1, keyPath: \.footerHeight),
      .init(
        key: "loadMoreThreshold", group: .sizes, unit: "pt", range: 10...300, step: 1,
        keyPath: \.loadMoreThreshold),
      .init(
        key: "rubberBandConstant", group: .physics, unit: "", range: 0.05...1, step: 0.01,
        keyPath: \.rubberBandConstant, curves: [.iosRubberBand]),
      .init(
        key: "frictionFactor", group: .physics, unit: "", range: 0.05...1, step: 0.01,
        keyPath: \.frictionFactor, curves: [.flutterFriction]),
      .init(
        key: "maxSpringTransferVelocity", group: .physics, unit: "pt/s", range: 100...30000, step: 100,
        keyPath: \.maxSpringTransferVelocity, curves: [.flutterFriction]),
      .init(
        key: "dragRate", group: .physics, unit: "", range: 0.05...2, step: 0.01, keyPath: \.dragRate,
        curves: [.smartDamping, .materialTension]),
      .init(
        key: "maxDragRate", group: .physics, unit: "", range: 1...9.9, step: 0.05, keyPath: \.maxDragRate,
        curves: [.smartDamping]),
      .init(
        key: "reboundDuration", group: .physics, unit: "s", range: 0...3, step: 0.01,
        keyPath: \.reboundDuration, curves: [.smartDamping, .materialTension]),
      .init(
        key: "decelerationRate", group: .physics, unit: "/ms", range: 0.9...0.9999, step: 0.0005,
        keyPath: \.decelerationRate),
      .init(key: "springMass", group: .physics, unit: "", range: 0.1...10, step: 0.1, keyPath: \.springMass),
      .init(
        key: "springStiffness", group: .physics, unit: "", range: 1...1000, step: 5,
        keyPath: \.springStiffness),
      .init(
        key: "springDampingRatio", group: .physics, unit: "", range: 0.1...3, step: 0.05,
        keyPath: \.springDampingRatio),
      .init(
        key: "minimumFlingVelocity", group: .physics, unit: "pt/s", range: 0...1000, step: 10,
        keyPath: \.minimumFlingVelocity),
      .init(
        key: "maximumFlingVelocity", group: .physics, unit: "pt/s", range: 100...30000, step: 100,
        keyPath: \.maximumFlingVelocity),
      .init(
        key: "wheelLineDistance", group: .physics, unit: "pt", range: 1...400, step: 1,
        keyPath: \.wheelLineDistance),
      .init(
        key: "keyLineDistance", group: .physics, unit: "pt", range: 1...400, step: 1,
        keyPath: \.keyLineDistance),
      .init(
        key: "openDuration", group: .animation, unit: "s", range: 0...3, step: 0.01, keyPath: \.openDuration),
      .init(
        key: "collapseDuration", group: .animation, unit: "s", range: 0...3, step: 0.01,
        keyPath: \.collapseDuration),
      .init(
        key: "arrowFlipDuration", group: .animation, unit: "s", range: 0...3, step: 0.01,
        keyPath: \.arrowFlipDuration),
      .init(
        key: "scrollAnimationDuration", group: .animation, unit: "s", range: 0...3, step: 0.01,
        keyPath: \.scrollAnimationDuration),
      .init(
        key: "spinnerPeriod", group: .animation, unit: "s", range: 0.1...10, step: 0.05,
        keyPath: \.spinnerPeriod),
      .init(
        key: "minimumSpinnerTime", group: .animation, unit: "s", range: 0...5, step: 0.05,
        keyPath: \.minimumSpinnerTime),
      .init(
        key: "finishingHoldDuration", group: .animation, unit: "s", range: 0...5, step: 0.05,
        keyPath: \.finishingHoldDuration),
      .init(
        key: "twoLevelFloorRate", group: .sizes, unit: "×", range: 0...10, step: 0.1,
        keyPath: \.twoLevelFloorRate),
      .init(
        key: "twoLevelMaxRate", group: .sizes, unit: "×", range: 1...10, step: 0.1,
        keyPath: \.twoLevelMaxRate),
      .init(
        key: "twoLevelFloorDuration", group: .animation, unit: "s", range: 0.05...5, step: 0.05,
        keyPath: \.twoLevelFloorDuration),
      .init(
        key: "preloadDistance", group: .footer, unit: "pt", range: -200...5000, step: 5,
        keyPath: \.preloadDistance),
      .init(key: "tapSlop", group: .input, unit: "pt", range: 0...50, step: 1, keyPath: \.tapSlop),
      .init(
        key: "touchpadReleaseDelay", group: .input, unit: "s", range: 0.01...1, step: 0.005,
        keyPath: \.touchpadReleaseDelay),
    ]
  }

  /// The first out-of-range or inconsistent value, as an error naming its key.
  public func validate() throws(TuningError) {
    for parameter in Self.parameters {
      let value = self[keyPath: parameter.keyPath]
      guard value.isFinite, parameter.range.contains(value) else {
        throw .outOfRange(key: parameter.key, value: value, range: parameter.range)
      }
    }
    if maximumFlingVelocity < minimumFlingVelocity {
      throw .outOfRange(
        key: "maximumFlingVelocity", value: maximumFlingVelocity,
        range: minimumFlingVelocity...Self.parameter("maximumFlingVelocity").range.upperBound)
    }
  }

  /// This tuning with every value pulled into its allowed range: a non-finite value takes the
  /// default, others the nearest allowed value, and the fastest fling is at least the slowest.
  /// The core applies it wherever a tuning enters, so no public input can make it divide by
  /// zero; a valid tuning comes back unchanged.
  public func clampedToRanges() -> Tuning {
    var clamped = self
    let defaults = Tuning()
    for parameter in Self.parameters {
      let value = self[keyPath: parameter.keyPath]
      clamped[keyPath: parameter.keyPath] =
        value.isFinite
        ? min(max(value, parameter.range.lowerBound), parameter.range.upperBound)
        : defaults[keyPath: parameter.keyPath]
    }
    clamped.maximumFlingVelocity = max(clamped.maximumFlingVelocity, clamped.minimumFlingVelocity)
    return clamped
  }

  static func parameter(_ key: String) -> TuningParameter {
    guard let found = parameters.first(where: { $0.key == key }) else {
      preconditionFailure("no tuning parameter \(key)")
    }
    return found
  }
}
