/// SwipeRefreshLayout's badge: `s = dragRate·x` followed one to one up to the trigger `T` (the
/// edge's threshold), then a tension `T + u − u²/(4T)` (`u = s − T`) that stops at `2T`
/// (`SwipeRefreshLayout.moveSpinner`: slingshot distance 64 dp, tension up to twice the
/// slingshot): ``ResistanceCurve/materialTension``. It returns to rest as SmartRefreshLayout's
/// family does.
public struct MaterialTensionPhysics: ScrollPhysics {
  /// The share of finger travel that reaches the curve (SwipeRefreshLayout's 0.5).
  public var dragRate: Double
  /// How long a release takes to return, seconds.
  public var reboundDuration: Double

  /// The family with these constants.
  public init(dragRate: Double, reboundDuration: Double) {
    self.dragRate = dragRate
    self.reboundDuration = reboundDuration
  }

  /// The family with a tuning's `dragRate` and `reboundDuration`.
  public init(tuning t: Tuning) {
    self.init(dragRate: t.dragRate, reboundDuration: t.reboundDuration)
  }

  var _rate: Double { max(dragRate, 1e-6) }

  public func displacement(forTravel x: Double, past edge: OverscrollEdge) -> Double {
    let reach = max(edge.threshold, 1e-6)
    let s = _rate * x
    guard s > reach else { return s }
    let u = min(s - reach, 2 * reach)
    return reach + u - u * u / (4 * reach)
  }

  public func slope(atTravel x: Double, past edge: OverscrollEdge) -> Double {
    let reach = max(edge.threshold, 1e-6)
    let rate = _rate
    let s = rate * x
    guard s > reach else { return rate }
    let u = s - reach
    return u >= 2 * reach ? 0 : rate * (1 - u / (2 * reach))
  }

  public func travel(forDisplacement y: Double, past edge: OverscrollEdge) -> Double {
    let reach = max(edge.threshold, 1e-6)
    let b = min(y, 2 * reach)
    guard b > reach else { return b / _rate }
    // Solve b − T = u − u²/(4T) for the root on the rising side, u ≤ 2T.
    let u = 2 * reach * (1 - max(0, 1 - (b - reach) / reach).squareRoot())
    return (reach + u) / _rate
  }

  public func releaseMotion(from position: Double, velocity: Double, to target: Double)
    -> any SettlingMotion
  {
    ReboundMotion(from: position, to: target, duration: reboundDuration)
  }

  public func edgeMotion(meeting edge: Double, velocity: Double) -> EdgeMotion {
    _coast(from: edge, velocity: velocity)
  }
}
