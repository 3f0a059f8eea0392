extension CurveFamily {
  /// SwipeRefreshLayout's badge: one to one up to the trigger `T`, then a tension that stops at
  /// `2T`, and a fixed-length viscous-fluid rebound (``MaterialTensionPhysics``).
  public static let materialTension = CurveFamily(
    name: "materialTension", label: "Material",
    summary: "SwipeRefreshLayout's tension: one to one up to the trigger T, stopping at 2T; a rebound",
    parameters: [
      .init(
        key: "dragRate", range: 0.05...2, keyPath: \.dragRate,
        meaning: "the share of finger travel the pull follows (0.5)", phase: .pull),
      .init(
        key: "reboundDuration", range: 0...3, keyPath: \.reboundDuration, unit: "s",
        meaning: "how long a release takes to return (0.3)", phase: .release),
    ],
    exports: [
      "smart": .noted(smartOwnCurve), "flutter": .damped(rate: "dragRate", reach: .thresholds(2)),
      "easyrefresh": .damped(
        rate: "dragRate", reach: .thresholds(2),
        // s = dragRate·x up to T, then T + u − u²/(4T) up to 2T: dy/dx = dragRate·√(2 − y/T).
        slope: "(f) => f * viewportHeight < {threshold} ? {rate} : "
          + "{rate} * math.sqrt(math.max(0.0, 2 - f * viewportHeight / {threshold})),"),
      "mjrefresh": .noted("UIScrollView always bounces with its own rubber band"),
    ],
    fit: CurveFit(release: .rebound, drag: [.init("dragRate", 0.2...1.0, step: 0.01)]),
    pageForm: """
      function (T) {
        const rate = Math.max(T.dragRate, 1e-6), reboundDuration = T.reboundDuration;
        return {
          displacement: function (x, e) {
            const reach = Math.max(e.threshold, 1e-6), s = rate * x;
            if (!(s > reach)) return s;
            const u = Math.min(s - reach, 2 * reach);
            return reach + u - u * u / (4 * reach);
          },
          slope: function (x, e) {
            const reach = Math.max(e.threshold, 1e-6), s = rate * x;
            if (!(s > reach)) return rate;
            const u = s - reach;
            return u >= 2 * reach ? 0 : rate * (1 - u / (2 * reach));
          },
          travel: function (y, e) {
            const reach = Math.max(e.threshold, 1e-6), b = Math.min(y, 2 * reach);
            if (!(b > reach)) return b / rate;
            const u = 2 * reach * (1 - Math.sqrt(Math.max(0, 1 - (b - reach) / reach)));
            return (reach + u) / rate;
          },
          releaseMotion: function (pos, v, target) { return new ReboundMotion(pos, target, reboundDuration); },
          edgeMotion: function (edge, v) { return coastFrom(edge, v); },
        };
      }
      """,
    physics: { MaterialTensionPhysics(tuning: $0) })
}
