/// Why a tuning was refused; each case names the key and what the user can do.
public enum TuningError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A value outside the range the key allows.
  case outOfRange(key: String, value: Double, range: ClosedRange<Double>)
  /// A key the tuning does not have.
  case unknownKey(String)
  /// A value of the wrong kind, such as text where a number belongs.
  case invalidValue(key: String, expected: String)
  /// A preset name that does not exist.
  case unknownPreset(String)

  public var description: String {
    switch self {
    case .outOfRange(let key, let value, let range):
      "key \"\(key)\": \(value) is out of range; allowed \(range.lowerBound)…\(range.upperBound)"
    case .unknownKey(let key):
      if let nearest = NearestName.to(key, among: Tuning.allKeys) {
        "unknown key \"\(key)\"; did you mean \(nearest)?"
      } else {
        "unknown key \"\(key)\"; known keys: \(Tuning.allKeys.joined(separator: ", "))"
      }
    case .invalidValue(let key, let expected):
      "key \"\(key)\": expected \(expected)"
    case .unknownPreset(let name):
      "unknown preset \"\(name)\"; choose one of \(TuningPreset.allCases.map(\.rawValue).joined(separator: ", "))"
    }
  }
}
