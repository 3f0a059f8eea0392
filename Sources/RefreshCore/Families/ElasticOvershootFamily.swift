extension CurveFamily {
  /// An elastic header's release: iOS's rubber band while pulled, then an underdamped spring
  /// that carries the content past the held height (or the rest edge) and settles back, as the
  /// stretchy and bouncy headers of many apps do (SwiftUI's `.spring(duration:bounce:)`,
  /// Android's `SpringAnimation` with a low damping ratio). The spring is given as a period and a
  /// bounce: mass 1, stiffness `(2π/elasticDuration)²`, damping ratio `1 − elasticBounce`
  /// (``ElasticOvershootPhysics``). The fitter does not search it (it has no `fit`): it fits
  /// the bounce spring, and writes a fitted spring that carries the content past the hold in
  /// this family's terms.
  public static let elasticOvershoot = CurveFamily(
    name: "elasticOvershoot", label: "Elastic",
    summary: "iOS's band, then an underdamped spring that overshoots the hold and settles",
    parameters: [
      iosRubberBand.parameters[0],
      TuningParameter(
        key: "elasticBounce", range: 0...0.9, defaultValue: 0.35,
        meaning: "how far a release overshoots: 0 none, toward 1 more (damping ratio 1 − bounce)",
        phase: .release),
      TuningParameter(
        key: "elasticDuration", range: 0.1...3, defaultValue: 0.5, unit: "s",
        meaning: "the spring's period (stiffness (2π/duration)², mass 1)", phase: .release),
    ],
    exports: [
      "smart": .noted(smartOwnCurve),
      "flutter": .noted("pull_to_refresh springs back on springDescription, not on the elastic spring"),
      "easyrefresh": .noted("easy_refresh springs back on its spring, not on the elastic spring"),
      "mjrefresh": .noted("UIScrollView always bounces with its own rubber band"),
    ],
    pageForm: """
      function (T) {
        const c = T.rubberBandConstant, w = 2 * Math.PI / T.elasticDuration;
        const spring = { mass: 1, stiffness: w * w, dampingRatio: 1 - T.elasticBounce };
        return {
          displacement: function (x, e) { return rubberBand(x, c, e.viewportHeight); },
          slope: function (x, e) { return rubberBandSlope(x, c, e.viewportHeight); },
          travel: function (y, e) { return rubberBandTravel(y, c, e.viewportHeight); },
          releaseMotion: function (pos, v, target) { return new SpringMotion(pos, v, target, spring); },
          edgeMotion: function (edge, v) { return { settle: new SpringMotion(edge, v, edge, spring) }; },
        };
      }
      """,
    physics: { ElasticOvershootPhysics(tuning: $0) })
}

/// iOS's rubber band and an underdamped spring back: ``CurveFamily/elasticOvershoot``.
public struct ElasticOvershootPhysics: ScrollPhysics {
  /// The band's stiffness `c`.
  public var constant: Double
  /// The spring a release, or a fling meeting an edge, returns by.
  public var spring: SpringParameters

  /// The family with these constants.
  public init(constant: Double, spring: SpringParameters) {
    self.constant = constant
    self.spring = spring
  }

  /// The family with a tuning's `rubberBandConstant`, `elasticBounce` and `elasticDuration`.
  public init(tuning t: Tuning) {
    let omega = 2 * Double.pi / t[parameter: "elasticDuration"]
    self.init(
      constant: t.rubberBandConstant,
      spring: SpringParameters(
        mass: 1, stiffness: omega * omega, dampingRatio: 1 - t[parameter: "elasticBounce"]))
  }

  public func displacement(forTravel x: Double, past edge: OverscrollEdge) -> Double {
    IOSRubberBandPhysics._rubberBand(x, c: constant, d: edge.viewportHeight)
  }

  public func slope(atTravel x: Double, past edge: OverscrollEdge) -> Double {
    IOSRubberBandPhysics._rubberBandSlope(x, c: constant, d: edge.viewportHeight)
  }

  public func travel(forDisplacement y: Double, past edge: OverscrollEdge) -> Double {
    IOSRubberBandPhysics._rubberBandTravel(y, c: constant, d: edge.viewportHeight)
  }

  public func releaseMotion(from position: Double, velocity: Double, to target: Double)
    -> any SettlingMotion
  {
    SpringMotion(from: position, velocity: velocity, to: target, parameters: spring)
  }

  /// A fling meeting an edge overshoots it on the same spring and settles back.
  public func edgeMotion(meeting edge: Double, velocity: Double) -> EdgeMotion {
    .settle(SpringMotion(from: edge, velocity: velocity, to: edge, parameters: spring))
  }
}
