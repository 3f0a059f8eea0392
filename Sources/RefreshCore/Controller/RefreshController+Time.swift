extension RefreshController {
  /// Moves the clock to `target` in exact steps: each internal event (a fling meeting an edge,
  /// a hold ending, a trigger line crossed) is handled at its own time, never at a frame's.
  mutating func _advance(to target: Double, effects: inout [Effect]) {
    // A guard against a pathological loop: every step either reaches an event or the target.
    var steps = 0
    while time < target, steps < 10_000 {
      steps += 1
      // A motion inside the zone heading for the end (the zone or the motion just changed,
      // which happens only at an input or an event) loads now, not at the next frame.
      if _driver.isUserDriven, !_driver.isDragging { _checkAutoLoadAtStart(effects: &effects) }
      var next = min(target, _nextEventTime())
      if let crossing = _loadTriggerCrossing(before: next) { next = crossing }
      let before = _offset
      let userDriven = _driver.isUserDriven
      _moveDriver(to: next)
      time = next
      _handleDueEvents(effects: &effects)
      if userDriven { _checkAutoLoad(movedFrom: before, effects: &effects) }
    }
    if time < target { time = target }
  }

  /// The earliest scheduled internal event after now, or infinity.
  func _nextEventTime() -> Double {
    var next = Double.infinity
    func consider(_ candidate: Double?) {
      if let candidate, candidate > time { next = min(next, candidate) }
    }
    consider(_headerNextEventTime())
    consider(_footerNextEventTime())
    switch _driver {
    case .fling(let motion, let start):
      consider(start + motion.duration)
      consider(_edgeHit(of: motion, start: start)?.time)
    case .animation(let motion, let start, _):
      consider(start + motion.duration)
    case .spring(let motion, let start):
      consider(start + motion.duration)
    case .coast(let motion, let start):
      consider(start + motion.duration)
    case .rebound(let motion, let start):
      consider(start + motion.duration)
    case .dragging(let drag):
      consider(drag.touchpadRelease)
    case .resting:
      break
    }
    return next
  }

  /// Moves the offset along the active driver to `next`, switching drivers at edges.
  mutating func _moveDriver(to next: Double) {
    guard let state = _driver.evaluate(at: next) else { return }
    let moved = state.position != _offset
    _offset = state.position
    _velocity = state.velocity
    if moved { _lastActivity = next }
    switch _driver {
    case .fling(let motion, let start):
      if let hit = _edgeHit(of: motion, start: start), next >= hit.time - 1e-12 {
        // Met an edge: hand the exact position and velocity to the family's edge motion.
        _offset = hit.edge
        _velocity = _transferVelocity(motion.velocity(at: hit.time - start), at: hit.edge)
        _startEdgeMotion(at: hit.time, edge: hit.edge)
        if let state = _driver.evaluate(at: next) {
          _offset = state.position
          _velocity = state.velocity
        }
      } else if next >= start + motion.duration {
        _velocity = 0
        _driver = .resting
        _settleIfOutOfBounds(at: next)
      }
    case .spring(let motion, let start):
      // Compared exactly as the event was scheduled (`start + duration`), so the step that
      // lands on the rest time ends the spring.
      if next >= start + motion.duration {
        _offset = motion.target
        _velocity = 0
        _driver = .resting
      }
    case .coast(let motion, let start):
      if next >= start + motion.duration {
        _endCoast(motion, at: start + motion.duration)
        if let state = _driver.evaluate(at: next) {
          _offset = state.position
          _velocity = state.velocity
        }
      }
    case .rebound(let motion, let start):
      // Compared in absolute time, as the event was scheduled, so it ends on its due time.
      if next >= start + motion.duration {
        _offset = motion.to
        _velocity = 0
        _driver = .resting
      }
    case .animation(let motion, let start, _):
      if next >= start + motion.duration {
        _velocity = 0
        _driver = .resting
        _settleIfOutOfBounds(at: next)
      }
    case .resting, .dragging:
      break
    }
  }

  /// The speed a fling meeting `edge` hands to the spring. Flutter caps it
  /// (`BouncingScrollSimulation.maxSpringTransferVelocity`; Flutter's `math.min` caps only the
  /// end's direction, the lab caps both). A badge over still content (`overlay`) has nothing to
  /// bounce at the top: the fling stops there, as an Android list does.
  func _transferVelocity(_ velocity: Double, at edge: Double) -> Double {
    if _headerOverlays, edge == _targetBounds.lowerBound, velocity < 0 { return 0 }
    guard tuning.resistanceCurve == .flutterFriction else { return velocity }
    let cap = tuning.maxSpringTransferVelocity
    return min(max(velocity, -cap), cap)
  }

  /// When and where a fling meets the edge it is heading for, if it does before it stops.
  func _edgeHit(of motion: FrictionMotion, start: Double) -> (time: Double, edge: Double)? {
    let bounds = _targetBounds
    let edge = motion.initialVelocity < 0 ? bounds.lowerBound : bounds.upperBound
    guard let hit = motion.time(reaching: edge) else { return nil }
    return (start + hit, edge)
  }

  /// Whether an offset moved by the user toward the end crosses into the load-more zone before
  /// `next`; returns the exact crossing time so the load starts then, whatever the frame rate.
  ///
  /// The crossing is bisected over the motion's whole span (a fling and an eased scroll move
  /// one way only), never over the frame's, so every frame rate finds the same instant to the
  /// last bit; the bisection ends on a time whose position is inside the zone.
  func _loadTriggerCrossing(before next: Double) -> Double? {
    guard _driver.isUserDriven, !_driver.isDragging, _canAutoLoad else { return nil }
    guard let end = _driver.evaluate(at: next), end.position > _offset else { return nil }
    // Past the top a pull down never loads: the zone begins at the top edge at the earliest.
    let line = max(_loadTriggerOffset, _targetBounds.lowerBound)
    if _offset >= line { return nil }  // Already inside: `_checkAutoLoadAtStart` fires.
    guard end.position >= line else { return nil }
    var low: Double
    var high: Double
    switch _driver {
    case .fling(let motion, let start): (low, high) = (start, start + motion.duration)
    case .animation(let motion, let start, _): (low, high) = (start, start + motion.duration)
    case .resting, .dragging, .spring, .coast, .rebound: return nil
    }
    guard let last = _driver.evaluate(at: high), last.position >= line else { return next }
    while true {
      let mid = low + (high - low) / 2
      guard mid > low, mid < high else { break }
      if let position = _driver.evaluate(at: mid)?.position, position >= line {
        high = mid
      } else {
        low = mid
      }
    }
    return high > time && high <= next ? high : next
  }

  /// Runs whatever falls due at `time`: a touchpad's silent fingers letting go, deferred ends,
  /// the finishing hold and collapses.
  mutating func _handleDueEvents(effects: inout [Effect]) {
    if case .dragging(let drag) = _driver, let due = drag.touchpadRelease, time >= due {
      _release(effects: &effects, isCancel: false)
    }
    _headerHandleDueEvents()
    _footerHandleDueEvents()
  }
}
