/// iOS's rubber band `x·d·c / (d + c·x)`, `c` = ``constant``, `d` the viewport
/// (reverse-engineered iOS behaviour; Wave and ScrollMechanics use the same form), springing
/// back to rest: ``ResistanceCurve/iosRubberBand``.
public struct IOSRubberBandPhysics: ScrollPhysics {
  /// The band's stiffness `c` (iOS 0.55).
  public var constant: Double
  /// The spring a release, or a fling meeting an edge, returns by.
  public var spring: SpringParameters

  /// The family with these constants; the spring is the tuning's default unless given.
  public init(constant: Double, spring: SpringParameters = Tuning().springParameters) {
    self.constant = constant
    self.spring = spring
  }

  /// The family with a tuning's `rubberBandConstant` and bounce spring.
  public init(tuning t: Tuning) {
    self.init(constant: t.rubberBandConstant, spring: t.springParameters)
  }

  public func displacement(forTravel x: Double, past edge: OverscrollEdge) -> Double {
    Self._rubberBand(x, c: constant, d: edge.viewportHeight)
  }

  public func slope(atTravel x: Double, past edge: OverscrollEdge) -> Double {
    Self._rubberBandSlope(x, c: constant, d: edge.viewportHeight)
  }

  public func travel(forDisplacement y: Double, past edge: OverscrollEdge) -> Double {
    Self._rubberBandTravel(y, c: constant, d: edge.viewportHeight)
  }

  public func releaseMotion(from position: Double, velocity: Double, to target: Double)
    -> any SettlingMotion
  {
    SpringMotion(from: position, velocity: velocity, to: target, parameters: spring)
  }

  /// A fling meeting an edge bounces off it with the same spring.
  public func edgeMotion(meeting edge: Double, velocity: Double) -> EdgeMotion {
    .settle(SpringMotion(from: edge, velocity: velocity, to: edge, parameters: spring))
  }

  // MARK: The form, shared with Flutter's friction

  static func _rubberBand(_ x: Double, c: Double, d: Double) -> Double { x * d * c / (d + c * x) }

  static func _rubberBandSlope(_ x: Double, c: Double, d: Double) -> Double {
    let denominator = d + c * x
    return c * d * d / (denominator * denominator)
  }

  static func _rubberBandTravel(_ y: Double, c: Double, d: Double) -> Double {
    // Clamp just inside the asymptote: a displacement of d or more has no finite preimage.
    let b = min(y, d * (1 - 1e-9))
    return b * d / (c * (d - b))
  }
}

extension Tuning {
  /// The bounce spring's constants (`springMass`, `springStiffness`, `springDampingRatio`).
  public var springParameters: SpringParameters {
    SpringParameters(mass: springMass, stiffness: springStiffness, dampingRatio: springDampingRatio)
  }
}
