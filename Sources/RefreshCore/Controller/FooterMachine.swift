/// Where a release-to-load pull returns when it is let go unarmed.
enum _FooterRest: Sendable, Equatable {
  case idle
  case failed
}

/// What the load-more footer is doing, with the data each phase needs. Hidden is not a phase: it
/// is derived from the content and the tuning.
enum _FooterPhase: Sendable, Equatable {
  case idle
  case pulling(returnsTo: _FooterRest)
  case armed(returnsTo: _FooterRest)
  case loading(since: Double, pendingEnd: _PendingEnd<LoadResult>?)
  case failed
  case noMoreData

  /// The public state this phase shows as (while the footer is shown).
  var state: FooterState {
    switch self {
    case .idle: .idle
    case .pulling: .pulling
    case .armed: .armed
    case .loading: .loading
    case .failed: .failed
    case .noMoreData: .noMoreData
    }
  }

  var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The phase a pull from here returns to, or nil if a pull cannot start here.
  var rest: _FooterRest? {
    switch self {
    case .idle: .idle
    case .failed: .failed
    case .pulling(let rest), .armed(let rest): rest
    case .loading, .noMoreData: nil
    }
  }

  init(_ rest: _FooterRest) {
    switch rest {
    case .idle: self = .idle
    case .failed: self = .failed
    }
  }
}

/// The load-more footer as a machine of its own: its phase, the trigger's latch, the arrow and
/// what ties it to drags are private; the controller feeds it how much of it shows and the time,
/// reads its phase, and decides with the header's answers whether a load may start. It never
/// sees the header or the scroll.
struct _FooterMachine: Sendable, Equatable {
  /// Read by the controller for insets and the snapshot; changed only by the machine's events.
  private(set) var phase = _FooterPhase.idle
  private var latch = _LoadTriggerLatch()
  /// The drag that fired the latest load; a drag loads at most once.
  private var firedDrag: Int?
  /// Whether the current gesture is a drag (rather than wheel or keys).
  private(set) var gestureIsDrag = false
  private var arrow = EasedValue(0)

  func isSettled(at time: Double) -> Bool { !phase.isLoading && arrow.isSettled(at: time) }

  /// Whether the arrow has stopped turning.
  func arrowIsSettled(at time: Double) -> Bool { arrow.isSettled(at: time) }

  func arrowAngle(at time: Double) -> Double { arrow.value(at: time) }

  /// Whether drag number `drag` started a load.
  func fired(drag: Int) -> Bool { firedDrag == drag }

  /// Whether the automatic trigger is re-armed and not waiting for rows (rule 3).
  var latchIsLive: Bool { latch.isLive }

  /// The shown footer's contribution to the bottom inset: enough to rest with the whole footer
  /// (at content y `footerY`) in view while it loads or offers a retry. `restingExtent` is what
  /// it keeps otherwise (`RefreshController._footerRestingExtent`).
  func heldExtent(footerY: Double, contentHeight: Double, footerHeight: Double, restingExtent: Double)
    -> Double
  {
    switch phase {
    case .loading, .failed:
      return footerY - contentHeight + footerHeight
    case .noMoreData:
      // A short list keeps the note out of the way; a long one shows it at the end.
      return footerY == contentHeight ? footerHeight : 0
    case .idle, .pulling, .armed:
      return restingExtent
    }
  }

  /// A finger or a touchpad took the content: a new drag re-arms the trigger.
  mutating func dragBegan() {
    gestureIsDrag = true
    latch.dragBegan()
  }

  /// A wheel notch, a key or a scroll to an offset: not a drag.
  mutating func otherInputBegan() { gestureIsDrag = false }

  /// The offset left the trigger zone: that re-arms, except within drag `drag` if it loaded.
  mutating func leftTheZone(drag: Int) {
    if !(gestureIsDrag && firedDrag == drag) { latch.leftTheZone() }
  }

  /// The content height arrived.
  mutating func contentHeightChanged() { latch.listReplaced() }

  private mutating func setArrow(up: Bool, at time: Double, tuning: Tuning) {
    arrow.animate(
      to: up ? _HeaderMachine.halfTurn : 0, at: time, duration: tuning.arrowFlipDuration,
      curve: tuning.easing)
  }

  /// Release-to-load: pulling and arming follow `visible`, how far past the end the footer
  /// shows; `mayPull` says whether a load may start from this movement at all.
  mutating func dragged(visible: Double, mayPull: Bool, at time: Double, tuning: Tuning) {
    guard tuning.footerMode == .releaseToLoad, let rest = phase.rest else { return }
    guard mayPull else {
      // A load refused mid-drag lets go of the pull, as the header does (rule 1).
      disarm(at: time, tuning: tuning)
      return
    }
    let next: _FooterPhase =
      visible >= tuning.loadMoreThreshold
      ? .armed(returnsTo: rest) : (visible > 0 ? .pulling(returnsTo: rest) : _FooterPhase(rest))
    if next.state == .armed, phase.state != .armed {
      setArrow(up: true, at: time, tuning: tuning)
    } else if next.state != .armed, phase.state == .armed {
      setArrow(up: false, at: time, tuning: tuning)
    }
    phase = next
  }

  /// Whether letting go starts a load (`mayLoad`: the movement may load at all).
  func releaseLoads(isCancel: Bool, mayLoad: Bool) -> Bool {
    if case .armed = phase, !isCancel, mayLoad { return true }
    return false
  }

  /// Back to where a pull started from, arrow down.
  mutating func disarm(at time: Double, tuning: Tuning) {
    switch phase {
    case .pulling(let rest), .armed(let rest):
      phase = _FooterPhase(rest)
      setArrow(up: false, at: time, tuning: tuning)
    case .idle, .loading, .failed, .noMoreData:
      break
    }
  }

  /// What a tap on the footer does: retry a failed load, or load in the automatic mode.
  func tapLoads(tuning: Tuning) -> Bool {
    switch phase {
    case .failed: true
    case .idle: tuning.footerMode == .automatic
    case .pulling, .armed, .loading, .noMoreData: false
    }
  }

  /// Starts a load; `drag` is the current drag's number, remembered if a drag fired it.
  /// Returns the load for the app to start.
  mutating func startLoading(at time: Double, drag: Int) -> [Effect] {
    phase = .loading(since: time, pendingEnd: nil)
    latch.fired()
    firedDrag = gestureIsDrag ? drag : nil
    arrow = EasedValue(0)
    return [.startLoadMore(time: time)]
  }

  /// The app's end of the load: the result to apply now, or nil while it waits for the
  /// spinner's minimum time (rule 6) or when no load runs.
  mutating func endLoading(_ result: LoadResult, at time: Double, tuning: Tuning) -> LoadResult? {
    guard case .loading(let since, nil) = phase else { return nil }
    if let pending = _PendingEnd.holding(
      result, start: since, minimum: tuning.minimumSpinnerTime, now: time)
    {
      phase = .loading(since: since, pendingEnd: pending)
      return nil
    }
    return result
  }

  /// A held end whose time has come.
  func dueLoadEnd(at time: Double) -> LoadResult? {
    if case .loading(_, let pending?) = phase, time >= pending.due { return pending.result }
    return nil
  }

  var nextEventTime: Double? {
    if case .loading(_, let pending?) = phase { return pending.due }
    return nil
  }

  mutating func finishLoading(_ result: LoadResult) {
    switch result {
    case .success: phase = .idle
    case .failure: phase = .failed
    case .noMoreData: phase = .noMoreData
    }
    latch.loadEnded(result)
  }

  /// Fresh data from a refresh: whatever the footer knew about the old list is void (rule 5).
  /// A footer being pulled from a failed load returns to idle when let go, not to failed.
  mutating func listReplaced() {
    switch phase {
    case .noMoreData, .failed: phase = .idle
    case .pulling(.failed): phase = .pulling(returnsTo: .idle)
    case .armed(.failed): phase = .armed(returnsTo: .idle)
    case .idle, .pulling(.idle), .armed(.idle), .loading: break
    }
    latch.listReplaced()
  }

  /// Whether no-more-data was cleared.
  mutating func resetNoMoreData() -> Bool {
    guard phase == .noMoreData else { return false }
    phase = .idle
    return true
  }

  /// A pull armed under the other footer mode's rules means nothing under the new ones.
  mutating func modeChanged() {
    switch phase {
    case .pulling(let rest), .armed(let rest):
      phase = _FooterPhase(rest)
      arrow = EasedValue(0)
    case .idle, .loading, .failed, .noMoreData:
      break
    }
  }
}
