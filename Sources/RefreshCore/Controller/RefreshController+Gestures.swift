extension RefreshController {
  mutating func _down(y: Double) -> [Effect] {
    let yielded = _touchpadYields()
    if yielded.goesAhead { _beginDrag(y: y, touchpadRelease: nil) }
    return yielded.effects
  }

  /// Before a press, a notched wheel, a key or a scroll to an offset: a held finger owns the
  /// content and the input is dropped; a touchpad's gesture lets go first, as if its fingers
  /// had lifted (with what that release starts), and the input goes ahead, whichever it is.
  mutating func _touchpadYields() -> (goesAhead: Bool, effects: [Effect]) {
    guard case .dragging(let drag) = _driver else { return (true, []) }
    guard drag.touchpadRelease != nil else { return (false, []) }
    let effects = _release(isCancel: false)
    // That release may have opened the second floor, which takes the input for itself.
    if case .twoLevel = _header.phase { return (false, effects) }
    return (true, effects)
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

  mutating func _move(y: Double) -> [Effect] {
    guard let drag = _scroll.move(y: y, at: time, tapSlop: tuning.tapSlop) else { return [] }
    return _follow(drag)
  }

  /// Shows the drag's offset, then lets the header and footer follow the pull.
  mutating func _follow(_ drag: _Drag) -> [Effect] {
    let before = _offset
    _scroll.follow(drag, resistance: _resistance, at: time)
    _headerDragged()
    _footerDragged()
    return _checkAutoLoad(movedFrom: before)
  }

  mutating func _release(isCancel: Bool) -> [Effect] {
    guard case .dragging(let drag) = _driver else { return [] }
    let velocity = _scroll.releaseVelocity(of: drag, isCancel: isCancel, at: time, tuning: tuning)
    var effects: [Effect] = []
    if !isCancel, !drag.engaged { effects = _tap(atViewportY: drag.downY) }
    // States first, so the motion below aims at the bounds the new state holds open.
    let header = _headerReleased(isCancel: isCancel)
    let refreshes = header.contains { if case .startRefresh = $0 { true } else { false } }
    effects._append(header)
    effects._append(_footerReleased(isCancel: isCancel))
    if case .twoLevel(closing: false) = _header.phase {
      // A floor just opened: the content glides with its inset, in step.
      _scroll.letGo(
        glidingTo: -(_baseline.top + _floorExtent), duration: _floorDuration,
        curve: tuning.easing, at: time)
    } else if refreshes, tuning.armedRelease == .eased, !_headerOverlays {
      // MJRefresh's one animation of the inset and the offset: the content eases to the held
      // height in step with the inset, from still (`ArmedRelease.eased`).
      let goal = _targetBounds.lowerBound
      _scroll.letGo(glidingTo: goal, duration: tuning.openDuration, curve: tuning.easing, at: time)
      // A zero-length animation lands at once, as the inset does.
      if tuning.openDuration <= 0 { _scroll.jump(to: goal, at: time) }
    } else if _scroll.letGo(velocity: velocity, context: _scrollContext, tuning: tuning) {
      effects._append(_checkAutoLoadAtStart())
    }
    return effects
  }

  /// A press that never engaged: the footer takes its own taps (retry, load); a tap on the
  /// rows goes to the app.
  mutating func _tap(atViewportY y: Double) -> [Effect] {
    let contentY = y + _offset
    if _footerIsShown {
      let footerY = _footerY(insetTop: _targetInsetTop)
      if contentY >= footerY, contentY < footerY + tuning.footerHeight {
        return _footer.tapLoads(tuning: tuning) ? _startLoadMore() : []
      }
    }
    guard contentY >= 0, contentY < _contentHeight else { return [] }
    return [.tap(contentY: contentY, time: time)]
  }

  mutating func _wheel(dy: Double, precise: Bool) -> [Effect] {
    if precise { return _touchpad(dy: dy) }
    let yielded = _touchpadYields()
    guard yielded.goesAhead else { return yielded.effects }
    _footer.otherInputBegan()
    return yielded.effects + _scrollAnimated(by: -tuning.points(forWheelNotches: dy))
  }

  /// A touchpad's precise points: the fingers' travel, added up as a virtual finger, drives a
  /// drag that lets go after `touchpadReleaseDelay` of silence (an internal event, handled at
  /// its exact time).
  mutating func _touchpad(dy: Double) -> [Effect] {
    if case .dragging(let drag) = _driver {
      // A held button owns the content; the touchpad waits for it.
      guard drag.touchpadRelease != nil else { return [] }
    } else {
      _beginDrag(y: 0, touchpadRelease: time)
    }
    guard let drag = _scroll.addTouchpadTravel(dy, at: time, delay: tuning.touchpadReleaseDelay) else {
      return []
    }
    return _follow(drag)
  }

  /// The thumb of a scrollbar, or keeping a selection in view: within the bounds only.
  mutating func _scroll(to goal: Double, animated: Bool) -> [Effect] {
    let yielded = _touchpadYields()
    guard yielded.goesAhead else { return yielded.effects }
    _footer.otherInputBegan()
    if animated { return yielded.effects + _scrollAnimated(to: goal) }
    let bounds = _targetBounds
    let before = _offset
    _scroll.jump(to: min(max(goal, bounds.lowerBound), bounds.upperBound), at: time)
    return yielded.effects + _checkAutoLoad(movedFrom: before)
  }

  mutating func _key(_ action: KeyAction) -> [Effect] {
    let yielded = _touchpadYields()
    guard yielded.goesAhead else { return yielded.effects }
    // F5 starts the app's refresh; it is no input of the user's that scrolls (a drag's settle
    // stays the drag's, held to once per drag).
    if action != .refresh { _footer.otherInputBegan() }
    let page = max(_viewportHeight - _baseline.top - _baseline.bottom - tuning.keyLineDistance, 1)
    let bounds = _targetBounds
    switch action {
    case .lineUp: return yielded.effects + _scrollAnimated(by: -tuning.keyLineDistance)
    case .lineDown: return yielded.effects + _scrollAnimated(by: tuning.keyLineDistance)
    case .pageUp: return yielded.effects + _scrollAnimated(by: -page)
    case .pageDown: return yielded.effects + _scrollAnimated(by: page)
    case .home: return yielded.effects + _scrollAnimated(to: bounds.lowerBound)
    case .end: return yielded.effects + _scrollAnimated(to: bounds.upperBound)
    case .refresh: return yielded.effects + _beginRefreshing(scrollIntoView: true)
    }
  }

  /// A short eased scroll; repeated presses extend the running animation's goal.
  mutating func _scrollAnimated(by delta: Double) -> [Effect] {
    var from = _offset
    if case .animation(let motion, _, true) = _driver { from = motion.to }
    return _scrollAnimated(to: from + delta)
  }

  mutating func _scrollAnimated(to goal: Double) -> [Effect] {
    let bounds = _targetBounds
    let clamped = min(max(goal, bounds.lowerBound), bounds.upperBound)
    guard clamped != _offset else { return [] }
    _scroll.scrollAnimated(to: clamped, context: _scrollContext, tuning: tuning)
    var effects = _checkAutoLoadAtStart()
    // A zero-length animation lands at once.
    if tuning.scrollAnimationDuration <= 0 {
      let before = _offset
      _scroll.land(at: clamped)
      effects._append(_checkAutoLoad(movedFrom: before))
    }
    return effects
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
