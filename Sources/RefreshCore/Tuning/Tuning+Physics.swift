extension Tuning {
  /// The curve family in effect: the registered family ``resistanceCurve`` names, with this
  /// tuning's constants.
  public var physics: any ScrollPhysics { resistanceCurve.family.physics(for: self) }

  /// The value of the constant `key`, a key of `Tuning.parameters` (a family's included): what a
  /// family's physics reads its own constants with. A key no one defines is a programming error.
  public subscript(parameter key: String) -> Double {
    get { self[keyPath: Self.parameter(key).keyPath] }
    set { self[keyPath: Self.parameter(key).keyPath] = newValue }
  }

  /// A family's constant kept by key: `defaultValue` until set, and forgotten when set back to it.
  subscript(_familyValue key: String, defaultValue: Double) -> Double {
    get { _familyValues[key] ?? defaultValue }
    set { _familyValues[key] = newValue == defaultValue ? nil : newValue }
  }
}
