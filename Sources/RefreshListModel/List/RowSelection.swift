import RefreshCore

/// The selected row of a table: a tap (the core's `.tap` effect) selects, Up and Down move it
/// and keep it in view. A pure value beside the controller, since the core knows content heights,
/// not rows.
public struct RowSelection: Sendable, Equatable {
  /// The selected row, if any.
  public private(set) var row: Int?

  /// Nothing selected.
  public init() {}

  /// Selects the row at content y `contentY` of rows `rowHeight` tall; a tap past the rows
  /// leaves the selection as it was.
  public mutating func select(atContentY contentY: Double, rowHeight: Double, rowCount: Int) {
    guard rowHeight > 0, contentY >= 0 else { return }
    let index = Int((contentY / rowHeight).rounded(.down))
    if index < rowCount { row = index }
  }

  /// Forgets the selection (the rows it pointed at were replaced).
  public mutating func clear() { row = nil }

  /// Moves the selection `delta` rows, within the `rowCount` rows there are, and returns the
  /// offset that brings it into the viewport `snapshot` shows, or nil if it is in view already.
  public mutating func move(
    by delta: Int, rowCount: Int, rowHeight: Double, in snapshot: RefreshSnapshot
  ) -> Double? {
    guard let current = row, rowCount > 0 else { return nil }
    let next = min(max(current + delta, 0), rowCount - 1)
    row = next
    let top = Double(next) * rowHeight
    let bottom = top + rowHeight
    // What the app's own insets leave visible; the header and footer sit outside the rows.
    let visibleTop = snapshot.offset + snapshot.baselineInset.top
    let visibleBottom = snapshot.offset + snapshot.viewportHeight - snapshot.baselineInset.bottom
    if top < visibleTop { return top - snapshot.baselineInset.top }
    if bottom > visibleBottom {
      return bottom - snapshot.viewportHeight + snapshot.baselineInset.bottom
    }
    return nil
  }
}
