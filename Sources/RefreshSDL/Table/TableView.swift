import RefreshCore

/// Draws one frame of a pull-to-refresh table from a `RefreshSnapshot`: rows, separators, the
/// cyan header and footer bars with their arrow or spinner, the selected row, and the overlay
/// scrollbar.
///
/// It decides nothing: every position and state comes from the snapshot. It keeps no per-table
/// state either, so one table view can draw several tables in a frame (side by side for a
/// comparison) into different rectangles. Only visible rows are touched, so a million rows cost
/// what a hundred do; their text comes from `textCache`.
@MainActor
public final class TableView {
  /// The renderer drawn into.
  public let renderer: Renderer
  /// Rendered texts, shared by everything this table view draws.
  public let textCache: TextCache
  /// Sizes and colours; may change between frames.
  public var style: TableStyle
  /// The language of the bar labels.
  public var language: Language
  /// Draws the refresh header; nil draws the tuning's `headerStyle` (the classic bar, or
  /// Material's badge for `overlay`).
  public var headerRenderer: (any HeaderRenderer)?
  /// Draws the load-more footer; nil draws the classic bar.
  public var footerRenderer: (any FooterRenderer)?

  private let _fontFiles: FontFiles
  private var _fonts: _TableFonts
  var _shapes = ShapeBatch()
  let _classicHeader = ClassicHeaderRenderer()
  let _badgeHeader = MaterialBadgeHeaderRenderer()
  let _classicFooter = ClassicFooterRenderer()
  /// What the last frame drew, per table rectangle, for the next frame to build on.
  var _drawnTables: [_DrawnTable] = []
  /// Counts ``rowsChanged()`` calls: rows drawn before a change are never moved after it.
  var _rowsRevision = 0
  /// The width of recently drawn rows' text, points, valid for `_textWidthsLayout`.
  var _textWidths: [Int: Double] = [:]
  var _textWidthsLayout: _DrawnTable.Layout?
  /// The content textures of the tables drawn lately, by rectangle.
  var _contentTextures: [(rect: Rect, textures: _ContentTextures)] = []
  /// Whether the table keeps its content in a texture between frames and copies it into the
  /// frame, drawing into the texture only what changed. On by default where the renderer's frame
  /// is not kept between frames (a GPU renderer); SDL's software renderer builds on the frame
  /// itself instead (`Renderer.beginPartialFrame()`). The pixels are the same either way. A
  /// renderer that lost its textures' contents (`SDL_RENDER_TARGETS_RESET`) calls
  /// ``rowsChanged()``, and the next frame is drawn whole into the texture.
  public var keepsContentTexture: Bool

  /// A table view drawing with `renderer`, its text in `fonts` (see `FontLocator`).
  public init(
    renderer: Renderer, fonts: FontFiles, style: TableStyle = TableStyle(),
    language: Language = .english, textCache: TextCache? = nil
  ) throws(SDLError) {
    self.renderer = renderer
    self.keepsContentTexture = renderer.isAccelerated
    self.textCache = textCache ?? TextCache(renderer: renderer)
    self.style = style
    self.language = language
    _fontFiles = fonts
    _fonts = try _TableFonts(
      session: renderer.session, files: fonts, style: style, scale: renderer.scale)
  }

  /// The content height `rowCount` rows take (what the core's `contentHeight` should be).
  public func contentHeight(rowCount: Int) -> Double {
    Double(max(0, rowCount)) * style.rowHeight
  }

  /// The rows at least partly inside a viewport `height` points tall scrolled to `offset`.
  public func visibleRows(offset: Double, height: Double, rowCount: Int) -> Range<Int> {
    let rowHeight = style.rowHeight
    guard rowCount > 0, rowHeight > 0, offset.isFinite, height.isFinite, height > 0 else {
      return 0..<0
    }
    let count = Double(rowCount)
    let first = min(count, max(0, (offset / rowHeight).rounded(.down)))
    let last = min(count, max(0, ((offset + height) / rowHeight).rounded(.up)))
    return Int(first)..<Int(max(first, last))
  }

  /// Draws the table as `snapshot` describes it into `rect` (window points), with the header's
  /// second line reading `lastUpdated`, `selectedRow` highlighted and the scrollbar as the
  /// pointer leaves it (`scrollbar`, from `GestureMapper`). Draws nothing outside `rect`, and
  /// paints every pixel inside it when `rect` lies on whole pixels, so the frame need not be
  /// cleared first.
  ///
  /// The content is drawn at whole pixels (the offset rounded to the pixel grid), so a frame
  /// in which it only moved looks like the last one moved. In a frame drawn over the last one
  /// (`Renderer.beginPartialFrame()`) the table moves the pixels it drew last frame and draws
  /// only what changed (see `_ChangedRegions`); the pixels are those of a whole redraw.
  public func draw(
    _ snapshot: RefreshSnapshot, dataSource: some TableDataSource, lastUpdated: String,
    in rect: Rect, selectedRow: Int?, scrollbar: ScrollbarState
  ) throws(SDLError) {
    guard rect.width > 0, rect.height > 0 else { return }
    try _refreshFontsIfNeeded()
    var snapshot = snapshot
    snapshot.offset = Self.drawnOffset(snapshot.offset, scale: renderer.scale)
    textCache.textsOnScreen =
      visibleRows(offset: snapshot.offset, height: rect.height, rowCount: dataSource.rowCount).count
    if keepsContentTexture,
      try _drawKeepingTexture(
        snapshot, dataSource: dataSource, lastUpdated: lastUpdated, in: rect,
        selectedRow: selectedRow, scrollbar: scrollbar)
    {
      return
    }
    let drawn = _DrawnTable(
      self, snapshot, rect: rect, rowCount: dataSource.rowCount, selectedRow: selectedRow,
      scrollbar: scrollbar)
    let regions = _regionsToDraw(drawn)
    _keepTextWidths(for: drawn.layout)
    for region in regions {
      try _draw(
        snapshot, dataSource: dataSource, lastUpdated: lastUpdated, in: rect, region: region,
        selectedRow: selectedRow, scrollbar: scrollbar)
    }
    // The copies queued land now, counted with the rows rather than with the presentation.
    let flushStart = HighResolutionClock.counter()
    renderer.flush()
    _timed(\.rowsSeconds, since: flushStart)
    _remember(drawn)
  }

  /// Forgets the text widths kept for another layout (or too many rows).
  func _keepTextWidths(for layout: _DrawnTable.Layout) {
    guard _textWidthsLayout != layout || _textWidths.count > 256 else { return }
    _textWidths.removeAll(keepingCapacity: true)
    _textWidthsLayout = layout
  }

  /// Draws the part of the table inside `region` (which lies in `rect`) as a whole redraw would.
  func _draw(
    _ snapshot: RefreshSnapshot, dataSource: some TableDataSource, lastUpdated: String,
    in rect: Rect, region: Rect, selectedRow: Int?, scrollbar: ScrollbarState
  ) throws(SDLError) {
    _shapes.removeAll(scale: renderer.scale)
    renderer._clipLimit = region
    renderer.setClip(region)
    _noteDrawn()
    defer {
      renderer._clipLimit = nil
      renderer.setClip(nil)
    }
    let rowsStart = HighResolutionClock.counter()
    let textBefore = renderer.frameCost.textSeconds
    let rows = try _drawRows(
      snapshot, dataSource: dataSource, selectedRow: selectedRow, in: rect, region: region)
    // Background only where no row covers: each full-viewport fill is a pass over every pixel
    // in the software renderer.
    renderer.fill(
      Rect(x: rect.x, y: rect.y, width: rect.width, height: rows.top - rect.y)
        .intersection(rect), color: style.background)
    renderer.fill(
      Rect(x: rect.x, y: rows.bottom, width: rect.width, height: rect.maxY - rows.bottom)
        .intersection(rect), color: style.background)
    _timed(\.rowsSeconds, since: rowsStart, less: renderer.frameCost.textSeconds - textBefore)
    let barsStart = HighResolutionClock.counter()
    try _drawHeader(snapshot, lastUpdated: lastUpdated, in: rect)
    try _drawFooter(snapshot, in: rect)
    try renderer.draw(_shapes)
    _shapes.removeAll(scale: renderer.scale)
    _timed(\.headerSeconds, since: barsStart)
    let scrollbarStart = HighResolutionClock.counter()
    _drawScrollbar(snapshot, state: scrollbar, in: rect)
    _timed(\.scrollbarSeconds, since: scrollbarStart)
  }

  /// The offset the content is drawn at for `offset`, at `scale` pixels per point: the nearest
  /// whole pixel. Two snapshots that differ only within a pixel draw the same frame.
  nonisolated public static func drawnOffset(_ offset: Double, scale: Double) -> Double {
    (offset * scale).rounded() / scale
  }

  /// Reopens the fonts when the density or the text sizes changed, so glyphs stay pixel-sharp.
  private func _refreshFontsIfNeeded() throws(SDLError) {
    guard !_fonts.matches(style, scale: renderer.scale) else { return }
    _fonts = try _TableFonts(
      session: renderer.session, files: _fontFiles, style: style, scale: renderer.scale)
    textCache.removeAll()
  }

  /// Screen y of content y `y`.
  func _screenY(_ y: Double, _ snapshot: RefreshSnapshot, _ rect: Rect) -> Double {
    rect.y + y - snapshot.offset
  }

  /// Draws the visible rows; returns the screen span they cover (empty at `rect.y` if none).
  /// Only rows that meet `region` are drawn (a point's margin kept, for text a pixel off).
  private func _drawRows(
    _ snapshot: RefreshSnapshot, dataSource: some TableDataSource, selectedRow: Int?, in rect: Rect,
    region: Rect
  ) throws(SDLError) -> (top: Double, bottom: Double) {
    let rows = visibleRows(
      offset: snapshot.offset + region.y - rect.y - 1, height: region.height + 2,
      rowCount: dataSource.rowCount)
    guard !rows.isEmpty else { return (rect.y, rect.y) }
    let rowHeight = style.rowHeight
    // On whole pixels, so the row band and the background around it meet without a gap (the
    // software renderer truncates a fill's origin and size separately), and truncated as the
    // bars' edges are, so a row meets the header or footer without a seam either.
    // Each row's place is measured from the first one's: past 2^53 / rowHeight rows (10^15
    // rows of 44 pt) a content y is no longer exact, and rows placed from their own content y
    // came out unevenly spaced.
    let firstY = _screenY(Double(rows.lowerBound) * rowHeight, snapshot, rect)
    func screenY(_ row: Int) -> Double { firstY + Double(row - rows.lowerBound) * rowHeight }
    let top = _truncatedToPixel(firstY)
    let bottom = _truncatedToPixel(screenY(rows.upperBound))
    renderer.fill(
      Rect(x: rect.x, y: top, width: rect.width, height: bottom - top).intersection(rect),
      color: style.rowBackground)

    let fonts = _fonts
    let hairline = 1 / renderer.scale
    let textX = rect.x + style.horizontalPadding
    let titleHeight = fonts.title.lineHeight
    let subtitleHeight = fonts.subtitle.lineHeight
    let twoLines = rowHeight >= titleHeight + subtitleHeight + 4
    let blockTop = twoLines ? (rowHeight - titleHeight - subtitleHeight) / 2 : 0
    for row in rows {
      let y = screenY(row)
      let selected = row == selectedRow
      let background = selected ? style.selectedRowBackground : style.rowBackground
      if selected {
        let rowTop = _truncatedToPixel(y)
        renderer.fill(
          Rect(
            x: rect.x, y: rowTop, width: rect.width,
            height: _truncatedToPixel(y + rowHeight) - rowTop
          ).intersection(rect), color: background)
      }
      renderer.fill(
        Rect(
          x: textX, y: renderer.snapped(y + rowHeight) - hairline, width: rect.maxX - textX,
          height: hairline), color: style.separator)
      // A row's text known to end left of the region (the indicator's column, most often)
      // is not looked up at all: building and hashing its strings is most of a row's cost.
      if let width = _textWidths[row], renderer.snapped(textX) + width <= region.x { continue }
      let textStart = HighResolutionClock.counter()
      // A row's text is one opaque block, already on the row's fill: drawing it is a copy.
      let title = TextLine(dataSource.title(at: row), font: fonts.title, color: style.titleColor)
      let subtitleText = twoLines ? dataSource.subtitle(at: row) : ""
      // A row without a second line has its title centred in the cell, as UIKit's does.
      let subtitle =
        subtitleText.isEmpty
        ? nil : TextLine(subtitleText, font: fonts.subtitle, color: style.subtitleColor)
      let found = try textCache.block(title, subtitle, background: background)
      _timed(\.textSeconds, since: textStart)
      _textWidths[row] = found?.width ?? 0
      guard let block = found else { continue }
      let blockY = subtitle != nil ? y + blockTop : y + (rowHeight - titleHeight) / 2
      renderer.draw(
        block.texture,
        in: Rect(
          x: renderer.snapped(textX), y: renderer.snapped(blockY), width: block.width,
          height: block.height))
    }
    return (top, bottom)
  }

  /// `value` (points) moved toward zero to a pixel boundary, where SDL's software renderer puts
  /// the edge of a fill starting there.
  private func _truncatedToPixel(_ value: Double) -> Double {
    (value * renderer.scale).rounded(.towardZero) / renderer.scale
  }

  /// The fonts in use, for the bar drawing extension.
  var _currentFonts: _TableFonts { _fonts }
}
