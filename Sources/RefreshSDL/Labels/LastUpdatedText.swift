/// The "last updated" line, from clock parts the front end reads (the core has no clock).
public struct LastUpdatedText: Sendable, Equatable {
  /// Whether the update happened today.
  public var isToday: Bool
  /// Month 1…12 and day 1…31 of the update, used when it was not today.
  public var month: Int
  /// Day of the month.
  public var day: Int
  /// Hour 0…23.
  public var hour: Int
  /// Minute 0…59.
  public var minute: Int

  /// The parts of one update time.
  public init(isToday: Bool, month: Int, day: Int, hour: Int, minute: Int) {
    self.isToday = isToday
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
  }

  /// "Last updated: today 10:32" / 最后更新：今天 10:32; nil parts mean never updated.
  public static func line(for parts: LastUpdatedText?, in language: Language) -> String {
    guard let parts else {
      return language == .chinese ? "最后更新：无记录" : "Last updated: never"
    }
    let clock = _twoDigits(parts.hour) + ":" + _twoDigits(parts.minute)
    switch language {
    case .english:
      let day = parts.isToday ? "today" : _twoDigits(parts.month) + "-" + _twoDigits(parts.day)
      return "Last updated: \(day) \(clock)"
    case .chinese:
      let day = parts.isToday ? "今天" : _twoDigits(parts.month) + "-" + _twoDigits(parts.day)
      return "最后更新：\(day) \(clock)"
    }
  }

  static func _twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
