extension RefreshController {
  mutating func _down(y: Double, effects: inout [Effect]) {
    guard _touchpadYields(effects: &effects) else { return }
    _beginDrag(y: y, touchpadRelease: nil)
  }

  /// Before a press, a notched wheel, a key or a scroll to an offset: a held finger owns the
  /// content and the input is dropped (false); a touchpad's gesture lets go first, as if its
  /// fingers had lifted, and the input goes ahead, whichever input it is.
  mutating func _touchpadYields(effects: inout [Effect]) -> Bool {
    guard case .dragging(let drag) = _driver else { return true }
    guard drag.touchpadRelease != nil else { return false }
    _release(effects: &effects, isCancel: false)
    // That release may have opened the second floor, which takes the input for itself.
    if case .twoLevel = _header.phase { return false }
    return true
  }

  /// Starts a finger's or a touchpad's drag at virtual finger position `y`: the header and
  /// footer learn that a drag began, the scroll takes the content.
  mutating func _beginDrag(y: Double, touchpadRelease: Double?) {
    _dragCount += 1
    _header.dragBegan()
    _footer.dragBegan()
    _scroll.beginDrag(
      y: y, touchpadRelease: touchpadRelease, bounds: _targetBounds, resistance: _resistance, at: time)
  }

  mutating func _move(y: Double, effects: inout [Effect]) {
    if let drag = _scroll.move(y: y, at: time, tapSlop: tuning.tapSlop) { _follow(drag, effects: &effects) }
  }

  /// Shows the drag's offset, then lets the header and footer follow the pull.
  mutating func _follow(_ drag: _Drag, effects: inout [Effect]) {
    let before = _offset
    _scroll.follow(drag, resistance: _resistance, at: time)
    _headerDragged()
    _footerDragged()
    _checkAutoLoad(movedFrom: before, effects: &effects)
  }

  mutating func _release(effects: inout [Effect], isCancel: Bool) {
    guard case .dragging(let drag) = _driver else { return }
    let velocity = _scroll.releaseVelocity(of: drag, isCancel: isCancel, at: time, tuning: tuning)
    if !isCancel, !drag.engaged { _tap(atViewportY: drag.downY, effects: &effects) }
    // States first, so the motion below aims at the bounds the new state holds open.
    _headerReleased(effects: &effects, isCancel: isCancel)
    _footerReleased(effects: &effects, isCancel: isCancel)
    if case .twoLevel(closing: false) = _header.phase {
      // A floor just opened: the content glides with its inset, in step.
      _scroll.letGo(
        glidingTo: -(_baseline.top + _floorExtent), duration: tuning.twoLevelFloorDuration,
        curve: tuning.easing, at: time)
    } else if _scroll.letGo(velocity: velocity, context: _scrollContext, tuning: tuning) {
      _checkAutoLoadAtStart(effects: &effects)
    }
  }

  /// A press that never engaged: the footer takes its own taps (retry, load); a tap on the
  /// rows goes to the app.
  mutating func _tap(atViewportY y: Double, effects: inout [Effect]) {
    let contentY = y + _offset
    if _footerIsShown {
      let footerY = _footerY(insetTop: _targetInsetTop)
      if contentY >= footerY, contentY < footerY + tuning.footerHeight {
        if _footer.tapLoads(tuning: tuning) { _startLoadMore(effects: &effects) }
        return
      }
    }
    if contentY >= 0, contentY < _contentHeight { effects.append(.tap(contentY: contentY, time: time)) }
  }

  mutating func _wheel(dy: Double, precise: Bool, effects: inout [Effect]) {
    if precise {
      _touchpad(dy: dy, effects: &effects)
      return
    }
    guard _touchpadYields(effects: &effects) else { return }
    _footer.otherInputBegan()
    _scrollAnimated(by: -tuning.points(forWheelNotches: dy), effects: &effects)
  }

  /// A touchpad's precise points: the fingers' travel, added up as a virtual finger, drives a
  /// drag that lets go after `touchpadReleaseDelay` of silence (an internal event, handled at
  /// its exact time).
  mutating func _touchpad(dy: Double, effects: inout [Effect]) {
    if case .dragging(let drag) = _driver {
      // A held button owns the content; the touchpad waits for it.
      guard drag.touchpadRelease != nil else { return }
    } else {
      _beginDrag(y: 0, touchpadRelease: time)
    }
    guard let drag = _scroll.addTouchpadTravel(dy, at: time, delay: tuning.touchpadReleaseDelay) else {
      return
    }
    _follow(drag, effects: &effects)
  }

  /// The thumb of a scrollbar, or keeping a selection in view: within the bounds only.
  mutating func _scroll(to goal: Double, animated: Bool, effects: inout [Effect]) {
    guard _touchpadYields(effects: &effects) else { return }
    _footer.otherInputBegan()
    if animated {
      _scrollAnimated(to: goal, effects: &effects)
      return
    }
    let bounds = _targetBounds
    let before = _offset
    _scroll.jump(to: min(max(goal, bounds.lowerBound), bounds.upperBound), at: time)
    _checkAutoLoad(movedFrom: before, effects: &effects)
  }

  mutating func _key(_ action: KeyAction, effects: inout [Effect]) {
    guard _touchpadYields(effects: &effects) else { return }
    _footer.otherInputBegan()
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
    _scroll.scrollAnimated(to: clamped, context: _scrollContext, tuning: tuning)
    _checkAutoLoadAtStart(effects: &effects)
    // A zero-length animation lands at once.
    if tuning.scrollAnimationDuration <= 0 {
      let before = _offset
      _scroll.land(at: clamped)
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
    _footer.contentHeightChanged()
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
    if newTuning.footerMode != tuning.footerMode { _footer.modeChanged() }
    tuning = newTuning
    let duration = _applyInsetTargets()
    if duration != nil || _targetBounds != old {
      // A header style that stops (or starts) holding its inset moves the edge as well.
      _boundsChanged(from: old, cause: .insets(duration: duration ?? tuning.collapseDuration))
    }
    _rebaseDrag()
  }
}
