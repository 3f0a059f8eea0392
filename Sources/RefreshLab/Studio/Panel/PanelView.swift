import RefreshCore
import RefreshSDL

/// Draws the tuning panel beside the table, and the status line, with the shell's primitives:
/// filled rectangles, anti-aliased shapes and cached text.
@MainActor
final class PanelView {
  /// The panel's colours: light text on an opaque dark ground, and the bars' cyan for whatever
  /// is active, so the panel reads as part of the same lab.
  enum Palette {
    static let ground = Color(red: 20, green: 24, blue: 30, alpha: 255)
    static let selection = Color(red: 255, green: 255, blue: 255, alpha: 24)
    static let rule = Color(red: 255, green: 255, blue: 255, alpha: 36)
    static let track = Color(red: 255, green: 255, blue: 255, alpha: 56)
    static let segment = Color(red: 255, green: 255, blue: 255, alpha: 30)
    static let text = Color(rgb: 0xE9EDF2)
    static let dim = Color(rgb: 0x98A2AE)
    static let accent = Color(rgb: 0x00BCD4)
    static let onAccent = Color(rgb: 0x08363F)
    static let knob = Color(rgb: 0xFFFFFF)
    static let error = Color(rgb: 0xFF8A80)
    static let slow = Color(rgb: 0xFFC857)
  }

  private let renderer: Renderer
  private let textCache: TextCache
  private let sdl: SDLSession
  private let files: FontFiles
  private var fonts: PanelFonts
  private var shapes = ShapeBatch()
  /// The last status text broken to a width, so line breaks are worked out once per message.
  private var fitted: (text: String, width: Double, lines: [String])?
  /// The panel's own words, in the list's language.
  private let words: LabWords
  /// The settings the chosen export format does not carry exactly, marked on their rows.
  private var notCarried: Set<String> = []

  init(surface: TableCanvas) throws(LabError) {
    words = LabWords(language: surface.tableView.language)
    renderer = surface.renderer
    textCache = surface.tableView.textCache
    sdl = surface.sdl
    do throws(SDLError) {
      files = try FontLocator.locate()
      fonts = try PanelFonts(session: sdl, files: files, scale: renderer.scale)
    } catch {
      throw .shell(error.description)
    }
  }

  /// Draws the panel as `layout` places it, its rows showing `values`.
  func drawPanel(
    _ model: PanelModel, values: StudioValues, layout: PanelLayout, draggedRow: Int?, filtering: Bool,
    fileName: String
  ) throws(SDLError) {
    try refreshFontsIfNeeded()
    shapes.removeAll(scale: renderer.scale)
    let panel = layout.panel
    renderer.setClip(panel)
    defer { renderer.setClip(nil) }
    renderer.fill(panel, color: Palette.ground)
    try drawTitle(in: panel, fileName: fileName, filter: model.filter, filtering: filtering)
    renderer.fill(
      Rect(x: panel.x, y: layout.content.y - 1, width: panel.width, height: 1), color: Palette.rule)

    notCarried =
      values.exportFormat == .json ? [] : ExportSummary(values.tuning, as: values.exportFormat).notCarried
    renderer.setClip(layout.content)
    for index in model.rows.indices {
      let row = layout.rowRect(index)
      guard row.maxY > layout.content.y, row.y < layout.content.maxY else { continue }
      let selected = index == model.selection
      switch model.rows[index] {
      case .group(let title):
        try drawGroup(title, in: row)
      case .number(let number):
        try drawNumber(
          number, values: values, in: row, layout: layout, selected: selected,
          dragged: draggedRow == index)
      case .choice(let choice):
        try drawChoice(choice, values: values, in: row, layout: layout, selected: selected)
      }
    }
    if model.filterMatchesNothing {
      try text(
        words.noSettingMatches(model.filter), font: fonts.name.font,
        x: layout.content.x + PanelLayout.padding, y: layout.content.y + 10, color: Palette.dim)
    }
    drawScrollIndicator(layout)
    try renderer.draw(shapes)
    renderer.setClip(panel)
    try drawMeaning(model, values: values, layout: layout)
  }

  /// The selected setting's one line below the rows: what it does, in which phase and unit, or
  /// why it is greyed.
  private func drawMeaning(_ model: PanelModel, values: StudioValues, layout: PanelLayout) throws(SDLError) {
    let strip = layout.meaning
    renderer.fill(Rect(x: strip.x, y: strip.y, width: strip.width, height: 1), color: Palette.rule)
    guard model.rows.indices.contains(model.selection), case .number(let number) = model.rows[model.selection]
    else { return }
    let relevance = number.relevance(in: values)
    let line = relevance.reason.map { "Greyed: " + $0 } ?? number.meaning
    guard !line.isEmpty else { return }
    try text(
      try fitted(line, font: fonts.small.font, width: strip.width - 2 * PanelLayout.padding),
      font: fonts.small.font, x: strip.x + PanelLayout.padding, y: strip.y + 5,
      color: relevance.isActing ? Palette.text : Palette.slow)
  }

  /// `string`, cut and ended with an ellipsis where it is wider than `width` points; empty
  /// where not even the ellipsis fits.
  private func fitted(_ string: String, font: Font, width: Double) throws(SDLError) -> String {
    guard try self.width(of: string, font: font) > width else { return string }
    guard try self.width(of: "…", font: font) <= width else { return "" }
    var low = 0
    var high = string.count
    while low < high {
      let middle = (low + high + 1) / 2
      if try self.width(of: String(string.prefix(middle)) + "…", font: font) <= width {
        low = middle
      } else {
        high = middle - 1
      }
    }
    return String(string.prefix(low)) + "…"
  }

  /// The export's summary (`ExportSummary.lines`) in a box at the top of `frame`: the first
  /// line as its title, the rest wrapped at spaces to the box's width.
  func drawSummary(_ lines: [String], in frame: Rect) throws(SDLError) {
    try refreshFontsIfNeeded()
    let font = try fonts.small.font
    let titleFont = try fonts.name.font
    let padding = 10.0
    let width = frame.width - 2 * padding
    guard width > 40, let title = lines.first else { return }
    var wrapped: [(text: String, isTitle: Bool)] = [(try fitted(title, font: titleFont, width: width), true)]
    for line in lines.dropFirst() {
      var rest = Substring(line)
      while !rest.isEmpty {
        var count = rest.count
        while count > 1, try self.width(of: String(rest.prefix(count)), font: font) > width {
          let head = rest.prefix(count - 1)
          count = head.lastIndex(of: " ").map { rest.distance(from: rest.startIndex, to: $0) } ?? (count - 1)
        }
        wrapped.append((String(rest.prefix(max(1, count))), false))
        rest = rest.dropFirst(max(1, count)).drop { $0 == " " }
      }
    }
    let lineHeight = font.lineHeight + 2
    let height = min(
      frame.height, 2 * padding + titleFont.lineHeight + 4 + Double(wrapped.count - 1) * lineHeight)
    let box = Rect(x: frame.x, y: frame.y, width: frame.width, height: height)
    renderer.fill(box, color: Palette.ground)
    renderer.fill(Rect(x: box.x, y: box.y, width: 3, height: box.height), color: Palette.accent)
    var y = box.y + padding
    for (index, line) in wrapped.enumerated() {
      guard y + lineHeight <= box.maxY else { break }
      let isNotCarried = line.text.hasPrefix("≈") || line.text.hasPrefix("Not carried")
      try text(
        line.text, font: line.isTitle ? titleFont : font, x: box.x + padding, y: y,
        color: line.isTitle ? Palette.accent : isNotCarried ? Palette.slow : Palette.text)
      y += index == 0 ? titleFont.lineHeight + 4 : lineHeight
    }
  }

  /// How wide each of `choice`'s labels is in the buttons' font, points.
  func labelWidths(_ choice: PanelChoice) throws(SDLError) -> [Double] {
    try refreshFontsIfNeeded()
    var widths: [Double] = []
    for label in choice.labels { widths.append(try width(of: label, font: fonts.small.font)) }
    return widths
  }

  /// The text drawn in each cell of `choice`'s row at `row` and the cell: what a test
  /// measures against its cell.
  func choiceTexts(_ choice: PanelChoice, values: StudioValues, row: Rect, layout: PanelLayout)
    throws(SDLError)
    -> [(text: String, width: Double, cell: Rect)]
  {
    let cells = layout.choiceCells(inRow: row, labelWidths: try labelWidths(choice))
    let labels = choice.labels
    switch cells {
    case .segments(let rects):
      var texts: [(String, Double, Rect)] = []
      for (label, cell) in zip(labels, rects) {
        texts.append((label, try width(of: label, font: fonts.small.font), cell))
      }
      return texts
    case .stepper(let previous, let label, let next):
      let chosen = choice.selectedOption(in: values).map { labels[$0] } ?? "custom"
      let shown = try fitted(chosen, font: fonts.small.font, width: label.width - 2 * PanelLayout.labelInset)
      var texts: [(String, Double, Rect)] = []
      for (text, cell) in [("‹", previous), (shown, label), ("›", next)] {
        let width = try width(of: text, font: fonts.small.font)
        // An arrow squeezed past its cell is left out rather than drawn over the next.
        let fits = width + 2 * PanelLayout.labelInset <= cell.width
        texts.append(fits ? (text, width, cell) : ("", 0, cell))
      }
      return texts
    }
  }

  /// The title, the tuning file, and below them either the filter being typed or the keys that
  /// find and change a setting.
  private func drawTitle(in panel: Rect, fileName: String, filter: String, filtering: Bool) throws(SDLError) {
    let left = panel.x + PanelLayout.padding
    let right = panel.maxX - PanelLayout.padding
    try text(words.studioTitle, font: fonts.title.font, x: left, y: panel.y + 7, color: Palette.text)
    try text(fileName, font: fonts.small.font, x: right, y: panel.y + 11, color: Palette.dim, align: .right)
    if filtering || !filter.isEmpty {
      let shown = words.filterPrefix + filter + (filtering ? "▏" : "")
      try text(shown, font: fonts.small.font, x: left, y: panel.y + 30, color: Palette.accent)
      try text(
        filtering ? words.filterKeys : words.changeFilter, font: fonts.small.font, x: right, y: panel.y + 30,
        color: Palette.dim, align: .right)
    } else {
      try text(
        words.studioKeys, font: fonts.small.font, x: left, y: panel.y + 30,
        color: Palette.dim)
    }
  }

  private func drawGroup(_ title: String, in row: Rect) throws(SDLError) {
    try text(
      words.group(title).uppercased(), font: fonts.group.font, x: row.x + PanelLayout.padding, y: row.y + 10,
      color: Palette.accent)
  }

  private func drawNumber(
    _ number: PanelNumber, values: StudioValues, in row: Rect, layout: PanelLayout, selected: Bool,
    dragged: Bool
  ) throws(SDLError) {
    let value = number.value(in: values)
    let relevance = number.relevance(in: values)
    try drawRowTop(
      number.key, value: number.formatted(value), in: row, selected: selected, greyed: !relevance.isActing)
    if relevance.isActing, notCarried.contains(number.key) {
      // The export format chosen has no setting for it, or only an approximate one.
      let nameWidth = try width(of: number.key, font: fonts.name.font)
      try text(
        "not in \(values.exportFormat.rawValue)", font: fonts.small.font,
        x: row.x + PanelLayout.padding + nameWidth + 8, y: row.y + 6, color: Palette.slow)
    }
    let track = layout.track(inRow: row)
    if let reason = relevance.reason {
      // A setting idle in this mode: no slider to move, the reason where it would be.
      try text(
        try fitted("— " + reason, font: fonts.small.font, width: row.width - 2 * PanelLayout.padding),
        font: fonts.small.font, x: row.x + PanelLayout.padding,
        y: track.y - fonts.small.font.lineHeight / 2, color: Palette.dim)
      return
    }
    let labelY = try track.y - fonts.small.font.lineHeight / 2
    let step = number.step
    try text(
      PanelFormat.number(number.range.lowerBound, step: step), font: fonts.small.font, x: track.x - 8,
      y: labelY, color: Palette.dim, align: .right)
    try text(
      PanelFormat.number(number.range.upperBound, step: step), font: fonts.small.font, x: track.maxX + 8,
      y: labelY, color: Palette.dim)
    let knobX = track.x + number.fraction(of: value) * track.width
    let thickness = 3.0
    renderer.fill(
      Rect(x: track.x, y: track.y - thickness / 2, width: track.width, height: thickness),
      color: Palette.track)
    renderer.fill(
      Rect(x: track.x, y: track.y - thickness / 2, width: knobX - track.x, height: thickness),
      color: Palette.accent)
    let radius = dragged ? 8.0 : selected ? 7.0 : 6.0
    shapes.addCircle(center: Point(x: knobX, y: track.y), radius: radius, color: Palette.accent)
    shapes.addCircle(center: Point(x: knobX, y: track.y), radius: radius - 2.5, color: Palette.knob)
  }

  private func drawChoice(
    _ choice: PanelChoice, values: StudioValues, in row: Rect, layout: PanelLayout, selected: Bool
  ) throws(SDLError) {
    try drawRowTop(choice.key, value: choice.formatted(in: values), in: row, selected: selected)
    let chosen = choice.selectedOption(in: values)
    let texts = try choiceTexts(choice, values: values, row: row, layout: layout)
    var isStepper = false
    if case .stepper = layout.choiceCells(inRow: row, labelWidths: try labelWidths(choice)) {
      isStepper = true
    }
    for (index, item) in texts.enumerated() {
      let isChosen = isStepper ? index == 1 : index == chosen
      renderer.fill(item.cell, color: isChosen ? Palette.accent : Palette.segment)
      try text(
        item.text, font: fonts.small.font, x: item.cell.midX,
        y: item.cell.midY - fonts.small.font.lineHeight / 2,
        color: isChosen ? Palette.onAccent : Palette.text, align: .center)
    }
  }

  /// The name on the left and the value on the right; a selected row is lit and marked.
  private func drawRowTop(
    _ name: String, value: String, in row: Rect, selected: Bool, greyed: Bool = false
  ) throws(SDLError) {
    if selected {
      renderer.fill(row, color: Palette.selection)
      renderer.fill(Rect(x: row.x, y: row.y, width: 3, height: row.height), color: Palette.accent)
    }
    try text(
      name, font: fonts.name.font, x: row.x + PanelLayout.padding, y: row.y + 4,
      color: greyed ? Palette.dim : selected ? Palette.text : Palette.dim.mixed(with: Palette.text))
    try text(
      value, font: fonts.value.font, x: row.maxX - PanelLayout.padding, y: row.y + 4,
      color: greyed ? Palette.dim : selected ? Palette.accent : Palette.text, align: .right)
  }

  private func drawScrollIndicator(_ layout: PanelLayout) {
    let content = layout.content
    let total = layout.contentHeight
    guard total > content.height, content.height > 20 else { return }
    let length = max(24, content.height * content.height / total)
    let y = content.y + (content.height - length) * layout.scroll / (total - content.height)
    renderer.fill(
      Rect(x: content.maxX - 5, y: y + 2, width: 3, height: length - 4), color: Palette.track)
  }

  /// The status line's lines for a window `width` points wide: `message` wrapped beside the
  /// slow-motion label, if any.
  func statusLines(_ message: String?, slowMotion: String?, windowWidth width: Double) throws(SDLError)
    -> [String]
  {
    guard let message else { return [] }
    try refreshFontsIfNeeded()
    var slowWidth = 0.0
    if let slowMotion { slowWidth = try self.width(of: slowMotion, font: fonts.statusBold.font) + 12 }
    return try wrapped(
      message, firstWidth: width - 2 * Self.statusMargin - slowWidth, width: width - 2 * Self.statusMargin)
  }

  /// The status line's height in a window `width` points wide (0 when it says nothing): the
  /// strip the window keeps for it below the tables, so it covers no row.
  func statusHeight(_ message: String?, slowMotion: String?, windowWidth width: Double) throws(SDLError)
    -> Double
  {
    guard message != nil || slowMotion != nil else { return 0 }
    let lines = try statusLines(message, slowMotion: slowMotion, windowWidth: width)
    return PanelLayout.statusHeight + Double(max(0, lines.count - 1)) * fonts.status.lineHeight
  }

  /// Left and right margin of the status line's text.
  static let statusMargin = 10.0

  /// Draws the status line at the bottom of a window `windowWidth` × `windowHeight`: `message`
  /// (wrapped to two lines at most) and the slow-motion label. Returns the strip it covers, nil
  /// when it says nothing. A message too long for one line (an error naming a file, a key and
  /// its range, in a narrow window) takes a second line rather than losing its end.
  @discardableResult
  func drawStatus(
    _ message: String?, kind: StatusLine.Kind, slowMotion: String?, windowWidth: Double,
    windowHeight: Double
  ) throws(SDLError) -> Rect? {
    guard message != nil || slowMotion != nil else { return nil }
    let lines = try statusLines(message, slowMotion: slowMotion, windowWidth: windowWidth)
    let margin = Self.statusMargin
    let lineHeight = fonts.status.lineHeight
    let height = PanelLayout.statusHeight + Double(max(0, lines.count - 1)) * lineHeight
    let strip = Rect(x: 0, y: windowHeight - height, width: windowWidth, height: height)
    renderer.fill(strip, color: Palette.ground)
    let top = strip.y + (PanelLayout.statusHeight - lineHeight) / 2
    // Drawn over every frame while it shows: copied on the strip's ground, not blended.
    if let slowMotion {
      try textCache.draw(
        slowMotion, font: fonts.statusBold.font, at: Point(x: strip.maxX - margin, y: top),
        color: Palette.slow, on: Palette.ground, align: .trailing)
    }
    for (index, line) in lines.enumerated() {
      try textCache.draw(
        line, font: fonts.status, at: Point(x: strip.x + margin, y: top + Double(index) * lineHeight),
        color: kind == .error ? Palette.error : Palette.text, on: Palette.ground)
    }
    return strip
  }

  /// `message` broken into at most two lines, at a space where there is one, the first
  /// `firstWidth` points wide and the second `width`; an ellipsis ends what still does not fit
  /// (the whole message also goes to standard error).
  func wrapped(_ message: String, firstWidth: Double, width: Double) throws(SDLError) -> [String] {
    if let fitted, fitted.text == message, fitted.width == firstWidth { return fitted.lines }
    var rest = Substring(message)
    var lines: [String] = []
    while !rest.isEmpty {
      let available = lines.isEmpty ? firstWidth : width
      if try self.width(of: String(rest), font: fonts.status) <= available {
        lines.append(String(rest))
        break
      }
      if lines.count == 1 {
        let count = try longestPrefix(of: rest, fitting: available, suffix: "…")
        lines.append(String(rest.prefix(count)) + "…")
        break
      }
      var count = max(1, try longestPrefix(of: rest, fitting: available, suffix: ""))
      // Words stay whole: the break goes at the last space that fits, else after the last
      // slash (a long path), and only inside a word that fills the line by itself.
      let head = rest.prefix(count)
      if count < rest.count, rest[rest.index(rest.startIndex, offsetBy: count)] != " " {
        if let space = head.lastIndex(of: " "), space > head.startIndex {
          count = rest.distance(from: rest.startIndex, to: space)
        } else if let slash = head.lastIndex(of: "/"), slash > head.startIndex {
          count = rest.distance(from: rest.startIndex, to: slash) + 1
        }
      }
      lines.append(String(rest.prefix(count)))
      rest = rest.dropFirst(count).drop { $0 == " " }
    }
    fitted = (message, firstWidth, lines)
    return lines
  }

  /// How many leading characters of `text`, followed by `suffix`, fit in `width` points.
  private func longestPrefix(of text: Substring, fitting width: Double, suffix: String) throws(SDLError)
    -> Int
  {
    var low = 0
    var high = text.count
    while low < high {
      let middle = (low + high + 1) / 2
      if try self.width(of: String(text.prefix(middle)) + suffix, font: fonts.status) <= width {
        low = middle
      } else {
        high = middle - 1
      }
    }
    return low
  }

  private func width(of string: String, font: Font) throws(SDLError) -> Double {
    try textCache.item(for: string, font: font)?.width ?? 0
  }

  private enum Alignment {
    case left, center, right
  }

  /// Draws `string` with its left edge, centre or right edge at `x`; returns its width.
  @discardableResult
  private func text(
    _ string: String, font: Font, x: Double, y: Double, color: Color, align: Alignment = .left
  ) throws(SDLError) -> Double {
    let edge: TextAlignment =
      switch align {
      case .left: .leading
      case .center: .center
      case .right: .trailing
      }
    return try textCache.draw(string, font: font, at: Point(x: x, y: y), color: color, align: edge)
  }

  /// Reopens the fonts when the window moved to a display of another density.
  private func refreshFontsIfNeeded() throws(SDLError) {
    guard fonts.scale != renderer.scale else { return }
    fonts = try PanelFonts(session: sdl, files: files, scale: renderer.scale)
  }
}

/// The panel's fonts at one pixel density. The status line's regular font opens with the
/// window (the start note shows in it); the others, the first time the panel or a slow-motion
/// note is drawn.
@MainActor
private struct PanelFonts {
  let scale: Double
  let status: Font
  let title: FontOnFirstUse
  let group: FontOnFirstUse
  let name: FontOnFirstUse
  let value: FontOnFirstUse
  let small: FontOnFirstUse
  let statusBold: FontOnFirstUse

  init(session: SDLSession, files: FontFiles, scale: Double) throws(SDLError) {
    self.scale = scale
    status = try Font(session: session, files: files, pointSize: 12, scale: scale)
    title = FontOnFirstUse(session: session, files: files, pointSize: 15, scale: scale, bold: true)
    group = FontOnFirstUse(session: session, files: files, pointSize: 10.5, scale: scale, bold: true)
    name = FontOnFirstUse(session: session, files: files, pointSize: 12.5, scale: scale)
    value = FontOnFirstUse(session: session, files: files, pointSize: 12.5, scale: scale, bold: true)
    small = FontOnFirstUse(session: session, files: files, pointSize: 10.5, scale: scale)
    statusBold = FontOnFirstUse(session: session, files: files, pointSize: 12, scale: scale, bold: true)
  }
}

extension Color {
  /// Halfway between this colour and `other`.
  fileprivate func mixed(with other: Color) -> Color {
    Color(
      red: UInt8((Int(red) + Int(other.red)) / 2), green: UInt8((Int(green) + Int(other.green)) / 2),
      blue: UInt8((Int(blue) + Int(other.blue)) / 2), alpha: UInt8((Int(alpha) + Int(other.alpha)) / 2))
  }
}
