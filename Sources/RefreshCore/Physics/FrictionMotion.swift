/// Exponential decay of a fling, as UIScrollView's deceleration rate defines it.
///
/// `v(t) = v0·r^(1000t)` and `x(t) = x0 + v0·(r^(1000t) − 1)/k` with `k = 1000·ln r`
/// (UIScrollView.DecelerationRate). The motion ends once the speed drops below `stopVelocity`; that
/// moment is solved exactly so the end does not depend on the frame rate.
public struct FrictionMotion: Motion, Equatable {
  /// The position at `t = 0`.
  public var start: Double
  /// The velocity at `t = 0`, points per second.
  public var initialVelocity: Double
  /// The fraction of velocity kept per millisecond (0.998 normal, 0.99 fast).
  public var rate: Double
  /// Speed below which the fling is over, points per second.
  public var stopVelocity: Double

  /// A fling from `start` at `initialVelocity`, decaying by `rate` per millisecond.
  public func shifted(by distance: Double) -> FrictionMotion {
    var moved = self
    moved.start += distance
    return moved
  }

  public init(start: Double, initialVelocity: Double, rate: Double, stopVelocity: Double = 1) {
    self.start = start
    self.initialVelocity = initialVelocity
    self.rate = rate
    self.stopVelocity = stopVelocity
  }

  /// `1000·ln(rate)`, the decay constant per second (negative).
  public var decay: Double { 1000 * _log(rate) }

  /// Where the fling would come to rest if it were never stopped: `x0 − v0/k`.
  public var restingPosition: Double { start - initialVelocity / decay }

  /// The elapsed time at which the speed falls to `stopVelocity`.
  public var duration: Double {
    let speed = abs(initialVelocity)
    guard speed > stopVelocity else { return 0 }
    return _log(stopVelocity / speed) / decay
  }

  public func position(at t: Double) -> Double {
    let t = min(max(t, 0), duration)
    return start + initialVelocity * (_exp(decay * t) - 1) / decay
  }

  public func velocity(at t: Double) -> Double {
    guard t < duration else { return 0 }
    return initialVelocity * _exp(decay * max(t, 0))
  }

  public func isDone(at t: Double) -> Bool { t >= duration }

  /// The first elapsed time at which the fling reaches `position`, or nil if it never does.
  ///
  /// Solves `x(t) = position` in closed form, which is how a fling hands over to a spring at the
  /// exact moment it meets an edge.
  public func time(reaching position: Double) -> Double? {
    let distance = position - start
    guard initialVelocity != 0 else { return distance == 0 ? 0 : nil }
    // r^(1000t) = 1 + distance·k/v0 must lie in (0, 1].
    let ratio = 1 + distance * decay / initialVelocity
    guard ratio > 0, ratio <= 1 else { return nil }
    let t = _log(ratio) / decay
    return t <= duration ? t : nil
  }
}
