import RefreshCore
import RefreshSDL

/// How a scrollbar reads in a trace: `hidden`, `shown` or `dragging`.
public enum ScrollbarVisibility: String, Sendable, Equatable {
  /// Faded out (or nothing to scroll).
  case hidden
  /// Visible: scrolling recently, or under the pointer.
  case shown
  /// Its thumb is held.
  case dragging
}

extension ScrollbarVisibility {
  /// How a scrollbar in `state` over `snapshot` in `frame` reads in a trace.
  init(of snapshot: RefreshSnapshot, in frame: Rect, state: ScrollbarState) {
    if Scrollbar(snapshot, in: frame) == nil {
      self = .hidden
    } else if state.isDragging {
      self = .dragging
    } else {
      self = state.isHovered || snapshot.indicatorOpacity > 0 ? .shown : .hidden
    }
  }
}
