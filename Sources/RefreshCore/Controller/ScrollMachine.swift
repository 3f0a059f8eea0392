/// What the scroll needs to know of the rest of the list at one instant: the rest bounds the
/// header and footer leave it, and the time. The tuning comes beside it, borrowed, not copied
/// into every step's context (the core's frame benchmark counts it).
struct _ScrollContext {
  var time: Double
  /// Rest bounds once running inset animations end: what springs and flings aim for.
  var bounds: ClosedRange<Double>
  /// A badge over still content (`HeaderStyle.overlay`): a fling stops at the top rather than
  /// bouncing there, as an Android list does.
  var flingStopsAtTop: Bool
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

/// The scroll as a machine of its own: the offset, its velocity, the one driver moving it and
/// the finger's samples are private to it. It knows nothing of headers and footers: the
/// controller hands it the rest bounds and the band (`_ScrollContext`, `Resistance`) and reads
/// where the content is.
struct _ScrollMachine: Sendable, Equatable {
  private(set) var offset: Double
  private(set) var velocity = 0.0
  private(set) var driver = _ScrollDriver.resting
  private var tracker = VelocityTracker()
  /// When the content last moved, for the scroll indicator's fade.
  private(set) var lastActivity = -Double.infinity

  init(offset: Double) { self.offset = offset }

  // MARK: Fingers and touchpads

  /// Starts a finger's or a touchpad's drag at virtual finger position `y`. Grabbing moving
  /// content stops it, and that press is no tap.
  mutating func beginDrag(
    y: Double, touchpadRelease: Double?, bounds: ClosedRange<Double>, resistance: Resistance,
    at time: Double
  ) {
    let caught: Bool
    switch driver {
    case .resting, .dragging: caught = false
    case .fling, .settle, .coast, .animation: caught = abs(velocity) > 1
    }
    // Grabbing content that is already out of bounds inverts the band, so nothing jumps.
    driver = .dragging(
      _Drag(
        startY: y, startRaw: resistance.unband(offset, within: bounds), bounds: bounds, lastY: y,
        downY: y, travel: 0, engaged: caught || touchpadRelease != nil,
        touchpadRelease: touchpadRelease))
    velocity = 0
    tracker.reset()
    // A touchpad's first sample is its first event's travel, added by the caller.
    if touchpadRelease == nil { tracker.addSample(position: y, time: time) }
    lastActivity = time
  }

  /// A finger's move; returns the drag when the content follows it (past the tap slop).
  mutating func move(y: Double, at time: Double, tapSlop: Double) -> _Drag? {
    guard case .dragging(var drag) = driver, drag.touchpadRelease == nil else { return nil }
    drag.lastY = y
    drag.travel = max(drag.travel, abs(y - drag.downY))
    tracker.addSample(position: y, time: time)
    // Within the slop the content stays still, so a click neither scrolls nor jitters; past it
    // the content follows the whole translation from the press (at most a slop's catch-up).
    if !drag.engaged, drag.travel >= tapSlop { drag.engaged = true }
    driver = .dragging(drag)
    return drag.engaged ? drag : nil
  }

  /// A touchpad's precise points added to its virtual finger, which lets go after `delay` of
  /// silence; returns the drag to follow, or nil while a held button owns the content.
  mutating func addTouchpadTravel(_ dy: Double, at time: Double, delay: Double) -> _Drag? {
    guard case .dragging(var drag) = driver, drag.touchpadRelease != nil else { return nil }
    drag.lastY += dy
    drag.touchpadRelease = time + delay
    tracker.addSample(position: drag.lastY, time: time)
    driver = .dragging(drag)
    return drag
  }

  /// Shows the drag's offset: the band applies to the raw total of the drag, never per delta.
  mutating func follow(_ drag: _Drag, resistance: Resistance, at time: Double) {
    let raw = drag.startRaw - (drag.lastY - drag.startY)
    offset = resistance.band(raw, within: drag.bounds)
    // The content's speed, not the finger's: the band slows it past an edge.
    velocity = -tracker.velocity() * resistance.slope(at: raw, within: drag.bounds)
    lastActivity = time
  }

  /// The content's speed as `drag` lets go. A finger that rested before lifting does not
  /// fling; a touchpad's silence is how its fingers lift, so its speed is the one its last
  /// events had (as GTK and macOS coast).
  func releaseVelocity(of drag: _Drag, isCancel: Bool, at time: Double, tuning: Tuning) -> Double {
    let speed = drag.touchpadRelease == nil ? tracker.velocity(at: time) : tracker.velocity()
    var velocity = isCancel || !drag.engaged ? 0 : -speed
    if abs(velocity) < tuning.minimumFlingVelocity { velocity = 0 }
    return min(max(velocity, -tuning.maximumFlingVelocity), tuning.maximumFlingVelocity)
  }

  /// Lets go of the drag at `velocity`: back into bounds, a fling, or still. Returns whether a
  /// fling started (the controller checks the load trigger from its first instant).
  mutating func letGo(velocity: Double, context: _ScrollContext, tuning: Tuning) -> Bool {
    self.velocity = velocity
    driver = .resting
    tracker.reset()
    if !context.bounds.contains(offset) {
      startBounce(at: context.time, target: nearestEdge(of: context.bounds), tuning: tuning)
      return false
    }
    guard velocity != 0 else {
      self.velocity = 0
      return false
    }
    driver = .fling(
      FrictionMotion(start: offset, initialVelocity: velocity, rate: tuning.decelerationRate),
      start: context.time)
    return true
  }

  /// Lets go of the drag into a glide to `goal` (the second floor opening under the finger).
  mutating func letGo(glidingTo goal: Double, duration: Double, curve: TimingCurve, at time: Double) {
    tracker.reset()
    glide(to: goal, duration: duration, curve: curve, at: time)
  }

  /// Restarts the drag's measurement at the finger's current position so the shown offset stays
  /// put while the bounds or the band change under it.
  mutating func rebaseDrag(bounds: ClosedRange<Double>, resistance: Resistance) {
    guard case .dragging(var drag) = driver else { return }
    drag.bounds = bounds
    drag.startRaw = resistance.unband(offset, within: bounds)
    drag.startY = drag.lastY
    driver = .dragging(drag)
  }

  /// Moves the content by `distance` with whatever moves it: a running motion becomes the same
  /// motion `distance` further along, a drag keeps following the finger from the new place. An
  /// animation to the top edge (the header scrolling into view, Home) still ends at the top:
  /// it goes on from the moved place, as fast, over the time it had left.
  mutating func shift(by distance: Double, context: _ScrollContext, tuning: Tuning) {
    guard distance != 0 else { return }
    if case .animation(let motion, let start, let byUser) = driver,
      abs(motion.to - context.bounds.lowerBound) < 0.5
    {
      offset += distance
      let remaining = max(0, start + motion.duration - context.time)
      driver = .animation(
        EasedMotion(
          from: offset, to: motion.to, duration: remaining, curve: motion.curve, velocity: velocity),
        start: context.time, byUser: byUser)
      return
    }
    offset += distance
    switch driver {
    case .resting: break
    case .dragging(var drag):
      drag.startRaw += distance
      driver = .dragging(drag)
    case .fling(let motion, let start): driver = .fling(motion.shifted(by: distance), start: start)
    case .settle(let settling, let start):
      driver = .settle(_Settling(motion: settling.motion.shifted(by: distance)), start: start)
    case .coast(let motion, let start): driver = .coast(motion.shifted(by: distance), start: start)
    case .animation(let motion, let start, let byUser):
      driver = .animation(motion.shifted(by: distance), start: start, byUser: byUser)
    }
  }

  // MARK: Scrolling to an offset

  /// Puts the content at `goal` at once (a scrollbar's thumb).
  mutating func jump(to goal: Double, at time: Double) {
    offset = goal
    velocity = 0
    driver = .resting
    lastActivity = time
  }

  /// An eased scroll to `goal` from where the offset is, as fast as it moves now.
  mutating func startEasedScroll(
    to goal: Double, duration: Double, byUser: Bool, context: _ScrollContext, tuning: Tuning
  ) {
    driver = .animation(
      EasedMotion(
        from: offset, to: goal, duration: duration, curve: tuning.easing, velocity: velocity),
      start: context.time, byUser: byUser)
  }

  /// A user's eased scroll to `goal`; a zero-length one lands at once.
  mutating func scrollAnimated(to goal: Double, context: _ScrollContext, tuning: Tuning) {
    startEasedScroll(
      to: goal, duration: tuning.scrollAnimationDuration, byUser: true, context: context, tuning: tuning)
    lastActivity = context.time
  }

  /// Ends a zero-length eased scroll where it was going.
  mutating func land(at goal: Double) {
    offset = goal
    driver = .resting
  }

  /// A glide from still to `goal`, not the user's (the second floor opening or closing).
  mutating func glide(to goal: Double, duration: Double, curve: TimingCurve, at time: Double) {
    velocity = 0
    driver = .animation(
      EasedMotion(from: offset, to: goal, duration: duration, curve: curve), start: time, byUser: false)
  }

  /// Stops still where it is, marking the moment for the scroll indicator.
  mutating func stop(at time: Double) {
    velocity = 0
    lastActivity = time
    driver = .resting
  }

  // MARK: Motion between inputs

  /// The earliest time the driver changes on its own after now (`context.time`), or nil.
  func nextEventTime(context: _ScrollContext) -> Double? {
    var next = Double.infinity
    func consider(_ candidate: Double?) {
      if let candidate, candidate > context.time { next = min(next, candidate) }
    }
    switch driver {
    case .fling(let motion, let start):
      consider(start + motion.duration)
      consider(edgeHit(of: motion, start: start, bounds: context.bounds)?.time)
    case .animation(let motion, let start, _):
      consider(start + motion.duration)
    case .settle(let settling, let start):
      consider(start + settling.motion.duration)
    case .coast(let motion, let start):
      consider(start + motion.duration)
    case .dragging(let drag):
      consider(drag.touchpadRelease)
    case .resting:
      break
    }
    return next.isFinite ? next : nil
  }

  /// Moves the offset along the active driver to `next`, switching drivers at edges.
  mutating func move(to next: Double, context: _ScrollContext, tuning: Tuning) {
    guard let state = driver.evaluate(at: next) else { return }
    let moved = state.position != offset
    offset = state.position
    velocity = state.velocity
    if moved { lastActivity = next }
    switch driver {
    case .fling(let motion, let start):
      if let hit = edgeHit(of: motion, start: start, bounds: context.bounds), next >= hit.time - 1e-12 {
        // Met an edge: hand the exact position and velocity to the family's edge motion.
        offset = hit.edge
        velocity = transferVelocity(
          motion.velocity(at: hit.time - start), at: hit.edge, context: context)
        startEdgeMotion(at: hit.time, edge: hit.edge, tuning: tuning)
        if let state = driver.evaluate(at: next) {
          offset = state.position
          velocity = state.velocity
        }
      } else if next >= start + motion.duration {
        velocity = 0
        driver = .resting
        settleIfOutOfBounds(at: next, context: context, tuning: tuning)
      }
    case .settle(let settling, let start):
      // Compared exactly as the event was scheduled (`start + duration`), so the step that
      // lands on the rest time ends the return, on its resting place.
      if next >= start + settling.motion.duration {
        offset = settling.motion.restingPosition
        velocity = 0
        driver = .resting
      }
    case .coast(let motion, let start):
      if next >= start + motion.duration {
        endCoast(motion, at: start + motion.duration, context: context)
        if let state = driver.evaluate(at: next) {
          offset = state.position
          velocity = state.velocity
        }
      }
    case .animation(let motion, let start, _):
      if next >= start + motion.duration {
        velocity = 0
        driver = .resting
        settleIfOutOfBounds(at: next, context: context, tuning: tuning)
      }
    case .resting, .dragging:
      break
    }
  }

  /// The speed a fling meeting `edge` hands to the family's edge motion (which may cap it). A
  /// badge over still content has nothing to bounce at the top: the fling stops there.
  func transferVelocity(_ velocity: Double, at edge: Double, context: _ScrollContext) -> Double {
    if context.flingStopsAtTop, edge == context.bounds.lowerBound, velocity < 0 { return 0 }
    return velocity
  }

  /// When and where a fling meets the edge it is heading for, if it does before it stops.
  func edgeHit(of motion: FrictionMotion, start: Double, bounds: ClosedRange<Double>)
    -> (time: Double, edge: Double)?
  {
    let edge = motion.initialVelocity < 0 ? bounds.lowerBound : bounds.upperBound
    guard let hit = motion.time(reaching: edge) else { return nil }
    return (start + hit, edge)
  }

  /// The exact time a user's fling or eased scroll moving toward the end reaches `line` before
  /// `next`, or `next` when the frame must stop there, or nil when it does not get there.
  ///
  /// The crossing is bisected over the motion's whole span (a fling and an eased scroll move
  /// one way only), never over the frame's, so every frame rate finds the same instant to the
  /// last bit; the bisection ends on a time whose position is inside the zone.
  func crossing(of line: Double, before next: Double, at time: Double) -> Double? {
    guard let end = driver.evaluate(at: next), end.position > offset else { return nil }
    if offset >= line { return nil }  // Already inside: the controller fires at the start.
    guard end.position >= line else { return nil }
    var low: Double
    var high: Double
    switch driver {
    case .fling(let motion, let start): (low, high) = (start, start + motion.duration)
    case .animation(let motion, let start, _): (low, high) = (start, start + motion.duration)
    case .resting, .dragging, .settle, .coast: return nil
    }
    guard let last = driver.evaluate(at: high), last.position >= line else { return next }
    while true {
      let mid = low + (high - low) / 2
      guard mid > low, mid < high else { break }
      if let position = driver.evaluate(at: mid)?.position, position >= line {
        high = mid
      } else {
        low = mid
      }
    }
    return high > time && high <= next ? high : next
  }

  // MARK: Back to rest

  func nearestEdge(of bounds: ClosedRange<Double>) -> Double {
    abs(offset - bounds.lowerBound) <= abs(offset - bounds.upperBound)
      ? bounds.lowerBound : bounds.upperBound
  }

  /// Returns content out of bounds to `target` by the family's release motion, carrying the
  /// current velocity.
  mutating func startBounce(at start: Double, target: Double, tuning: Tuning) {
    let motion = tuning.physics.releaseMotion(from: offset, velocity: velocity, to: target)
    driver = .settle(_Settling(motion: motion), start: start)
  }

  /// A fling meeting `edge` at `velocity`, at time `start`: the family's motion from the edge
  /// (a spring bouncing off it, or a coast past it that rebounds in `endCoast`), or a stop.
  private mutating func startEdgeMotion(at start: Double, edge: Double, tuning: Tuning) {
    switch tuning.physics.edgeMotion(meeting: edge, velocity: velocity) {
    case .stop:
      driver = .resting
      velocity = 0
    case .settle(let motion): driver = .settle(_Settling(motion: motion), start: start)
    case .coast(let coast): driver = .coast(coast, start: start)
    }
  }

  /// A coast has stopped at `end`: back to the nearest edge over SmartRefreshLayout's
  /// after-fling duration, unless the bounds grew to take it in.
  private mutating func endCoast(_ coast: OvershootMotion, at end: Double, context: _ScrollContext) {
    offset = coast.position(at: coast.duration)
    velocity = 0
    driver = .resting
    let bounds = context.bounds
    guard !bounds.contains(offset) else { return }
    let edge = nearestEdge(of: bounds)
    let rebound = ReboundMotion(
      from: offset, to: edge, duration: OvershootMotion.reboundDuration(distance: offset - edge))
    driver = .settle(_Settling(motion: rebound), start: end)
  }

  /// After a motion ends: out of bounds bounces back.
  private mutating func settleIfOutOfBounds(at start: Double, context: _ScrollContext, tuning: Tuning) {
    let bounds = context.bounds
    if !bounds.contains(offset) {
      startBounce(at: start, target: nearestEdge(of: bounds), tuning: tuning)
    }
  }

  /// Where a return to rest aimed at `target`, an edge of `old`, aims once the bounds are `new`.
  /// Rows that came or went move nothing that still rests inside the bounds (a page loaded
  /// while the content springs back to the end arrives below it, the content stays); otherwise
  /// the return follows its edge.
  static func restTarget(
    _ target: Double, from old: ClosedRange<Double>, to new: ClosedRange<Double>, cause: _BoundsChange
  ) -> Double {
    if case .content = cause, new.contains(target) { return target }
    let towardLower = abs(target - old.lowerBound) <= abs(target - old.upperBound)
    return towardLower ? new.lowerBound : new.upperBound
  }

  /// Keeps the offset consistent with the new rest bounds (`context.bounds`) without a jump.
  /// A drag is rebased by the controller, which knows the band.
  mutating func boundsChanged(
    from old: ClosedRange<Double>, cause: _BoundsChange, context: _ScrollContext, tuning: Tuning
  ) {
    let new = context.bounds
    let time = context.time
    switch driver {
    case .dragging:
      break
    case .settle(let settling, _):
      // A return whose edge moved starts again, by the family's release, toward where it is now.
      let resting = settling.motion.restingPosition
      let target = Self.restTarget(resting, from: old, to: new, cause: cause)
      if target != resting { startBounce(at: time, target: target, tuning: tuning) }
    case .resting:
      guard new != old else { return }
      var goal = offset
      let follows: Bool
      switch cause {
      case .content: follows = false
      case .insets, .layout: follows = true
      }
      if follows, new.lowerBound != old.lowerBound, abs(offset - old.lowerBound) < 0.5 {
        goal = new.lowerBound
      } else if follows, new.upperBound != old.upperBound, abs(offset - old.upperBound) < 0.5 {
        goal = new.upperBound
      }
      goal = min(max(goal, new.lowerBound), new.upperBound)
      guard goal != offset else { return }
      if case .insets(let duration) = cause, duration > 0 {
        startEasedScroll(to: goal, duration: duration, byUser: false, context: context, tuning: tuning)
      } else {
        offset = goal
        lastActivity = time
      }
    case .animation(let motion, _, false):
      // Following an edge (scrolling the header into view, an inset closing): follow it to
      // where it is now, over what the inset change takes, or it would end at the old edge.
      let towardLower = abs(motion.to - old.lowerBound) <= abs(motion.to - old.upperBound)
      let goal = towardLower ? new.lowerBound : new.upperBound
      guard goal != motion.to else { return }
      var duration = 0.0
      if case .insets(let insetDuration) = cause { duration = insetDuration }
      startEasedScroll(to: goal, duration: duration, byUser: false, context: context, tuning: tuning)
      if duration <= 0 {
        offset = goal
        driver = .resting
      }
    case .fling:
      // The bounds moved under the fling (an inset closed past it): back from where it is,
      // from this instant. Otherwise it meets the new edge on its own.
      if !new.contains(offset) { startBounce(at: time, target: nearestEdge(of: new), tuning: tuning) }
    case .coast, .animation:
      // A fling meets the new edges on its own; the user's own scroll settles when it ends.
      break
    }
  }
}
