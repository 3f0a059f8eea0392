extension CurveFamily {
  /// iOS's rubber band `x·d·c / (d + c·x)`, `c` = `rubberBandConstant`, `d` the viewport, and a
  /// spring back to rest (``IOSRubberBandPhysics``).
  public static let iosRubberBand = CurveFamily(
    name: "iosRubberBand", label: "iOS band",
    summary: "UIScrollView's rubber band x·d·c/(d + c·x) and a spring back",
    parameters: [
      .init(
        key: "rubberBandConstant", range: 0.05...1, keyPath: \.rubberBandConstant,
        meaning: "the band's stiffness c (iOS 0.55)", phase: .pull)
    ] + TuningParameter.bounceSpring,
    exports: [
      "smart": .noted(smartOwnCurve), "flutter": .rubberBand(constant: "rubberBandConstant"),
      "easyrefresh": .rubberBand(constant: "rubberBandConstant"),
      "mjrefresh": .rubberBand(constant: "rubberBandConstant"),
    ],
    fit: CurveFit(release: .bounceSpring, drag: [.init("rubberBandConstant", 0.2...1.0, step: 0.01)]),
    pageForm: """
      function (T) {
        const c = T.rubberBandConstant, spring = springOf(T);
        return {
          displacement: function (x, e) { return rubberBand(x, c, e.viewportHeight); },
          slope: function (x, e) { return rubberBandSlope(x, c, e.viewportHeight); },
          travel: function (y, e) { return rubberBandTravel(y, c, e.viewportHeight); },
          releaseMotion: function (pos, v, target) { return new SpringMotion(pos, v, target, spring); },
          edgeMotion: function (edge, v) { return { settle: new SpringMotion(edge, v, edge, spring) }; },
        };
      }
      """,
    physics: { IOSRubberBandPhysics(tuning: $0) })

  /// What SmartRefreshLayout's export notes for any family but its own.
  static let smartOwnCurve =
    "SmartRefreshLayout always damps with its own curve (srlDragRate, srlHeaderMaxDragRate)"
}
