import RefreshCore

/// What the pointer is doing to a table's scrollbar.
public struct ScrollbarState: Sendable, Equatable {
  /// Whether the pointer is over the scrollbar's band (it widens).
  public var isHovered = false
  /// Whether the thumb is held by the pointer.
  public var isDragging = false

  /// A scrollbar nobody touches.
  public init(isHovered: Bool = false, isDragging: Bool = false) {
    self.isHovered = isHovered
    self.isDragging = isDragging
  }
}
