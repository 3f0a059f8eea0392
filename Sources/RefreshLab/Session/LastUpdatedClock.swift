import FoundationEssentials
import RefreshCore
import RefreshSDL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    // The C library's local time: the time zone the user set, without Foundation's
    // internationalization data for a calendar that is always Gregorian here.
    let moment = Self.localTime(origin.timeIntervalSince1970 + coreTime)
    let today = Self.localTime(Date().timeIntervalSince1970)
    let text = LastUpdatedText(
      isToday: moment.tm_year == today.tm_year && moment.tm_yday == today.tm_yday,
      month: Int(moment.tm_mon) + 1, day: Int(moment.tm_mday), hour: Int(moment.tm_hour),
      minute: Int(moment.tm_min))
    return LastUpdatedText.line(for: text, in: language)
  }

  private static func localTime(_ seconds: Double) -> tm {
    var time = time_t(seconds.rounded(.down))
    var parts = tm()
    _ = localtime_r(&time, &parts)
    return parts
  }
}
