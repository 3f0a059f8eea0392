import RefreshSDL

/// Where the tuning panel and each of its rows sit in the window, in window points. Drawing and
/// hit testing both read it, so a click lands on exactly the slider that was drawn there.
///
/// The panel is docked: a column at the window's right edge, beside the list, never over it.
/// Opening it widens the window by the column (`dockedWindowWidth`), so the list keeps its own
/// size; where the screen has no room for that, the list narrows, down to `smallestListWidth`,
/// and the column takes what is left.
struct PanelLayout: Sendable, Equatable {
  /// Width of the docked column.
  static let columnWidth = 380.0
  /// The narrowest the list gets beside the column in a window that could not widen.
  static let smallestListWidth = 200.0
  /// Title and key hints above the rows.
  static let titleHeight = 50.0
  /// A group's title row.
  static let groupHeight = 28.0
  /// A number or choice row: name and value, then the slider or options.
  static let rowHeight = 46.0
  /// Left and right margin inside the panel.
  static let padding = 14.0
  /// Width of the range labels either side of a slider.
  static let rangeColumn = 48.0
  /// Space kept free at the bottom for the status line.
  static let statusHeight = 24.0
  /// The line below the rows saying what the selected setting does, or why it is greyed.
  static let meaningHeight = 22.0
  /// Space either side of a choice's label inside its button.
  static let labelInset = 5.0

  /// The whole panel.
  let panel: Rect
  /// The scrolling area below the title.
  let content: Rect
  /// The selected setting's meaning, below the rows.
  let meaning: Rect
  /// Each row's top, measured from the top of the unscrolled content.
  let rowTops: [Double]
  /// Each row's height.
  let rowHeights: [Double]
  /// How far the rows are scrolled, points (already clamped).
  let scroll: Double

  /// The layout of `rows` in a window `width` × `height` points, scrolled by `scroll`.
  init(windowWidth width: Double, height: Double, rows: [PanelRow], scroll: Double) {
    panel = Self.panelRect(windowWidth: width, height: height)
    content = Rect(
      x: panel.x, y: panel.y + Self.titleHeight, width: panel.width,
      height: max(0, panel.height - Self.titleHeight - Self.meaningHeight - Self.statusHeight))
    meaning = Rect(x: panel.x, y: content.maxY, width: panel.width, height: Self.meaningHeight)
    var tops: [Double] = []
    var heights: [Double] = []
    var y = 0.0
    for row in rows {
      let height = row.isSelectable ? Self.rowHeight : Self.groupHeight
      tops.append(y)
      heights.append(height)
      y += height
    }
    rowTops = tops
    rowHeights = heights
    let contentHeight = y
    self.scroll = min(max(0, contentHeight - content.height), max(0, scroll))
  }

  static func panelRect(windowWidth width: Double, height: Double) -> Rect {
    let column = dockedColumnWidth(windowWidth: width)
    return Rect(x: width - column, y: 0, width: column, height: height)
  }

  /// The column's width in a window `width` points wide.
  static func dockedColumnWidth(windowWidth width: Double) -> Double {
    max(0, min(columnWidth, width - smallestListWidth))
  }

  /// The width left to the tables beside the open panel.
  static func listWidth(windowWidth width: Double) -> Double {
    width - dockedColumnWidth(windowWidth: width)
  }

  /// Height of all rows together.
  var contentHeight: Double { (rowTops.last ?? 0) + (rowHeights.last ?? 0) }

  /// Row `index` on screen (it may lie outside `content`, scrolled away).
  func rowRect(_ index: Int) -> Rect {
    Rect(
      x: content.x, y: content.y + rowTops[index] - scroll, width: content.width,
      height: rowHeights[index])
  }

  /// The row under `point`, if it is inside the visible rows.
  func row(at point: Point) -> Int? {
    guard content.contains(point) else { return nil }
    let y = point.y - content.y + scroll
    return rowTops.indices.last { rowTops[$0] <= y && y < rowTops[$0] + rowHeights[$0] }
  }

  /// The slider's track in a number row: between the range labels, on the row's second line.
  func track(inRow row: Rect) -> Rect {
    let left = row.x + Self.padding + Self.rangeColumn
    let right = row.maxX - Self.padding - Self.rangeColumn
    return Rect(x: left, y: row.y + 31, width: max(1, right - left), height: 0)
  }

  /// The band a click or drag on the slider may start in: the whole second line.
  func sliderHitArea(inRow row: Rect) -> Rect {
    Rect(x: row.x, y: row.y + 22, width: row.width, height: row.height - 22)
  }

  /// Fraction along `track` of horizontal position `x`, 0…1.
  func fraction(atX x: Double, track: Rect) -> Double {
    min(1, max(0, (x - track.x) / track.width))
  }

  /// The cells of a choice row whose labels are `labelWidths` points wide: the options side
  /// by side, each as wide as its label needs and the room left shared out; where they do not
  /// all fit, a stepper of three cells (the option before, the chosen one's label, the option
  /// after), so no label ever runs past its cell at any width the column takes.
  func choiceCells(inRow row: Rect, labelWidths: [Double]) -> ChoiceCells {
    guard !labelWidths.isEmpty else { return .segments([]) }
    let left = row.x + Self.padding
    let width = max(0, row.width - 2 * Self.padding)
    let gap = 3.0
    let needed = labelWidths.map { $0 + 2 * Self.labelInset }
    let spare = width - needed.reduce(0, +) - gap * Double(labelWidths.count - 1)
    if spare >= 0 {
      let share = spare / Double(labelWidths.count)
      var x = left
      return .segments(
        needed.map { need in
          defer { x += need + share + gap }
          return Rect(x: x, y: row.y + 22, width: need + share, height: 19)
        })
    }
    // In a column too narrow even for the arrows, they share it in thirds.
    let arrow = max(0, min(22, width / 3 - gap))
    let label = max(0, width - 2 * (arrow + gap))
    return .stepper(
      previous: Rect(x: left, y: row.y + 22, width: arrow, height: 19),
      label: Rect(x: left + arrow + gap, y: row.y + 22, width: label, height: 19),
      next: Rect(x: left + arrow + gap + label + gap, y: row.y + 22, width: arrow, height: 19))
  }

  /// The scroll that brings row `index` fully into view, changing as little as possible.
  func scroll(toShow index: Int) -> Double {
    guard rowTops.indices.contains(index) else { return 0 }
    let top = rowTops[index]
    let bottom = top + rowHeights[index]
    // A group title just above the row comes along, so the row is never seen without it.
    let above = index > 0 && rowHeights[index - 1] == Self.groupHeight ? rowTops[index - 1] : top
    if above < scroll { return above }
    if bottom > scroll + content.height { return bottom - content.height }
    return scroll
  }
}

/// How a choice row lays out its options (`PanelLayout.choiceCells`).
enum ChoiceCells: Sendable, Equatable {
  /// A button per option, left to right.
  case segments([Rect])
  /// The option before, the chosen option's label, the option after.
  case stepper(previous: Rect, label: Rect, next: Rect)

  /// The option a click at `point` picks, `chosen` being the one in force (nil: none).
  func option(at point: Point, chosen: Int?, count: Int) -> Int? {
    switch self {
    case .segments(let cells):
      return cells.firstIndex { $0.contains(point) }
    case .stepper(let previous, _, let next):
      let current = chosen ?? -1
      if previous.contains(point) { return max(0, current - 1) }
      if next.contains(point) { return min(count - 1, current + 1) }
      return nil
    }
  }
}
