import RefreshCore

/// A pull-to-refresh, load-more list that sits in any rectangle of an SDL window you own.
///
/// The host keeps the window, the event loop and the clock. It hands the list its events
/// (``handle(_:)``), asks it to draw at a time (``draw(at:)``) between its own drawing and
/// `Renderer.present()`, and answers its requests: ``onRefresh`` and ``onLoadMore`` ask for
/// work, and ``endRefreshing(_:at:)`` and ``endLoadingMore(_:at:)`` say it is done, after the
/// rows (``rows``) have changed. ``nextFrameTime(after:)`` says when the list next needs a
/// frame, so the host can sleep in between.
///
/// ```swift
/// let list = try RefreshListView(
///   renderer: renderer, frame: Rect(x: 240, y: 0, width: 560, height: 600), rows: rows)
/// list.onRefresh = { [unowned list] time in
///   rows.notes = ["Fresh note"]
///   list.endRefreshing(.success, at: time)
/// }
/// ```
///
/// <doc:EmbeddingARefreshableList> walks through a whole program.
///
/// Every time is seconds on the host's clock; the one the events carry (see `EventSource` and
/// `HighResolutionClock`) is the right one.
@MainActor
public final class RefreshListView {
  /// The rows shown. After changing them, tell the list: ``endRefreshing(_:at:)`` or
  /// ``endLoadingMore(_:at:)`` for a request, ``rowsChanged(at:)`` otherwise.
  public var rows: any TableDataSource {
    didSet {
      needsDisplay = true
      tableView.rowsChanged()
    }
  }
  /// Called when the person asked for fresh rows (a pull past the threshold, F5), with the
  /// time of the trigger. Reload, then call ``endRefreshing(_:at:)``, now or later.
  public var onRefresh: (@MainActor (_ time: Double) -> Void)?
  /// Called when the person reached the end and asked for more, with the time of the trigger.
  /// Append a page, then call ``endLoadingMore(_:at:)``.
  public var onLoadMore: (@MainActor (_ time: Double) -> Void)?
  /// Called when a release past the second floor's line opened it (`Tuning.twoLevelFloorRate`).
  /// Show the floor's content, then call ``finishTwoLevel(at:)`` to close it.
  public var onTwoLevel: (@MainActor (_ time: Double) -> Void)?
  /// The header's second line for the time of the last successful refresh (the host's clock;
  /// nil before the first). Only asked while the header shows. Without it there is none.
  public var lastUpdatedText: (@MainActor (_ time: Double?) -> String)?
  /// What a screen reader calls the list ("Inbox, list"), through ``AccessibilityBridge``.
  public var accessibilityName = "List"
  /// Whether something changed since the last ``draw(at:)``.
  public private(set) var needsDisplay = true

  /// The list's state (the store every host drives), as a value to read: offset, header and
  /// footer, selection, focus.
  public var list: RefreshList { _list }
  private var _list: RefreshList
  /// What draws the list. Advanced: its `style` sets sizes and colours, and its `textCache`
  /// can draw the host's own text with the same cache.
  public let tableView: TableView

  /// A list in `frame` (window points) of the window `renderer` draws, at rest at the top at
  /// time `time`, showing `rows` with `tuning`'s feel and the bar labels in `language`.
  /// `fonts` defaults to the bundled ones (`FontLocator`); `textCache` may be shared with other
  /// drawing on the same renderer.
  public init(
    renderer: Renderer, frame: Rect, tuning: Tuning = Tuning(), language: Language = .english,
    rows: any TableDataSource, style: TableStyle = TableStyle(), fonts: FontFiles? = nil,
    textCache: TextCache? = nil, orientation: ListOrientation = .normal,
    axis: ListAxis = .vertical, time: Double = 0
  ) throws(SDLError) {
    var style = style
    if let rowHeight = rows.rowHeight { style.rowHeight = rowHeight }
    let files: FontFiles
    if let fonts { files = fonts } else { files = try FontLocator.locate() }
    tableView = try TableView(
      renderer: renderer, fonts: files, style: style,
      language: language, textCache: textCache)
    self.rows = rows
    _list = RefreshList(
      frame: frame, tuning: tuning, rowCount: rows.rowCount, rowHeight: style.rowHeight, time: time,
      axis: axis)
    _list.orientation = orientation
    _list.newRowsPillPlacement = style.newRowsPill
  }

  /// Where the list sits, in window points.
  public var frame: Rect { _list.screenFrame }

  /// Whether the person asked for reduced motion: rows inserted or moved appear in place (a
  /// short fade, no slide), GIF and Lottie headers show the frame their progress names and do
  /// not loop while refreshing, the scale header does not scale, the second floor opens without
  /// its slide; dragging, flinging and the rubber band are unchanged. A host sets it from the
  /// desktop (``DesktopMotion/reducesMotion(environment:)``) or its own preference.
  public var reducesMotion: Bool {
    get { _list.reducesMotion }
    set {
      _list.reducesMotion = newValue
      needsDisplay = true
    }
  }

  /// Whether the list takes keys: a press inside gives it focus; the host sets it to give the
  /// list focus at start, and clears it when a widget of its own takes focus.
  public var isFocused: Bool {
    get { _list.isFocused }
    set {
      _list.isFocused = newValue
      needsDisplay = true
    }
  }

  /// Moves or resizes the list, as the host lays its window out again (on a window resize,
  /// say) at `time`.
  public func setFrame(_ frame: Rect, at time: Double) {
    needsDisplay = true
    _run(_list.setFrame(frame, at: time))
  }

  // MARK: Events

  /// Takes `event` if it is the list's: a press, drag or wheel inside the frame, the drag it
  /// started wherever it goes, or, while it has focus (``isFocused``), a scroll or refresh key.
  /// Returns whether it did, so that the host leaves it alone; the rest (quitting, window
  /// resizes, clicks elsewhere, text input) is the host's. Any event moves the list's clock, so
  /// even one it leaves alone may start a refresh or a load-more that a coast carried it to.
  @discardableResult
  public func handle(_ event: TimedEvent) -> Bool {
    handle(event.event, at: event.time)
  }

  /// Takes `event`, which happened at `time`; see ``handle(_:)``.
  @discardableResult
  public func handle(_ event: ShellEvent, at time: Double) -> Bool {
    // The pill is clicked where it is drawn, after any change to the table's style.
    _list.newRowsPillPlacement = tableView.style.newRowsPill
    let reaction = _list.handle(event, at: time)
    if reaction.isConsumed { needsDisplay = true }
    _run(reaction.requests)
    return reaction.isConsumed
  }

  /// Starts a refresh as if the person had pulled: the header scrolls into view and
  /// ``onRefresh`` is called.
  public func beginRefreshing(at time: Double) {
    needsDisplay = true
    _run(_list.send(.beginRefreshing(time: time)))
  }

  /// Starts loading the next page as if the person had reached the end (or tapped the failed
  /// footer): ``onLoadMore`` is called, unless a load is under way or there is no more data.
  public func loadMore(at time: Double) {
    needsDisplay = true
    _run(_list.send(.retryLoadMore(time: time)))
  }

  /// Changes the feel from `time` on; a gesture under way carries on with the new constants.
  public func setTuning(_ tuning: Tuning, at time: Double) {
    needsDisplay = true
    _run(_list.send(.setTuning(tuning, time: time)))
  }

  // MARK: Answers

  /// The refresh ended with `result`; on success ``rows`` already holds the new rows.
  public func endRefreshing(_ result: RefreshResult, at time: Double) {
    needsDisplay = true
    tableView.rowsChanged()
    _run(_list.endRefreshing(result, rowCount: rows.rowCount, at: time))
  }

  /// Closes the second floor: the header shrinks back over `Tuning.twoLevelFloorDuration`.
  public func finishTwoLevel(at time: Double) {
    needsDisplay = true
    _run(_list.send(.finishTwoLevel(time: time)))
  }

  /// The load-more ended with `result`; unless it failed, ``rows`` already holds the new page.
  /// `.noMoreData` says this was the last one.
  public func endLoadingMore(_ result: LoadResult, at time: Double) {
    needsDisplay = true
    tableView.rowsChanged()
    _run(_list.endLoadingMore(result, rowCount: rows.rowCount, at: time))
  }

  /// Rows took new heights (an image arrived, text was edited, the data source's
  /// `height(ofRow:)` changed): given, or nil to measure them again as they show. Rows above
  /// the first visible one keep what the person reads in place, in any motion.
  public func rowHeightsChanged(_ heights: [(row: Int, height: Double?)], at time: Double) {
    needsDisplay = true
    tableView.rowsChanged()
    let given = heights.compactMap { change in change.height.map { (row: change.row, height: $0) } }
    // Measured again as they show; until then they keep the height they had.
    let remeasure = heights.filter { $0.height == nil }.map {
      (row: $0.row, height: _list.layout.height(ofRow: $0.row))
    }
    _run(_list.setRowHeights(remeasure, measured: false, at: time))
    let width = _list.frame.width
    let rows = self.rows
    _run(
      _list.setRowHeights(given, at: time) { [tableView] row in
        tableView.rowHeight(ofRow: row, rows: rows, width: width)
      })
  }

  /// What the rows show changed, not where they are (an image arrived that fits the row as it
  /// is): they are drawn again in the next frame.
  public func redrawRows() {
    needsDisplay = true
    tableView.rowsChanged()
  }

  /// What `rows` show changed, not where they are (their images arrived): those rows are drawn
  /// again in the next frame, and the rest of the list is moved into it as it would be.
  public func redrawRows(_ rows: some Sequence<Int>) {
    needsDisplay = true
    tableView.rowsChanged(rows)
  }

  /// ``rows`` changed from the rows identified by `old` to those identified by `new` (each
  /// row's stable identifier, in order), outside a request or in answer to one: the list works
  /// out the inserts, removes and moves, keeps what the person reads in place and, when
  /// `animated`, slides and fades the rows into their new places.
  public func rowsChanged<ID: Hashable>(
    from old: [ID], to new: [ID], animated: Bool = true, at time: Double
  ) {
    needsDisplay = true
    tableView.rowsChanged()
    let width = _list.frame.width
    let rows = self.rows
    _run(
      _list.applyDifference(from: old, to: new, animated: animated, at: time) {
        [tableView] row in tableView.rowHeight(ofRow: row, rows: rows, width: width)
      })
  }

  /// ``rows`` changed outside a request (rows inserted or removed).
  public func rowsChanged(at time: Double) {
    needsDisplay = true
    tableView.rowsChanged()
    _run(_list.setRowCount(rows.rowCount, at: time))
  }

  // MARK: Frames

  /// When the list next needs a frame: `now` while it moves on its own or something changed
  /// since it was last drawn; a time ahead while it is still but will change by itself (a
  /// refresh at rest when its spinner steps, twelve times a turn, or its result's hold ends);
  /// nil while nothing will change until the host's next call. The host may sleep until the
  /// earliest of this, its own deadlines and the next event.
  public func nextFrameTime(after now: Double) -> Double? {
    if needsDisplay { return now }
    if _list.isSettled { return nil }
    let change = _list.nextChangeTime(
      spinnerSteps: tableView.spinnerSteps(for: _list.controller.snapshot))
    return change.isFinite ? max(now, change) : nil
  }

  /// Draws the list as it is at `time` into its frame, and nothing outside it. Call between the
  /// host's `Renderer.beginFrame(clearingTo:)` and `Renderer.present()`.
  /// The host's render state (colour, blend mode, clip, scale, target) is as it was afterwards.
  public func draw(at time: Double) throws(SDLError) {
    _run(_list.advance(to: time))
    _run(tableView.measureRows(of: &_list, rows: rows, at: time))
    try tableView.draw(
      _list, showing: _list.controller.snapshot, rows: rows, lastUpdatedText: lastUpdatedText)
    needsDisplay = false
  }

  /// Hands each request to its callback. Every call's requests come here, whether or not the
  /// list took the event that carried them.
  private func _run(_ requests: [Effect]) {
    guard !requests.isEmpty else { return }
    needsDisplay = true
    for request in requests {
      switch request {
      case .startRefresh(let time): onRefresh?(time)
      case .startLoadMore(let time): onLoadMore?(time)
      case .startTwoLevel(let time): onTwoLevel?(time)
      case .tap: break  // The list keeps the selection itself.
      }
    }
  }
}
