/// A timed animation from one value to another along a timing curve.
///
/// Used for keyboard and wheel scrolls, for scrolling the header into view, and (through
/// `EasedValue`) for inset changes and the arrow's turn.
public struct EasedMotion: Motion, Equatable {
  /// Value at `t = 0`.
  public var from: Double
  /// Value once `duration` has passed.
  public var to: Double
  /// Length of the animation in seconds; zero jumps at once.
  public var duration: Double
  /// How progress is distributed over the duration.
  public var curve: TimingCurve

  /// An animation from `from` to `to` over `duration` seconds.
  public init(from: Double, to: Double, duration: Double, curve: TimingCurve) {
    self.from = from
    self.to = to
    self.duration = duration
    self.curve = curve
  }

  public func position(at t: Double) -> Double {
    guard duration > 0, t < duration else { return to }
    return from + (to - from) * curve.value(at: max(t, 0) / duration)
  }

  public func velocity(at t: Double) -> Double {
    guard duration > 0, t >= 0, t < duration else { return 0 }
    return (to - from) * curve.slope(at: t / duration) / duration
  }

  public func isDone(at t: Double) -> Bool { t >= duration }
}

/// A value that animates to a new target whenever it is set, starting from wherever it is.
///
/// Times are absolute (the core's clock). Retargeting mid-way starts the new animation from the
/// current value, so nothing ever jumps.
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

  /// Whether the animation has finished by `time`.
  public func isSettled(at time: Double) -> Bool { _motion.isDone(at: time - _start) }

  /// The absolute time at which the current animation ends.
  public var endTime: Double { _start + _motion.duration }

  /// Animates from the current value at `time` to `target`.
  public mutating func animate(
    to target: Double, at time: Double, duration: Double, curve: TimingCurve
  ) {
    guard target != _motion.to else { return }
    let current = value(at: time)
    _motion = EasedMotion(from: current, to: target, duration: duration, curve: curve)
    _start = time
  }
}
