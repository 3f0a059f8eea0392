/// The release motion of the Android families (SmartRefreshLayout, SwipeRefreshLayout): back to
/// the edge over a fixed time with Android's viscous-fluid interpolator, and a fling meeting an
/// edge coasts past it before it rebounds (`_ScrollMachine` rebounds when the coast ends).
enum _CoastThenRebound {
  static func release(from position: Double, to target: Double, at start: Double, tuning: Tuning)
    -> _ScrollDriver
  {
    .rebound(ReboundMotion(from: position, to: target, duration: tuning.reboundDuration), start: start)
  }

  static func coast(from edge: Double, velocity: Double, at start: Double) -> _ScrollDriver {
    let coast = OvershootMotion(start: edge, velocity: velocity)
    return coast.duration > 0 ? .coast(coast, start: start) : .resting
  }
}
