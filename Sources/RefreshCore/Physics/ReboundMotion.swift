/// SmartRefreshLayout's release: a fixed-length animation to the rest edge, eased by Android's
/// viscous-fluid interpolator (`Scroller.ViscousFluidInterpolator`, scale 8: an exponential
/// approach that is quick at first and settles softly), whatever the distance. It is not a
/// spring: it lasts exactly `duration` (`srlReboundDuration`, 300 ms by default).
public struct ReboundMotion: Motion, Equatable {
  /// Value at `t = 0`.
  public var from: Double
  /// Value once `duration` has passed.
  public var to: Double
  /// Length of the rebound in seconds; zero lands at once.
  public var duration: Double

  /// A rebound from `from` to `to` over `duration` seconds.
  public func shifted(by distance: Double) -> ReboundMotion {
    ReboundMotion(from: from + distance, to: to + distance, duration: duration)
  }

  public init(from: Double, to: Double, duration: Double) {
    self.from = from
    self.to = to
    self.duration = max(duration, 0)
  }

  public func position(at t: Double) -> Double {
    guard duration > 0, t < duration else { return to }
    return from + (to - from) * Self.progress(at: max(t, 0) / duration)
  }

  public func velocity(at t: Double) -> Double {
    guard duration > 0, t >= 0, t < duration else { return 0 }
    return (to - from) * Self.slope(at: t / duration) / duration
  }

  public func isDone(at t: Double) -> Bool { t >= duration }

  // MARK: The interpolator

  /// How sharp the curve is (Android's `VISCOUS_FLUID_SCALE`).
  static let _scale = 8.0
  /// `1/e`, where the curve's two pieces meet.
  static let _joint: Double = _exp(-1.0)
  /// Makes the curve end at exactly 1.
  static let _normalize: Double = 1 / _fluid(1)

  static func _fluid(_ fraction: Double) -> Double {
    let x = fraction * _scale
    if x < 1 { return x - (1 - _exp(-x)) }
    return _joint + (1 - _exp(1 - x)) * (1 - _joint)
  }

  /// Eased progress 0…1 for a time fraction 0…1.
  public static func progress(at fraction: Double) -> Double {
    let f = min(max(fraction, 0), 1)
    return f >= 1 ? 1 : _normalize * _fluid(f)
  }

  /// The derivative of `progress(at:)`.
  public static func slope(at fraction: Double) -> Double {
    let x = min(max(fraction, 0), 1) * _scale
    let inner = x < 1 ? 1 - _exp(-x) : (1 - _joint) * _exp(1 - x)
    return _normalize * _scale * inner
  }
}
