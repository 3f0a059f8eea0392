extension CurveFamily {
  /// SmartRefreshLayout's `y = min(M·(1 − 100^(−x′/H)), x′)`, `x′ = dragRate·x`,
  /// `M = maxDragRate·bar height`, and a fixed-length viscous-fluid rebound
  /// (``SmartDampingPhysics``).
  public static let smartDamping = CurveFamily(
    name: "smartDamping", label: "Smart",
    summary: "SmartRefreshLayout's damping min(M(1 − 100^(−x′/H)), x′) and a viscous-fluid rebound",
    parameters: [
      .init(
        key: "dragRate", range: 0.05...2, keyPath: \.dragRate,
        meaning: "the share of finger travel the pull follows (0.5)", phase: .pull),
      .init(
        key: "maxDragRate", range: 1...9.9, keyPath: \.maxDragRate, unit: "×",
        meaning: "the most a pull shows, in bar heights (2.5)", phase: .pull),
      .init(
        key: "reboundDuration", range: 0...3, keyPath: \.reboundDuration, unit: "s",
        meaning: "how long a release takes to return (0.3)", phase: .release),
    ],
    exports: [
      "smart": .native, "flutter": .damped(rate: "dragRate", reach: .barHeights("maxDragRate")),
      "easyrefresh": .damped(
        rate: "dragRate", reach: .barHeights("maxDragRate"),
        // y = M(1 − 100^(−x′/H)), x′ = dragRate·x, H the viewport: dy/dx = dragRate·ln 100·(M − y)/H.
        slope: "(f) => {rate} * math.max(0.0, math.min(1.0, 4.605 * ({reach} / viewportHeight - f))),"),
      "mjrefresh": .noted("UIScrollView always bounces with its own rubber band"),
    ],
    fit: CurveFit(
      release: .rebound,
      drag: [.init("dragRate", 0.2...1.0, step: 0.02), .init("maxDragRate", 1.0...4.0, step: 0.25)]),
    pageForm: """
      function (T) {
        const LN100 = \(SmartDampingPhysics._ln100), OPEN_SCREEN_FACTOR = \(SmartDampingPhysics._openScreenFactor);
        const dragRate = T.dragRate, reboundDuration = T.reboundDuration;
        const headerMaxDragRate = T.twoLevelFloorRate > 0 ? T.twoLevelMaxRate : T.maxDragRate, footerMaxDragRate = T.maxDragRate;
        const rate = Math.max(dragRate, 1e-6);
        function band(e) {
          const open = e.viewportHeight * OPEN_SCREEN_FACTOR;
          if (e.side === 'top') {
            const header = e.isBarOpen ? e.barHeight : 0;
            return { reach: Math.max(headerMaxDragRate * e.barHeight - header, 1e-6), dimension: Math.max(e.isBarOpen ? open - header : e.viewportHeight, 1), free: 0 };
          }
          const footer = e.isBarOpen || e.barLoadsOnItsOwn ? e.barHeight : 0;
          return {
            reach: Math.max(footerMaxDragRate * e.barHeight - footer, 1e-6),
            dimension: Math.max(footer > 0 ? open - footer : e.viewportHeight, 1),
            free: Math.max(e.barLoadsOnItsOwn && !e.isBarOpen ? e.barHeight : 0, 0),
          };
        }
        return {
          displacement: function (x, e) {
            const b = band(e);
            if (!(x > b.free)) return x;
            const s = rate * (x - b.free);
            return b.free + Math.min(b.reach * (1 - Math.exp(-LN100 * s / b.dimension)), s);
          },
          slope: function (x, e) {
            const b = band(e);
            if (!(x > b.free)) return 1;
            const s = rate * (x - b.free), decay = Math.exp(-LN100 * s / b.dimension);
            return b.reach * (1 - decay) < s ? rate * b.reach * LN100 / b.dimension * decay : rate;
          },
          travel: function (y, e) {
            const b = band(e);
            if (!(y > b.free)) return y;
            const shown = Math.min(y - b.free, b.reach * (1 - 1e-9));
            const damped = -b.dimension * Math.log(1 - shown / b.reach) / LN100;
            return b.free + Math.max(shown, damped) / rate;
          },
          releaseMotion: function (pos, v, target) { return new ReboundMotion(pos, target, reboundDuration); },
          edgeMotion: function (edge, v) { return coastFrom(edge, v); },
        };
      }
      """,
    physics: { SmartDampingPhysics(tuning: $0) })
}
