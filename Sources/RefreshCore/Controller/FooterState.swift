/// The load-more footer's state. The raw values are the names the trace uses.
public enum FooterState: String, Sendable, Equatable, CaseIterable, Codable {
  /// Waiting below the content.
  case idle
  /// Release-to-load mode: being pulled past the end, not far enough yet.
  case pulling
  /// Release-to-load mode: pulled far enough ("release to load more").
  case armed
  /// Loading; the bottom inset holds the footer open.
  case loading
  /// The last load failed: a tap or a new pull retries.
  case failed
  /// Everything has been loaded.
  case noMoreData
  /// Not shown: the list is empty, or no more data with hiding on.
  case hidden
}
