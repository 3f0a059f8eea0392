/// One numeric constant of `Tuning`: its JSON key, group, unit and allowed range.
///
/// The table drives decoding, validation and the tuning panel's sliders, so a key is named in
/// exactly one place.
public struct TuningParameter: Sendable {
  /// The JSON key, which is also the property's name.
  public let key: String
  /// The panel group it belongs to.
  public let group: TuningGroup
  /// Unit shown beside the value ("pt", "s", "pt/s", or empty).
  public let unit: String
  /// Values `validate()` accepts.
  public let range: ClosedRange<Double>
  /// A comfortable slider step.
  public let step: Double
  /// Where the value lives.
  public let keyPath: WritableKeyPath<Tuning, Double> & Sendable
  /// The resistance curves the value belongs to; empty for every curve.
  public let curves: [ResistanceCurve]

  init(
    key: String, group: TuningGroup, unit: String, range: ClosedRange<Double>, step: Double,
    keyPath: WritableKeyPath<Tuning, Double> & Sendable, curves: [ResistanceCurve] = []
  ) {
    self.key = key
    self.group = group
    self.unit = unit
    self.range = range
    self.step = step
    self.keyPath = keyPath
    self.curves = curves
  }

  /// Whether the value means something under `curve`.
  public func applies(to curve: ResistanceCurve) -> Bool { curves.isEmpty || curves.contains(curve) }
}
