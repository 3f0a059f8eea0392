/// One numeric constant of `Tuning`: its JSON key, allowed range and where it lives.
///
/// The table drives decoding, validation and clamping, so a key is named in exactly one place;
/// how a panel shows it (group, unit, slider step) belongs to the front end that has a panel.
public struct TuningParameter: Sendable {
  /// The JSON key, which is also the property's name.
  public let key: String
  /// Values `validate()` accepts.
  public let range: ClosedRange<Double>
  /// Where the value lives.
  public let keyPath: WritableKeyPath<Tuning, Double> & Sendable
  /// The resistance curves the value belongs to; empty for every curve.
  public let curves: [ResistanceCurve]

  init(
    key: String, range: ClosedRange<Double>,
    keyPath: WritableKeyPath<Tuning, Double> & Sendable, curves: [ResistanceCurve] = []
  ) {
    self.key = key
    self.range = range
    self.keyPath = keyPath
    self.curves = curves
  }

  /// Whether the value means something under `curve`.
  public func applies(to curve: ResistanceCurve) -> Bool { curves.isEmpty || curves.contains(curve) }
}
