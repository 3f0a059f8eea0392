/// The languages labels come in.
public enum Language: String, Sendable, Equatable, CaseIterable, Codable {
  /// English.
  case english = "en"
  /// Simplified Chinese.
  case chinese = "zh"

  /// The language a POSIX locale name such as `zh_CN.UTF-8` asks for; English otherwise.
  public init(locale: String?) {
    self = (locale ?? "").lowercased().hasPrefix("zh") ? .chinese : .english
  }

  /// What the open second floor says at its bottom: the way back, a drag up from there (the
  /// core closes the floor on a drag up from its bottom sixth).
  public var secondFloorWayBack: String {
    switch self {
    case .english: "Drag up from here to go back"
    case .chinese: "从这里上滑返回"
    }
  }
}
