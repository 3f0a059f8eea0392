import RefreshSDL

/// Where the tables sit in the window: one table filling it, or, for `--compare`, two side by
/// side, each under a caption naming its tuning; for `--match`, under a strip of their own for
/// the plot, which nothing else moves (the status line and the start hint take their room from
/// the tables' bottom).
///
/// The tables live in their own coordinates (the top-left of a table is 0,0), which are the
/// window's coordinates when there is one table. Gesture scripts use them too, so a script
/// recorded with one table replays the same on both sides of a comparison, and a recording made
/// while comparing replays on a single table.
struct CompareLayout: Sendable, Equatable {
  /// Whether two tables are shown.
  var isComparing: Bool
  /// Height of `--match`'s plot strip at the window's top, points (0 for none).
  var plotHeight = 0.0

  /// Height of the caption above each table when comparing, points.
  static let captionHeight = 24.0

  /// Where the tables begin: below the plot strip and the captions when comparing.
  var tablesTop: Double { isComparing ? plotHeight + Self.captionHeight : 0 }

  /// `--match`'s plot strip in a window `width` points wide.
  func plotFrame(width: Double) -> Rect { Rect(x: 0, y: 0, width: width, height: plotHeight) }

  /// The window for tables of `table` size each: twice as wide and a caption taller when
  /// comparing, so each table keeps the size `--size` asked for.
  func windowSize(forTable table: WindowSize) -> WindowSize {
    guard isComparing else { return table }
    return WindowSize(width: 2 * table.width, height: table.height + Int(tablesTop))
  }

  /// The tables' frames in a window of `width` × `height` points: the measured table first,
  /// then the compared one.
  func tableFrames(width: Double, height: Double) -> [Rect] {
    guard isComparing else { return [Rect(x: 0, y: 0, width: width, height: height)] }
    let half = width / 2
    let tableHeight = max(0, height - tablesTop)
    return [
      Rect(x: 0, y: tablesTop, width: half, height: tableHeight),
      Rect(x: half, y: tablesTop, width: width - half, height: tableHeight),
    ]
  }

  /// The size of one table, in its own coordinates.
  func tableViewport(width: Double, height: Double) -> Rect {
    let frame = tableFrames(width: width, height: height)[0]
    return Rect(x: 0, y: 0, width: frame.width, height: frame.height)
  }

  /// The caption strips above the tables (none for a single table).
  func captionFrames(width: Double, height: Double) -> [Rect] {
    guard isComparing else { return [] }
    return tableFrames(width: width, height: height).map {
      Rect(x: $0.x, y: plotHeight, width: $0.width, height: Self.captionHeight)
    }
  }

  /// `event` (window points, in a window `width` wide) in table coordinates. When comparing, a
  /// pointer over either table lands at the same spot of both, so one drag drives both tables;
  /// a resize gives each table its share.
  func tableEvent(_ event: ShellEvent, windowWidth width: Double) -> ShellEvent {
    guard isComparing else { return event }
    let half = width / 2
    func x(_ x: Double) -> Double { x >= half ? x - half : x }
    let top = tablesTop
    let y = { (y: Double) in y - top }
    switch event {
    case .mouseDown(let px, let py, let button): return .mouseDown(x: x(px), y: y(py), button: button)
    case .mouseMove(let px, let py, let held): return .mouseMove(x: x(px), y: y(py), buttonHeld: held)
    case .mouseUp(let px, let py, let button): return .mouseUp(x: x(px), y: y(py), button: button)
    case .touchDown(let px, let py, let finger): return .touchDown(x: x(px), y: y(py), finger: finger)
    case .touchMove(let px, let py, let finger): return .touchMove(x: x(px), y: y(py), finger: finger)
    case .touchUp(let px, let py, let finger): return .touchUp(x: x(px), y: y(py), finger: finger)
    case .wheel(let dy, let precise, let px, let py):
      return .wheel(dy: dy, precise: precise, x: x(px), y: y(py))
    case .wheelSideways(let dx, let precise, let px, let py):
      return .wheelSideways(dx: dx, precise: precise, x: x(px), y: y(py))
    case .resize(let width, let height):
      return .resize(width: width / 2, height: max(0, height - top))
    case .quit, .key, .focusLost, .pointerLeft, .exposed, .other:
      return event
    }
  }
}

extension CompareLayout {
  /// The layout `options` ask for.
  init(_ options: LabOptions) {
    // `--match` shows the recording in the compared table's place.
    self.init(
      isComparing: options.compare != nil || options.match != nil,
      plotHeight: options.match != nil ? MatchView.plotHeight : 0)
  }
}
