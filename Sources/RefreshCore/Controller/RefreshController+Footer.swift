/// The load-more footer's own state, beyond its phase.
struct _FooterModel: Sendable, Equatable {
  /// Never `.hidden`: hidden is derived from the content and the tuning.
  var phase = FooterState.idle
  /// The phase a release-to-load pull returns to when it is let go unarmed.
  var restingPhase = FooterState.idle
  var loadStart = 0.0
  var pendingEnd: _PendingEnd<LoadResult>?
  /// Whether the automatic trigger may fire: cleared when it fires, set again by a new drag or
  /// by leaving the trigger zone (DESIGN.md rule 3).
  var armedForAuto = true
  /// Set when a load fires, cleared by the next content height update: until the new rows are
  /// in, the old end of the list must not trigger again (MJRefresh #463/#1543).
  var awaitingContent = false
  /// The drag that fired the latest load; a drag loads at most once.
  var firedDrag = -1
  /// Whether the current gesture is a drag (rather than wheel or keys).
  var gestureIsDrag = false
  var arrow = EasedValue(0)

  func isSettled(at time: Double) -> Bool {
    phase != .loading && pendingEnd == nil && arrow.isSettled(at: time)
  }
}

extension RefreshController {
  /// Whether the footer is drawn at all: not on an empty list (rule 5), and not after the last
  /// page when the tuning hides it.
  var _footerIsShown: Bool {
    if _footer.phase == .loading { return true }
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
    case .idle, .pulling, .armed, .hidden:
      return 0
    }
  }

  /// Whether a load may start now, by any route.
  var _footerMayStart: Bool {
    guard _contentHeight > 0 else { return false }
    switch _footer.phase {
    case .idle, .pulling, .armed, .failed: break
    case .loading, .noMoreData, .hidden: return false
    }
    let headerBusy = _header.phase == .refreshing || _header.phase == .finishing
    return !(headerBusy && !tuning.allowsSimultaneousRefreshAndLoad)
  }

  /// Whether the user's current movement may load: never twice in one drag (rule 3), never
  /// from a drag that refreshed (rule 4). Taps and the app's own retry are not held to this.
  var _movementMayLoad: Bool {
    guard _footer.gestureIsDrag else { return true }
    return _header.firedDrag != _dragCount && _footer.firedDrag != _dragCount
  }

  /// Whether the automatic trigger is live.
  var _canAutoLoad: Bool {
    tuning.footerMode == .automatic && _footer.armedForAuto && !_footer.awaitingContent
      && _footerMayStart && _movementMayLoad
  }

  /// Fires the automatic footer when the user's own movement toward the end reaches the zone.
  mutating func _checkAutoLoad(movedFrom before: Double, effects: inout [Effect]) {
    let line = _loadTriggerOffset
    if _offset < line {
      // Leaving the zone re-arms, except within a drag that already loaded.
      if !(_footer.gestureIsDrag && _footer.firedDrag == _dragCount) { _footer.armedForAuto = true }
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
    guard tuning.footerMode == .releaseToLoad else { return }
    switch _footer.phase {
    case .idle, .failed, .pulling, .armed: break
    case .loading, .noMoreData, .hidden: return
    }
    if _footer.phase == .idle || _footer.phase == .failed { _footer.restingPhase = _footer.phase }
    guard _footerMayStart, _movementMayLoad, _footerIsShown else { return }
    let visible = _footerVisible(at: _offset)
    let phase: FooterState =
      visible >= tuning.loadMoreThreshold ? .armed : (visible > 0 ? .pulling : _footer.restingPhase)
    if (phase == .armed) != (_footer.phase == .armed) {
      _footer.arrow.animate(
        to: phase == .armed ? Self._halfTurn : 0, at: time, duration: tuning.arrowFlipDuration,
        curve: tuning.easing)
    }
    _footer.phase = phase
  }

  mutating func _footerReleased(effects: inout [Effect], isCancel: Bool) {
    if _footer.phase == .armed, !isCancel, _movementMayLoad { _startLoadMore(effects: &effects) }
    // Whatever did not start (cancelled, not far enough, or refused) lets go of the pull.
    if _footer.phase == .armed || _footer.phase == .pulling {
      _footer.phase = _footer.restingPhase
      _footer.arrow.animate(
        to: 0, at: time, duration: tuning.arrowFlipDuration, curve: tuning.easing)
    }
  }

  mutating func _startLoadMore(effects: inout [Effect]) {
    guard _footerMayStart else { return }
    _footer.phase = .loading
    _footer.restingPhase = .idle
    _footer.loadStart = time
    _footer.pendingEnd = nil
    _footer.armedForAuto = false
    _footer.awaitingContent = true
    _footer.firedDrag = _footer.gestureIsDrag ? _dragCount : -1
    _footer.arrow = EasedValue(0)
    effects.append(.startLoadMore(time: time))
    _stateChanged()
  }

  mutating func _endLoadingMore(_ result: LoadResult) {
    guard _footer.phase == .loading, _footer.pendingEnd == nil else { return }
    _footer.pendingEnd = .holding(
      result, start: _footer.loadStart, minimum: tuning.minimumSpinnerTime, now: time)
    if _footer.pendingEnd == nil { _applyLoadEnd(result) }
  }

  mutating func _applyLoadEnd(_ result: LoadResult) {
    switch result {
    case .success:
      _footer.phase = .idle
    case .failure:
      _footer.phase = .failed
      _footer.awaitingContent = false
    case .noMoreData:
      _footer.phase = .noMoreData
      _footer.awaitingContent = false
    }
    _stateChanged()
  }

  mutating func _footerHandleDueEvents() {
    if let pending = _footer.pendingEnd, time >= pending.due {
      _footer.pendingEnd = nil
      _applyLoadEnd(pending.result)
    }
  }

  mutating func _resetNoMoreData() {
    guard _footer.phase == .noMoreData else { return }
    _footer.phase = .idle
    _stateChanged()
  }
}
