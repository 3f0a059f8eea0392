/// SmartRefreshLayout's `y = min(M·(1 − 100^(−x′/H)), x′)`, `x′ = dragRate·x`,
/// `M = maxDragRate·bar height` (a ratio), `H` the viewport
/// (`SmartRefreshLayout.moveSpinnerInfinitely`): ``ResistanceCurve/smartDamping``. Releasing
/// rebounds over ``reboundDuration`` with Android's viscous-fluid interpolator rather than a
/// spring; a fling meeting an edge coasts past it first.
public struct SmartDampingPhysics: ScrollPhysics {
  /// The share of finger travel that reaches the curve (`srlDragRate` 0.5).
  public var dragRate: Double
  /// The most a pull past the top shows, in header heights (`srlHeaderMaxDragRate` 2.5).
  public var headerMaxDragRate: Double
  /// The most a push past the end shows, in footer heights (`srlFooterMaxDragRate` 2.5).
  public var footerMaxDragRate: Double
  /// How long a release takes to return, seconds (`srlReboundDuration` 300 ms).
  public var reboundDuration: Double

  /// The family with these constants.
  public init(
    dragRate: Double, headerMaxDragRate: Double, footerMaxDragRate: Double, reboundDuration: Double
  ) {
    self.dragRate = dragRate
    self.headerMaxDragRate = headerMaxDragRate
    self.footerMaxDragRate = footerMaxDragRate
    self.reboundDuration = reboundDuration
  }

  /// The family with a tuning's `dragRate`, `maxDragRate` and `reboundDuration`. With the second
  /// floor on, SmartRefreshLayout's TwoLevelHeader sets the header's reach to `twoLevelMaxRate`.
  public init(tuning t: Tuning) {
    self.init(
      dragRate: t.dragRate,
      headerMaxDragRate: t.twoLevelFloorRate > 0 ? t.twoLevelMaxRate : t.maxDragRate,
      footerMaxDragRate: t.maxDragRate, reboundDuration: t.reboundDuration)
  }

  /// ln 100, SmartRefreshLayout's base.
  static let _ln100: Double = _log(100.0)

  /// SmartRefreshLayout's `H′` over an open bar: `max(screen·4/3, view)`, less the bar.
  static let _openScreenFactor: Double = 4.0 / 3.0

  /// The most a pull past `edge` shows, `M`, points. Past an open bar SmartRefreshLayout damps
  /// what is left of its reach, `M′ = M − bar`.
  public func reach(past edge: OverscrollEdge) -> Double { _band(past: edge).reach }

  /// One edge's constants: the reach `M′`, `H′`, and the travel followed one to one.
  struct _Band {
    var reach: Double
    var dimension: Double
    var free: Double
  }

  /// Past an open bar the damping runs over `H′ = max(screen·4/3, view) − bar` (the lab's
  /// screen is its viewport); an auto-loading footer first follows the finger for its height.
  func _band(past edge: OverscrollEdge) -> _Band {
    let open = edge.viewportHeight * Self._openScreenFactor
    switch edge.side {
    case .top:
      let header = edge.isBarOpen ? edge.barHeight : 0
      return _Band(
        reach: max(headerMaxDragRate * edge.barHeight - header, 1e-6),
        dimension: max(edge.isBarOpen ? open - header : edge.viewportHeight, 1), free: 0)
    case .bottom:
      let footer = edge.isBarOpen || edge.barLoadsOnItsOwn ? edge.barHeight : 0
      return _Band(
        reach: max(footerMaxDragRate * edge.barHeight - footer, 1e-6),
        dimension: max(footer > 0 ? open - footer : edge.viewportHeight, 1),
        free: max(edge.barLoadsOnItsOwn && !edge.isBarOpen ? edge.barHeight : 0, 0))
    }
  }

  var _rate: Double { max(dragRate, 1e-6) }

  public func displacement(forTravel x: Double, past edge: OverscrollEdge) -> Double {
    let band = _band(past: edge)
    guard x > band.free else { return x }
    let s = _rate * (x - band.free)
    return band.free + min(band.reach * (1 - _exp(-Self._ln100 * s / band.dimension)), s)
  }

  public func slope(atTravel x: Double, past edge: OverscrollEdge) -> Double {
    let band = _band(past: edge)
    guard x > band.free else { return 1 }
    let rate = _rate
    let s = rate * (x - band.free)
    let decay = _exp(-Self._ln100 * s / band.dimension)
    // Whichever of the two is smaller is the one shown.
    return band.reach * (1 - decay) < s
      ? rate * band.reach * Self._ln100 / band.dimension * decay : rate
  }

  public func travel(forDisplacement y: Double, past edge: OverscrollEdge) -> Double {
    let band = _band(past: edge)
    guard y > band.free else { return y }
    // The inverse of a minimum of two rising functions is the maximum of their inverses.
    let b = min(y - band.free, band.reach * (1 - 1e-9))
    let damped = -band.dimension * _log(1 - b / band.reach) / Self._ln100
    return band.free + max(b, damped) / _rate
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

/// A fling meeting an edge coasts past it as Android's layouts let it (SmartRefreshLayout,
/// SwipeRefreshLayout); too slow to move it, it stops there.
func _coast(from edge: Double, velocity: Double) -> EdgeMotion {
  let coast = OvershootMotion(start: edge, velocity: velocity)
  return coast.duration > 0 ? .coast(coast) : .stop
}
