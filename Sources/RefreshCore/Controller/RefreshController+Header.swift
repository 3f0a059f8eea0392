/// The controller's side of the header: it hands the header machine what it needs of the
/// footer and the scroll, and carries out what the header asks for (insets, effects, the
/// footer's part of a refresh).
extension RefreshController {
  /// Whether the header's inset is held open.
  var _headerHoldsInset: Bool { _header.holdsInset }

  /// Whether the header may start a refresh now (header and footer exclude each other unless
  /// the tuning allows both; rule 4).
  var _headerMayStart: Bool {
    !(_footer.phase.isLoading && !tuning.allowsSimultaneousRefreshAndLoad)
  }

  /// Pulling and arming follow the pull distance while the finger is down. A drag that already
  /// loaded more never arms the header (rule 4: never both from one pull).
  mutating func _headerDragged() {
    let pull = -_targetInsetTop - _offset
    _header.dragged(
      pull: pull, mayArm: _headerMayStart && !_footer.fired(drag: _dragCount),
      reachesFloor: _pullReachesFloor(pull), at: time, tuning: tuning)
  }

  mutating func _headerReleased(isCancel: Bool) -> [Effect] {
    var effects: [Effect] = []
    switch _header.release(isCancel: isCancel, footerIsLoading: _footer.phase.isLoading) {
    case .opensFloor:
      return _openFloor()
    case .refreshes:
      effects = _beginRefreshing(scrollIntoView: false)
    case .nothing:
      break
    }
    // Whatever did not start (cancelled, not far enough, or refused) lets go of the pull.
    _header.disarm(at: time, tuning: tuning)
    return effects
  }

  /// Starts a refresh when one may start: the header machine returns the effect, the insets
  /// follow what it now holds open.
  mutating func _beginRefreshing(scrollIntoView: Bool) -> [Effect] {
    guard _headerMayStart else { return [] }
    let effects = _header.beginRefreshing(at: time, drag: scrollIntoView ? nil : _dragCount)
    guard !effects.isEmpty else { return [] }
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
    return effects
  }

  mutating func _endRefreshing(_ result: RefreshResult) {
    if let now = _header.endRefreshing(result, at: time, tuning: tuning) { _applyRefreshEnd(now) }
  }

  mutating func _applyRefreshEnd(_ result: RefreshResult) {
    switch _header.finish(result, at: time) {
    case .listReplaced: _footer.listReplaced()
    case nil: break
    }
    if tuning.finishingHoldDuration <= 0 { _startCollapse() }
    _stateChanged()
  }

  mutating func _startCollapse() {
    guard _header.startCollapse() else { return }
    _stateChanged()
    _header.finishIfCollapsed(insetSettled: _headerInset.isSettled(at: time))
  }

  func _headerNextEventTime() -> Double? {
    _header.nextEventTime(insetEnd: _headerInset.endTime, tuning: tuning)
  }

  mutating func _headerHandleDueEvents() {
    if let result = _header.dueRefreshEnd(at: time) { _applyRefreshEnd(result) }
    if _header.holdIsOver(at: time, tuning: tuning) { _startCollapse() }
    _header.finishIfCollapsed(insetSettled: _headerInset.isSettled(at: time))
  }
}
