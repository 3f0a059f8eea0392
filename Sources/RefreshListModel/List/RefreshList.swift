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
  public internal(set) var controller: RefreshController
  /// Window events to core inputs; its viewport is ``frame``.
  public private(set) var gestures: GestureMapper
  /// Where each row sits: the content height is its total, and rows measured or resized
  /// through ``setRowHeights(_:measured:at:measure:)`` keep what the person reads in place.
  public internal(set) var layout: RowLayout
  /// How many rows there are.
  public var rowCount: Int { layout.rowCount }
  /// The height of rows not measured yet, points.
  public var rowHeight: Double { layout.estimatedHeight }
  /// The row a tap selected; Up and Down move it while there is one.
  public internal(set) var selection = RowSelection()
  /// Whether the list takes keys. A press inside the frame gives it focus; the host takes it
  /// away when one of its own widgets takes focus (a click in its text field, a Tab), since a
  /// press on something that takes no focus leaves focus where it was, as in GTK. Pointer,
  /// touch and wheel go by position whatever the focus.
  public var isFocused = false
  /// The row under a press that has not moved the list (yet): drawn pressed, as a tap would
  /// select it.
  public internal(set) var pressedRow: Int?
  /// The offset the press found, to tell when the press became a drag.
  var _pressOffset = 0.0
  /// Rows sliding to new places and fading in or out after a change.
  public internal(set) var motions = RowMotions()
  /// Whether the person asked for reduced motion (the desktop's setting, or the host's choice):
  /// rows inserted or moved by ``applyChanges(removed:inserted:moved:animated:at:measure:)``
  /// appear in place (inserted ones fade in, none slides), the second floor opens without its
  /// slide, and the snapshot carries it to the renderers (an animated header shows the frame
  /// its progress names and does not loop, the scale header does not scale). What the person's
  /// finger does (drag, fling, rubber band, the hold while refreshing) is unchanged, as on iOS
  /// and GNOME. Off by default.
  public var reducesMotion: Bool {
    get { controller.reducesMotion }
    set { controller.reducesMotion = newValue }
  }
  /// Rows that arrived above while the person read further down, not seen yet: the "N new"
  /// pill shows while there are any, and reaching the top clears them.
  public internal(set) var unseenAbove = 0
  /// Which way the list runs: a chat keeps its state as a normal list does and flips what
  /// comes in (events) and goes out (the drawing) top to bottom.
  public var orientation = ListOrientation.normal
  /// Whether a press began on the pill (its release there scrolls to the top).
  var _pillPressed = false
  /// Where the front end draws the "N new" pill, so that a click on it scrolls to the top; nil
  /// (a list no front end placed a pill on) shows none to click. RefreshSDL's `RefreshListView`
  /// sets its `TableStyle.newRowsPill`.
  public var newRowsPillPlacement: NewRowsPillPlacement?

  /// A list of `rowCount` rows `rowHeight` tall (until measured or told otherwise) at rest at
  /// the top of `frame` (window points), at time `time`.
  /// A horizontal list (`axis`) keeps its state as a vertical one does: its rows are columns
  /// `rowHeight` wide, and ``frame`` is the window's rectangle with x and y swapped.
  public init(
    frame: Rect, tuning: Tuning = Tuning(), rowCount: Int, rowHeight: Double, time: Double = 0,
    axis: ListAxis = .vertical
  ) {
    self.axis = axis
    let frame = axis == .horizontal ? frame.transposed : frame
    layout = RowLayout(rowCount: rowCount, estimatedHeight: rowHeight)
    gestures = GestureMapper(viewport: frame, wheelLineDistance: tuning.wheelLineDistance)
    controller = RefreshController(
      tuning: tuning, viewportHeight: frame.height, contentHeight: layout.totalHeight, time: time)
  }

  /// Where the list sits as its state sees it: in window points for a vertical list, with x
  /// and y swapped for a horizontal one (``screenFrame`` is where it shows).
  public var frame: Rect { gestures.viewport }
  /// Where the list shows, in window points.
  public var screenFrame: Rect { axis == .horizontal ? frame.transposed : frame }
  /// Along which axis the list scrolls.
  public let axis: ListAxis

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
    var event = axis == .horizontal ? event.transposed : event
    if orientation == .chat { event = event.mirrored(in: frame) }
    // The scrollbar's thumb is grabbed where the frame at this very time shows it.
    var requests = _absorb(controller.handle(.advance(to: time)))
    _noteTopReached()
    if let reaction = _pillReaction(event, at: time) { return reaction }
    switch event {
    case .mouseDown(let x, let y, _), .touchDown(let x, let y, _):
      if frame.contains(Point(x: x, y: y)) { isFocused = true }
    case .key where !isFocused:
      return Reaction(meaning: .ignored, requests: requests)
    default:
      break
    }
    let meaning = gestures.translate(event, at: time, showing: controller.snapshot)
    defer { _trackPress(event, meaning) }
    guard case .input(let input) = meaning else { return Reaction(meaning: meaning, requests: requests) }
    if case .key(let action, _) = input, action == .lineUp || action == .lineDown,
      selection.row != nil
    {
      // With a row selected, the arrows move the selection and keep it in view.
      let goal = selection.move(
        by: action == .lineUp ? -1 : 1, in: layout, snapshot: controller.snapshot)
      if let goal {
        requests += _absorb(controller.handle(.scroll(toOffset: goal, animated: true, time: time)))
      }
    } else {
      requests += _absorb(controller.handle(input))
    }
    return Reaction(meaning: meaning, requests: requests)
  }

  /// Moves the list's clock to `time`: flings, springs and holds run on in exact steps. Returns
  /// the requests a trigger crossed on the way starts.
  public mutating func advance(to time: Double) -> [Effect] {
    if !motions.rows.isEmpty { motions.settle(at: time) }
    let requests = _absorb(controller.handle(.advance(to: time)))
    _noteTopReached()
    return requests
  }

  /// Whether nothing moves on its own: the scroll view settled and no row animating.
  public var isSettled: Bool {
    controller.isSettled && !motions.isActive(at: controller.snapshot.time)
  }

  /// When the list next looks different on its own if no input comes: the scroll view's
  /// `RefreshController.nextChangeTime(spinnerSteps:)`, or now while rows slide or fade.
  public func nextChangeTime(spinnerSteps: Int?) -> Double {
    let time = controller.time
    return motions.isActive(at: time) ? time : controller.nextChangeTime(spinnerSteps: spinnerSteps)
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
      // Fresh rows: the selected one is gone, and none is measured yet.
      selection.clear()
      unseenAbove = 0
      layout.reset(rowCount: rowCount)
      effects += _absorb(controller.handle(.setContentHeight(layout.totalHeight, time: time)))
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

  /// The rows changed outside a request: rows were added or removed at the end.
  public mutating func setRowCount(_ rowCount: Int, at time: Double) -> [Effect] {
    layout.setRowCount(rowCount)
    if let row = selection.row, row >= self.rowCount { selection.clear() }
    return _absorb(controller.handle(.setContentHeight(layout.totalHeight, time: time)))
  }

  /// Moves the list to `frame` (window points), as the host lays its window out again; the
  /// scroll view keeps its place against the new height. A new width marks every row to be
  /// measured again as it shows (wrapped text takes other heights).
  public mutating func setFrame(_ frame: Rect, at time: Double) -> [Effect] {
    let frame = axis == .horizontal ? frame.transposed : frame
    if frame.width != gestures.viewport.width { layout.markAllEstimated() }
    gestures.viewport = frame
    return _absorb(controller.handle(.resize(viewportHeight: frame.height, time: time)))
  }

}
