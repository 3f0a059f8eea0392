extension RefreshController {
  static let _halfTurn = Double.pi

  /// Whether the header's inset is held open.
  var _headerHoldsInset: Bool {
    switch _header.phase {
    case .refreshing, .finishing(_, _, collapsing: false): true
    case .idle, .pulling, .armed, .armedTwoLevel, .finishing, .twoLevel: false
    }
  }

  /// Whether the header may start a refresh now (header and footer exclude each other unless
  /// the tuning allows both; rule 4).
  var _headerMayStart: Bool {
    !(_footer.phase.isLoading && !tuning.allowsSimultaneousRefreshAndLoad)
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
    case .idle, .pulling, .armed, .armedTwoLevel: break
    case .refreshing, .finishing, .twoLevel: return  // A drag while busy changes nothing (rule 1).
    }
    guard _headerMayStart, _dragMayArmHeader else {
      _disarmHeader()
      return
    }
    let pull = -_targetInsetTop - _offset
    let phase: _HeaderPhase =
      _pullReachesFloor(pull)
      ? .armedTwoLevel : pull >= tuning.refreshThreshold ? .armed : (pull > 0 ? .pulling : .idle)
    let wasArmed = _header.phase.state == .armed
    if (phase.state == .armed) != wasArmed { _setHeaderArrow(up: phase.state == .armed) }
    _header.phase = phase
  }

  mutating func _headerReleased(effects: inout [Effect], isCancel: Bool) {
    if _header.phase == .armedTwoLevel, !isCancel, !_footer.phase.isLoading {
      _openFloor(effects: &effects)
      return
    }
    // Past the floor's line while a load began under the finger, the release refreshes at most.
    if _header.phase.state == .armed, !isCancel {
      _beginRefreshing(scrollIntoView: false, effects: &effects)
    }
    // Whatever did not start (cancelled, not far enough, or refused) lets go of the pull.
    _disarmHeader()
  }

  /// Back to idle from pulling or armed, arrow down.
  mutating func _disarmHeader() {
    guard _header.phase == .pulling || _header.phase.state == .armed else { return }
    _header.phase = .idle
    _setHeaderArrow(up: false)
  }

  mutating func _beginRefreshing(scrollIntoView: Bool, effects: inout [Effect]) {
    guard !_header.phase.isBusy, _headerMayStart else { return }
    _header.phase = .refreshing(since: time, pendingEnd: nil)
    _header.firedDrag = scrollIntoView ? nil : _dragCount
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
      if goal != _offset { _startEasedScroll(to: goal, duration: tuning.openDuration, byUser: false) }
    }
  }

  mutating func _endRefreshing(_ result: RefreshResult) {
    guard case .refreshing(let since, nil) = _header.phase else { return }
    if let pending = _PendingEnd.holding(
      result, start: since, minimum: tuning.minimumSpinnerTime, now: time)
    {
      _header.phase = .refreshing(since: since, pendingEnd: pending)
    } else {
      _applyRefreshEnd(result)
    }
  }

  mutating func _applyRefreshEnd(_ result: RefreshResult) {
    _header.phase = .finishing(result: result, since: time, collapsing: false)
    if result == .success {
      _header.lastUpdated = time
      // Fresh data: whatever the footer knew about the old list is void (rule 5).
      // A footer being pulled from a failed load returns to idle when let go, not to failed.
      switch _footer.phase {
      case .noMoreData, .failed: _footer.phase = .idle
      case .pulling(.failed): _footer.phase = .pulling(returnsTo: .idle)
      case .armed(.failed): _footer.phase = .armed(returnsTo: .idle)
      case .idle, .pulling(.idle), .armed(.idle), .loading: break
      }
      _footer.latch.listReplaced()
    }
    if tuning.finishingHoldDuration <= 0 { _startCollapse() }
    _stateChanged()
  }

  mutating func _startCollapse() {
    guard case .finishing(let result, let since, false) = _header.phase else { return }
    _header.phase = .finishing(result: result, since: since, collapsing: true)
    _stateChanged()
    _finishCollapseIfDone()
  }

  mutating func _finishCollapseIfDone() {
    if case .finishing(_, _, true) = _header.phase, _headerInset.isSettled(at: time) {
      _header.phase = .idle
    }
  }

  func _headerNextEventTime() -> Double? {
    switch _header.phase {
    case .refreshing(_, let pending): pending?.due
    case .finishing(_, _, true): _headerInset.endTime
    case .finishing(_, let since, false): since + tuning.finishingHoldDuration
    case .twoLevel(closing: true): _headerInset.endTime
    case .idle, .pulling, .armed, .armedTwoLevel, .twoLevel: nil
    }
  }

  mutating func _headerHandleDueEvents() {
    if case .refreshing(_, let pending?) = _header.phase, time >= pending.due {
      _applyRefreshEnd(pending.result)
    }
    if case .finishing(_, let since, false) = _header.phase,
      time >= since + tuning.finishingHoldDuration
    {
      _startCollapse()
    }
    _finishCollapseIfDone()
    _finishFloorIfClosed()
  }
}
