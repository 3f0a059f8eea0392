import RefreshCore

/// Draws a table's rows, each into its own rectangle, and says how tall a row is: a host
/// implements it to show its own rows (an avatar, a thumbnail, a badge, text that wraps), as a
/// UIKit cell, a GTK list factory or a Qt Quick delegate does.
///
/// The table asks for a row's height once, as the row first comes near the viewport (and again
/// after the width changed), and draws only the rows that show. Drawing is clipped to the row's
/// rectangle, over the row's background (``RowFrame/background``); the table draws the
/// separator under it. Without one, the table draws ``TitleRowRenderer``.
///
/// `rows` is the list's data source: the renderer reads what a row shows from its own typed
/// source behind it (a ``RowSource``, or the host's type), as ``TitleRowRenderer`` reads a
/// `RowSource` of ``TitledRow``s.
@MainActor
public protocol RowRenderer: AnyObject {
  /// Row `row` of `rows` laid out `width` points wide (text wrapped at that width), points; nil
  /// keeps the height the data source gives (`TableDataSource.height(ofRow:)`) or its estimate.
  /// `canvas` measures text in the table's fonts (`RefreshCanvas.wrap(_:_:width:)`).
  func height(ofRow row: Int, rows: any TableDataSource, width: Double, canvas: RefreshCanvas)
    -> Double?
  /// Draws the row `frame` describes on `canvas`.
  func drawRow(_ frame: RowFrame, rows: any TableDataSource, in canvas: RefreshCanvas)
    throws(SDLError)
}

/// What a row renderer needs to draw one row, in window points.
public struct RowFrame: Sendable, Equatable {
  /// The row's index.
  public var row: Int
  /// The row's rectangle: its full height, the table's width. Drawing stays inside it.
  public var rect: Rect
  /// The part of the table being drawn this frame: a row may skip what lies outside it.
  public var dirtyRect: Rect
  /// Whether the row is selected (a tap, or the arrow keys).
  public var isSelected: Bool
  /// Whether a finger or the mouse is pressed on it and has not moved the list yet.
  public var isPressed: Bool
  /// Whether the list has keyboard focus.
  public var isListFocused: Bool
  /// The row's fill, already drawn: white, or the selection's tint.
  public var background: Color
  /// The row's index path in the data source's sections (section 0 without sections); nil
  /// for a section's header row.
  public var indexPath: ListIndexPath?
  /// The section this row is the header of; nil for a row.
  public var sectionHeader: Int?
  /// Whether this header row is drawn stuck to the top, over the rows scrolling under it.
  public var isPinned = false

  /// A frame of row `row` in `rect`.
  public init(
    row: Int, rect: Rect, dirtyRect: Rect, isSelected: Bool = false, isPressed: Bool = false,
    isListFocused: Bool = false, background: Color = TableStyle().rowBackground,
    indexPath: ListIndexPath? = nil, sectionHeader: Int? = nil, isPinned: Bool = false
  ) {
    self.indexPath = indexPath
    self.sectionHeader = sectionHeader
    self.isPinned = isPinned
    self.row = row
    self.rect = rect
    self.dirtyRect = dirtyRect
    self.isSelected = isSelected
    self.isPressed = isPressed
    self.isListFocused = isListFocused
    self.background = background
  }
}

/// The default row: the row's ``TitledRow`` (rows from a ``RowSource`` of them, such as a
/// ``TitledRowSource``), its title bold and its subtitle below it, smaller and grey,
/// left-aligned and centred in the row together; a row without a subtitle has its title centred
/// (as UIKit's). Rows of any other source are drawn empty. Its height is the data source's. The
/// two lines are one opaque texture on the row's fill, so a row costs one copy.
@MainActor
public final class TitleRowRenderer: RowRenderer {
  /// The default row.
  public init() {}

  public func height(
    ofRow row: Int, rows: any TableDataSource, width: Double, canvas: RefreshCanvas
  ) -> Double? {
    rows.sections?.isHeader(row) == true ? canvas.style.sectionHeaderHeight : nil
  }

  public func drawRow(_ frame: RowFrame, rows: any TableDataSource, in canvas: RefreshCanvas)
    throws(SDLError)
  {
    let table = canvas._table
    let style = table.style
    if frame.sectionHeader != nil {
      try Self.drawSectionHeader(frame, title: Self._row(frame.row, of: rows).title, in: canvas)
      return
    }
    let fonts = table._currentFonts
    let renderer = table.renderer
    let rect = frame.rect
    let textX = rect.x + style.horizontalPadding
    // A row's text known to end left of the region (the indicator's column, most often) is
    // not looked up at all: building and hashing its strings is most of a row's cost.
    if let width = table._textWidths[frame.row],
      renderer.snapped(textX) + width <= frame.dirtyRect.x
    {
      return
    }
    let textStart = HighResolutionClock.counter()
    let titleHeight = fonts.title.lineHeight
    let subtitleHeight = fonts.subtitle.lineHeight
    let twoLines = rect.height >= titleHeight + subtitleHeight + 4
    let item = Self._row(frame.row, of: rows)
    let title = TextLine(item.title, font: fonts.title, color: style.titleColor)
    let subtitleText = twoLines ? item.subtitle : ""
    let subtitle =
      subtitleText.isEmpty
      ? nil : TextLine(subtitleText, font: fonts.subtitle, color: style.subtitleColor)
    let found = try table.textCache.block(title, subtitle, background: frame.background)
    table._timed(\.textSeconds, since: textStart)
    table._textWidths[frame.row] = found?.width ?? 0
    guard let block = found else { return }
    let blockY =
      subtitle != nil
      ? rect.y + (rect.height - titleHeight - subtitleHeight) / 2
      : rect.y + (rect.height - titleHeight) / 2
    renderer.draw(
      block.texture,
      in: Rect(
        x: renderer.snapped(textX), y: renderer.snapped(blockY), width: block.width,
        height: block.height))
  }

  /// Row `row`'s two lines, when `rows` serves them; empty otherwise.
  private static func _row(_ row: Int, of rows: any TableDataSource) -> TitledRow {
    (rows as? any RowSource<TitledRow>)?.row(at: row) ?? TitledRow(title: "")
  }

  /// Draws a section's header as the default row does: a grey band with `title`, small, for
  /// a host's renderer that keeps the standard headers.
  public static func drawSectionHeader(_ frame: RowFrame, title: String, in canvas: RefreshCanvas)
    throws(SDLError)
  {
    let style = canvas.style
    try canvas.fill(frame.rect, color: style.sectionHeaderBackground)
    guard let text = try canvas.text(title, .subtitle, color: style.sectionHeaderColor)
    else { return }
    try canvas.draw(
      text,
      at: Point(
        x: frame.rect.x + style.horizontalPadding,
        y: frame.rect.y + (frame.rect.height - text.height) / 2))
  }
}
