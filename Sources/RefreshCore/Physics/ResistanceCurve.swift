/// The name of a curve family, as tuning files and the command line spell it: which family turns
/// a finger's travel past an edge into the distance the content shows, and how content returns
/// to rest from there.
///
/// A name is one of the registered ``CurveFamily`` definitions (``CurveFamily/registered``):
/// the built-ins below, or one a program registered. `init(rawValue:)` and decoding refuse any
/// other name, so a tuning always names a family that exists.
public struct ResistanceCurve: RawRepresentable, Hashable, Sendable, Codable, CaseIterable {
  public let rawValue: String

  /// The registered family named `rawValue`; nil for a name no family has.
  public init?(rawValue: String) {
    guard CurveFamily.named(rawValue) != nil else { return nil }
    self.rawValue = rawValue
  }

  init(_name: String) { rawValue = _name }

  /// iOS's rubber band and a spring back (``CurveFamily/iosRubberBand``).
  public static let iosRubberBand = ResistanceCurve(_name: "iosRubberBand")
  /// Flutter's BouncingScrollPhysics (``CurveFamily/flutterFriction``).
  public static let flutterFriction = ResistanceCurve(_name: "flutterFriction")
  /// SmartRefreshLayout's damping and rebound (``CurveFamily/smartDamping``).
  public static let smartDamping = ResistanceCurve(_name: "smartDamping")
  /// SwipeRefreshLayout's tension and rebound (``CurveFamily/materialTension``).
  public static let materialTension = ResistanceCurve(_name: "materialTension")

  /// Every registered family's name, the built-ins first.
  public static var allCases: [ResistanceCurve] { CurveFamily.registered.map(\.curve) }

  /// The family this name stands for.
  public var family: CurveFamily {
    guard let family = CurveFamily.named(rawValue) else {
      preconditionFailure("curve family \(rawValue) is not registered")
    }
    return family
  }

  /// The family this name stands for, with the constants `tuning` gives it.
  public func physics(for tuning: Tuning) -> any ScrollPhysics { family.physics(for: tuning) }

  public init(from decoder: any Decoder) throws {
    let name = try decoder.singleValueContainer().decode(String.self)
    guard let curve = ResistanceCurve(rawValue: name) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "no curve family \(name)"))
    }
    self = curve
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
