/// The refresh header's own state, beyond its phase: when it started, a deferred end, the
/// finishing hold and the arrow.
struct _HeaderModel: Sendable, Equatable {
  var phase = HeaderState.idle
  var refreshStart = 0.0
  /// An end that arrived before the spinner's minimum time: applied at `due`.
  var pendingEnd: _PendingEnd<RefreshResult>?
  var result: RefreshResult?
  var finishStart = 0.0
  var isCollapsing = false
  var arrow = EasedValue(0)
  /// The drag whose release started the refresh, so that drag cannot also load more.
  var firedDrag = -1
  /// Whether the current drag began while busy: such a drag never arms a new refresh, even
  /// after the refresh it began in has ended under the finger.
  var dragBeganBusy = false
  var lastUpdated: Double?

  func isSettled(at time: Double) -> Bool {
    (phase == .idle || phase == .pulling || phase == .armed) && arrow.isSettled(at: time)
  }
}

/// An end that arrived before the spinner's minimum time, applied when `due` comes.
struct _PendingEnd<Result: Sendable & Equatable>: Sendable, Equatable {
  var result: Result
  var due: Double

  /// An end arriving at `now` for a spinner shown since `start`: held until the spinner's
  /// `minimum` time is up (rule 6), or nil when that time has passed and it applies at once.
  static func holding(_ result: Result, start: Double, minimum: Double, now: Double) -> Self? {
    let due = start + minimum
    return now < due ? Self(result: result, due: due) : nil
  }
}

extension RefreshController {
  static let _halfTurn = Double.pi

  /// Whether the header's inset is held open.
  var _headerHoldsInset: Bool {
    _header.phase == .refreshing || (_header.phase == .finishing && !_header.isCollapsing)
  }

  /// Whether the header may start a refresh now (header and footer exclude each other unless
  /// the tuning allows both; DESIGN.md rule 4).
  var _headerMayStart: Bool {
    !(_footer.phase == .loading && !tuning.allowsSimultaneousRefreshAndLoad)
  }

  /// Whether the current drag may arm the header: not one that began while busy (rule 1), nor
  /// one that already loaded more (rule 4: never both from one pull).
  var _dragMayArmHeader: Bool {
    !_header.dragBeganBusy && _footer.firedDrag != _dragCount
  }

  mutating func _setHeaderArrow(up: Bool) {
    let target = up ? Self._halfTurn : 0
    _header.arrow.animate(
      to: target, at: time, duration: tuning.arrowFlipDuration, curve: tuning.easing)
  }

  /// Pulling and arming follow the pull distance while the finger is down.
  mutating func _headerDragged() {
    switch _header.phase {
    case .idle, .pulling, .armed: break
    case .refreshing, .finishing: return  // A drag while busy changes nothing (rule 1).
    }
    guard _headerMayStart, _dragMayArmHeader else {
      _disarmHeader()
      return
    }
    let pull = -_targetInsetTop - _offset
    let phase: HeaderState =
      pull >= tuning.refreshThreshold ? .armed : (pull > 0 ? .pulling : .idle)
    if (phase == .armed) != (_header.phase == .armed) { _setHeaderArrow(up: phase == .armed) }
    _header.phase = phase
  }

  mutating func _headerReleased(effects: inout [Effect], isCancel: Bool) {
    if _header.phase == .armed, !isCancel {
      _beginRefreshing(scrollIntoView: false, effects: &effects)
    }
    // Whatever did not start (cancelled, not far enough, or refused) lets go of the pull.
    _disarmHeader()
  }

  /// Back to idle from pulling or armed, arrow down.
  mutating func _disarmHeader() {
    guard _header.phase == .pulling || _header.phase == .armed else { return }
    _header.phase = .idle
    _setHeaderArrow(up: false)
  }

  mutating func _beginRefreshing(scrollIntoView: Bool, effects: inout [Effect]) {
    switch _header.phase {
    case .idle, .pulling, .armed: break
    case .refreshing, .finishing: return
    }
    guard _headerMayStart else { return }
    _header.phase = .refreshing
    _header.refreshStart = time
    _header.pendingEnd = nil
    _header.result = nil
    _header.isCollapsing = false
    _header.firedDrag = scrollIntoView ? -1 : _dragCount
    _header.arrow = EasedValue(0)
    effects.append(.startRefresh(time: time))
    if _headerOverlays {
      // The badge rests at `headerHeight` from wherever the pull left it, while the content
      // it was pulled with returns on its own.
      _headerInset = EasedValue(max(0, -_targetInsetTop - _offset))
    }
    _stateChanged()
    // A badge shows over the content wherever it is: nothing to scroll.
    if scrollIntoView, !_driver.isDragging, !_headerOverlays {
      let goal = _targetBounds.lowerBound
      if goal != _offset {
        _driver = .animation(
          EasedMotion(from: _offset, to: goal, duration: tuning.openDuration, curve: tuning.easing),
          start: time, byUser: false)
      }
    }
  }

  mutating func _endRefreshing(_ result: RefreshResult) {
    guard _header.phase == .refreshing, _header.pendingEnd == nil else { return }
    _header.pendingEnd = .holding(
      result, start: _header.refreshStart, minimum: tuning.minimumSpinnerTime, now: time)
    if _header.pendingEnd == nil { _applyRefreshEnd(result) }
  }

  mutating func _applyRefreshEnd(_ result: RefreshResult) {
    _header.phase = .finishing
    _header.result = result
    _header.finishStart = time
    _header.isCollapsing = false
    if result == .success {
      _header.lastUpdated = time
      // Fresh data: whatever the footer knew about the old list is void (rule 5).
      if _footer.phase == .noMoreData || _footer.phase == .failed { _footer.phase = .idle }
      _footer.awaitingContent = false
    }
    if tuning.finishingHoldDuration <= 0 { _startCollapse() }
    _stateChanged()
  }

  mutating func _startCollapse() {
    _header.isCollapsing = true
    _stateChanged()
    _finishCollapseIfDone()
  }

  mutating func _finishCollapseIfDone() {
    if _header.phase == .finishing, _header.isCollapsing, _headerInset.isSettled(at: time) {
      _header.phase = .idle
      _header.result = nil
      _header.isCollapsing = false
    }
  }

  func _headerNextEventTime() -> Double? {
    if let pending = _header.pendingEnd { return pending.due }
    guard _header.phase == .finishing else { return nil }
    return _header.isCollapsing
      ? _headerInset.endTime : _header.finishStart + tuning.finishingHoldDuration
  }

  mutating func _headerHandleDueEvents() {
    if let pending = _header.pendingEnd, time >= pending.due {
      _header.pendingEnd = nil
      _applyRefreshEnd(pending.result)
    }
    if _header.phase == .finishing, !_header.isCollapsing,
      time >= _header.finishStart + tuning.finishingHoldDuration
    {
      _startCollapse()
    }
    _finishCollapseIfDone()
  }
}
