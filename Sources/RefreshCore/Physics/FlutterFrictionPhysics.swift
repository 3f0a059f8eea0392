/// Flutter's BouncingScrollPhysics: `0.52·(1 − overscroll/d)²` per delta
/// (`BouncingScrollPhysics.frictionFactor`), which for a monotonic pull integrates to the iOS
/// form with `c` = ``frictionFactor``: ``ResistanceCurve/flutterFriction``. Flutter eases less
/// when the finger turns back; a closed form in total travel cannot remember the path, so the lab
/// uses the pull's curve both ways. It springs back as iOS does, but caps the speed a fling hands
/// to the spring.
public struct FlutterFrictionPhysics: ScrollPhysics {
  /// The friction factor, `c` of the band (Flutter 0.52).
  public var frictionFactor: Double
  /// The spring a release, or a fling meeting an edge, returns by.
  public var spring: SpringParameters
  /// The most speed a fling hands to the spring, points per second
  /// (`BouncingScrollSimulation.maxSpringTransferVelocity` 5000).
  public var maxSpringTransferVelocity: Double

  /// The family with these constants.
  public init(frictionFactor: Double, spring: SpringParameters, maxSpringTransferVelocity: Double) {
    self.frictionFactor = frictionFactor
    self.spring = spring
    self.maxSpringTransferVelocity = maxSpringTransferVelocity
  }

  /// The family with a tuning's `frictionFactor`, bounce spring and `maxSpringTransferVelocity`.
  public init(tuning t: Tuning) {
    self.init(
      frictionFactor: t.frictionFactor, spring: t.springParameters,
      maxSpringTransferVelocity: t.maxSpringTransferVelocity)
  }

  public func displacement(forTravel x: Double, past edge: OverscrollEdge) -> Double {
    IOSRubberBandPhysics._rubberBand(x, c: frictionFactor, d: edge.viewportHeight)
  }

  public func slope(atTravel x: Double, past edge: OverscrollEdge) -> Double {
    IOSRubberBandPhysics._rubberBandSlope(x, c: frictionFactor, d: edge.viewportHeight)
  }

  public func travel(forDisplacement y: Double, past edge: OverscrollEdge) -> Double {
    IOSRubberBandPhysics._rubberBandTravel(y, c: frictionFactor, d: edge.viewportHeight)
  }

  public func releaseMotion(from position: Double, velocity: Double, to target: Double)
    -> any SettlingMotion
  {
    SpringMotion(from: position, velocity: velocity, to: target, parameters: spring)
  }

  /// A fling meeting an edge bounces off it with the same spring, at most
  /// ``maxSpringTransferVelocity`` fast (Flutter's `math.min` caps only the end's direction, the
  /// lab caps both).
  public func edgeMotion(meeting edge: Double, velocity: Double) -> EdgeMotion {
    let cap = maxSpringTransferVelocity
    let handed = min(max(velocity, -cap), cap)
    return .settle(SpringMotion(from: edge, velocity: handed, to: edge, parameters: spring))
  }
}
