extension RefreshController {
  /// Moves the clock to `target` in exact steps: each internal event (a fling meeting an edge,
  /// a hold ending, a trigger line crossed) is handled at its own time, never at a frame's.
  mutating func _advance(to target: Double) -> [Effect] {
    var effects: [Effect] = []
    // A guard against a pathological loop: every step either reaches an event or the target.
    var steps = 0
    while time < target, steps < 10_000 {
      steps += 1
      // A motion inside the zone heading for the end (the zone or the motion just changed,
      // which happens only at an input or an event) loads now, not at the next frame.
      if _driver.isUserDriven, !_driver.isDragging {
        // Outside the zone at the step's start (the input's own time for the first step) is
        // leaving it, whatever the frame rate: the crossing below may then fire.
        if _offset < _loadZoneOffset { _footer.leftTheZone(drag: _dragCount) }
        effects._append(_checkAutoLoadAtStart())
      }
      var next = min(target, _nextEventTime())
      if let crossing = _loadTriggerCrossing(before: next) { next = crossing }
      let before = _offset
      let userDriven = _driver.isUserDriven
      _scroll.move(to: next, context: _scrollContext, tuning: tuning)
      time = next
      effects._append(_handleDueEvents())
      if userDriven { effects._append(_checkAutoLoad(movedFrom: before)) }
    }
    if time < target { time = target }
    return effects
  }

  /// The earliest scheduled internal event after now, or infinity.
  func _nextEventTime() -> Double {
    var next = Double.infinity
    func consider(_ candidate: Double?) {
      if let candidate, candidate > time { next = min(next, candidate) }
    }
    consider(_headerNextEventTime())
    consider(_footerNextEventTime())
    consider(_scroll.nextEventTime(context: _scrollContext))
    return next
  }

  /// Whether an offset moved by the user toward the end crosses into the load-more zone before
  /// `next`; returns the exact crossing time so the load starts then, whatever the frame rate.
  func _loadTriggerCrossing(before next: Double) -> Double? {
    guard _driver.isUserDriven, !_driver.isDragging, _canAutoLoad else { return nil }
    // Past the top a pull down never loads: the zone begins at the top edge at the earliest.
    let line = max(_loadTriggerOffset, _targetBounds.lowerBound)
    return _scroll.crossing(of: line, before: next, at: time)
  }

  /// Runs whatever falls due at `time`: a touchpad's silent fingers letting go, deferred ends,
  /// the finishing hold and collapses.
  mutating func _handleDueEvents() -> [Effect] {
    var effects: [Effect] = []
    if case .dragging(let drag) = _driver, let due = drag.touchpadRelease, time >= due {
      effects = _release(isCancel: false)
    }
    _headerHandleDueEvents()
    _footerHandleDueEvents()
    return effects
  }
}
