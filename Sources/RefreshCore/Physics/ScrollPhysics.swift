/// One curve family's physics, as Flutter's `ScrollPhysics` is one type per behaviour (bouncing,
/// clamping): how far content shows for a finger's travel past an edge and its inverse, the motion
/// back to rest from out of bounds, and what a fling meeting an edge turns into.
///
/// A family is a type with no state: the constants it reads live in the `Resistance` it builds
/// from a tuning, so asking a family allocates nothing. Adding a family is adding a conforming
/// type and naming it once in `ResistanceCurve._physics`.
protocol _ScrollPhysics {
  /// The band a tuning sets over a viewport `viewportHeight` points tall, measured past what
  /// `barsHeld` holds open.
  static func resistance(tuning: Tuning, viewportHeight: Double, barsHeld: Resistance.BarsHeld)
    -> Resistance

  /// The distance shown for a travel `x` ≥ 0 past `edge`: the resistance at this overscroll.
  static func shown(_ x: Double, past edge: Resistance._Edge, in band: Resistance) -> Double

  /// How far the shown distance moves per point of travel at `x`.
  static func slope(_ x: Double, past edge: Resistance._Edge, in band: Resistance) -> Double

  /// The travel that shows `y`: the inverse of `shown`.
  static func travel(_ y: Double, past edge: Resistance._Edge, in band: Resistance) -> Double

  /// The motion from `position` at `velocity` back to `target`, starting at `start`: the release
  /// from out of bounds.
  static func releaseMotion(
    from position: Double, velocity: Double, to target: Double, at start: Double, tuning: Tuning
  ) -> _ScrollDriver

  /// The motion a fling takes on meeting `edge` at `velocity` at time `start`: the same family's
  /// motion as a release past that edge. `.resting` stops it there.
  static func flingMeetsEdge(_ edge: Double, velocity: Double, at start: Double, tuning: Tuning)
    -> _ScrollDriver

  /// The speed a fling meeting an edge hands to what follows.
  static func transferVelocity(_ velocity: Double, tuning: Tuning) -> Double
}

extension _ScrollPhysics {
  static func transferVelocity(_ velocity: Double, tuning: Tuning) -> Double { velocity }
}

/// The families that spring back as UIScrollView does (the iOS band, Flutter's friction): a
/// release past an edge and a fling meeting one both become the same critical spring.
protocol _SpringBackPhysics: _ScrollPhysics {}

extension _SpringBackPhysics {
  static func releaseMotion(
    from position: Double, velocity: Double, to target: Double, at start: Double, tuning: Tuning
  ) -> _ScrollDriver {
    _SpringBack.motion(from: position, velocity: velocity, to: target, at: start, tuning: tuning)
  }

  static func flingMeetsEdge(_ edge: Double, velocity: Double, at start: Double, tuning: Tuning)
    -> _ScrollDriver
  {
    _SpringBack.motion(from: edge, velocity: velocity, to: edge, at: start, tuning: tuning)
  }
}

/// The families that rebound as Android's layouts do (SmartRefreshLayout's damping, Material's
/// tension): a release eases back over the rebound; a fling meeting an edge coasts past it first.
protocol _ReboundPhysics: _ScrollPhysics {}

extension _ReboundPhysics {
  static func releaseMotion(
    from position: Double, velocity: Double, to target: Double, at start: Double, tuning: Tuning
  ) -> _ScrollDriver {
    _CoastThenRebound.release(from: position, to: target, at: start, tuning: tuning)
  }

  static func flingMeetsEdge(_ edge: Double, velocity: Double, at start: Double, tuning: Tuning)
    -> _ScrollDriver
  {
    _CoastThenRebound.coast(from: edge, velocity: velocity, at: start)
  }
}
