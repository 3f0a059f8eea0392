extension CurveFamily {
  /// Flutter's BouncingScrollPhysics: the iOS form with `c` = `frictionFactor`, a spring back to
  /// rest that a fling hands at most `maxSpringTransferVelocity` (``FlutterFrictionPhysics``).
  public static let flutterFriction = CurveFamily(
    name: "flutterFriction", label: "Flutter",
    summary: "BouncingScrollPhysics: the iOS band with c = frictionFactor, a capped spring back",
    parameters: [
      .init(
        key: "frictionFactor", range: 0.05...1, keyPath: \.frictionFactor,
        meaning: "the band's c (BouncingScrollPhysics 0.52)", phase: .pull),
      .init(
        key: "maxSpringTransferVelocity", range: 100...30000, keyPath: \.maxSpringTransferVelocity,
        unit: "pt/s", meaning: "the most speed a fling hands the spring at an edge (5000)",
        phase: .fling),
    ] + TuningParameter.bounceSpring,
    exports: [
      "smart": .noted(smartOwnCurve), "flutter": .rubberBand(constant: "frictionFactor"),
      "easyrefresh": .rubberBand(constant: "frictionFactor"),
      "mjrefresh": .noted("UIScrollView always bounces with its own rubber band"),
    ],
    fit: CurveFit(release: .bounceSpring, drag: [.init("frictionFactor", 0.2...1.0, step: 0.01)]),
    pageForm: """
      function (T) {
        const c = T.frictionFactor, spring = springOf(T), cap = T.maxSpringTransferVelocity;
        return {
          displacement: function (x, e) { return rubberBand(x, c, e.viewportHeight); },
          slope: function (x, e) { return rubberBandSlope(x, c, e.viewportHeight); },
          travel: function (y, e) { return rubberBandTravel(y, c, e.viewportHeight); },
          releaseMotion: function (pos, v, target) { return new SpringMotion(pos, v, target, spring); },
          edgeMotion: function (edge, v) {
            const handed = Math.min(Math.max(v, -cap), cap);
            return { settle: new SpringMotion(edge, handed, edge, spring) };
          },
        };
      }
      """,
    physics: { FlutterFrictionPhysics(tuning: $0) })
}
