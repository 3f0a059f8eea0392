/// How the refresh header looks as it is pulled (SmartRefreshLayout's spinner styles, and
/// Material's overlay).
public enum HeaderStyle: String, Codable, Sendable, CaseIterable {
  /// The header rides above row 0 and scrolls in with the content.
  case translate
  /// The header stays put at the top; the content slides off it.
  case fixedBehind
  /// The header fills the gap above row 0 and its contents grow with the pull.
  case scale
  /// Material (SwipeRefreshLayout): the content stays still; a round badge is pulled down over
  /// it, its arrow turning into the spinner. The header holds no inset.
  case overlay
}
