import RefreshCore

/// The one owner of an embedded list's state, as a plain value: its frame in the host's window,
/// the scroll view (`RefreshController`), the rules that turn window events into gestures
/// (`GestureMapper`), the selected row (`RowSelection`) and whether it has keyboard focus.
///
/// Every host drives the list through this type and nothing else: RefreshSDL's `RefreshListView` keeps one
/// and draws it; the lab app's window, its headless replays and its soak keep one each beside
/// their simulated server. Every call returns every request it started, those of the time it
/// moved the clock over included, so a host that runs what each call returns (and only that)
/// starts each refresh and load-more exactly once, whatever event carried time past the
/// trigger. Being a value, it can be copied, compared and replayed, and every call takes the
/// time, so the same calls give the same state on any machine.
public struct RefreshList: Sendable {
  /// The scroll view: offset, insets, header and footer.
  public private(set) var controller: RefreshController
  /// Window events to core inputs; its viewport is ``frame``.
  public private(set) var gestures: GestureMapper
  /// Height of one row, points: row counts become content heights with it.
  public let rowHeight: Double
  /// How many rows there are.
  public private(set) var rowCount: Int
  /// The row a tap selected; Up and Down move it while there is one.
  public private(set) var selection = RowSelection()
  /// Whether the list takes keys. A press inside the frame gives it focus; the host takes it
  /// away when one of its own widgets takes focus (a click in its text field, a Tab), since a
  /// press on something that takes no focus leaves focus where it was, as in GTK. Pointer,
  /// touch and wheel go by position whatever the focus.
  public var isFocused = false

  /// A list of `rowCount` rows `rowHeight` tall at rest at the top of `frame` (window points),
  /// at time `time`.
  public init(
    frame: Rect, tuning: Tuning = Tuning(), rowCount: Int, rowHeight: Double, time: Double = 0
  ) {
    self.rowHeight = rowHeight
    self.rowCount = max(0, rowCount)
    gestures = GestureMapper(viewport: frame, wheelLineDistance: tuning.wheelLineDistance)
    controller = RefreshController(
      tuning: tuning, viewportHeight: frame.height,
      contentHeight: Double(max(0, rowCount)) * rowHeight, time: time)
  }

  /// Where the list sits, in window points.
  public var frame: Rect { gestures.viewport }

  /// What a window event did to the list.
  public struct Reaction: Sendable, Equatable {
    /// What the event meant: an input given to the scroll view, part of a gesture the list used
    /// itself, or nothing (quitting, the host's own keys, keys while unfocused, a hover).
    public var meaning: GestureMapper.Translation
    /// Work the host must start: a refresh or a load-more, each once per trigger. Run them
    /// whether or not the list took the event: moving the clock to an event the list does not
    /// take (a hover over a coasting list) can cross a trigger too.
    public var requests: [Effect]

    /// Whether the list took the event, so the host should not act on it too.
    public var isConsumed: Bool {
      switch meaning {
      case .input, .handled: true
      case .ignored: false
      }
    }
  }

  /// Applies `event` (window points), which happened at `time`.
  public mutating func handle(_ event: ShellEvent, at time: Double) -> Reaction {
    // The scrollbar's thumb is grabbed where the frame at this very time shows it.
    var requests = _absorb(controller.handle(.advance(to: time)))
    switch event {
    case .mouseDown(let x, let y, _), .touchDown(let x, let y, _):
      if frame.contains(Point(x: x, y: y)) { isFocused = true }
    case .key where !isFocused:
      return Reaction(meaning: .ignored, requests: requests)
    default:
      break
    }
    let meaning = gestures.translate(event, at: time, showing: controller.snapshot)
    guard case .input(let input) = meaning else { return Reaction(meaning: meaning, requests: requests) }
    if case .key(let action, _) = input, action == .lineUp || action == .lineDown,
      selection.row != nil
    {
      // With a row selected, the arrows move the selection and keep it in view.
      let goal = selection.move(
        by: action == .lineUp ? -1 : 1, rowCount: rowCount, rowHeight: rowHeight,
        in: controller.snapshot)
      if let goal {
        requests += _absorb(controller.handle(.scroll(toOffset: goal, animated: true, time: time)))
      }
    } else {
      requests += _absorb(controller.handle(input))
    }
    return Reaction(meaning: meaning, requests: requests)
  }

  /// Applies the core's taps to the selection and returns the rest: the host's requests.
  private mutating func _absorb(_ effects: [Effect]) -> [Effect] {
    guard effects.contains(where: { if case .tap = $0 { true } else { false } }) else {
      return effects
    }
    var requests: [Effect] = []
    for effect in effects {
      if case .tap(let contentY, _) = effect {
        selection.select(atContentY: contentY, rowHeight: rowHeight, rowCount: rowCount)
      } else {
        requests.append(effect)
      }
    }
    return requests
  }

  /// Moves the list's clock to `time`: flings, springs and holds run on in exact steps. Returns
  /// the requests a trigger crossed on the way starts.
  public mutating func advance(to time: Double) -> [Effect] {
    _absorb(controller.handle(.advance(to: time)))
  }

  /// Gives the scroll view an input the host makes itself: a refresh it starts
  /// (`beginRefreshing`), new tuning, a new baseline inset. Returns the requests it starts.
  public mutating func send(_ input: Input) -> [Effect] {
    if case .setTuning(let tuning, _) = input {
      gestures.wheelLineDistance = tuning.wheelLineDistance
    }
    return _absorb(controller.handle(input))
  }

  /// The host's refresh ended with `result` and the list now has `rowCount` rows. A failure
  /// keeps the old rows, so only a success changes the content height, and it does so first,
  /// so that the footer re-arms against the new end (MJRefresh #463).
  public mutating func endRefreshing(_ result: RefreshResult, rowCount: Int, at time: Double)
    -> [Effect]
  {
    var effects: [Effect] = []
    if result == .success {
      // Fresh rows: the selected one is gone.
      selection.clear()
      effects += setRowCount(rowCount, at: time)
    }
    return effects + _absorb(controller.handle(.endRefreshing(result, time: time)))
  }

  /// The host's load-more ended with `result` and the list now has `rowCount` rows; the new
  /// height goes first, as for ``endRefreshing(_:rowCount:at:)``.
  public mutating func endLoadingMore(_ result: LoadResult, rowCount: Int, at time: Double)
    -> [Effect]
  {
    var effects: [Effect] = []
    if result != .failure { effects += setRowCount(rowCount, at: time) }
    return effects + _absorb(controller.handle(.endLoadingMore(result, time: time)))
  }

  /// The rows changed outside a request (the host inserted or removed some).
  public mutating func setRowCount(_ rowCount: Int, at time: Double) -> [Effect] {
    self.rowCount = max(0, rowCount)
    if let row = selection.row, row >= self.rowCount { selection.clear() }
    return _absorb(
      controller.handle(.setContentHeight(Double(self.rowCount) * rowHeight, time: time)))
  }

  /// Moves the list to `frame` (window points), as the host lays its window out again; the
  /// scroll view keeps its place against the new height.
  public mutating func setFrame(_ frame: Rect, at time: Double) -> [Effect] {
    gestures.viewport = frame
    return _absorb(controller.handle(.resize(viewportHeight: frame.height, time: time)))
  }
}
