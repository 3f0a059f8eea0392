extension Tuning {
  /// One key that is not a number: a choice or a switch, coded by its own type. The table below
  /// is the one place these keys are named, as `parameters` is for the numbers.
  struct _Choice: Sendable {
    let key: String
    let decode: @Sendable (inout Tuning, KeyedDecodingContainer<_Key>) throws -> Void
    let encode: @Sendable (Tuning, inout KeyedEncodingContainer<_Key>) throws -> Void

    init<Value: Codable & SendableMetatype>(
      _ key: String, _ keyPath: WritableKeyPath<Tuning, Value> & Sendable
    ) {
      self.key = key
      decode = { tuning, container in
        tuning[keyPath: keyPath] = try Tuning._decode(
          container, key, default: tuning[keyPath: keyPath])
      }
      encode = { tuning, container in
        try container.encode(tuning[keyPath: keyPath], forKey: _Key(key))
      }
    }
  }

  /// Every key that is not a number, in file order.
  static let _choices: [_Choice] = [
    .init("resistanceCurve", \.resistanceCurve), .init("headerStyle", \.headerStyle),
    .init("easing", \.easing), .init("armedRelease", \.armedRelease), .init("footerMode", \.footerMode),
    .init("hidesFooterWhenNoMoreData", \.hidesFooterWhenNoMoreData),
    .init("allowsSimultaneousRefreshAndLoad", \.allowsSimultaneousRefreshAndLoad),
  ]

  /// Every key a tuning file may hold.
  public static var allKeys: [String] { parameters.map(\.key) + _choices.map(\.key) }

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
    for choice in Self._choices { try choice.decode(&self, container) }
    // Files from before `maxDragRate` was a ratio held points from 10 up; the base's value is
    // always a ratio, so only the file's own key can be one.
    if container.contains(_Key("maxDragRate")), maxDragRate >= Self.legacyMaxDragPoints {
      maxDragRate = Self.ratio(fromLegacyMaxDragPoints: maxDragRate, headerHeight: headerHeight)
    }
    try validate()
  }

  /// The constants a file of this tuning writes: the general ones and every built-in family's,
  /// as files always have, and its own family's when a program registered it. A program's
  /// family never adds keys to the files of tunings that do not use it.
  public var writtenParameters: [TuningParameter] {
    let families = CurveFamily.registered
    let builtIn = Set(CurveFamily.builtIns.map(\.name))
    return Self.parameters.filter { parameter in
      let readers = families.filter { $0.reads(parameter.key) }
      return readers.isEmpty
        || readers.contains { builtIn.contains($0.name) || $0.name == resistanceCurve.rawValue }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _Key.self)
    for parameter in writtenParameters {
      try container.encode(self[keyPath: parameter.keyPath], forKey: _Key(parameter.key))
    }
    for choice in Self._choices { try choice.encode(self, &container) }
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
    if let choices = type as? any _NamedChoices.Type {
      return "one of " + choices._names.map { "\"\($0)\"" }.joined(separator: ", ")
    }
    return type == Bool.self ? "true or false" : "a value of type \(T.self)"
  }
}

/// A choice whose names a tuning file spells, for the error that lists them.
protocol _NamedChoices {
  static var _names: [String] { get }
}

extension _NamedChoices where Self: CaseIterable & RawRepresentable, RawValue == String {
  static var _names: [String] { allCases.map(\.rawValue) }
}

extension TimingCurve: _NamedChoices {}
extension FooterMode: _NamedChoices {}
extension ResistanceCurve: _NamedChoices {}
extension HeaderStyle: _NamedChoices {}
extension ArmedRelease: _NamedChoices {}
