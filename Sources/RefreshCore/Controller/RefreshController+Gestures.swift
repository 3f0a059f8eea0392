extension RefreshController {
  mutating func _down(y: Double) {
    if case .dragging = _driver { return }
    let caught: Bool
    switch _driver {
    case .resting, .dragging: caught = false
    case .fling, .spring, .rebound, .animation: caught = abs(_velocity) > 1
    }
    _dragCount += 1
    _header.dragBeganBusy = _header.phase.isBusy
    _footer.gestureIsDrag = true
    _footer.latch.dragBegan()
    // Grabbing content that is already out of bounds inverts the band, so nothing jumps.
    let bounds = _targetBounds
    _driver = .dragging(
      _Drag(
        startY: y, startRaw: _resistance.unband(_offset, within: bounds), bounds: bounds, lastY: y,
        downY: y, downTime: time, travel: 0, caughtMotion: caught))
    _velocity = 0
    _tracker.reset()
    _tracker.addSample(position: y, time: time)
    _lastActivity = time
  }

  mutating func _move(y: Double, effects: inout [Effect]) {
    guard case .dragging(var drag) = _driver else { return }
    let before = _offset
    drag.lastY = y
    drag.travel = max(drag.travel, abs(y - drag.downY))
    // The band applies to the raw total of the drag, never per delta.
    let raw = drag.startRaw - (y - drag.startY)
    let resistance = _resistance
    _offset = resistance.band(raw, within: drag.bounds)
    _driver = .dragging(drag)
    _tracker.addSample(position: y, time: time)
    // The content's speed, not the finger's: the band slows it past an edge.
    _velocity = -_tracker.velocity() * resistance.slope(at: raw, within: drag.bounds)
    _lastActivity = time
    _headerDragged()
    _footerDragged()
    _checkAutoLoad(movedFrom: before, effects: &effects)
  }

  mutating func _release(effects: inout [Effect], isCancel: Bool) {
    guard case .dragging(let drag) = _driver else { return }
    var velocity = isCancel ? 0 : -_tracker.velocity(at: time)
    if abs(velocity) < tuning.minimumFlingVelocity { velocity = 0 }
    velocity = min(max(velocity, -tuning.maximumFlingVelocity), tuning.maximumFlingVelocity)
    if !isCancel, drag.travel < Self._tapSlop, !drag.caughtMotion {
      _tap(atViewportY: drag.lastY, effects: &effects)
    }
    // States first, so the motion below aims at the bounds the new state holds open.
    _headerReleased(effects: &effects, isCancel: isCancel)
    _footerReleased(effects: &effects, isCancel: isCancel)
    _velocity = velocity
    _driver = .resting
    _tracker.reset()
    let bounds = _targetBounds
    if !bounds.contains(_offset) {
      _startBounce(at: time, target: _nearestEdge(of: bounds))
    } else if velocity != 0 {
      _driver = .fling(
        FrictionMotion(start: _offset, initialVelocity: velocity, rate: tuning.decelerationRate),
        start: time)
    } else {
      _velocity = 0
    }
  }

  mutating func _tap(atViewportY y: Double, effects: inout [Effect]) {
    guard _footerIsShown else { return }
    let footerY = _footerY(insetTop: _targetInsetTop)
    let contentY = y + _offset
    guard contentY >= footerY, contentY < footerY + tuning.footerHeight else { return }
    switch _footer.phase {
    case .failed: _startLoadMore(effects: &effects)
    case .idle where tuning.footerMode == .automatic: _startLoadMore(effects: &effects)
    default: break
    }
  }

  mutating func _wheel(dy: Double, precise: Bool, effects: inout [Effect]) {
    if case .dragging = _driver { return }
    _footer.gestureIsDrag = false
    let delta = -dy * (precise ? 1 : tuning.wheelLineDistance)
    if precise {
      // Touchpad deltas follow the fingers directly, within the bounds.
      let before = _offset
      let bounds = _targetBounds
      _offset = min(max(_offset + delta, bounds.lowerBound), bounds.upperBound)
      _velocity = 0
      _driver = .resting
      _lastActivity = time
      _checkAutoLoad(movedFrom: before, effects: &effects)
    } else {
      _scrollAnimated(by: delta, effects: &effects)
    }
  }

  mutating func _key(_ action: KeyAction, effects: inout [Effect]) {
    if case .dragging = _driver { return }
    _footer.gestureIsDrag = false
    let page = max(_viewportHeight - _baseline.top - _baseline.bottom - tuning.keyLineDistance, 1)
    let bounds = _targetBounds
    switch action {
    case .lineUp: _scrollAnimated(by: -tuning.keyLineDistance, effects: &effects)
    case .lineDown: _scrollAnimated(by: tuning.keyLineDistance, effects: &effects)
    case .pageUp: _scrollAnimated(by: -page, effects: &effects)
    case .pageDown: _scrollAnimated(by: page, effects: &effects)
    case .home: _scrollAnimated(to: bounds.lowerBound, effects: &effects)
    case .end: _scrollAnimated(to: bounds.upperBound, effects: &effects)
    case .refresh: _beginRefreshing(scrollIntoView: true, effects: &effects)
    }
  }

  /// A short eased scroll; repeated presses extend the running animation's goal.
  mutating func _scrollAnimated(by delta: Double, effects: inout [Effect]) {
    var from = _offset
    if case .animation(let motion, _, true) = _driver { from = motion.to }
    _scrollAnimated(to: from + delta, effects: &effects)
  }

  mutating func _scrollAnimated(to goal: Double, effects: inout [Effect]) {
    let bounds = _targetBounds
    let clamped = min(max(goal, bounds.lowerBound), bounds.upperBound)
    guard clamped != _offset else { return }
    _driver = .animation(
      EasedMotion(
        from: _offset, to: clamped, duration: tuning.scrollAnimationDuration, curve: tuning.easing),
      start: time, byUser: true)
    _lastActivity = time
    // A zero-length animation lands at once.
    if tuning.scrollAnimationDuration <= 0 {
      let before = _offset
      _offset = clamped
      _driver = .resting
      _checkAutoLoad(movedFrom: before, effects: &effects)
    }
  }

  mutating func _resize(_ height: Double) {
    let old = _targetBounds
    _viewportHeight = max(height, 1)
    _applyInsetTargets()
    _boundsChanged(from: old, cause: .layout)
    _rebaseDrag()
  }

  mutating func _setContentHeight(_ height: Double) {
    let old = _targetBounds
    _contentHeight = max(height, 0)
    _footer.latch.listReplaced()
    _applyInsetTargets()
    _boundsChanged(from: old, cause: .content)
  }

  mutating func _setBaseline(_ inset: EdgeInsets) {
    let old = _targetBounds
    _baseline = inset
    _applyInsetTargets()
    _boundsChanged(from: old, cause: .layout)
  }

  mutating func _setTuning(_ newTuning: Tuning) {
    let old = _targetBounds
    if newTuning.footerMode != tuning.footerMode {
      switch _footer.phase {
      case .pulling(let rest), .armed(let rest):
        // A pull armed under the other mode's rules means nothing under the new ones.
        _footer.phase = _FooterPhase(rest)
        _footer.arrow = EasedValue(0)
      case .idle, .loading, .failed, .noMoreData:
        break
      }
    }
    tuning = newTuning
    let duration = _applyInsetTargets()
    if duration != nil || _targetBounds != old {
      // A header style that stops (or starts) holding its inset moves the edge as well.
      _boundsChanged(from: old, cause: .insets(duration: duration ?? tuning.collapseDuration))
    }
    _rebaseDrag()
  }
}
