import Foundation
import RefreshCore

/// Turns the core's "last updated" time (seconds on the run's clock) into the header's line.
///
/// The window uses the wall clock at start-up as the origin. A headless run has no wall clock
/// (its output must be the same bytes on every run), so it starts at a fixed 09:41 today.
struct LastUpdatedClock {
  /// The wall-clock moment of core time 0; nil for the fixed headless clock.
  var origin: Date?
  var language: Language

  /// The fixed start of headless runs, minutes after midnight.
  static let headlessStartMinutes = 9 * 60 + 41

  func line(for coreTime: Double?) -> String {
    guard let coreTime, coreTime.isFinite else {
      return LastUpdatedText.line(for: nil, in: language)
    }
    guard let origin else {
      let minutes = Self.headlessStartMinutes + Int((coreTime / 60).rounded(.down))
      let parts = LastUpdatedText(
        isToday: true, month: 1, day: 1, hour: (minutes / 60) % 24, minute: minutes % 60)
      return LastUpdatedText.line(for: parts, in: language)
    }
    let date = origin.addingTimeInterval(coreTime)
    let calendar = Calendar.current
    let parts = calendar.dateComponents([.month, .day, .hour, .minute], from: date)
    let text = LastUpdatedText(
      isToday: calendar.isDateInToday(date), month: parts.month ?? 1, day: parts.day ?? 1,
      hour: parts.hour ?? 0, minute: parts.minute ?? 0)
    return LastUpdatedText.line(for: text, in: language)
  }
}
