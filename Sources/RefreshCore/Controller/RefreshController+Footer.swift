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

/// The automatic trigger's latch (rule 3): live only when re-armed since it last
/// fired and not waiting for the rows of the load it fired.
struct _LoadTriggerLatch: Sendable, Equatable {
  /// What a fired trigger waits for before it may fire again.
  enum Wait: Sendable, Equatable {
    case nothing
    /// The new rows' height (MJRefresh #463/#1543: the old end must not fire again).
    case content
    /// A load succeeded before any height came: the rows may be late, or there may be none.
    /// The height or the next drag ends the wait, as MJRefresh's auto footer waits for the
    /// next drag, so a page with no rows never leaves the footer dead.
    case contentOrNextDrag
  }

  /// Set again by a new drag or by leaving the trigger zone; cleared when it fires.
  var isSet = true
  var wait = Wait.nothing

  var isLive: Bool { isSet && wait == .nothing }

  mutating func fired() {
    isSet = false
    wait = .content
  }

  mutating func dragBegan() {
    isSet = true
    if wait == .contentOrNextDrag { wait = .nothing }
  }

  mutating func leftTheZone() { isSet = true }

  /// The content height arrived, or the list was replaced by a refresh.
  mutating func listReplaced() { wait = .nothing }

  mutating func loadEnded(_ result: LoadResult) {
    switch result {
    case .success: if wait == .content { wait = .contentOrNextDrag }
    case .failure, .noMoreData: wait = .nothing
    }
  }
}

/// The load-more footer's state: its phase, the trigger's latch, the arrow and what ties it to
/// drags.
struct _FooterModel: Sendable, Equatable {
  var phase = _FooterPhase.idle
  var latch = _LoadTriggerLatch()
  /// The drag that fired the latest load; a drag loads at most once.
  var firedDrag: Int?
  /// Whether the current gesture is a drag (rather than wheel or keys).
  var gestureIsDrag = false
  var arrow = EasedValue(0)

  func isSettled(at time: Double) -> Bool { !phase.isLoading && arrow.isSettled(at: time) }
}

extension RefreshController {
  /// Whether the footer is drawn at all: not on an empty list (rule 5), and not after the last
  /// page when the tuning hides it.
  var _footerIsShown: Bool {
    if _footer.phase.isLoading { return true }
    if _contentHeight <= 0 { return false }
    return !(_footer.phase == .noMoreData && tuning.hidesFooterWhenNoMoreData)
  }

  /// The bottom inset the footer holds open: enough to rest with the whole footer in view.
  var _footerHeldExtent: Double {
    guard _footerIsShown else { return 0 }
    let footerY = _footerY(insetTop: _targetInsetTop)
    switch _footer.phase {
    case .loading, .failed:
      return footerY - _contentHeight + tuning.footerHeight
    case .noMoreData:
      // A short list keeps the note out of the way; a long one shows it at the end.
      return footerY == _contentHeight ? tuning.footerHeight : 0
    case .idle, .pulling, .armed:
      return 0
    }
  }

  /// Whether a load may start now, by any route.
  var _footerMayStart: Bool {
    guard _contentHeight > 0 else { return false }
    guard _footer.phase.rest != nil else { return false }
    return !(_header.phase.isBusy && !tuning.allowsSimultaneousRefreshAndLoad)
  }

  /// Whether the user's current movement may load: never twice in one drag (rule 3), never
  /// from a drag that refreshed (rule 4). Taps and the app's own retry are not held to this.
  var _movementMayLoad: Bool {
    guard _footer.gestureIsDrag else { return true }
    return _header.firedDrag != _dragCount && _footer.firedDrag != _dragCount
  }

  /// Whether the automatic trigger is live.
  var _canAutoLoad: Bool {
    tuning.footerMode == .automatic && _footer.latch.isLive && _footerMayStart && _movementMayLoad
  }

  /// Fires the automatic footer when the user's own movement toward the end reaches the zone.
  mutating func _checkAutoLoad(movedFrom before: Double, effects: inout [Effect]) {
    let line = _loadTriggerOffset
    if _offset < line {
      // Leaving the zone re-arms, except within a drag that already loaded.
      if !(_footer.gestureIsDrag && _footer.firedDrag == _dragCount) { _footer.latch.leftTheZone() }
      return
    }
    // A pull down never loads, even where a short list's trigger line lies above the top edge.
    let pullingHeader =
      _offset < _targetBounds.lowerBound || _header.phase == .pulling || _header.phase == .armed
    guard _offset > before, !pullingHeader, _canAutoLoad else { return }
    _startLoadMore(effects: &effects)
  }

  /// Release-to-load: pulling and arming follow how far past the end the finger pulls.
  mutating func _footerDragged() {
    guard tuning.footerMode == .releaseToLoad, let rest = _footer.phase.rest else { return }
    guard _footerMayStart, _movementMayLoad, _footerIsShown else {
      // A load refused mid-drag lets go of the pull, as the header does (rule 1).
      _disarmFooter()
      return
    }
    let visible = _footerVisible(at: _offset)
    let phase: _FooterPhase =
      visible >= tuning.loadMoreThreshold
      ? .armed(returnsTo: rest) : (visible > 0 ? .pulling(returnsTo: rest) : _FooterPhase(rest))
    if phase.state == .armed, _footer.phase.state != .armed {
      _setFooterArrow(up: true)
    } else if phase.state != .armed, _footer.phase.state == .armed {
      _setFooterArrow(up: false)
    }
    _footer.phase = phase
  }

  mutating func _footerReleased(effects: inout [Effect], isCancel: Bool) {
    if case .armed = _footer.phase, !isCancel, _movementMayLoad { _startLoadMore(effects: &effects) }
    // Whatever did not start (cancelled, not far enough, or refused) lets go of the pull.
    _disarmFooter()
  }

  /// Back to where a pull started from, arrow down.
  mutating func _disarmFooter() {
    switch _footer.phase {
    case .pulling(let rest), .armed(let rest):
      _footer.phase = _FooterPhase(rest)
      _setFooterArrow(up: false)
    case .idle, .loading, .failed, .noMoreData:
      break
    }
  }

  mutating func _setFooterArrow(up: Bool) {
    _footer.arrow.animate(
      to: up ? Self._halfTurn : 0, at: time, duration: tuning.arrowFlipDuration, curve: tuning.easing)
  }

  mutating func _startLoadMore(effects: inout [Effect]) {
    guard _footerMayStart else { return }
    _footer.phase = .loading(since: time, pendingEnd: nil)
    _footer.latch.fired()
    _footer.firedDrag = _footer.gestureIsDrag ? _dragCount : nil
    _footer.arrow = EasedValue(0)
    effects.append(.startLoadMore(time: time))
    _stateChanged()
  }

  mutating func _endLoadingMore(_ result: LoadResult) {
    guard case .loading(let since, nil) = _footer.phase else { return }
    if let pending = _PendingEnd.holding(
      result, start: since, minimum: tuning.minimumSpinnerTime, now: time)
    {
      _footer.phase = .loading(since: since, pendingEnd: pending)
    } else {
      _applyLoadEnd(result)
    }
  }

  mutating func _applyLoadEnd(_ result: LoadResult) {
    switch result {
    case .success: _footer.phase = .idle
    case .failure: _footer.phase = .failed
    case .noMoreData: _footer.phase = .noMoreData
    }
    _footer.latch.loadEnded(result)
    _stateChanged()
  }

  func _footerNextEventTime() -> Double? {
    if case .loading(_, let pending?) = _footer.phase { return pending.due }
    return nil
  }

  mutating func _footerHandleDueEvents() {
    if case .loading(_, let pending?) = _footer.phase, time >= pending.due {
      _applyLoadEnd(pending.result)
    }
  }

  mutating func _resetNoMoreData() {
    guard _footer.phase == .noMoreData else { return }
    _footer.phase = .idle
    _stateChanged()
  }
}
