import RefreshCore

/// The app's step function, shared by the window and `--headless`: the controller, the data
/// source and the gesture script, merged into one stream of inputs in time order.
///
/// Nothing here reads a clock. Each script event and each data-source answer reaches the
/// controller at its own exact time, not at the frame that happens to follow it, so the same
/// replay gives the same trace at any frame rate and on any machine.
public struct LabSession: Sendable {
  /// The scroll view.
  public private(set) var controller: RefreshController
  /// The simulated server.
  public private(set) var dataSource: SimulatedDataSource
  /// Height of one row, points.
  public let rowHeight: Double
  /// Window y of the table's top edge: core y is window y minus this.
  public var tableTop: Double

  private let script: [ScriptEvent]
  private var nextScriptEvent = 0
  /// Where the pointer was last seen, window y; an `up` elsewhere implies a move there first.
  private var pointerY: Double?

  /// Whether the script's `end` line has been reached.
  public private(set) var reachedScriptEnd = false

  /// A session at time 0 with the table at rest at the top.
  public init(
    tuning: Tuning, data: DataSourceConfiguration, viewportHeight: Double, rowHeight: Double,
    tableTop: Double = 0, script: GestureScript? = nil
  ) {
    let dataSource = SimulatedDataSource(data)
    self.dataSource = dataSource
    self.rowHeight = rowHeight
    self.tableTop = tableTop
    self.script = script?.events ?? []
    controller = RefreshController(
      tuning: tuning, viewportHeight: viewportHeight,
      contentHeight: Double(dataSource.rowCount) * rowHeight)
  }

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
    controller.isSettled && !dataSource.hasPendingRequests && remainingScriptEvents == 0
  }

  /// Plays everything due up to `time`, then moves the controller's clock to `time`: call once
  /// per frame, before drawing.
  public mutating func step(to time: Double) {
    play(through: time)
    start(controller.handle(.advance(to: time)))
    // A request started during the advance with zero latency is already due.
    play(through: time)
  }

  /// Delivers something a person did, now (from the window): whatever fell due before it is
  /// played first, so it never overtakes an earlier answer.
  public mutating func perform(_ action: ScriptEvent.Action, at time: Double) {
    play(through: time)
    apply(action, at: time)
  }

  /// Delivers an input the app makes itself (a resize, a retry, new tuning), in time order.
  public mutating func send(_ input: Input) {
    play(through: input.time)
    start(controller.handle(input))
  }

  /// Delivers script events and data-source answers due by `time`, earliest first; at equal
  /// times an answer goes first, since its request began earlier.
  mutating func play(through time: Double) {
    while true {
      let scriptTime = remainingScriptEvents > 0 ? script[nextScriptEvent].time : .infinity
      let answerTime = dataSource.nextCompletionTime ?? .infinity
      if answerTime <= time && answerTime <= scriptTime {
        guard let completion = dataSource.completeNext() else { return }
        for input in completion.inputs(rowHeight: rowHeight) { start(controller.handle(input)) }
      } else if scriptTime <= time {
        let event = script[nextScriptEvent]
        nextScriptEvent += 1
        apply(event.action, at: event.time)
      } else {
        return
      }
    }
  }

  mutating func apply(_ action: ScriptEvent.Action, at time: Double) {
    for input in inputs(for: action, at: time) { start(controller.handle(input)) }
    switch action {
    case .down(_, let y), .move(_, let y), .up(_, let y?): pointerY = y
    case .end: reachedScriptEnd = true
    default: break
    }
  }

  /// The core inputs a window-level action stands for.
  func inputs(for action: ScriptEvent.Action, at time: Double) -> [Input] {
    switch action {
    case .down(_, let y):
      return [.down(y: y - tableTop, time: time)]
    case .move(_, let y):
      return [.move(y: y - tableTop, time: time)]
    case .up(_, let y?) where y != pointerY:
      return [.move(y: y - tableTop, time: time), .up(time: time)]
    case .up:
      return [.up(time: time)]
    case .cancel:
      return [.cancel(time: time)]
    case .wheel(let dy, let precise, _, _):
      return [.wheel(dy: dy, precise: precise, time: time)]
    case .key(let key):
      return [.key(key.action, time: time)]
    case .end:
      return []
    }
  }

  private mutating func start(_ effects: [Effect]) {
    for effect in effects { dataSource.start(effect) }
  }
}

extension ScriptKey {
  /// What the key asks the scroll view to do.
  public var action: KeyAction {
    switch self {
    case .up: .lineUp
    case .down: .lineDown
    case .pageUp: .pageUp
    case .pageDown: .pageDown
    case .home: .home
    case .end: .end
    case .f5, .controlR: .refresh
    }
  }
}
