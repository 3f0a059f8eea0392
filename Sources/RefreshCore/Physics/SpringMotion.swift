/// A damped spring pulling toward `target`, in closed form.
///
/// The bounce at an edge: critically damped by default (mass 1, stiffness 100, ratio 1,
/// as in ScrollMechanics), where `x(t) = e^(−βt)·(x0 + (v0 + β·x0)·t)`. Over- and
/// under-damped springs are solved too, so presets such as Flutter's (ratio 1.1) work.
public struct SpringMotion: Motion, Equatable {
  /// The rest position the spring pulls toward.
  public private(set) var target: Double
  /// Displacement from `target` at `t = 0`.
  public let initialDisplacement: Double
  /// Velocity at `t = 0`, points per second.
  public let initialVelocity: Double
  /// The spring's constants.
  public let parameters: SpringParameters
  /// Distance from `target` within which the spring counts as settled (0.5 px, below what a frame shows).
  public let tolerance: Double
  /// The elapsed time at which the spring comes to rest, solved once when it starts: the rest is
  /// an event of the motion, so it happens at the same moment whatever the frame rate.
  public private(set) var duration = 0.0

  /// A spring that starts at `position` moving at `velocity` and settles on `target`.
  public func shifted(by distance: Double) -> SpringMotion {
    var moved = self
    moved.target += distance
    return moved
  }

  public init(
    from position: Double, velocity: Double, to target: Double,
    parameters: SpringParameters, tolerance: Double = defaultTolerance
  ) {
    self.target = target
    self.initialDisplacement = position - target
    self.initialVelocity = velocity
    self.parameters = parameters
    self.tolerance = tolerance
    duration = _firstRestTime()
  }

  public func position(at t: Double) -> Double { target + _displacement(at: max(t, 0)).x }

  public func velocity(at t: Double) -> Double { _displacement(at: max(t, 0)).v }

  public func isDone(at t: Double) -> Bool { t >= duration }

  /// Settled once both the distance and the speed are too small to be seen in the next frame.
  func _isAtRest(at t: Double) -> Bool {
    let state = _displacement(at: max(t, 0))
    return abs(state.x) < tolerance && abs(state.v) < tolerance * Self._restSpeedPerTolerance
  }

  /// The default settling distance, points (0.5 px, below what a frame shows).
  public static let defaultTolerance = 0.5
  /// At rest, the speed is below this many tolerances per second.
  static let _restSpeedPerTolerance = 10.0
  /// The rest time's scan step, in radians of the spring's natural frequency.
  static let _restScanStep = 0.1
  /// The longest a spring is followed, seconds: past it, it counts as at rest.
  static let _restLimit = 600.0

  /// The first time the spring is at rest, found like the load trigger's crossing: a scan in
  /// steps short against the spring's own period, then bisection inside the step that lands.
  func _firstRestTime() -> Double {
    if _isAtRest(at: 0) { return 0 }
    let step = Self._restScanStep / max(parameters.naturalFrequency, 1)
    // The slowest allowed spring (mass 10, stiffness 1, ratio 3) rests within minutes; past the
    // limit it is treated as at rest rather than scanned for ever.
    let limit = Self._restLimit
    var low = 0.0
    var high = step
    while high < limit, !_isAtRest(at: high) {
      low = high
      high += step
    }
    if high >= limit { return limit }
    for _ in 0..<60 where high - low > 1e-9 {
      let mid = (low + high) / 2
      if _isAtRest(at: mid) { high = mid } else { low = mid }
    }
    return high
  }

  func _displacement(at t: Double) -> (x: Double, v: Double) {
    let x0 = initialDisplacement
    let v0 = initialVelocity
    let omega = parameters.naturalFrequency
    let zeta = parameters.dampingRatio
    if abs(zeta - 1) < 1e-9 {
      let e = _exp(-omega * t)
      let b = v0 + omega * x0
      return (e * (x0 + b * t), e * (b - omega * (x0 + b * t)))
    } else if zeta > 1 {
      let root = omega * _sqrt(zeta * zeta - 1)
      let r1 = -zeta * omega + root
      let r2 = -zeta * omega - root
      let c2 = (v0 - r1 * x0) / (r2 - r1)
      let c1 = x0 - c2
      let e1 = _exp(r1 * t)
      let e2 = _exp(r2 * t)
      return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    } else {
      let wd = omega * _sqrt(1 - zeta * zeta)
      let a = zeta * omega
      let b = (v0 + a * x0) / wd
      let e = _exp(-a * t)
      let c = _cos(wd * t)
      let s = _sin(wd * t)
      let x = e * (x0 * c + b * s)
      let v = e * ((b * wd - a * x0) * c - (x0 * wd + a * b) * s)
      return (x, v)
    }
  }
}

/// Mass, stiffness and damping ratio of a spring.
public struct SpringParameters: Codable, Sendable, Equatable {
  /// Mass of the moving body.
  public var mass: Double
  /// Spring constant.
  public var stiffness: Double
  /// 1 is critical damping; above it the spring creeps, below it it overshoots and rings.
  public var dampingRatio: Double

  /// A spring with the given constants.
  public init(mass: Double, stiffness: Double, dampingRatio: Double) {
    self.mass = mass
    self.stiffness = stiffness
    self.dampingRatio = dampingRatio
  }

  /// `√(k/m)`, radians per second.
  public var naturalFrequency: Double { _sqrt(stiffness / mass) }

  /// A spring as Apple's `Spring(duration:bounce:)` and Figma set one: `duration` is the
  /// period of the undamped spring, seconds, and `bounce` 0 is critical damping, up to 1 more
  /// bouncy, below 0 creeping. Stiffness `m·(2π/duration)²` and damping ratio `1 − bounce` for
  /// `bounce` ≥ 0, `1 / (1 + bounce)` below (Apple's damping `4π(1 − bounce)/duration` and
  /// `4π/(duration·(1 + bounce))` at mass 1).
  public init(duration: Double, bounce: Double, mass: Double = 1) {
    let omega = 2 * Double.pi / duration
    self.init(
      mass: mass, stiffness: mass * omega * omega,
      dampingRatio: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
  }

  /// The period of the undamped spring, `2π·√(m/k)`, seconds: `Spring(duration:bounce:)`'s
  /// duration.
  public var duration: Double { 2 * Double.pi / naturalFrequency }

  /// `Spring(duration:bounce:)`'s bounce: `1 − ratio` up to critical damping, `1/ratio − 1` past it.
  public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }
}
