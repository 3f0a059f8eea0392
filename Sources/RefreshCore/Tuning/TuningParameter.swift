/// One numeric constant of `Tuning`: its JSON key, allowed range, default, unit, meaning and
/// where it lives.
///
/// The table drives decoding, validation and clamping, so a key is named in exactly one place:
/// `Tuning.parameters` for the keys every tuning has, a ``CurveFamily``'s `parameters` for the
/// keys of one family (the built-ins' and a program's alike). How a panel shows it (group, slider
/// step) belongs to the front end that has a panel.
public struct TuningParameter: Sendable {
  /// The JSON key, which is also the property's name for the keys `Tuning` stores by name.
  public let key: String
  /// Values `validate()` accepts.
  public let range: ClosedRange<Double>
  /// Where the value lives.
  public let keyPath: WritableKeyPath<Tuning, Double> & Sendable
  /// The unit a value is in ("pt", "s", "pt/s"), empty for a ratio or a plain number.
  public let unit: String
  /// What the value means, in one line.
  public let meaning: String
  /// The part of a motion the value acts in.
  public let phase: MotionPhase
  /// The value a tuning has until it is set.
  public let defaultValue: Double

  /// A constant `Tuning` stores as a property (the built-in ones).
  init(
    key: String, range: ClosedRange<Double>, keyPath: WritableKeyPath<Tuning, Double> & Sendable,
    unit: String = "", meaning: String = "", phase: MotionPhase = .any
  ) {
    self.key = key
    self.range = range
    self.keyPath = keyPath
    self.unit = unit
    self.meaning = meaning
    self.phase = phase
    defaultValue = Tuning()[keyPath: keyPath]
  }

  /// A constant of a program's curve family, kept in the tuning under `key` (a tuning file
  /// writes and reads it there) and `defaultValue` until set: read it in the family's physics
  /// as `tuning[parameter: key]`.
  public init(
    key: String, range: ClosedRange<Double>, defaultValue: Double, unit: String = "",
    meaning: String, phase: MotionPhase
  ) {
    self.key = key
    self.range = range
    self.keyPath = \Tuning.[_familyValue: key, defaultValue]
    self.unit = unit
    self.meaning = meaning
    self.phase = phase
    self.defaultValue = defaultValue
  }

  /// The registered curve families that read the value; empty for a value every family reads.
  public var curves: [ResistanceCurve] {
    CurveFamily.registered.filter { $0.reads(key) }.map(\.curve)
  }

  /// Whether the value means something under `curve`: every family reads the keys no family
  /// claims; a family's own keys (and the ones it shares, as the spring families share the bounce
  /// spring) act only in the families that list them.
  public func applies(to curve: ResistanceCurve) -> Bool {
    let families = CurveFamily.registered
    guard families.contains(where: { $0.reads(key) }) else { return true }
    return families.contains { $0.name == curve.rawValue && $0.reads(key) }
  }
}

/// The part of a motion a tuning constant acts in.
public enum MotionPhase: String, Sendable, CaseIterable {
  /// While a finger (or a touchpad) pulls past an edge: the band.
  case pull
  /// After the content is let go past an edge: its way back to rest or to the held height.
  case release
  /// When a fling meets an edge.
  case fling
  /// Throughout, or outside the curve family.
  case any
}
