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
    self = t.resistanceCurve._physics.resistance(
      tuning: t, viewportHeight: viewportHeight, barsHeld: barsHeld)
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

  // MARK: The family's closed forms, for a travel x ≥ 0

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

  func _shown(_ x: Double, edge: _Edge) -> Double { curve._physics.shown(x, past: edge, in: self) }

  func _slope(_ x: Double, edge: _Edge) -> Double { curve._physics.slope(x, past: edge, in: self) }

  func _travel(_ y: Double, edge: _Edge) -> Double { curve._physics.travel(y, past: edge, in: self) }
}
