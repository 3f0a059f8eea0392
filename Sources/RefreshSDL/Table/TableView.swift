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
  /// Draws what the open second floor shows; nil: the header renderer draws the floor (the
  /// classic bar grown to fill it).
  public var secondFloorRenderer: (any SecondFloorRenderer)?
  /// Draws the load-more footer; nil draws the classic bar.
  public var footerRenderer: (any FooterRenderer)?
  /// Draws and measures the rows; nil draws ``TitleRowRenderer``'s title and subtitle.
  public var rowRenderer: (any RowRenderer)? {
    didSet { _textsPerRow = 1 }
  }
  /// The most texts one row was seen to draw from ``textCache``: the visible rows hold about
  /// that many each, which the cache must keep even in frames that draw only a strip of them.
  var _textsPerRow = 1

  private let _fontFiles: FontFiles
  private var _fonts: _TableFonts
  var _shapes = ShapeBatch()
  /// The bars' icons, drawn as sprites.
  let _icons = _IconSprites()
  /// An error drawing could not throw where it happened (``_drawIcon(_:center:extent:color:)``).
  var _deferredError: SDLError?
  let _classicHeader = ClassicHeaderRenderer()
  let _badgeHeader = MaterialBadgeHeaderRenderer()
  let _classicFooter = ClassicFooterRenderer()
  let _titleRows = TitleRowRenderer()
  /// What the last frame drew, per table rectangle, for the next frame to build on.
  var _drawnTables: [_DrawnTable] = []
  /// Counts ``rowsChanged()`` calls: rows drawn before a change are never moved after it.
  var _rowsRevision = 0
  /// Rows whose content changed in place (``rowsChanged(_:)``), drawn again by the next frame,
  /// and the frame that first drew them, after which they are forgotten.
  var _changedRows: [Int] = []
  var _changedRowsFrame: Int?
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

  /// The content height `rowCount` rows of the style's height take.
  public func contentHeight(rowCount: Int) -> Double {
    RowLayout(rowCount: rowCount, estimatedHeight: style.rowHeight).totalHeight
  }

  /// The rows of the style's height at least partly inside a viewport `height` points tall
  /// scrolled to `offset`.
  public func visibleRows(offset: Double, height: Double, rowCount: Int) -> Range<Int> {
    RowLayout(rowCount: rowCount, estimatedHeight: style.rowHeight)
      .rows(meeting: offset, offset + height)
  }

  /// Measures the rows of `list` about to show that have none yet: the data source's height,
  /// else the row renderer's at the list's width; anchored (see
  /// `RefreshList.measureVisibleRows(at:_:)`). Returns the requests the list started.
  public func measureRows(of list: inout RefreshList, rows: any TableDataSource, at time: Double)
    -> [Effect]
  {
    let width = list.frame.width
    return list.measureVisibleRows(at: time) { row in
      rowHeight(ofRow: row, rows: rows, width: width)
    }
  }

  /// Row `row`'s height `width` points wide: the data source's, else the row renderer's; nil
  /// when neither knows (the estimate stays).
  public func rowHeight(ofRow row: Int, rows: any TableDataSource, width: Double) -> Double? {
    if let known = rows.height(ofRow: row) { return known }
    let canvas = RefreshCanvas(self, viewport: Rect(x: 0, y: 0, width: width, height: 0))
    return (rowRenderer ?? _titleRows).height(ofRow: row, rows: rows, width: width, canvas: canvas)
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
  ///
  /// Rows sit where `layout` puts them (the list's; nil: every row the style's height), drawn
  /// by ``rowRenderer``, `pressedRow` pressed and `isFocused` saying whether the list has keys.
  public func draw(
    _ snapshot: RefreshSnapshot, dataSource: any TableDataSource, layout: RowLayout? = nil,
    lastUpdated: String, in rect: Rect, selectedRow: Int?, pressedRow: Int? = nil,
    isFocused: Bool = false, motions: RowMotions = RowMotions(),
    newRows: (count: Int, pill: Rect)? = nil, orientation: ListOrientation = .normal,
    axis: ListAxis = .vertical, scrollbar: ScrollbarState
  ) throws(SDLError) {
    guard rect.width > 0, rect.height > 0 else { return }
    if axis == .horizontal {
      try _refreshFontsIfNeeded()
      try _drawHorizontal(
        snapshot, dataSource: dataSource,
        layout: layout ?? RowLayout(rowCount: dataSource.rowCount, estimatedHeight: style.rowHeight),
        lastUpdated: lastUpdated, in: rect, selectedRow: selectedRow, isFocused: isFocused,
        scrollbar: scrollbar)
      return
    }
    try _refreshFontsIfNeeded()
    var snapshot = snapshot
    snapshot.offset = Self.drawnOffset(snapshot.offset, scale: renderer.scale)
    let rows = _Rows(
      source: dataSource,
      layout: layout ?? RowLayout(rowCount: dataSource.rowCount, estimatedHeight: style.rowHeight),
      motions: motions, sections: dataSource.sections,
      selected: selectedRow, pressed: pressedRow, isFocused: isFocused,
      mirrored: orientation == .chat,
      newRows: newRows.map {
        // Kept relative to the table's rectangle, which a content texture moves to 0,0.
        (
          $0.count,
          Rect(x: $0.pill.x - rect.x, y: $0.pill.y - rect.y, width: $0.pill.width, height: $0.pill.height)
        )
      })
    textCache.textsOnScreen =
      rows.layout.rows(meeting: snapshot.offset, snapshot.offset + rect.height).count
      * _textsPerRow
    if keepsContentTexture,
      try _drawKeepingTexture(
        snapshot, rows: rows, lastUpdated: lastUpdated, in: rect, scrollbar: scrollbar)
    {
      return
    }
    let drawn = _DrawnTable(
      self, snapshot, rect: rect, rows: rows, lastUpdated: lastUpdated, scrollbar: scrollbar)
    let regions = _regionsToDraw(drawn)
    _keepTextWidths(for: drawn.layout)
    for region in regions {
      try _draw(
        snapshot, rows: rows, lastUpdated: lastUpdated, in: rect, region: region,
        scrollbar: scrollbar)
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
    _ snapshot: RefreshSnapshot, rows: _Rows, lastUpdated: String, in rect: Rect, region: Rect,
    scrollbar: ScrollbarState
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
    let span = try _drawRows(snapshot, rows, in: rect, region: region)
    // Background only where no row covers: each full-viewport fill is a pass over every pixel
    // in the software renderer.
    renderer.fill(
      Rect(x: rect.x, y: rect.y, width: rect.width, height: span.top - rect.y)
        .intersection(rect), color: style.background)
    renderer.fill(
      Rect(x: rect.x, y: span.bottom, width: rect.width, height: rect.maxY - span.bottom)
        .intersection(rect), color: style.background)
    _timed(\.rowsSeconds, since: rowsStart, less: renderer.frameCost.textSeconds - textBefore)
    let barsStart = HighResolutionClock.counter()
    if rows.mirrored {
      try _drawMirroredBars(snapshot, lastUpdated: lastUpdated, in: rect)
    } else {
      try _drawHeader(snapshot, lastUpdated: lastUpdated, in: rect)
      try _drawFooter(snapshot, in: rect)
    }
    if let newRows = rows.newRows {
      var pill = newRows.pill.moved(by: Point(x: rect.x, y: rect.y))
      if rows.mirrored { pill.y = Self._flip(pill.y, pill.height, in: rect) }
      try _drawNewRowsPill(newRows.count, in: pill, rect: rect, pointsDown: rows.mirrored)
    }
    try renderer.draw(_shapes)
    _shapes.removeAll(scale: renderer.scale)
    try _throwDeferredError()
    _timed(\.headerSeconds, since: barsStart)
    let scrollbarStart = HighResolutionClock.counter()
    _drawScrollbar(snapshot, state: scrollbar, in: rect, mirrored: rows.mirrored)
    _timed(\.scrollbarSeconds, since: scrollbarStart)
  }

  /// The spinner phase the built-in spinner is drawn at for `phase`: down to its last whole
  /// spoke. Two snapshots whose phases differ within a spoke draw the same spinner.
  nonisolated public static func spinnerStep(_ phase: Double) -> Double {
    ShapeBatch.spinnerStep(phase)
  }

  /// The spinner phase a renderer stepping `steps` times a turn draws for `phase`: down to its
  /// last whole step (``spinnerStep(_:)`` is the built-in spinner's twelve).
  nonisolated public static func spinnerStep(_ phase: Double, steps: Int) -> Double {
    (phase * Double(steps)).rounded(.down) / Double(steps)
  }

  /// The steps a turn in which this table draws the spinner `snapshot` shows, as the renderer
  /// drawing it says (``RedrawCadence/spinnerSteps``): twelve for the built-in header's and
  /// footer's, which step from spoke to spoke (``spinnerStep(_:)``); nil for Material's badge
  /// or a renderer that may show every phase. A host's renderer gets the same as a built-in
  /// one by saying how it draws. For `RefreshController.nextChangeTime(spinnerSteps:)`: how
  /// long a still list looks the same.
  public func spinnerSteps(for snapshot: RefreshSnapshot) -> Int? {
    if snapshot.header == .refreshing { return _headerDrawer(snapshot).redrawCadence.spinnerSteps }
    if snapshot.footer == .loading {
      return (footerRenderer ?? _classicFooter).redrawCadence.spinnerSteps
    }
    return ShapeBatch.spinnerSpokes
  }

  /// The renderer that draws the header of `snapshot`: the host's, or the tuning's style.
  func _headerDrawer(_ snapshot: RefreshSnapshot) -> any HeaderRenderer {
    headerRenderer ?? (snapshot.headerStyle == .overlay ? _badgeHeader : _classicHeader)
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
    _ snapshot: RefreshSnapshot, _ rows: _Rows, in rect: Rect, region: Rect
  ) throws(SDLError) -> (top: Double, bottom: Double) {
    let layout = rows.layout
    let time = snapshot.time
    let moving = rows.motions.isActive(at: time)
    let reach = moving ? rows.motions.reach(at: time) : 0
    let regionTop = snapshot.offset + region.y - rect.y - 1
    let shown = layout.rows(meeting: regionTop - reach, regionTop + region.height + 2 + reach)
    guard !shown.isEmpty else { return (rect.y, rect.y) }
    // Each row's place is measured from the first one's, row by row: past 2^53 points of
    // content (10^15 rows of 44 pt) a content y is no longer exact, and rows placed from their
    // own content y came out unevenly spaced.
    let firstY = _screenY(layout.top(ofRow: shown.lowerBound), snapshot, rect)
    var lastBottom = firstY
    for row in shown { lastBottom += layout.height(ofRow: row) }
    // On whole pixels, so the row band and the background around it meet without a gap (the
    // software renderer truncates a fill's origin and size separately), and truncated as the
    // bars' edges are, so a row meets the header or footer without a seam either.
    // A chat's rows run bottom up: the band they cover is flipped.
    let top = _truncatedToPixel(rows.mirrored ? Self._flip(lastBottom, 0, in: rect) : firstY)
    let bottom = _truncatedToPixel(rows.mirrored ? Self._flip(firstY, 0, in: rect) : lastBottom)
    renderer.fill(
      Rect(x: rect.x, y: top, width: rect.width, height: bottom - top).intersection(rect),
      color: style.rowBackground)

    let canvas = RefreshCanvas(self, viewport: rect)
    var y = firstY
    for row in shown {
      let height = layout.height(ofRow: row)
      defer { y += height }
      guard moving else {
        let shownY = rows.mirrored ? Self._flip(y, height, in: rect) : y
        try _drawRow(row, y: shownY, height: height, rows, canvas: canvas, region: region)
        continue
      }
      // A row sliding to its new place, fading in when it arrived: drawn where it shows now,
      // its own place filled first (it may have left it).
      var shownY = y + rows.motions.offset(ofRow: row, at: time)
      if rows.mirrored { shownY = Self._flip(shownY, height, in: rect) }
      try _drawRow(row, y: shownY, height: height, rows, canvas: canvas, region: region)
      let alpha = rows.motions.alpha(ofRow: row, at: time)
      if alpha < 1 {
        var veil = style.rowBackground
        veil.alpha = UInt8(((1 - alpha) * 255).rounded())
        renderer.fill(
          Rect(x: rect.x, y: shownY, width: rect.width, height: height).intersection(rect),
          color: veil)
      }
    }
    // A chat's sections are not pinned.
    if rows.mirrored { return (top, bottom) }
    if let pinned = _pinnedHeader(snapshot, rows, in: rect) {
      try _drawRow(
        pinned.row, y: pinned.y, height: layout.height(ofRow: pinned.row), rows, canvas: canvas,
        region: region, isPinned: true)
    }
    return (top, bottom)
  }

  /// Draws row `row` with its top at screen y `y`: the selection's fill, the row renderer's
  /// drawing (a host's clipped to the row), the separator under it.
  private func _drawRow(
    _ row: Int, y: Double, height: Double, _ rows: _Rows, canvas: RefreshCanvas, region: Rect,
    isPinned: Bool = false
  ) throws(SDLError) {
    let rect = canvas.viewport
    let selected = row == rows.selected
    let background = selected ? style.selectedRowBackground : style.rowBackground
    if selected || isPinned {
      let rowTop = _truncatedToPixel(y)
      renderer.fill(
        Rect(
          x: rect.x, y: rowTop, width: rect.width, height: _truncatedToPixel(y + height) - rowTop
        ).intersection(rect), color: background)
    }
    let header = rows.sections.flatMap { $0.isHeader(row) ? $0.section(containing: row) : nil }
    let path =
      rows.sections.map { $0.indexPath(ofFlatRow: row) } ?? ListIndexPath(section: 0, row: row)
    let frame = RowFrame(
      row: row, rect: Rect(x: rect.x, y: y, width: rect.width, height: height),
      dirtyRect: region, isSelected: selected, isPressed: row == rows.pressed,
      isListFocused: rows.isFocused, background: background, indexPath: path,
      sectionHeader: header, isPinned: isPinned)
    let rowRenderer = self.rowRenderer ?? _titleRows
    let lookupsBefore = textCache.lookupCount
    defer { _textsPerRow = max(_textsPerRow, textCache.lookupCount - lookupsBefore) }
    if self.rowRenderer != nil {
      // The built-in row stays inside its rectangle by construction; a host's is clipped to it.
      let rowStart = HighResolutionClock.counter()
      try canvas.clipped(to: frame.rect) { () throws(SDLError) in
        try rowRenderer.drawRow(frame, rows: rows.source, in: canvas)
      }
      _timed(\.textSeconds, since: rowStart)
    } else {
      try rowRenderer.drawRow(frame, rows: rows.source, in: canvas)
    }
    let hairline = 1 / renderer.scale
    let textX = rect.x + (header == nil ? style.horizontalPadding : 0)
    renderer.fill(
      Rect(
        x: textX, y: renderer.snapped(y + height) - hairline, width: rect.maxX - textX,
        height: hairline), color: style.separator)
  }

  /// Where something `height` tall at screen y `y` shows when `rect` is flipped top to bottom.
  static func _flip(_ y: Double, _ height: Double, in rect: Rect) -> Double {
    2 * rect.y + rect.height - y - height
  }

  /// The "N new" pill: the bars' colour, rounded, "↑ 3 new".
  private func _drawNewRowsPill(_ count: Int, in pill: Rect, rect: Rect, pointsDown: Bool)
    throws(SDLError)
  {
    let canvas = RefreshCanvas(self, viewport: rect)
    canvas.fillRoundedRect(pill, radius: pill.height / 2, color: style.barColor)
    // A chat's new rows are below: the arrow points to them.
    let arrow = pointsDown ? "↓" : "↑"
    let words = language == .chinese ? "\(arrow) \(count) 条新内容" : "\(arrow) \(count) new"
    guard let text = try canvas.text(words, .label, color: style.barInkColor) else { return }
    try canvas.draw(
      text, at: Point(x: pill.midX - text.width / 2, y: pill.midY - text.height / 2))
  }

  /// The header row that sticks to the top of `rect` and its screen y: the header of the
  /// section the first visible row is in, once its own place scrolled above the top (pushed up
  /// by the next section's header as it arrives), as UIKit's plain style; nil otherwise.
  func _pinnedHeader(_ snapshot: RefreshSnapshot, _ rows: _Rows, in rect: Rect)
    -> (row: Int, y: Double)?
  {
    let top = snapshot.offset + snapshot.baselineInset.top
    guard let sections = rows.sections, let first = rows.layout.row(atOffset: top),
      let section = sections.section(containing: first)
    else { return nil }
    let header = sections.headerRow(ofSection: section)
    guard rows.layout.top(ofRow: header) < top else { return nil }
    var y = rect.y + snapshot.baselineInset.top
    if section + 1 < sections.count {
      let next = sections.headerRow(ofSection: section + 1)
      let nextY = _screenY(rows.layout.top(ofRow: next), snapshot, rect)
      y = min(y, nextY - rows.layout.height(ofRow: header))
    }
    return (header, y)
  }

  /// `value` (points) moved toward zero to a pixel boundary, where SDL's software renderer puts
  /// the edge of a fill starting there.
  private func _truncatedToPixel(_ value: Double) -> Double {
    (value * renderer.scale).rounded(.towardZero) / renderer.scale
  }

  /// The fonts in use, for the bar drawing extension.
  var _currentFonts: _TableFonts { _fonts }
}

/// The rows one frame draws: where they sit and what state they are in.
struct _Rows {
  var source: any TableDataSource
  var layout: RowLayout
  /// Rows sliding and fading after a change.
  var motions = RowMotions()
  /// The source's sections, read once a frame.
  var sections: Sections?
  var selected: Int?
  var pressed: Int?
  var isFocused: Bool
  /// A chat: everything drawn flipped top to bottom (rows, bars, indicator, pill), text upright.
  var mirrored = false
  /// How many rows arrived above unseen, and the pill saying so (relative to the table's
  /// rectangle).
  var newRows: (count: Int, pill: Rect)?
}
