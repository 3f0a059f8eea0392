extension Tuning {
  /// A curve family the program supplies in place of the built-in one ``resistanceCurve``
  /// names; nil (the default) uses the built-in family. A tuning file cannot name it: it is
  /// neither written nor read, and a decoded tuning has none.
  public var customPhysics: (any ScrollPhysics)? {
    get { _customPhysics?.physics }
    set { _customPhysics = newValue.map(_CustomPhysics.init) }
  }

  /// The curve family in effect: ``customPhysics`` when set, otherwise the built-in family
  /// ``resistanceCurve`` names, with this tuning's constants.
  public var physics: any ScrollPhysics { customPhysics ?? resistanceCurve.physics(for: self) }
}

/// A program's curve family as a tuning holds it, compared by value so tunings stay `Equatable`.
struct _CustomPhysics: Sendable, Equatable {
  var physics: any ScrollPhysics

  static func == (a: _CustomPhysics, b: _CustomPhysics) -> Bool { a.physics._isEqual(to: b.physics) }
}
