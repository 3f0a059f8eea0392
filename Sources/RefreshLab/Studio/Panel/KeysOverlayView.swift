import RefreshSDL

/// Draws the keys overlay (`?`) over the whole window, and the start hint that points to it.
@MainActor
final class KeysOverlayView {
  private let renderer: Renderer
  private let textCache: TextCache
  private let sdl: SDLSession
  private let files: FontFiles
  private var fonts: OverlayFonts
  /// The overlay's words, in the list's language.
  let words: LabWords
  /// The rows' ground, which the hint's row shows around its label.
  private let background: Color

  /// The view in front of the overlay, which its words speak of.
  private let axis: ListAxis
  private let orientation: ListOrientation

  init(surface: TableCanvas, axis: ListAxis = .vertical, orientation: ListOrientation = .normal)
    throws(LabError)
  {
    self.axis = axis
    self.orientation = orientation
    words = LabWords(language: surface.tableView.language)
    renderer = surface.renderer
    background = surface.tableView.style.background
    textCache = surface.tableView.textCache
    sdl = surface.sdl
    do throws(SDLError) {
      files = try FontLocator.locate()
      fonts = try OverlayFonts(session: sdl, files: files, scale: renderer.scale)
    } catch {
      throw .shell(error.description)
    }
  }

  /// The height of the row the start hint takes above the status line: the window keeps it
  /// below the tables while the hint shows, so the hint covers no row.
  func hintRowHeight() throws(SDLError) -> Double {
    try refreshFontsIfNeeded()
    return fonts.key.lineHeight + 12 + 2 * Self.hintMargin
  }

  /// Space above and below the hint's label in its row.
  static let hintMargin = 6.0

  /// The hint, a small opaque label centred in its row (``hintRowHeight()`` tall, its bottom at
  /// `bottom`) across a window `width` wide. Returns the row.
  @discardableResult
  func drawHint(windowWidth width: Double, bottom: Double) throws(SDLError) -> Rect {
    let rowHeight = try hintRowHeight()
    let row = Rect(x: 0, y: bottom - rowHeight, width: width, height: rowHeight)
    renderer.fill(row, color: background)
    let textWidth = try self.width(of: words.startHint, font: fonts.key)
    let box = Rect(
      x: ((width - textWidth) / 2 - 12).rounded(), y: row.y + Self.hintMargin, width: textWidth + 24,
      height: fonts.key.lineHeight + 12)
    renderer.fill(box, color: PanelView.Palette.ground)
    // Drawn over every frame while it shows: copied on the label's ground, not blended.
    try textCache.draw(
      words.startHint, font: fonts.key, at: Point(x: box.midX, y: box.y + 6), color: PanelView.Palette.text,
      on: PanelView.Palette.ground, align: .center)
    return row
  }

  /// Every key the window takes (`WindowKeys`), on a card over the dimmed window.
  func drawOverlay(windowWidth width: Double, height: Double) throws(SDLError) {
    try refreshFontsIfNeeded()
    let titleFont = try fonts.title.font
    let groupFont = try fonts.group.font
    let actionFont = try fonts.action.font
    renderer.setClip(nil)
    renderer.fill(
      Rect(x: 0, y: 0, width: width, height: height), color: Color(red: 0, green: 0, blue: 0, alpha: 150))
    let cardWidth = min(width - 16, 460)
    let padding = 16.0
    var widest = 0.0
    for entry in WindowKeys.list + WindowKeys.lab {
      widest = max(widest, try self.width(of: entry.keys, font: fonts.key))
    }
    let keyColumn = min(widest + 14, cardWidth * 0.45)
    let actionWidth = cardWidth - 2 * padding - keyColumn
    let lineHeight = actionFont.lineHeight + 2
    // Lay out first, so the card is as tall as what it holds.
    var lines: [(y: Double, key: String?, text: String, font: Font, color: Color, indented: Bool)] = []
    var y = 0.0
    lines.append((y, nil, words.keysTitle, titleFont, PanelView.Palette.text, false))
    y += titleFont.lineHeight + 8
    for (title, entries) in [(words.listSection, WindowKeys.list), (words.labSection, WindowKeys.lab)] {
      lines.append((y, nil, title, groupFont, PanelView.Palette.accent, false))
      y += groupFont.lineHeight + 4
      for entry in entries {
        var action = words.action(entry)
        if entry.keys == "Home, End", let view = words.homeAndEnd(axis: axis, orientation: orientation) {
          action = view
        }
        let wrapped = try wrap(action, width: actionWidth, font: actionFont)
        for (index, part) in wrapped.enumerated() {
          lines.append((y, index == 0 ? entry.keys : nil, part, actionFont, PanelView.Palette.text, true))
          y += lineHeight
        }
      }
      y += 8
    }
    for part in try wrap(
      words.pointer(axis: axis, orientation: orientation), width: cardWidth - 2 * padding, font: actionFont)
    {
      lines.append((y, nil, part, actionFont, PanelView.Palette.dim, false))
      y += lineHeight
    }
    y += 6
    lines.append((y, nil, words.closesOverlay, actionFont, PanelView.Palette.dim, false))
    y += lineHeight
    let cardHeight = y + 2 * padding
    let card = Rect(
      x: ((width - cardWidth) / 2).rounded(), y: max(8, ((height - cardHeight) / 2).rounded()),
      width: cardWidth, height: cardHeight)
    renderer.fill(card, color: PanelView.Palette.ground)
    renderer.fill(Rect(x: card.x, y: card.y, width: card.width, height: 3), color: PanelView.Palette.accent)
    for line in lines {
      let top = card.y + padding + line.y
      if let key = line.key {
        try textCache.draw(
          key, font: fonts.key, at: Point(x: card.x + padding, y: top), color: PanelView.Palette.accent)
      }
      let x = card.x + padding + (line.indented ? keyColumn : 0)
      try textCache.draw(line.text, font: line.font, at: Point(x: x, y: top), color: line.color)
    }
  }

  /// `text` broken at spaces into lines at most `width` points wide.
  /// `text` in lines of at most `width` points, broken between words; Chinese, which puts no
  /// spaces between words, may break between any two characters.
  private func wrap(_ text: String, width: Double, font: Font) throws(SDLError) -> [String] {
    var lines: [String] = []
    var current = ""
    let spaced = words.language != .chinese
    let pieces = spaced ? text.split(separator: " ").map(String.init) : text.map { String($0) }
    for word in pieces {
      let candidate = current.isEmpty ? word : current + (spaced ? " " : "") + word
      let candidateWidth = try self.width(of: candidate, font: font)
      if current.isEmpty || candidateWidth <= width {
        current = candidate
      } else {
        lines.append(current)
        current = word
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  private func width(of string: String, font: Font) throws(SDLError) -> Double {
    try textCache.item(for: string, font: font)?.width ?? 0
  }

  /// Reopens the fonts when the window moved to a display of another density.
  private func refreshFontsIfNeeded() throws(SDLError) {
    guard fonts.scale != renderer.scale else { return }
    fonts = try OverlayFonts(session: sdl, files: files, scale: renderer.scale)
  }
}

/// The overlay's fonts at one pixel density. The keys' font opens with the window (the start
/// hint shows in it); the others, the first time the overlay is drawn.
@MainActor
private struct OverlayFonts {
  let scale: Double
  let key: Font
  let title: FontOnFirstUse
  let group: FontOnFirstUse
  let action: FontOnFirstUse

  init(session: SDLSession, files: FontFiles, scale: Double) throws(SDLError) {
    self.scale = scale
    key = try Font(session: session, files: files, pointSize: 12, scale: scale, bold: true)
    title = FontOnFirstUse(session: session, files: files, pointSize: 16, scale: scale, bold: true)
    group = FontOnFirstUse(session: session, files: files, pointSize: 10.5, scale: scale, bold: true)
    action = FontOnFirstUse(session: session, files: files, pointSize: 12, scale: scale)
  }
}
