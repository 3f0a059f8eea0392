import RefreshCore

/// The selected row of a table: a tap (the core's `.tap` effect) selects, Up and Down move it
/// and keep it in view. A pure value beside the controller, since the core knows content heights,
/// not rows.
public struct RowSelection: Sendable, Equatable {
  /// The selected row, if any.
  public private(set) var row: Int?

  /// Nothing selected.
  public init() {}

  /// Selects the row at content y `contentY` of `layout`; a tap past the rows leaves the
  /// selection as it was.
  public mutating func select(atContentY contentY: Double, in layout: RowLayout) {
    guard contentY >= 0, contentY < layout.totalHeight, let index = layout.row(atOffset: contentY)
    else { return }
    row = index
  }

  /// Follows the rows through a change: `newIndex` gives a row's new index, nil when it went.
  public mutating func remap(_ newIndex: (Int) -> Int?) {
    row = row.flatMap(newIndex)
  }

  /// Forgets the selection (the rows it pointed at were replaced).
  public mutating func clear() { row = nil }

  /// Moves the selection `delta` rows, within the rows `layout` has, and returns the
  /// offset that brings it into the viewport `snapshot` shows, or nil if it is in view already.
  public mutating func move(
    by delta: Int, in layout: RowLayout, snapshot: RefreshSnapshot
  ) -> Double? {
    guard let current = row, layout.rowCount > 0 else { return nil }
    let next = min(max(current + delta, 0), layout.rowCount - 1)
    row = next
    let top = layout.top(ofRow: next)
    let bottom = top + layout.height(ofRow: next)
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
