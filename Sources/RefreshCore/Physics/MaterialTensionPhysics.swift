/// SwipeRefreshLayout's badge: `s = dragRate·x` followed one to one up to the trigger `T`, then a
/// tension `T + u − u²/(4T)` (`u = s − T`) that stops at `2T` (`SwipeRefreshLayout.moveSpinner`:
/// slingshot distance 64 dp, tension up to twice the slingshot). It returns to rest as
/// SmartRefreshLayout's family does.
enum MaterialTensionPhysics: _ReboundPhysics {
  static func resistance(tuning t: Tuning, viewportHeight: Double, barsHeld: Resistance.BarsHeld)
    -> Resistance
  {
    Resistance(
      curve: .materialTension, constant: 0, dimension: viewportHeight, dragRate: t.dragRate,
      topReach: t.refreshThreshold, bottomReach: t.loadMoreThreshold)
  }

  static func shown(_ x: Double, past edge: Resistance._Edge, in band: Resistance) -> Double {
    let reach = edge.reach
    let s = band.dragRate * x
    guard s > reach else { return s }
    let u = min(s - reach, 2 * reach)
    return reach + u - u * u / (4 * reach)
  }

  static func slope(_ x: Double, past edge: Resistance._Edge, in band: Resistance) -> Double {
    let reach = edge.reach
    let s = band.dragRate * x
    guard s > reach else { return band.dragRate }
    let u = s - reach
    return u >= 2 * reach ? 0 : band.dragRate * (1 - u / (2 * reach))
  }

  static func travel(_ y: Double, past edge: Resistance._Edge, in band: Resistance) -> Double {
    let reach = edge.reach
    let b = min(y, 2 * reach)
    guard b > reach else { return b / band.dragRate }
    // Solve b − T = u − u²/(4T) for the root on the rising side, u ≤ 2T.
    let u = 2 * reach * (1 - max(0, 1 - (b - reach) / reach).squareRoot())
    return (reach + u) / band.dragRate
  }
}
