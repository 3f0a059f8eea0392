import RefreshCore

/// How a scrollbar reads in a trace: `hidden`, `shown` or `dragging`.
public enum ScrollbarVisibility: String, Sendable, Equatable {
  /// Faded out (or nothing to scroll).
  case hidden
  /// Visible: scrolling recently, or under the pointer.
  case shown
  /// Its thumb is held.
  case dragging
}
