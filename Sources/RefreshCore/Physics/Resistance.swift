/// How far content moves when the finger has travelled past an edge: a curve family
/// (``ScrollPhysics``) over the two edges of one geometry.
///
/// `band` maps a raw (unbounded) offset to the one shown, `unband` is its inverse and `slope`
/// its derivative (the content's speed per point of finger speed).
public struct Resistance: Sendable, Equatable {
  /// The curve family.
  public var physics: any ScrollPhysics
  /// The edge past the top.
  public var top: OverscrollEdge
  /// The edge past the end.
  public var bottom: OverscrollEdge

  /// A family over these two edges.
  public init(physics: any ScrollPhysics, top: OverscrollEdge, bottom: OverscrollEdge) {
    self.physics = physics
    self.top = top
    self.bottom = bottom
  }

  /// A family over a viewport `viewportHeight` points tall, with no bars.
  public init(physics: any ScrollPhysics, viewportHeight: Double) {
    let height = max(viewportHeight, 1)
    self.init(
      physics: physics, top: OverscrollEdge(side: .top, viewportHeight: height),
      bottom: OverscrollEdge(side: .bottom, viewportHeight: height))
  }

  /// The family a tuning gives (``Tuning/physics``), over a viewport `viewportHeight` points
  /// tall, with neither bar held open.
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

    /// What is held open: nothing unless said.
    public init(header: Bool = false, footer: Bool = false, autoLoadingFooter: Bool = false) {
      self.header = header
      self.footer = footer
      self.autoLoadingFooter = autoLoadingFooter
    }
  }

  /// The family a tuning gives (``Tuning/physics``) over a viewport `viewportHeight` points
  /// tall, its edges carrying the tuning's bars and what `barsHeld` holds open.
  public init(tuning t: Tuning, viewportHeight: Double, barsHeld: BarsHeld) {
    let height = max(viewportHeight, 1)
    self.init(
      physics: t.physics,
      top: OverscrollEdge(
        side: .top, viewportHeight: height, barHeight: t.headerHeight,
        threshold: t.refreshThreshold, isBarOpen: barsHeld.header),
      bottom: OverscrollEdge(
        side: .bottom, viewportHeight: height, barHeight: t.footerHeight,
        threshold: t.loadMoreThreshold, isBarOpen: barsHeld.footer,
        barLoadsOnItsOwn: barsHeld.autoLoadingFooter))
  }

  /// Whether both bands are the same family with the same constants over the same edges.
  public static func == (a: Resistance, b: Resistance) -> Bool {
    a.top == b.top && a.bottom == b.bottom && a.physics._isEqual(to: b.physics)
  }

  /// The visible distance for `excess` points of raw overscroll (sign kept: negative is past
  /// the top).
  public func displacement(forExcess excess: Double) -> Double {
    let y = physics.displacement(forTravel: abs(excess), past: _edge(past: excess))
    return excess < 0 ? -y : y
  }

  /// How far the shown offset moves per point of raw overscroll at `excess`.
  public func slope(atExcess excess: Double) -> Double {
    physics.slope(atTravel: abs(excess), past: _edge(past: excess))
  }

  /// The raw overscroll that shows `displacement`: the inverse of `displacement(forExcess:)`.
  /// A displacement the curve never reaches maps to just inside its limit.
  public func excess(forDisplacement displacement: Double) -> Double {
    let x = physics.travel(forDisplacement: abs(displacement), past: _edge(past: displacement))
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

  /// The edge a signed excess lies past: negative is the top.
  func _edge(past excess: Double) -> OverscrollEdge { excess < 0 ? top : bottom }
}
