/// A timed animation from one value to another along a timing curve, carrying in the velocity
/// of whatever it replaces.
///
/// Used for keyboard and wheel scrolls, for scrolling the header into view, and (through
/// `EasedValue`) for inset changes and the arrow's turn. Retargeted mid-way (the next wheel notch,
/// a key held down, an edge that moved), the new animation starts where and as fast as the old
/// one was going, so a spinning wheel never stops at a notch:
///
/// `x(s) = from + (to − from)·curve(s) + v·duration·s(1 − s)³`, `s = t / duration`.
///
/// The second term is the curve; the third starts at speed `v`, fades out and is gone at the
/// end, where the curve arrives at rest. For `easeIn` and `easeInOut`, which start still, the
/// velocity at `t = 0` is exactly `v`; for `linear` and `easeOut` it is `v` plus the curve's
/// own start. A velocity against the direction of travel is not carried (the wheel turned back:
/// the content turns at once rather than coasting past where it was, perhaps out of bounds), and
/// one faster than the curve's `maximumCarry`·(to − from)/duration is capped, which keeps every curve
/// monotonic: the motion never passes `to`, except along `easeOutBack`, which overshoots by
/// design and settles on `to` at the end.
public struct EasedMotion: Motion, Equatable {
  /// Value at `t = 0`.
  public private(set) var from: Double
  /// Value once `duration` has passed.
  public private(set) var to: Double
  /// Length of the animation in seconds; zero jumps at once.
  public let duration: Double
  /// How progress is distributed over the duration.
  public let curve: TimingCurve
  /// The velocity carried in, points per second: the one asked for, toward `to` and capped.
  public let carriedVelocity: Double

  /// An animation from `from` to `to` over `duration` seconds, starting at `velocity`.
  public init(
    from: Double, to: Double, duration: Double, curve: TimingCurve, velocity: Double = 0
  ) {
    self.from = from
    self.to = to
    self.duration = duration
    self.curve = curve
    let distance = to - from
    guard duration > 0, velocity.isFinite, velocity * distance > 0 else {
      carriedVelocity = 0
      return
    }
    let cap = curve.maximumCarry * abs(distance) / duration
    carriedVelocity = velocity < 0 ? max(velocity, -cap) : min(velocity, cap)
  }

  public func shifted(by distance: Double) -> EasedMotion {
    var moved = self
    moved.from += distance
    moved.to += distance
    return moved
  }

  public func position(at t: Double) -> Double {
    guard duration > 0, t < duration else { return to }
    let s = max(t, 0) / duration
    let fade = 1 - s
    return from + (to - from) * curve.value(at: s) + carriedVelocity * duration * s * fade * fade * fade
  }

  public func velocity(at t: Double) -> Double {
    guard duration > 0, t >= 0, t < duration else { return 0 }
    let s = t / duration
    let fade = 1 - s
    return (to - from) * curve.slope(at: s) / duration + carriedVelocity * fade * fade * (1 - 4 * s)
  }

  public func isDone(at t: Double) -> Bool { t >= duration }
}

/// A value that animates to a new target whenever it is set, starting from wherever it is.
///
/// Times are absolute (the core's clock). Retargeting mid-way starts the new animation from the
/// current value and velocity, so nothing ever jumps.
public struct EasedValue: Sendable, Equatable {
  var _motion: EasedMotion
  var _start: Double

  /// A value resting at `value`.
  public init(_ value: Double) {
    _motion = EasedMotion(from: value, to: value, duration: 0, curve: .linear)
    _start = 0
  }

  /// The value the animation ends on.
  public var target: Double { _motion.to }

  /// The value at absolute time `time`.
  public func value(at time: Double) -> Double { _motion.position(at: time - _start) }

  /// How fast the value changes at absolute time `time`, per second.
  public func velocity(at time: Double) -> Double { _motion.velocity(at: time - _start) }

  /// Whether the animation has finished by `time`.
  public func isSettled(at time: Double) -> Bool { _motion.isDone(at: time - _start) }

  /// The absolute time at which the current animation ends.
  public var endTime: Double { _start + _motion.duration }

  /// Animates from the current value and velocity at `time` to `target`.
  public mutating func animate(
    to target: Double, at time: Double, duration: Double, curve: TimingCurve
  ) {
    guard target != _motion.to else { return }
    _motion = EasedMotion(
      from: value(at: time), to: target, duration: duration, curve: curve,
      velocity: velocity(at: time))
    _start = time
  }
}
