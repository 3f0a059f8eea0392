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
}
