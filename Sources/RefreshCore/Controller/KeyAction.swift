/// Keyboard actions the scroll view understands.
public enum KeyAction: String, Sendable, Equatable, CaseIterable, Codable {
  /// Scroll up by a line.
  case lineUp
  /// Scroll down by a line.
  case lineDown
  /// Scroll up by a viewport less a line.
  case pageUp
  /// Scroll down by a viewport less a line.
  case pageDown
  /// Scroll to the top.
  case home
  /// Scroll to the end.
  case end
  /// Refresh, as F5 or Ctrl+R.
  case refresh
}
