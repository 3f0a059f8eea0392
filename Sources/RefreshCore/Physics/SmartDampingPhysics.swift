/// SmartRefreshLayout's `y = min(M·(1 − 100^(−x′/H)), x′)`, `x′ = dragRate·x`,
/// `M = maxDragRate·header height` (a ratio), `H` the viewport
/// (`SmartRefreshLayout.moveSpinnerInfinitely`). Releasing rebounds over `reboundDuration` with
/// Android's viscous-fluid interpolator rather than a spring.
enum SmartDampingPhysics: _ReboundPhysics {
  /// ln 100, SmartRefreshLayout's base.
  static let _ln100: Double = _log(100.0)

  /// SmartRefreshLayout's `H′` over an open bar: `max(screen·4/3, view)`, less the bar.
  static let _openScreenFactor: Double = 4.0 / 3.0

  /// Past an open bar SmartRefreshLayout damps what is left of its reach, `M′ = M − bar`, over
  /// `H′ = max(screen·4/3, view) − bar` (the lab's screen is its viewport).
  static func resistance(tuning t: Tuning, viewportHeight: Double, barsHeld: Resistance.BarsHeld)
    -> Resistance
  {
    let open = viewportHeight * _openScreenFactor
    let header = barsHeld.header ? t.headerHeight : 0
    let footer = barsHeld.footer || barsHeld.autoLoadingFooter ? t.footerHeight : 0
    return Resistance(
      curve: .smartDamping, constant: 0, dimension: viewportHeight, dragRate: t.dragRate,
      // With the second floor on, SmartRefreshLayout's TwoLevelHeader sets the reach to srlMaxRate.
      topReach: (t.twoLevelFloorRate > 0
        ? t.twoLevelMaxRate * t.headerHeight : t.maxDrag(over: t.headerHeight)) - header,
      bottomReach: t.maxDrag(over: t.footerHeight) - footer,
      topDimension: barsHeld.header ? open - header : viewportHeight,
      bottomDimension: footer > 0 ? open - footer : viewportHeight,
      bottomFreeTravel: barsHeld.autoLoadingFooter && !barsHeld.footer ? t.footerHeight : 0)
  }

  static func shown(_ x: Double, past edge: Resistance._Edge, in band: Resistance) -> Double {
    guard x > edge.free else { return x }
    let s = band.dragRate * (x - edge.free)
    return edge.free + min(edge.reach * (1 - _exp(-_ln100 * s / edge.dimension)), s)
  }

  static func slope(_ x: Double, past edge: Resistance._Edge, in band: Resistance) -> Double {
    guard x > edge.free else { return 1 }
    let rate = band.dragRate
    let s = rate * (x - edge.free)
    let decay = _exp(-_ln100 * s / edge.dimension)
    // Whichever of the two is smaller is the one shown.
    return edge.reach * (1 - decay) < s ? rate * edge.reach * _ln100 / edge.dimension * decay : rate
  }

  static func travel(_ y: Double, past edge: Resistance._Edge, in band: Resistance) -> Double {
    guard y > edge.free else { return y }
    // The inverse of a minimum of two rising functions is the maximum of their inverses.
    let b = min(y - edge.free, edge.reach * (1 - 1e-9))
    let damped = -edge.dimension * _log(1 - b / edge.reach) / _ln100
    return edge.free + max(b, damped) / band.dragRate
  }
}
