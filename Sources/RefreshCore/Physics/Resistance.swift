/// Which closed form turns a finger's travel past an edge into the distance the content shows.
///
/// Each is a function of the finger's total travel past the edge `x`, never applied per delta, so
/// the same finger position always shows the same offset at any frame rate, and each has an
/// inverse, so grabbing content that is already out of bounds never makes it jump.
public enum ResistanceCurve: String, Codable, Sendable, CaseIterable {
  /// iOS's rubber band `x·d·c / (d + c·x)`, `c` = `rubberBandConstant`, `d` the viewport
  /// (reverse-engineered iOS behaviour; Wave and ScrollMechanics use the same form).
  case iosRubberBand
  /// Flutter's BouncingScrollPhysics: `0.52·(1 − overscroll/d)²` per delta
  /// (`BouncingScrollPhysics.frictionFactor`), which for a monotonic pull integrates to the iOS
  /// form with `c` = `frictionFactor`. Flutter eases less when the finger turns back; a closed
  /// form in total travel cannot remember the path, so the lab uses the pull's curve both ways.
  case flutterFriction
  /// SmartRefreshLayout's `y = min(M·(1 − 100^(−x′/H)), x′)`, `x′ = dragRate·x`,
  /// `M = maxDragRate·header height` (a ratio), `H` the viewport
  /// (`SmartRefreshLayout.moveSpinnerInfinitely`). Releasing rebounds over `reboundDuration` with
  /// Android's viscous-fluid interpolator rather than a spring.
  case smartDamping
  /// SwipeRefreshLayout's badge: `s = dragRate·x` followed one to one up to the trigger `T`,
  /// then a tension `T + u − u²/(4T)` (`u = s − T`) that stops at `2T` (`SwipeRefreshLayout.
  /// moveSpinner`: slingshot distance 64 dp, tension up to twice the slingshot).
  case materialTension
}

/// How far content moves when the finger has travelled past an edge, by one `ResistanceCurve`.
///
/// `band` maps a raw (unbounded) offset to the one shown, `unband` is its inverse and `slope`
/// its derivative (the content's speed per point of finger speed).
public struct Resistance: Sendable, Equatable {
  /// The closed form.
  public var curve: ResistanceCurve
  /// `c` of the iOS form (iOS 0.55, Flutter's friction factor 0.52).
  public var constant: Double
  /// The viewport height: `d` of the iOS form, `H` of SmartRefreshLayout's.
  public var dimension: Double
  /// The share of finger travel that reaches the curve (SmartRefreshLayout and
  /// SwipeRefreshLayout: 0.5).
  public var dragRate: Double
  /// Past the top: SmartRefreshLayout's `M`, or SwipeRefreshLayout's trigger `T`, points.
  public var topReach: Double
  /// Past the end: the same for the footer.
  public var bottomReach: Double
  /// Past the top, `H` of SmartRefreshLayout's form (`dimension` unless a header is held open).
  public var topDimension: Double
  /// Past the end, the same.
  public var bottomDimension: Double
  /// Past the end, the travel followed one to one before the damping starts (SmartRefreshLayout's
  /// auto-load footer follows the finger for its own height), points.
  public var bottomFreeTravel: Double

  /// A curve over a viewport `dimension` points tall.
  public init(
    curve: ResistanceCurve, constant: Double, dimension: Double, dragRate: Double = 1,
    topReach: Double = 1, bottomReach: Double = 1, topDimension: Double? = nil,
    bottomDimension: Double? = nil, bottomFreeTravel: Double = 0
  ) {
    self.curve = curve
    self.constant = constant
    self.dimension = max(dimension, 1)
    self.dragRate = max(dragRate, 1e-6)
    self.topReach = max(topReach, 1e-6)
    self.bottomReach = max(bottomReach, 1e-6)
    self.topDimension = max(topDimension ?? dimension, 1)
    self.bottomDimension = max(bottomDimension ?? dimension, 1)
    self.bottomFreeTravel = max(bottomFreeTravel, 0)
  }

  /// The curve a tuning names, over a viewport `viewportHeight` points tall, with neither bar
  /// held open.
  public init(tuning t: Tuning, viewportHeight: Double) {
    self.init(tuning: t, viewportHeight: viewportHeight, barsHeld: BarsHeld())
  }

  /// What the header and footer hold open, which SmartRefreshLayout's damping starts past
  /// (`moveSpinnerInfinitely`); the other curves ignore it.
  public struct BarsHeld: Sendable, Equatable {
    /// The header is held open (refreshing): a pull past it is damped toward `M − header`.
    public var header: Bool
    /// The footer is held open (loading): a push past it is damped toward `M − footer`.
    public var footer: Bool
    /// The footer loads on its own and may: it follows the finger for its height, then damps.
    public var autoLoadingFooter: Bool

    public init(header: Bool = false, footer: Bool = false, autoLoadingFooter: Bool = false) {
      self.header = header
      self.footer = footer
      self.autoLoadingFooter = autoLoadingFooter
    }
  }

  /// The curve a tuning names over a viewport `viewportHeight` points tall, measured past what
  /// `barsHeld` holds open. Past an open bar SmartRefreshLayout damps what is left of its reach,
  /// `M′ = M − bar`, over `H′ = max(screen·4/3, view) − bar` (the lab's screen is its viewport).
  public init(tuning t: Tuning, viewportHeight: Double, barsHeld: BarsHeld) {
    switch t.resistanceCurve {
    case .iosRubberBand:
      self.init(curve: .iosRubberBand, constant: t.rubberBandConstant, dimension: viewportHeight)
    case .flutterFriction:
      self.init(curve: .flutterFriction, constant: t.frictionFactor, dimension: viewportHeight)
    case .smartDamping:
      let open = viewportHeight * Self._openScreenFactor
      let header = barsHeld.header ? t.headerHeight : 0
      let footer = barsHeld.footer || barsHeld.autoLoadingFooter ? t.footerHeight : 0
      self.init(
        curve: .smartDamping, constant: 0, dimension: viewportHeight, dragRate: t.dragRate,
        // With the second floor on, SmartRefreshLayout's TwoLevelHeader sets the reach to srlMaxRate.
        topReach: (t.twoLevelFloorRate > 0
          ? t.twoLevelMaxRate * t.headerHeight : t.maxDrag(over: t.headerHeight)) - header,
        bottomReach: t.maxDrag(over: t.footerHeight) - footer,
        topDimension: barsHeld.header ? open - header : viewportHeight,
        bottomDimension: footer > 0 ? open - footer : viewportHeight,
        bottomFreeTravel: barsHeld.autoLoadingFooter && !barsHeld.footer ? t.footerHeight : 0)
    case .materialTension:
      self.init(
        curve: .materialTension, constant: 0, dimension: viewportHeight, dragRate: t.dragRate,
        topReach: t.refreshThreshold, bottomReach: t.loadMoreThreshold)
    }
  }

  /// The visible distance for `excess` points of raw overscroll (sign kept: negative is past
  /// the top).
  public func displacement(forExcess excess: Double) -> Double {
    let y = _shown(abs(excess), edge: _edge(past: excess))
    return excess < 0 ? -y : y
  }

  /// How far the shown offset moves per point of raw overscroll at `excess`.
  public func slope(atExcess excess: Double) -> Double {
    _slope(abs(excess), edge: _edge(past: excess))
  }

  /// The raw overscroll that shows `displacement`: the inverse of `displacement(forExcess:)`.
  /// A displacement the curve never reaches maps to just inside its limit.
  public func excess(forDisplacement displacement: Double) -> Double {
    let x = _travel(abs(displacement), edge: _edge(past: displacement))
    return displacement < 0 ? -x : x
  }

  /// How far the shown offset moves per point of raw offset at `raw`: 1 inside `bounds`.
  public func slope(at raw: Double, within bounds: ClosedRange<Double>) -> Double {
    if raw < bounds.lowerBound { return slope(atExcess: raw - bounds.lowerBound) }
    if raw > bounds.upperBound { return slope(atExcess: raw - bounds.upperBound) }
    return 1
  }

  /// The offset shown for a raw (unbounded) offset, damping whatever lies outside `bounds`.
  public func band(_ raw: Double, within bounds: ClosedRange<Double>) -> Double {
    if raw < bounds.lowerBound {
      return bounds.lowerBound + displacement(forExcess: raw - bounds.lowerBound)
    }
    if raw > bounds.upperBound {
      return bounds.upperBound + displacement(forExcess: raw - bounds.upperBound)
    }
    return raw
  }

  /// The raw offset that `band(_:within:)` maps to `shown`.
  public func unband(_ shown: Double, within bounds: ClosedRange<Double>) -> Double {
    if shown < bounds.lowerBound {
      return bounds.lowerBound + excess(forDisplacement: shown - bounds.lowerBound)
    }
    if shown > bounds.upperBound {
      return bounds.upperBound + excess(forDisplacement: shown - bounds.upperBound)
    }
    return shown
  }

  // MARK: The closed forms, for a travel x ≥ 0

  /// ln 100, SmartRefreshLayout's base.
  static let _ln100: Double = _log(100.0)

  /// SmartRefreshLayout's `H′` over an open bar: `max(screen·4/3, view)`, less the bar.
  static let _openScreenFactor: Double = 4.0 / 3.0

  /// One edge's constants: the reach (`M` or `T`), `H`, and the travel followed one to one.
  struct _Edge {
    var reach: Double
    var dimension: Double
    var free: Double
  }

  /// The edge a signed excess lies past: negative is the top.
  func _edge(past excess: Double) -> _Edge {
    excess < 0
      ? _Edge(reach: topReach, dimension: topDimension, free: 0)
      : _Edge(reach: bottomReach, dimension: bottomDimension, free: bottomFreeTravel)
  }

  func _shown(_ x: Double, edge: _Edge) -> Double {
    let reach = edge.reach
    switch curve {
    case .iosRubberBand, .flutterFriction:
      return x * dimension * constant / (dimension + constant * x)
    case .smartDamping:
      guard x > edge.free else { return x }
      let s = dragRate * (x - edge.free)
      return edge.free + min(reach * (1 - _exp(-Self._ln100 * s / edge.dimension)), s)
    case .materialTension:
      let s = dragRate * x
      guard s > reach else { return s }
      let u = min(s - reach, 2 * reach)
      return reach + u - u * u / (4 * reach)
    }
  }

  func _slope(_ x: Double, edge: _Edge) -> Double {
    let reach = edge.reach
    switch curve {
    case .iosRubberBand, .flutterFriction:
      let denominator = dimension + constant * x
      return constant * dimension * dimension / (denominator * denominator)
    case .smartDamping:
      guard x > edge.free else { return 1 }
      let s = dragRate * (x - edge.free)
      let decay = _exp(-Self._ln100 * s / edge.dimension)
      // Whichever of the two is smaller is the one shown.
      return reach * (1 - decay) < s ? dragRate * reach * Self._ln100 / edge.dimension * decay : dragRate
    case .materialTension:
      let s = dragRate * x
      guard s > reach else { return dragRate }
      let u = s - reach
      return u >= 2 * reach ? 0 : dragRate * (1 - u / (2 * reach))
    }
  }

  func _travel(_ y: Double, edge: _Edge) -> Double {
    let reach = edge.reach
    switch curve {
    case .iosRubberBand, .flutterFriction:
      // Clamp just inside the asymptote: a displacement of d or more has no finite preimage.
      let b = min(y, dimension * (1 - 1e-9))
      return b * dimension / (constant * (dimension - b))
    case .smartDamping:
      guard y > edge.free else { return y }
      // The inverse of a minimum of two rising functions is the maximum of their inverses.
      let b = min(y - edge.free, reach * (1 - 1e-9))
      let damped = -edge.dimension * _log(1 - b / reach) / Self._ln100
      return edge.free + max(b, damped) / dragRate
    case .materialTension:
      let b = min(y, 2 * reach)
      guard b > reach else { return b / dragRate }
      // Solve b − T = u − u²/(4T) for the root on the rising side, u ≤ 2T.
      let u = 2 * reach * (1 - max(0, 1 - (b - reach) / reach).squareRoot())
      return (reach + u) / dragRate
    }
  }
}
