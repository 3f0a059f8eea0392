/// What the refresh header is doing, with the data each phase needs and no other: a refresh knows
/// when it started and whether an early end waits for the spinner's minimum time; a finish knows
/// its result, when it began and whether it collapses. No combination that cannot happen can be
/// written.
enum _HeaderPhase: Sendable, Equatable {
  case idle
  case pulling
  case armed
  /// Pulled past the second floor's line: a release opens it.
  case armedTwoLevel
  case refreshing(since: Double, pendingEnd: _PendingEnd<RefreshResult>?)
  case finishing(result: RefreshResult, since: Double, collapsing: Bool)
  /// The second floor, opening or open (`closing` false) or on its way back.
  case twoLevel(closing: Bool)

  /// The public state this phase shows as.
  var state: HeaderState {
    switch self {
    case .idle: .idle
    case .pulling: .pulling
    case .armed, .armedTwoLevel: .armed
    case .refreshing: .refreshing
    case .finishing: .finishing
    case .twoLevel: .twoLevel
    }
  }

  /// Whether a refresh is under way (not yet showing its result).
  var isRefreshing: Bool {
    if case .refreshing = self { return true }
    return false
  }

  /// Whether a refresh is under way or showing its result.
  var isBusy: Bool {
    switch self {
    case .idle, .pulling, .armed, .armedTwoLevel: false
    case .refreshing, .finishing, .twoLevel: true
    }
  }
}

/// What a release does to the header: the controller carries it out, since opening the floor or
/// starting a refresh moves insets and the scroll.
enum _HeaderRelease: Sendable, Equatable {
  case opensFloor
  case refreshes
  case nothing
}

/// What the header tells the controller to route to the other parts.
enum _HeaderEvent: Sendable, Equatable {
  /// A refresh succeeded: the list was replaced, so what the footer knew is void (rule 5).
  case listReplaced
}

/// What the open second floor makes of an input.
enum _FloorAnswer: Sendable, Equatable {
  /// The floor keeps the input for itself.
  case taken
  /// A drag up from the floor's bottom zone: the floor closes.
  case closes
}

/// The refresh header as a machine of its own: its phase, arrow and what ties it to drags are
/// private; the controller feeds it the pull and the time, reads its phase, and routes what it
/// returns. It never sees the footer or the scroll: what it needs of them comes in as arguments.
struct _HeaderMachine: Sendable, Equatable {
  /// Read by the controller for insets and the snapshot; changed only by the machine's events.
  private(set) var phase = _HeaderPhase.idle
  private var arrow = EasedValue(0)
  /// The drag whose release started the refresh, so that drag cannot also load more.
  private var firedDrag: Int?
  /// Whether the current drag began while busy: such a drag never arms a new refresh, even
  /// after the refresh it began in has ended under the finger.
  private var dragBeganBusy = false
  private(set) var lastUpdated: Double?
  /// Where a press on the open second floor went down (viewport y), while it is held.
  private var floorPress: Double?

  static let halfTurn = Double.pi

  func isSettled(at time: Double) -> Bool {
    // An open floor waits for the app or the user; its inset and scroll are checked apart.
    if case .twoLevel(closing: false) = phase { return arrow.isSettled(at: time) }
    return !phase.isBusy && arrow.isSettled(at: time)
  }

  func arrowAngle(at time: Double) -> Double { arrow.value(at: time) }

  /// Whether the arrow has stopped turning.
  func arrowIsSettled(at time: Double) -> Bool { arrow.isSettled(at: time) }

  /// Whether drag number `drag` started a refresh.
  func fired(drag: Int) -> Bool { firedDrag == drag }

  /// Whether the current drag may arm the header as far as the header knows: not one that
  /// began while busy (rule 1).
  var currentDragMayArm: Bool { !dragBeganBusy }

  /// Pulling or armed for an ordinary refresh: a pull down, which never loads more.
  var isPulled: Bool { phase == .pulling || phase == .armed }

  /// Whether the inset is held open for the refresh or its result.
  var holdsInset: Bool {
    switch phase {
    case .refreshing, .finishing(_, _, collapsing: false): true
    case .idle, .pulling, .armed, .armedTwoLevel, .finishing, .twoLevel: false
    }
  }

  /// The header's contribution to the top inset: the open floor's `floorExtent`, its own
  /// `headerHeight` while refreshing or showing the result, otherwise nothing.
  func heldExtent(headerHeight: Double, floorExtent: Double) -> Double {
    if case .twoLevel(closing: false) = phase { return floorExtent }
    return holdsInset ? headerHeight : 0
  }

  mutating func dragBegan() { dragBeganBusy = phase.isBusy }

  private mutating func setArrow(up: Bool, at time: Double, tuning: Tuning) {
    arrow.animate(
      to: up ? Self.halfTurn : 0, at: time, duration: tuning.arrowFlipDuration, curve: tuning.easing)
  }

  /// Pulling and arming follow the pull distance while the finger is down; `mayArm` says
  /// whether the rest of the list lets this drag arm (rule 4), `reachesFloor` whether the pull
  /// is past the second floor's line.
  mutating func dragged(
    pull: Double, mayArm: Bool, reachesFloor: Bool, at time: Double, tuning: Tuning
  ) {
    switch phase {
    case .idle, .pulling, .armed, .armedTwoLevel: break
    case .refreshing, .finishing, .twoLevel: return  // A drag while busy changes nothing (rule 1).
    }
    guard mayArm, !dragBeganBusy else {
      disarm(at: time, tuning: tuning)
      return
    }
    let next: _HeaderPhase =
      reachesFloor
      ? .armedTwoLevel : pull >= tuning.refreshThreshold ? .armed : (pull > 0 ? .pulling : .idle)
    let wasArmed = phase.state == .armed
    if (next.state == .armed) != wasArmed { setArrow(up: next.state == .armed, at: time, tuning: tuning) }
    phase = next
  }

  /// What letting go does; past the floor's line while a load runs, a release refreshes at most.
  func release(isCancel: Bool, footerIsLoading: Bool) -> _HeaderRelease {
    if isCancel { return .nothing }
    if phase == .armedTwoLevel, !footerIsLoading { return .opensFloor }
    return phase.state == .armed ? .refreshes : .nothing
  }

  /// Back to idle from pulling or armed, arrow down.
  mutating func disarm(at time: Double, tuning: Tuning) {
    guard phase == .pulling || phase.state == .armed else { return }
    phase = .idle
    setArrow(up: false, at: time, tuning: tuning)
  }

  /// Starts a refresh unless one is under way or showing its result; `drag` is the drag that
  /// fired it, nil for the app's or a key's. Returns the refresh for the app to start, or nothing
  /// when none started.
  mutating func beginRefreshing(at time: Double, drag: Int?) -> [Effect] {
    guard !phase.isBusy else { return [] }
    phase = .refreshing(since: time, pendingEnd: nil)
    firedDrag = drag
    arrow = EasedValue(0)
    return [.startRefresh(time: time)]
  }

  /// The app's end of the refresh: the result to apply now, or nil while it waits for the
  /// spinner's minimum time (rule 6) or when no refresh runs.
  mutating func endRefreshing(_ result: RefreshResult, at time: Double, tuning: Tuning)
    -> RefreshResult?
  {
    guard case .refreshing(let since, nil) = phase else { return nil }
    if let pending = _PendingEnd.holding(
      result, start: since, minimum: tuning.minimumSpinnerTime, now: time)
    {
      phase = .refreshing(since: since, pendingEnd: pending)
      return nil
    }
    return result
  }

  /// A held end whose time has come.
  func dueRefreshEnd(at time: Double) -> RefreshResult? {
    if case .refreshing(_, let pending?) = phase, time >= pending.due { return pending.result }
    return nil
  }

  /// Shows the result; a success is news for the rest of the list.
  mutating func finish(_ result: RefreshResult, at time: Double) -> _HeaderEvent? {
    phase = .finishing(result: result, since: time, collapsing: false)
    guard result == .success else { return nil }
    lastUpdated = time
    return .listReplaced
  }

  /// Whether the result has been shown for the finishing hold.
  func holdIsOver(at time: Double, tuning: Tuning) -> Bool {
    if case .finishing(_, let since, false) = phase { return time >= since + tuning.finishingHoldDuration }
    return false
  }

  /// Lets go of the held inset after the result's hold.
  mutating func startCollapse() -> Bool {
    guard case .finishing(let result, let since, false) = phase else { return false }
    phase = .finishing(result: result, since: since, collapsing: true)
    return true
  }

  /// A collapse or a closing floor ends when its inset has settled.
  mutating func finishIfCollapsed(insetSettled: Bool) {
    guard insetSettled else { return }
    switch phase {
    case .finishing(_, _, true), .twoLevel(closing: true): phase = .idle
    case .idle, .pulling, .armed, .armedTwoLevel, .refreshing, .finishing, .twoLevel: break
    }
  }

  /// The next time the header changes on its own; `insetEnd` is when the held inset settles.
  func nextEventTime(insetEnd: Double, tuning: Tuning) -> Double? {
    switch phase {
    case .refreshing(_, let pending): pending?.due
    case .finishing(_, _, true): insetEnd
    case .finishing(_, let since, false): since + tuning.finishingHoldDuration
    case .twoLevel(closing: true): insetEnd
    case .idle, .pulling, .armed, .armedTwoLevel, .twoLevel: nil
    }
  }

  /// Opens the second floor; returns it for the app to show.
  mutating func openFloor(at time: Double) -> [Effect] {
    phase = .twoLevel(closing: false)
    arrow = EasedValue(0)
    floorPress = nil
    return [.startTwoLevel(time: time)]
  }

  /// Starts closing the open floor; false when no floor is open.
  mutating func closeFloor() -> Bool {
    guard case .twoLevel(closing: false) = phase else { return false }
    phase = .twoLevel(closing: true)
    floorPress = nil
    return true
  }

  /// The floor takes the user's input while it shows: the app's second floor lies under it,
  /// not the list. A press in the bottom `closeZone` of the viewport dragged up past the tap
  /// slop closes it. Nil when there is no floor or the input is not the user's.
  mutating func floorAnswer(
    to input: Input, viewportHeight: Double, closeZone: Double, tuning: Tuning
  ) -> _FloorAnswer? {
    guard case .twoLevel(let closing) = phase else { return nil }
    switch input {
    case .down(let y, _):
      let inZone = y >= viewportHeight * (1 - closeZone)
      floorPress = !closing && inZone ? y : nil
    case .move(let y, _):
      if let press = floorPress, press - y >= tuning.tapSlop { return .closes }
    case .up, .cancel:
      floorPress = nil
    case .wheel, .scroll, .key:
      break
    case .advance, .resize, .beginRefreshing, .endRefreshing, .endLoadingMore, .setContentHeight,
      .shiftContent,
      .setBaselineInset, .resetNoMoreData, .retryLoadMore, .setTuning, .finishTwoLevel:
      return nil
    }
    return .taken
  }
}
