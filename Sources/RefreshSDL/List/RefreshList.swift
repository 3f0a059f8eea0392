import RefreshCore

/// The state of an embedded refreshable list as a plain value: its frame in the host's window,
/// the scroll view (`RefreshController`) and the rules that turn window events into gestures
/// (`GestureMapper`).
///
/// ``RefreshListView`` keeps one of these and draws it; most hosts never touch it. It is public
/// for hosts that step the list themselves, off the drawing path or in a test: being a value,
/// it can be copied, compared and replayed, and every call takes the time, so the same calls
/// give the same state on any machine.
public struct RefreshList: Sendable {
  /// The scroll view: offset, insets, header and footer.
  public private(set) var controller: RefreshController
  /// Window events to core inputs; its viewport is ``frame``.
  public private(set) var gestures: GestureMapper
  /// Height of one row, points: row counts become content heights with it.
  public let rowHeight: Double

  /// A list of `rowCount` rows `rowHeight` tall at rest at the top of `frame` (window points),
  /// at time `time`.
  public init(
    frame: Rect, tuning: Tuning = Tuning(), rowCount: Int, rowHeight: Double, time: Double = 0
  ) {
    self.rowHeight = rowHeight
    gestures = GestureMapper(viewport: frame, wheelLineDistance: tuning.wheelLineDistance)
    controller = RefreshController(
      tuning: tuning, viewportHeight: frame.height,
      contentHeight: Double(max(0, rowCount)) * rowHeight, time: time)
  }

  /// Where the list sits, in window points.
  public var frame: Rect { gestures.viewport }

  /// What a window event did to the list.
  public struct Reaction: Sendable, Equatable {
    /// What the event meant: an input given to the scroll view, a request to quit (which the
    /// list leaves to the host), or nothing.
    public var meaning: GestureMapper.Translation
    /// Work the host must start: a refresh or a load-more, each once per trigger.
    public var requests: [Effect]

    /// Whether the list took the event, so the host should not act on it too.
    public var isConsumed: Bool {
      if case .input = meaning { return true }
      return false
    }
  }

  /// Applies `event` (window points), which happened at `time`.
  public mutating func handle(_ event: ShellEvent, at time: Double) -> Reaction {
    let meaning = gestures.translate(event, at: time)
    guard case .input(let input) = meaning else { return Reaction(meaning: meaning, requests: []) }
    return Reaction(meaning: meaning, requests: controller.handle(input))
  }

  /// Moves the list's clock to `time`: flings, springs and holds run on in exact steps. Returns
  /// the requests a trigger crossed on the way starts.
  public mutating func advance(to time: Double) -> [Effect] {
    controller.handle(.advance(to: time))
  }

  /// Gives the scroll view an input the host makes itself: a refresh it starts
  /// (`beginRefreshing`), new tuning, a new baseline inset. Returns the requests it starts.
  public mutating func send(_ input: Input) -> [Effect] {
    if case .setTuning(let tuning, _) = input {
      gestures.wheelLineDistance = tuning.wheelLineDistance
    }
    return controller.handle(input)
  }

  /// The host's refresh ended with `result` and the list now has `rowCount` rows. A failure
  /// keeps the old rows, so only a success changes the content height, and it does so first,
  /// so that the footer re-arms against the new end (MJRefresh #463).
  public mutating func endRefreshing(_ result: RefreshResult, rowCount: Int, at time: Double)
    -> [Effect]
  {
    var effects: [Effect] = []
    if result == .success { effects += setRowCount(rowCount, at: time) }
    return effects + controller.handle(.endRefreshing(result, time: time))
  }

  /// The host's load-more ended with `result` and the list now has `rowCount` rows; the new
  /// height goes first, as for ``endRefreshing(_:rowCount:at:)``.
  public mutating func endLoadingMore(_ result: LoadResult, rowCount: Int, at time: Double)
    -> [Effect]
  {
    var effects: [Effect] = []
    if result != .failure { effects += setRowCount(rowCount, at: time) }
    return effects + controller.handle(.endLoadingMore(result, time: time))
  }

  /// The rows changed outside a request (the host inserted or removed some).
  public mutating func setRowCount(_ rowCount: Int, at time: Double) -> [Effect] {
    controller.handle(.setContentHeight(Double(max(0, rowCount)) * rowHeight, time: time))
  }

  /// Moves the list to `frame` (window points), as the host lays its window out again; the
  /// scroll view keeps its place against the new height.
  public mutating func setFrame(_ frame: Rect, at time: Double) -> [Effect] {
    gestures.viewport = frame
    return controller.handle(.resize(viewportHeight: frame.height, time: time))
  }
}
