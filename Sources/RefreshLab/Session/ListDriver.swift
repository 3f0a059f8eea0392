import RefreshCore
import RefreshSDL

/// The app's step function, shared by the window, `--headless` and the soak: the table
/// (RefreshSDL's `RefreshList`, the store a `RefreshListView` drives too), the data source and
/// the gesture script, merged into one stream of inputs in time order. Like any host, it runs
/// every request each call on the list returns, and nothing else.
///
/// Nothing here reads a clock. Each script event and each data-source answer reaches the list
/// at its own exact time, not at the frame that happens to follow it, so the same replay gives
/// the same trace at any frame rate and on any machine. Script events and live window events
/// pass through the same `RefreshList.handle`, so a replay means what the recording meant.
///
/// Events arrive in table coordinates (a table's top-left is 0,0; see `CompareLayout`); the
/// list itself sits at `origin` in the window.
public struct ListDriver: Sendable {
  /// The table: scroll view, gesture rules and where it sits in the window.
  public private(set) var list: RefreshList
  /// The simulated server.
  public private(set) var dataSource: SimulatedDataSource
  /// The table's rectangle in table coordinates: where events count.
  public private(set) var viewport: Rect
  /// Where table coordinates' 0,0 lies in the window.
  public private(set) var origin: Point

  private let script: [ScriptEvent]
  private var nextScriptEvent = 0
  /// Where the pointer was last seen, table coordinates; a script's `up` elsewhere means the
  /// pointer moved there first, as SDL would have reported.
  private var pointer: Point?

  /// Where a button or finger is held on this table, window points (`--show-touches`).
  public private(set) var press = PressedPointer()

  /// Whether the script's `end` line has been reached.
  public private(set) var reachedScriptEnd = false

  /// A session at time 0, its table in `viewport` (table coordinates, placed at `origin` in the
  /// window) at rest at the top.
  public init(
    tuning: Tuning, data: DataSourceConfiguration, viewport: Rect, rowHeight: Double,
    script: GestureScript? = nil, origin: Point = Point(x: 0, y: 0), reducesMotion: Bool = false
  ) {
    let dataSource = SimulatedDataSource(data)
    self.dataSource = dataSource
    self.viewport = viewport
    self.origin = origin
    self.script = script?.events ?? []
    list = RefreshList(
      frame: viewport.moved(by: origin), tuning: tuning,
      rowCount: dataSource.flatCount(of: dataSource.rowCount),
      rowHeight: data.axis == .horizontal ? max(rowHeight, 180) : rowHeight, axis: data.axis)
    // The lab's table is the window's one widget: it has the keys from the start.
    list.isFocused = true
    list.orientation = data.orientation
    list.newRowsPillPlacement = TableStyle().newRowsPill
    list.reducesMotion = reducesMotion
  }

  /// Whether the list reduces motion (`--reduced-motion`, or the desktop's setting).
  public var reducesMotion: Bool { list.reducesMotion }

  /// The scroll view.
  public var controller: RefreshController { list.controller }
  /// Window events to core inputs, in window coordinates.
  public var mapper: GestureMapper { list.gestures }
  /// Height of one row, points.
  public var rowHeight: Double { list.rowHeight }
  /// The row a tap selected.
  public var selection: RowSelection { list.selection }

  /// The script's events not yet played.
  public var remainingScriptEvents: Int {
    reachedScriptEnd ? 0 : script.count - nextScriptEvent
  }

  /// When something is next due on its own: a script event or a data-source answer. A window
  /// with a settled controller may sleep until then.
  public var nextDueTime: Double? {
    let scriptTime = remainingScriptEvents > 0 ? script[nextScriptEvent].time : nil
    switch (scriptTime, dataSource.nextCompletionTime) {
    case (let s?, let c?): return min(s, c)
    case (let s, let c): return s ?? c
    }
  }

  /// Whether nothing will change until new input: controller settled, no request in flight,
  /// no script event waiting.
  public var isIdle: Bool {
    list.isSettled && !dataSource.hasPendingRequests && remainingScriptEvents == 0
  }

  /// Plays everything due up to `time`, then moves the controller's clock to `time`: call once
  /// per frame, before drawing.
  public mutating func step(to time: Double) {
    play(through: time)
    start(list.advance(to: time))
    // A request started during the advance with zero latency is already due.
    play(through: time)
  }

  /// Delivers a window event (live input) at `time`. Whatever fell due before it is played
  /// first, so it never overtakes an earlier answer. Returns what the event meant.
  @discardableResult
  public mutating func handle(_ event: ShellEvent, at time: Double) -> GestureMapper.Translation {
    play(through: time)
    return apply(event, at: time)
  }

  /// Measures the rows about to show that have no height yet with `measure` (see
  /// `RefreshList.measureVisibleRows(at:_:)`), at `time`: before drawing a frame.
  public mutating func measureRows(at time: Double, _ measure: (Int) -> Double?) {
    start(list.measureVisibleRows(at: time, measure))
  }

  /// Rows `rows` are measured again as they show (an image of a new shape arrived for them),
  /// keeping the heights they have until then.
  public mutating func remeasure(rows: [Int], at time: Double) {
    let heights = rows.map { (row: $0, height: list.layout.height(ofRow: $0)) }
    start(list.setRowHeights(heights, measured: false, at: time))
  }

  /// Delivers an input the app makes itself (a retry, new tuning), in time order.
  public mutating func send(_ input: Input) {
    play(through: input.time)
    start(list.send(input))
  }

  /// Moves the table to `frame` (window points) at `time`, as the window's layout changed.
  public mutating func place(in frame: Rect, at time: Double) {
    play(through: time)
    origin = Point(x: frame.x, y: frame.y)
    viewport = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
    start(list.setFrame(frame, at: time))
  }

  /// Changes the simulated server from `time` on (the tuning panel's data source rows). When
  /// rows exist again past the end, the footer leaves no-more-data, as an app would tell it.
  public mutating func setDataConfiguration(_ configuration: DataSourceConfiguration, time: Double) {
    play(through: time)
    let hadEverything = dataSource.loadedCount >= dataSource.configuration.total
    dataSource.reconfigure(configuration)
    if hadEverything && dataSource.loadedCount < configuration.total {
      start(list.send(.resetNoMoreData(time: time)))
    }
  }

  /// Delivers script events and data-source answers due by `time`, earliest first; at equal
  /// times an answer goes first, since its request began earlier.
  mutating func play(through time: Double) {
    while true {
      let scriptTime = remainingScriptEvents > 0 ? script[nextScriptEvent].time : .infinity
      let answerTime = dataSource.nextCompletionTime ?? .infinity
      if answerTime <= time && answerTime <= scriptTime {
        guard let completion = dataSource.completeNext() else { return }
        switch completion.outcome {
        case .refreshed(let result):
          start(
            list.endRefreshing(
              result, rowCount: dataSource.flatCount(of: completion.rowCount), at: completion.time))
        case .loaded(let result):
          start(
            list.endLoadingMore(
              result, rowCount: dataSource.flatCount(of: completion.rowCount), at: completion.time))
        }
      } else if scriptTime <= time {
        let event = script[nextScriptEvent]
        nextScriptEvent += 1
        if case .end = event.action { reachedScriptEnd = true }
        switch event.action {
        case .rowHeight(let row, let height):
          start(list.setRowHeights([(row, height)], at: event.time))
        case .insert(let at, let count):
          let flat = dataSource.flatCount(of: at)
          let before = dataSource.flatCount(of: dataSource.rowCount)
          dataSource.insertRows(at: at, count: count)
          let grew = dataSource.flatCount(of: dataSource.rowCount) - before
          start(list.insertRows(at: flat, count: grew, at: event.time))
        case .remove(let at, let count):
          let flat = dataSource.flatCount(of: at)
          let before = dataSource.flatCount(of: dataSource.rowCount)
          dataSource.removeRows(at..<(at + count))
          let lost = before - dataSource.flatCount(of: dataSource.rowCount)
          start(list.removeRows(flat..<(flat + lost), at: event.time))
        default:
          break
        }
        for shellEvent in shellEvents(for: event.action) { apply(shellEvent, at: event.time) }
      } else {
        return
      }
    }
  }

  @discardableResult
  private mutating func apply(_ event: ShellEvent, at time: Double) -> GestureMapper.Translation {
    switch event {
    case .mouseDown(let x, let y, _), .mouseMove(let x, let y, _), .mouseUp(let x, let y, _),
      .touchDown(let x, let y, _), .touchMove(let x, let y, _), .touchUp(let x, let y, _):
      pointer = Point(x: x, y: y)
    default: break
    }
    if floorIsOpen(at: time), Self.closesFloor(event) {
      // The lab's second floor has nothing of its own to show: a click or Esc closes it.
      start(list.send(.finishTwoLevel(time: time)))
    }
    let placed = event.moved(by: origin)
    press.observe(placed)
    let reaction = list.handle(placed, at: time)
    start(reaction.requests)
    return reaction.meaning
  }

  /// The window events a script line stands for.
  func shellEvents(for action: ScriptEvent.Action) -> [ShellEvent] {
    switch action {
    case .down(let x, let y, false):
      return [.mouseDown(x: x, y: y, button: .left)]
    case .move(let x, let y, false):
      return [.mouseMove(x: x, y: y, buttonHeld: true)]
    case .down(let x, let y, true):
      return [.touchDown(x: x, y: y, finger: Self.scriptFinger)]
    case .move(let x, let y, true):
      return [.touchMove(x: x, y: y, finger: Self.scriptFinger)]
    case .up(let x, let y, let touch):
      let last = pointer ?? Point(x: viewport.midX, y: viewport.midY)
      let release = Point(x: x ?? last.x, y: y ?? last.y)
      if touch {
        let up = ShellEvent.touchUp(x: release.x, y: release.y, finger: Self.scriptFinger)
        guard release != last else { return [up] }
        return [.touchMove(x: release.x, y: release.y, finger: Self.scriptFinger), up]
      }
      let up = ShellEvent.mouseUp(x: release.x, y: release.y, button: .left)
      guard release != last else { return [up] }
      return [.mouseMove(x: release.x, y: release.y, buttonHeld: true), up]
    case .cancel:
      return [.focusLost]
    case .wheel(let dy, let precise, let x, let y):
      // Without a position the wheel turns over the table's centre.
      return [
        .wheel(
          dy: dy, precise: precise, x: x ?? viewport.midX, y: y ?? viewport.midY)
      ]
    case .key(let key):
      return [.key(key.shellKey, modifiers: key.modifiers, isRepeat: false)]
    case .end, .rowHeight, .insert, .remove:
      return []
    }
  }

  /// Whether the second floor shows at `time` (opening or open), so a click or Esc closes it.
  func floorIsOpen(at time: Double) -> Bool {
    var controller = list.controller
    _ = controller.advance(to: time)
    return controller.snapshot.header == .twoLevel
  }

  /// A click (the button or finger lifting) or Esc.
  static func closesFloor(_ event: ShellEvent) -> Bool {
    switch event {
    case .mouseUp, .touchUp: true
    case .key(let key, _, false): key == .escape
    default: false
    }
  }

  /// A script's touches are one finger's.
  static let scriptFinger: Int64 = 0

  private mutating func start(_ requests: [Effect]) {
    for request in requests { dataSource.start(request) }
  }
}
