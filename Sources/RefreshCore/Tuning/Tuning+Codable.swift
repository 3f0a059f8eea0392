extension Tuning {
  /// Keys that are not numbers.
  static let _choiceKeys = [
    "easing", "footerMode", "hidesFooterWhenNoMoreData", "allowsSimultaneousRefreshAndLoad",
  ]

  /// Every key a tuning file may hold.
  public static var allKeys: [String] { parameters.map(\.key) + _choiceKeys }

  struct _Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// The `userInfo` key of a decoder whose value, a `Tuning`, supplies the keys a file leaves
  /// out (a preset under a file); without it they are the defaults.
  public static let baseUserInfoKey = CodingUserInfoKey(rawValue: "RefreshCore.Tuning.base")

  /// Decodes the keys present, keeps the base's values (see `baseUserInfoKey`) or the defaults
  /// for the rest, and refuses unknown keys and out-of-range values rather than dropping them
  /// silently.
  public init(from decoder: any Decoder) throws {
    self = Self.baseUserInfoKey.flatMap { decoder.userInfo[$0] as? Tuning } ?? Tuning()
    let container = try decoder.container(keyedBy: _Key.self)
    let known = Set(Self.allKeys)
    for key in container.allKeys where !known.contains(key.stringValue) {
      throw TuningError.unknownKey(key.stringValue)
    }
    for parameter in Self.parameters {
      let key = _Key(parameter.key)
      guard container.contains(key) else { continue }
      guard let value = try? container.decode(Double.self, forKey: key) else {
        throw TuningError.invalidValue(key: parameter.key, expected: "a number")
      }
      self[keyPath: parameter.keyPath] = value
    }
    easing = try Self._decode(container, "easing", default: easing)
    footerMode = try Self._decode(container, "footerMode", default: footerMode)
    hidesFooterWhenNoMoreData = try Self._decode(
      container, "hidesFooterWhenNoMoreData", default: hidesFooterWhenNoMoreData)
    allowsSimultaneousRefreshAndLoad = try Self._decode(
      container, "allowsSimultaneousRefreshAndLoad", default: allowsSimultaneousRefreshAndLoad)
    try validate()
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _Key.self)
    for parameter in Self.parameters {
      try container.encode(self[keyPath: parameter.keyPath], forKey: _Key(parameter.key))
    }
    try container.encode(easing, forKey: _Key("easing"))
    try container.encode(footerMode, forKey: _Key("footerMode"))
    try container.encode(hidesFooterWhenNoMoreData, forKey: _Key("hidesFooterWhenNoMoreData"))
    try container.encode(
      allowsSimultaneousRefreshAndLoad, forKey: _Key("allowsSimultaneousRefreshAndLoad"))
  }

  static func _decode<T: Decodable>(
    _ container: KeyedDecodingContainer<_Key>, _ key: String, default value: T
  ) throws -> T {
    let codingKey = _Key(key)
    guard container.contains(codingKey) else { return value }
    guard let decoded = try? container.decode(T.self, forKey: codingKey) else {
      throw TuningError.invalidValue(key: key, expected: Self._expectation(for: T.self))
    }
    return decoded
  }

  static func _expectation<T>(for type: T.Type) -> String {
    switch type {
    case is Bool.Type: "true or false"
    case is TimingCurve.Type:
      "one of " + TimingCurve.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    case is FooterMode.Type:
      "one of " + FooterMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    default: "a value of type \(T.self)"
    }
  }
}
