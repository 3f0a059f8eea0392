/// The refresh header's state. The raw values are the names the trace uses.
public enum HeaderState: String, Sendable, Equatable, CaseIterable, Codable {
  /// At rest (possibly visible while springing back).
  case idle
  /// Being pulled, not yet far enough ("pull to refresh").
  case pulling
  /// Pulled past the threshold ("release to refresh").
  case armed
  /// Refreshing; the inset holds the header open.
  case refreshing
  /// Showing the result for a moment, then collapsing.
  case finishing
  /// The second floor (SmartRefreshLayout's two-level header): a release past
  /// `Tuning.twoLevelFloorRate` header heights grew the header to fill the viewport; it stays
  /// until the app sends `finishTwoLevel` or the user drags up from its bottom sixth, and
  /// reports this state until it has closed again.
  case twoLevel
}
