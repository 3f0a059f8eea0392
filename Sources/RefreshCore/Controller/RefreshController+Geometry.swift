extension RefreshController {
  /// The scroll indicator stays for `start` seconds after the last movement, then fades out by
  /// `end`, as on iOS.
  static let _indicatorFade = (start: 0.5, end: 0.8)

  /// The curve past the rest bounds, which are measured past whatever the header and footer
  /// hold open (SmartRefreshLayout damps a pull past an open bar with what is left of its reach).
  var _resistance: Resistance {
    let held = Resistance.BarsHeld(
      header: _headerHoldsInset && !_headerOverlays,
      footer: _footer.phase.isLoading || _footer.phase == .failed,
      autoLoadingFooter: tuning.footerMode == .automatic && _footer.phase == .idle && _footerIsShown)
    return Resistance(tuning: tuning, viewportHeight: _viewportHeight, barsHeld: held)
  }

  /// Whether the header is a badge over still content, holding no inset (`HeaderStyle.overlay`).
  var _headerOverlays: Bool { tuning.headerStyle == .overlay }

  /// What the header adds to the top inset: its held height, or nothing for a badge, whose
  /// `_headerInset` is then where it rests rather than room made for it.
  func _headerInsetContribution(_ held: Double) -> Double { _headerOverlays ? 0 : held }

  /// Top inset once running animations end.
  var _targetInsetTop: Double { _baseline.top + _headerInsetContribution(_headerInset.target) }

  /// Rest bounds once running inset animations end: what springs and flings aim for.
  var _targetBounds: ClosedRange<Double> {
    let low = -_targetInsetTop
    let high = _contentHeight + _baseline.bottom + _footerInset.target - _viewportHeight
    return low...max(low, high)
  }

  /// Content y of the footer: after the last row, or just below the viewport for a short list
  /// so that it stays hidden until pulled (cjrefresh places its footer the same way).
  func _footerY(insetTop: Double) -> Double {
    max(_contentHeight, _viewportHeight - insetTop - _baseline.bottom)
  }

  /// How much of the footer shows at `offset` (negative while it is below the viewport).
  func _footerVisible(at offset: Double) -> Double {
    offset + _viewportHeight - _baseline.bottom - _footerY(insetTop: _targetInsetTop)
  }

  /// The offset at which the automatic footer fires: `preloadDistance` before the footer shows.
  var _loadTriggerOffset: Double {
    _footerY(insetTop: _targetInsetTop) - tuning.preloadDistance - _viewportHeight
      + _baseline.bottom
  }

  func _nearestEdge(of bounds: ClosedRange<Double>) -> Double {
    abs(_offset - bounds.lowerBound) <= abs(_offset - bounds.upperBound)
      ? bounds.lowerBound : bounds.upperBound
  }

  var _springParameters: SpringParameters {
    SpringParameters(
      mass: tuning.springMass, stiffness: tuning.springStiffness,
      dampingRatio: tuning.springDampingRatio)
  }

  mutating func _startSpring(at start: Double, target: Double) {
    _driver = .spring(
      SpringMotion(from: _offset, velocity: _velocity, to: target, parameters: _springParameters),
      start: start)
  }

  /// Whether the tuning's curve family returns to rest with a spring (iOS, Flutter) rather than
  /// a fixed-length rebound (SmartRefreshLayout, SwipeRefreshLayout).
  var _springsBack: Bool {
    switch tuning.resistanceCurve {
    case .iosRubberBand, .flutterFriction: true
    case .smartDamping, .materialTension: false
    }
  }

  /// Returns content out of bounds to `target`: SmartRefreshLayout's and SwipeRefreshLayout's
  /// curves rebound over a fixed time, the others spring back carrying the current velocity.
  mutating func _startBounce(at start: Double, target: Double) {
    if _springsBack {
      _startSpring(at: start, target: target)
    } else {
      _driver = .rebound(
        ReboundMotion(from: _offset, to: target, duration: tuning.reboundDuration), start: start)
    }
  }

  /// A fling meeting `edge` at `_velocity`, at time `start`: the same family's motion as a
  /// release past the edge. A spring bounces off the edge; the rebound family coasts past it
  /// and then rebounds (`_endCoast`).
  mutating func _startEdgeMotion(at start: Double, edge: Double) {
    if _springsBack {
      _startSpring(at: start, target: edge)
      return
    }
    let coast = OvershootMotion(start: edge, velocity: _velocity)
    if coast.duration > 0 {
      _driver = .coast(coast, start: start)
    } else {
      _velocity = 0
      _driver = .resting
    }
  }

  /// A coast has stopped at `end`: back to the nearest edge over SmartRefreshLayout's
  /// after-fling duration, unless the bounds grew to take it in.
  mutating func _endCoast(_ coast: OvershootMotion, at end: Double) {
    _offset = coast.position(at: coast.duration)
    _velocity = 0
    _driver = .resting
    let bounds = _targetBounds
    guard !bounds.contains(_offset) else { return }
    let edge = _nearestEdge(of: bounds)
    _driver = .rebound(
      ReboundMotion(
        from: _offset, to: edge, duration: OvershootMotion.reboundDuration(distance: _offset - edge)),
      start: end)
  }

  /// An eased scroll to `goal` from where the offset is, as fast as it moves now.
  mutating func _startEasedScroll(to goal: Double, duration: Double, byUser: Bool) {
    _driver = .animation(
      EasedMotion(
        from: _offset, to: goal, duration: duration, curve: tuning.easing, velocity: _velocity),
      start: time, byUser: byUser)
  }

  /// After a motion ends: out of bounds bounces back.
  mutating func _settleIfOutOfBounds(at start: Double) {
    let bounds = _targetBounds
    if !bounds.contains(_offset) { _startBounce(at: start, target: _nearestEdge(of: bounds)) }
  }

  /// Why the rest bounds changed, which decides how a resting offset responds.
  enum _BoundsChange {
    /// The header or footer opened or closed: a pinned offset follows its edge, animated.
    case insets(duration: Double)
    /// Rows came or went: nothing follows (new rows appear below), out of bounds clamps.
    case content
    /// The viewport or the app's insets changed: a pinned offset follows at once.
    case layout
  }

  /// Keeps the offset consistent with new rest bounds without a jump.
  mutating func _boundsChanged(from old: ClosedRange<Double>, cause: _BoundsChange) {
    let new = _targetBounds
    switch _driver {
    case .dragging:
      _rebaseDrag()
    case .spring(let motion, _):
      let towardLower = abs(motion.target - old.lowerBound) <= abs(motion.target - old.upperBound)
      let target = towardLower ? new.lowerBound : new.upperBound
      if target != motion.target { _startSpring(at: time, target: target) }
    case .rebound(let motion, _):
      let towardLower = abs(motion.to - old.lowerBound) <= abs(motion.to - old.upperBound)
      let target = towardLower ? new.lowerBound : new.upperBound
      if target != motion.to { _startBounce(at: time, target: target) }
    case .resting:
      guard new != old else { return }
      var goal = _offset
      let follows: Bool
      switch cause {
      case .content: follows = false
      case .insets, .layout: follows = true
      }
      if follows, new.lowerBound != old.lowerBound, abs(_offset - old.lowerBound) < 0.5 {
        goal = new.lowerBound
      } else if follows, new.upperBound != old.upperBound, abs(_offset - old.upperBound) < 0.5 {
        goal = new.upperBound
      }
      goal = min(max(goal, new.lowerBound), new.upperBound)
      guard goal != _offset else { return }
      if case .insets(let duration) = cause, duration > 0 {
        _startEasedScroll(to: goal, duration: duration, byUser: false)
      } else {
        _offset = goal
        _lastActivity = time
      }
    case .animation(let motion, _, false):
      // Following an edge (scrolling the header into view, an inset closing): follow it to
      // where it is now, over what the inset change takes, or it would end at the old edge.
      let towardLower = abs(motion.to - old.lowerBound) <= abs(motion.to - old.upperBound)
      let goal = towardLower ? new.lowerBound : new.upperBound
      guard goal != motion.to else { return }
      var duration = 0.0
      if case .insets(let insetDuration) = cause { duration = insetDuration }
      _startEasedScroll(to: goal, duration: duration, byUser: false)
      if duration <= 0 {
        _offset = goal
        _driver = .resting
      }
    case .fling:
      // The bounds moved under the fling (an inset closed past it): back from where it is,
      // from this instant. Otherwise it meets the new edge on its own.
      if !new.contains(_offset) { _startBounce(at: time, target: _nearestEdge(of: new)) }
    case .coast, .animation:
      // A fling meets the new edges on its own; the user's own scroll settles when it ends.
      break
    }
  }

  /// Restarts the drag's measurement at the finger's current position so the shown offset stays
  /// put while the bounds or the band change under it.
  mutating func _rebaseDrag() {
    guard case .dragging(var drag) = _driver else { return }
    let bounds = _targetBounds
    drag.bounds = bounds
    drag.startRaw = _resistance.unband(_offset, within: bounds)
    drag.startY = drag.lastY
    _driver = .dragging(drag)
  }

  /// Animates the header's and footer's inset contributions toward what their states hold open.
  /// Returns the duration used, or nil if nothing changed.
  @discardableResult
  mutating func _applyInsetTargets() -> Double? {
    var used: Double?
    let headerTarget = _headerHeldExtent
    if headerTarget != _headerInset.target {
      let duration = headerTarget > _headerInset.target ? tuning.openDuration : tuning.collapseDuration
      _headerInset.animate(to: headerTarget, at: time, duration: duration, curve: tuning.easing)
      used = duration
    }
    let footerTarget = _footerHeldExtent
    if footerTarget != _footerInset.target {
      let duration = footerTarget > _footerInset.target ? tuning.openDuration : tuning.collapseDuration
      _footerInset.animate(to: footerTarget, at: time, duration: duration, curve: tuning.easing)
      used = max(used ?? 0, duration)
    }
    return used
  }

  /// Re-derives inset targets after a state change and keeps the offset consistent.
  mutating func _stateChanged() {
    let old = _targetBounds
    if let duration = _applyInsetTargets() {
      _boundsChanged(from: old, cause: .insets(duration: duration))
    }
  }
}
