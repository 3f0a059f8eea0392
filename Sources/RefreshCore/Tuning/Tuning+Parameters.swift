extension Tuning {
  /// Every numeric constant with the range the core holds it to, in the order files and panels
  /// list them: the sizes, then the registered curve families' constants (each once, in the
  /// families' order), then the rest.
  ///
  /// Kept with the registry and rebuilt only when a family registers: every tuning that enters
  /// the core is clamped against this list (`clampedToRanges`), and the fitter makes controllers
  /// by the hundred thousand, for which building it afresh each time was a twentieth of a
  /// phone recording's fit.
  public static var parameters: [TuningParameter] {
    CurveFamily._registry.withLock { $0.parameters }
  }

  /// `parameters` for `families`, in their order.
  static func _parameters(of families: [CurveFamily]) -> [TuningParameter] {
    var seen = Set<String>()
    let own = families.flatMap(\.parameters).filter { seen.insert($0.key).inserted }
    let general = _generalParameters
    return general.prefix(4) + own + general.dropFirst(4)
  }

  /// The constants every tuning has whatever its family.
  static let _generalParameters: [TuningParameter] = [
    .init(key: "headerHeight", range: 20...200, keyPath: \.headerHeight),
    .init(key: "refreshThreshold", range: 20...300, keyPath: \.refreshThreshold),
    .init(key: "footerHeight", range: 20...200, keyPath: \.footerHeight),
    .init(key: "loadMoreThreshold", range: 10...300, keyPath: \.loadMoreThreshold),
    .init(key: "decelerationRate", range: 0.9...0.9999, keyPath: \.decelerationRate),
    .init(key: "minimumFlingVelocity", range: 0...1000, keyPath: \.minimumFlingVelocity),
    .init(key: "maximumFlingVelocity", range: 100...30000, keyPath: \.maximumFlingVelocity),
    .init(key: "wheelLineDistance", range: 1...400, keyPath: \.wheelLineDistance),
    .init(key: "keyLineDistance", range: 1...400, keyPath: \.keyLineDistance),
    .init(key: "openDuration", range: 0...3, keyPath: \.openDuration),
    .init(key: "collapseDuration", range: 0...3, keyPath: \.collapseDuration),
    .init(key: "arrowFlipDuration", range: 0...3, keyPath: \.arrowFlipDuration),
    .init(key: "scrollAnimationDuration", range: 0...3, keyPath: \.scrollAnimationDuration),
    .init(key: "spinnerPeriod", range: 0.1...10, keyPath: \.spinnerPeriod),
    .init(key: "minimumSpinnerTime", range: 0...5, keyPath: \.minimumSpinnerTime),
    .init(key: "finishingHoldDuration", range: 0...5, keyPath: \.finishingHoldDuration),
    .init(key: "twoLevelFloorRate", range: 0...10, keyPath: \.twoLevelFloorRate),
    .init(key: "twoLevelMaxRate", range: 1...10, keyPath: \.twoLevelMaxRate),
    .init(key: "twoLevelFloorDuration", range: 0.05...5, keyPath: \.twoLevelFloorDuration),
    .init(key: "preloadDistance", range: -200...5000, keyPath: \.preloadDistance),
    .init(key: "tapSlop", range: 0...50, keyPath: \.tapSlop),
    .init(key: "touchpadReleaseDelay", range: 0.01...1, keyPath: \.touchpadReleaseDelay),
  ]

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
