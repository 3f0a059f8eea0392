import RefreshCore

/// What a table drew in one frame: enough for the next frame to tell what it can keep, what it
/// can move and what it must draw again. Everything here is read from the frame's snapshot and
/// the rectangle it was drawn in, so it holds whatever draws the rows and the bars.
struct _DrawnTable {
  /// What, when it differs, makes the next frame draw the table whole.
  struct Layout: Equatable {
    var rect: Rect
    var scale: Double
    var style: TableStyle
    var language: Language
    var rowCount: Int
    var contentHeight: Double
    /// The rows' layout's revision: a row that changed height moves every row below it.
    var rowsLayout: Int
    var selectedRow: Int?
    var pressedRow: Int?
    var isFocused: Bool
    var rowRenderer: ObjectIdentifier?
    /// The time, while rows slide or fade after a change: every such frame is drawn whole.
    var motionTime: Double?
    /// The count the "N new" pill shows (0 without one).
    var newRows: Int
    /// A chat, drawn flipped: drawn whole every frame.
    var mirrored: Bool
    var headerStyle: HeaderStyle
    var headerRenderer: ObjectIdentifier?
    var rowsRevision: Int
  }

  var layout: Layout
  /// The renderer's frame this was drawn in.
  var frameIndex: Int
  /// The content offset, output pixels (whole: the table draws the content on the pixel grid).
  var offsetPixels: Int
  /// Output pixel rows (top, bottom) the header may have drawn in; nil when it drew nothing.
  var header: (top: Int, bottom: Int)?
  /// Output pixel rows the footer drew in.
  var footer: (top: Int, bottom: Int)?
  /// Output pixel rows the pinned section header drew in: it stays while the rows move.
  var pinned: (top: Int, bottom: Int)?
  /// Where the scroll indicator's thumb showed; nil when it did not.
  var scrollbar: Rect?
  /// How the indicator looked: its opacity, or 2 while widened under the pointer.
  var scrollbarLook: Double
  /// Output pixel rows the host drew over the table after it (``TableView/drawnOver(_:)``).
  var covered: [(top: Int, bottom: Int)] = []
  /// Output pixel rows of the rows whose content changed in place (``TableView/rowsChanged(_:)``):
  /// drawn again, not moved.
  var changedRows: [(top: Int, bottom: Int)] = []
  /// What the built-in bars showed where they ride with the content (``_BarLook``); nil where
  /// another renderer drew them, or a style that does not move them with the content.
  var headerLook: _BarLook?
  var footerLook: _BarLook?

  @MainActor
  init(
    _ table: TableView, _ snapshot: RefreshSnapshot, rect: Rect, rows: _Rows,
    lastUpdated: String, scrollbar state: ScrollbarState
  ) {
    let renderer = table.renderer
    let scale = renderer.scale
    // Ifs rather than Optional's map and friends: each closure made here would be checked to
    // run on the main actor when called, every frame.
    var rowRenderer: ObjectIdentifier?
    if let renderer = table.rowRenderer { rowRenderer = ObjectIdentifier(renderer) }
    var headerRenderer: ObjectIdentifier?
    if let renderer = table.headerRenderer { headerRenderer = ObjectIdentifier(renderer) }
    layout = Layout(
      rect: rect, scale: scale, style: table.style, language: table.language,
      rowCount: rows.layout.rowCount, contentHeight: snapshot.contentHeight,
      rowsLayout: rows.layout.revision, selectedRow: rows.selected, pressedRow: rows.pressed,
      isFocused: rows.isFocused, rowRenderer: rowRenderer,
      motionTime: rows.motions.isActive(at: snapshot.time) ? snapshot.time : nil,
      newRows: rows.newRows?.count ?? 0, mirrored: rows.mirrored,
      headerStyle: snapshot.headerStyle,
      headerRenderer: headerRenderer,
      rowsRevision: table._rowsRevision)
    frameIndex = renderer.frameIndex
    offsetPixels = Int((snapshot.offset * scale).rounded())
    func pixels(_ top: Double, _ bottom: Double) -> (top: Int, bottom: Int)? {
      let top = Int((max(top, rect.y) * scale).rounded(.down)) - 1
      let bottom = Int((min(bottom, rect.maxY) * scale).rounded(.up)) + 1
      return bottom > top + 2 ? (top, bottom) : nil
    }
    header = pixels(rect.y, Self._headerBottom(snapshot, rect))
    pinned = nil
    if let header = table._pinnedHeader(snapshot, rows, in: rect) {
      pinned = pixels(header.y, header.y + rows.layout.height(ofRow: header.row))
    }
    // The pill floats at its place like the pinned header (drawn over whatever moves under it).
    if let pill = rows.newRows?.pill, let span = pixels(rect.y + pill.y, rect.y + pill.maxY) {
      if let joined = pinned {
        pinned = (min(joined.top, span.top), max(joined.bottom, span.bottom))
      } else {
        pinned = span
      }
    }
    for row in table._changedRowsToDraw() where row >= 0 && row < rows.layout.rowCount {
      let top = rect.y + rows.layout.top(ofRow: row) - snapshot.offset
      if let span = pixels(top, top + rows.layout.height(ofRow: row)) { changedRows.append(span) }
    }
    let footerTop = rect.y + snapshot.footerY - snapshot.offset
    footer =
      snapshot.footer == .hidden || snapshot.footerHeight <= 0
      ? nil : pixels(footerTop, footerTop + snapshot.footerHeight)
    headerLook = table._headerLook(snapshot, lastUpdated: lastUpdated, mirrored: rows.mirrored)
    footerLook = table._footerLook(snapshot, mirrored: rows.mirrored)
    let bar = Scrollbar(snapshot, in: rect)
    let wide = state.isHovered || state.isDragging
    scrollbarLook = wide ? 2 : snapshot.indicatorOpacity
    self.scrollbar =
      scrollbarLook > 0 ? bar?.thumb(width: wide ? Scrollbar.wideWidth : Scrollbar.thinWidth) : nil
  }

  /// The lowest point any header style may draw at: the gap a pull opened, the bar riding
  /// above row 0, or Material's badge (its shadow included) pulled down over the rows.
  static func _headerBottom(_ snapshot: RefreshSnapshot, _ rect: Rect) -> Double {
    guard snapshot.headerHeight > 0 else { return rect.y }
    let rowZero = rect.y - snapshot.offset
    let bar = rect.y + snapshot.headerY + snapshot.headerHeight - snapshot.offset
    let badge = rect.y + snapshot.baselineInset.top + snapshot.headerTravel + 4
    let floor = snapshot.header == .twoLevel ? rect.maxY : rect.y
    return max(rowZero, bar, snapshot.headerTravel > 0 ? badge : rect.y, floor)
  }
}
