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
  /// Where each row sits: the content height is its total, and rows measured or resized
  /// through ``setRowHeights(_:measured:at:measure:)`` keep what the person reads in place.
  public private(set) var layout: RowLayout
  /// How many rows there are.
  public var rowCount: Int { layout.rowCount }
  /// The height of rows not measured yet, points.
  public var rowHeight: Double { layout.estimatedHeight }
  /// The row a tap selected; Up and Down move it while there is one.
  public private(set) var selection = RowSelection()
  /// Whether the list takes keys. A press inside the frame gives it focus; the host takes it
  /// away when one of its own widgets takes focus (a click in its text field, a Tab), since a
  /// press on something that takes no focus leaves focus where it was, as in GTK. Pointer,
  /// touch and wheel go by position whatever the focus.
  public var isFocused = false
  /// The row under a press that has not moved the list (yet): drawn pressed, as a tap would
  /// select it.
  public private(set) var pressedRow: Int?
  /// The offset the press found, to tell when the press became a drag.
  private var _pressOffset = 0.0
  /// Rows sliding to new places and fading in or out after a change.
  public private(set) var motions = RowMotions()
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
  public private(set) var unseenAbove = 0
  /// Which way the list runs: a chat keeps its state as a normal list does and flips what
  /// comes in (events) and goes out (the drawing) top to bottom.
  public var orientation = ListOrientation.normal
  /// Whether a press began on the pill (its release there scrolls to the top).
  private var _pillPressed = false

  /// The "N new" pill's rectangle (window points) while rows arrived above unseen: centred near
  /// the top of the list. A click on it (or Home) scrolls to the top.
  public var newRowsPill: Rect? {
    guard unseenAbove > 0 else { return nil }
    let width = 132.0
    return Rect(
      x: frame.midX - width / 2, y: frame.y + controller.snapshot.baselineInset.top + 10,
      width: width, height: 32)
  }

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

  /// A press and release on the "N new" pill scroll to the top; nil for any other event.
  private mutating func _pillReaction(_ event: ShellEvent, at time: Double) -> Reaction? {
    switch event {
    case .mouseDown(let x, let y, .left), .touchDown(let x, let y, _):
      guard let pill = newRowsPill, pill.contains(Point(x: x, y: y)) else { return nil }
      _pillPressed = true
      isFocused = true
      return Reaction(meaning: .handled, requests: [])
    case .mouseUp(let x, let y, .left), .touchUp(let x, let y, _):
      guard _pillPressed else { return nil }
      _pillPressed = false
      guard let pill = newRowsPill, pill.contains(Point(x: x, y: y)) else {
        return Reaction(meaning: .handled, requests: [])
      }
      return Reaction(
        meaning: .handled, requests: _absorb(controller.handle(.key(.home, time: time))))
    case .mouseMove, .touchMove:
      return _pillPressed ? Reaction(meaning: .handled, requests: []) : nil
    default:
      return nil
    }
  }

  /// Clears the unseen rows once the list shows its first row whole.
  private mutating func _noteTopReached() {
    guard unseenAbove > 0, let first = firstVisibleRow else { return }
    if first.row == 0 && first.y >= -0.5 { unseenAbove = 0 }
  }

  /// Keeps ``pressedRow``: set by a press the list took, gone when it lifts or moves the list.
  private mutating func _trackPress(_ event: ShellEvent, _ meaning: GestureMapper.Translation) {
    let offset = controller.snapshot.offset
    switch (event, meaning) {
    case (.mouseDown(_, let y, _), .input(.down)), (.touchDown(_, let y, _), .input(.down)):
      let contentY = y - frame.y + offset
      pressedRow =
        contentY >= 0 && contentY < layout.totalHeight ? layout.row(atOffset: contentY) : nil
      _pressOffset = offset
    case (.mouseUp, _), (.touchUp, _), (.focusLost, _), (.pointerLeft, _):
      pressedRow = nil
    default:
      if pressedRow != nil, abs(offset - _pressOffset) >= 0.5 { pressedRow = nil }
    }
  }

  /// Applies the core's taps to the selection and returns the rest: the host's requests.
  private mutating func _absorb(_ effects: [Effect]) -> [Effect] {
    guard effects.contains(where: { if case .tap = $0 { true } else { false } }) else {
      return effects
    }
    var requests: [Effect] = []
    for effect in effects {
      if case .tap(let contentY, _) = effect {
        selection.select(atContentY: contentY, in: layout)
      } else {
        requests.append(effect)
      }
    }
    return requests
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

  // MARK: Rows of their own heights

  /// The first row whose bottom edge lies below the viewport's top, and its top edge in
  /// viewport points (negative when it is partly scrolled off); nil without rows.
  public var firstVisibleRow: (row: Int, y: Double)? {
    let offset = controller.snapshot.offset
    guard let row = layout.row(atOffset: offset) else { return nil }
    return (row, layout.top(ofRow: row) - offset)
  }

  /// The rows that meet the viewport as it is now.
  public var visibleRows: Range<Int> {
    let offset = controller.snapshot.offset
    return layout.rows(meeting: offset, offset + frame.height)
  }

  /// Measures the rows about to show that have no measured height yet with `measure` (nil:
  /// the row keeps its estimate), at `time`, anchored as ``setRowHeights(_:measured:at:measure:)`` is;
  /// again while what shows changed with the new heights, eight rounds at most. A host calls it
  /// before drawing; a row a point outside the viewport is measured too, so that a row coming
  /// into view under a finger is measured a frame before it shows.
  public mutating func measureVisibleRows(at time: Double, _ measure: (Int) -> Double?)
    -> [Effect]
  {
    var effects: [Effect] = []
    // The content may have come back to its end (rows measured shorter there), showing rows
    // above that are not measured yet: those are measured next.
    withoutActuallyEscaping(measure) { measure in
      for _ in 0..<4 {
        guard let requests = _relayout(given: [], measured: true, measure: measure, at: time)
        else { break }
        effects += requests
      }
    }
    return effects
  }

  /// Gives rows their heights (measured, or known at last: an image arrived, text was edited),
  /// at `time`. Rows above the first visible one move the content with them, so that row keeps
  /// its place on screen, at rest and in any motion; a change at or below it moves what is
  /// below, as it should. `measured` false gives estimates, which are measured again later.
  ///
  /// With `measure`, the rows the change brings into view that have no height yet are measured
  /// in the same step (see ``measureVisibleRows(at:_:)``): a row that shrank at the end brings
  /// the list back to the end as the rows above it really are.
  public mutating func setRowHeights(
    _ heights: some Sequence<(row: Int, height: Double)>, measured: Bool = true, at time: Double,
    measure: ((Int) -> Double?)? = nil
  ) -> [Effect] {
    var effects =
      _relayout(given: Array(heights), measured: measured, measure: measure, at: time) ?? []
    if let measure { effects += measureVisibleRows(at: time, measure) }
    return effects
  }

  /// Lays rows out again (``_layOut(given:measured:measure:offset:)``) and tells the scroll
  /// view once; nil when nothing changed.
  private mutating func _relayout(
    given: [(row: Int, height: Double)], measured: Bool, measure: ((Int) -> Double?)?,
    at time: Double
  ) -> [Effect]? {
    let result = _layOut(
      given: given, measured: measured, measure: measure, offset: controller.snapshot.offset)
    guard result.changed else { return nil }
    return _absorb(
      controller.handle(
        .shiftContent(by: result.shift, contentHeight: layout.totalHeight, time: time)))
  }

  /// Lays rows out again with the content at `start` (where it will be once the scroll view
  /// hears of it): the `given` heights first, then rounds of measuring the rows that show (with
  /// `measure`), all before the scroll view hears of it, once. A round that shortened the
  /// content (rows measured shorter at the end) must not bring the list back to an end that the
  /// next round's rows extend again. Returns how far the content must move to keep the anchor,
  /// and whether anything changed.
  private mutating func _layOut(
    given: [(row: Int, height: Double)], measured: Bool, measure: ((Int) -> Double?)?,
    offset start: Double, anchor held: Int? = nil
  ) -> (shift: Double, changed: Bool) {
    let snapshot = controller.snapshot
    var offset = start
    // Where the end of the content leaves the offset: rows measured shorter bring the end
    // above a list at rest there, which then shows the rows above; those are measured too.
    let tail = snapshot.restBounds.upperBound - snapshot.contentHeight
    var shift = 0.0
    var changed = false
    let anchor = layout.row(atOffset: offset) ?? 0
    for (row, height) in given {
      let grew = layout.setHeight(height, ofRow: row, measured: measured)
      guard grew != 0 else { continue }
      changed = true
      if row < anchor {
        shift += grew
        offset += grew
      }
    }
    for _ in 0..<(measure == nil ? 0 : 8) {
      guard let measure else { break }
      let end = max(snapshot.restBounds.lowerBound, layout.totalHeight + tail)
      let near = layout.rows(meeting: offset - 1, offset + frame.height + 1)
      // Most frames: every row that shows is measured and the end is not above.
      if end >= offset, near.allSatisfy({ layout.isMeasured($0) || $0 >= RowLayout.maximumKnownRows }) {
        break
      }
      var rows = Array(near)
      if end < offset {
        rows += layout.rows(meeting: end - 1, end + frame.height + 1).filter { !rows.contains($0) }
      }
      // What the person reads: the first row that shows (or the row a change held in place).
      // Its top stays.
      let anchor = held ?? layout.row(atOffset: offset) ?? 0
      var measuredAny = false
      for row in rows where !layout.isMeasured(row) && row < RowLayout.maximumKnownRows {
        guard let height = measure(row) else { continue }
        measuredAny = true
        let grew = layout.setHeight(height, ofRow: row)
        guard grew != 0 else { continue }
        changed = true
        if row < anchor {
          shift += grew
          offset += grew
        }
      }
      guard measuredAny else { break }
    }
    return (shift, changed)
  }

  /// Inserts `count` rows before row `row` at `time`, estimated until measured. Rows inserted
  /// above the first visible one do not move what the person reads, as a chat that loads older
  /// messages should not; at rest at the very top, a feed's new rows push in and show.
  public mutating func insertRows(at row: Int, count: Int, animated: Bool = true, at time: Double)
    -> [Effect]
  {
    let row = min(max(row, 0), rowCount)
    guard count > 0 else { return [] }
    return applyChanges(inserted: Array(row..<(row + count)), animated: animated, at: time)
  }

  /// Removes rows `range` at `time`. Rows removed above the first visible one do not move what
  /// the person reads.
  public mutating func removeRows(_ range: Range<Int>, animated: Bool = true, at time: Double)
    -> [Effect]
  {
    let range = range.clamped(to: 0..<rowCount)
    guard !range.isEmpty else { return [] }
    return applyChanges(removed: Array(range), animated: animated, at: time)
  }

  /// The rows changed from `old` to `new` (each row's stable identifier, in order): the list
  /// works out what was inserted, removed and moved (the standard library's
  /// `CollectionDifference`) and applies it as ``applyChanges(removed:inserted:moved:animated:at:measure:)``.
  public mutating func applyDifference<ID: Hashable>(
    from old: [ID], to new: [ID], animated: Bool = true, at time: Double,
    measure: ((Int) -> Double?)? = nil
  ) -> [Effect] {
    var removed: [Int] = []
    var inserted: [Int] = []
    var moved: [(from: Int, to: Int)] = []
    for change in new.difference(from: old).inferringMoves() {
      switch change {
      case .remove(let offset, _, let associated):
        if let to = associated { moved.append((offset, to)) } else { removed.append(offset) }
      case .insert(let offset, _, let associated):
        if associated == nil { inserted.append(offset) }
      }
    }
    return applyChanges(
      removed: removed, inserted: inserted, moved: moved, animated: animated, at: time,
      measure: measure)
  }

  /// Rows changed at `time`: `removed` are indices in the rows as they were, `inserted` indices
  /// in the rows as they are now, and each of `moved` a row from an old index to a new one (it
  /// keeps its height). What the person reads keeps its place: the first visible row stays
  /// where it is on screen (the next one if it was removed), unless the list rests at the very
  /// top, where a feed's new rows push in and show. Rows that stay slide to their new places,
  /// inserted ones fade in and removed ones fade out (``motions``) when `animated`.
  ///
  /// With `measure`, the rows the change brings into view are measured in the same step (see
  /// ``measureVisibleRows(at:_:)``), so a change that ends the content in view brings the list
  /// back to an end that is really there.
  public mutating func applyChanges(
    removed: [Int] = [], inserted: [Int] = [], moved: [(from: Int, to: Int)] = [],
    animated: Bool = true, at time: Double, measure: ((Int) -> Double?)? = nil
  ) -> [Effect] {
    let oldCount = rowCount
    let gone = Set(
      removed.filter { $0 >= 0 && $0 < oldCount } + moved.map(\.from).filter { $0 >= 0 && $0 < oldCount })
    let movedTo = Dictionary(moved.map { ($0.from, $0.to) }, uniquingKeysWith: { a, _ in a })
    let newCount = oldCount - gone.count + inserted.count + movedTo.count
    let arriving = Set(
      inserted.filter { $0 >= 0 && $0 < newCount } + movedTo.values.filter { $0 >= 0 && $0 < newCount })
    guard !gone.isEmpty || !arriving.isEmpty else { return [] }
    var effects = _absorb(controller.handle(.advance(to: time)))
    let snapshot = controller.snapshot
    let offset = snapshot.offset
    let atTop = snapshot.header == .idle && abs(offset + snapshot.baselineInset.top) < 0.5
    // Where each row near the viewport shows now (motions included), before the change.
    let reach = motions.reach(at: time)
    var shown: [Int: Double] = [:]
    for row in layout.rows(meeting: offset - reach - 1, offset + frame.height + reach + 1) {
      shown[row] = layout.top(ofRow: row) - offset + motions.offset(ofRow: row, at: time)
    }
    let first = firstVisibleRow
    // The new index of every old row that stays: the rows gone closed up, the arriving opened.
    let arrivingSorted = arriving.sorted()
    let goneSorted = gone.sorted()
    func newIndex(_ old: Int) -> Int? {
      if let to = movedTo[old] { return to }
      guard !gone.contains(old) else { return nil }
      var index = old - Self._countBelow(goneSorted, old)
      for slot in arrivingSorted {
        if slot <= index { index += 1 } else { break }
      }
      return index
    }
    // The anchor: the first visible row, or the first after it that stays, where it shows now.
    var anchor: (old: Int, y: Double)?
    if let first, !(atTop && first.y >= 0) {
      // A row that left (removed, or moved elsewhere) cannot hold the place: the next one does.
      var old = first.row
      while old < oldCount, newIndex(old) == nil || movedTo[old] != nil { old += 1 }
      if old < oldCount { anchor = (old, layout.top(ofRow: old) - offset) }
    }
    // Heights go with moved rows; the rest of the layout follows the change.
    var carried: [Int: Double] = [:]
    for (from, to) in movedTo where layout.isMeasured(from) { carried[to] = layout.height(ofRow: from) }
    // In runs: each removal or insertion rebuilds the kept heights once.
    for run in Self._runs(goneSorted).reversed() { layout.removeRows(run) }
    for run in Self._runs(arrivingSorted) { layout.insertRows(at: run.lowerBound, count: run.count) }
    for (row, height) in carried { layout.setHeight(height, ofRow: row) }
    // Rows that arrive near what shows are measured before the anchor is placed: a row placed
    // at its estimate and measured a frame later would move what the person reads.
    if let measure, let anchor, let anchorNew = newIndex(anchor.old) {
      let reach = anchorNew - 64...anchorNew + 64
      for row in arrivingSorted where reach.contains(row) && movedTo.values.contains(row) == false {
        if let height = measure(row) { layout.setHeight(height, ofRow: row) }
      }
    }
    var selection = self.selection
    selection.remap(newIndex)
    self.selection = selection
    pressedRow = pressedRow.flatMap(newIndex)
    // The anchor's top stays where it shows: the content moves by the difference.
    var shift = 0.0
    if let anchor, let new = newIndex(anchor.old) {
      shift = layout.top(ofRow: new) - anchor.y - offset
      // Rows that arrived above what the person reads (a refresh's included): the pill
      // counts them until the first row shows.
      unseenAbove += inserted.filter { $0 < new }.count
    }
    if let measure {
      shift +=
        _layOut(
          given: [], measured: true, measure: measure, offset: offset + shift,
          anchor: anchor.flatMap { newIndex($0.old) }
        ).shift
    }
    effects += _absorb(
      controller.handle(.shiftContent(by: shift, contentHeight: layout.totalHeight, time: time)))
    if animated {
      let newOffset = controller.snapshot.offset
      let laidOut = layout
      var motions = self.motions
      motions.change(
        shownBefore: shown, newIndex: newIndex, placeAfter: { laidOut.top(ofRow: $0) - newOffset },
        inserted: inserted.filter { $0 >= 0 && $0 < newCount }.sorted(),
        reducingMotion: reducesMotion, at: time)
      self.motions = motions
    } else {
      motions = RowMotions()
    }
    return effects
  }

  /// `sorted` (ascending, distinct) as runs of consecutive indices.
  private static func _runs(_ sorted: [Int]) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    for index in sorted {
      if let last = runs.last, last.upperBound == index {
        runs[runs.count - 1] = last.lowerBound..<(index + 1)
      } else {
        runs.append(index..<(index + 1))
      }
    }
    return runs
  }

  /// How many of `sorted` lie below `value`.
  private static func _countBelow(_ sorted: [Int], _ value: Int) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
