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
  /// `M = maxDragRate·header height` (absolute points from 10 up), `H` the viewport
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

  /// A curve over a viewport `dimension` points tall.
  public init(
    curve: ResistanceCurve, constant: Double, dimension: Double, dragRate: Double = 1,
    topReach: Double = 1, bottomReach: Double = 1
  ) {
    self.curve = curve
    self.constant = constant
    self.dimension = max(dimension, 1)
    self.dragRate = max(dragRate, 1e-6)
    self.topReach = max(topReach, 1e-6)
    self.bottomReach = max(bottomReach, 1e-6)
  }

  /// The curve a tuning names, over a viewport `viewportHeight` points tall.
  public init(tuning t: Tuning, viewportHeight: Double) {
    switch t.resistanceCurve {
    case .iosRubberBand:
      self.init(curve: .iosRubberBand, constant: t.rubberBandConstant, dimension: viewportHeight)
    case .flutterFriction:
      self.init(curve: .flutterFriction, constant: t.frictionFactor, dimension: viewportHeight)
    case .smartDamping:
      self.init(
        curve: .smartDamping, constant: 0, dimension: viewportHeight, dragRate: t.dragRate,
        topReach: t.twoLevelFloorRate > 0
          ? t.twoLevelMaxRate * t.headerHeight : t.maxDrag(over: t.headerHeight),
        bottomReach: t.maxDrag(over: t.footerHeight))
    case .materialTension:
      self.init(
        curve: .materialTension, constant: 0, dimension: viewportHeight, dragRate: t.dragRate,
        topReach: t.refreshThreshold, bottomReach: t.loadMoreThreshold)
    }
  }

  /// The visible distance for `excess` points of raw overscroll (sign kept: negative is past
  /// the top).
  public func displacement(forExcess excess: Double) -> Double {
    let reach = excess < 0 ? topReach : bottomReach
    let y = _shown(abs(excess), reach: reach)
    return excess < 0 ? -y : y
  }

  /// How far the shown offset moves per point of raw overscroll at `excess`.
  public func slope(atExcess excess: Double) -> Double {
    _slope(abs(excess), reach: excess < 0 ? topReach : bottomReach)
  }

  /// The raw overscroll that shows `displacement`: the inverse of `displacement(forExcess:)`.
  /// A displacement the curve never reaches maps to just inside its limit.
  public func excess(forDisplacement displacement: Double) -> Double {
    let reach = displacement < 0 ? topReach : bottomReach
    let x = _travel(abs(displacement), reach: reach)
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

  func _shown(_ x: Double, reach: Double) -> Double {
    switch curve {
    case .iosRubberBand, .flutterFriction:
      return x * dimension * constant / (dimension + constant * x)
    case .smartDamping:
      let s = dragRate * x
      return min(reach * (1 - _exp(-Self._ln100 * s / dimension)), s)
    case .materialTension:
      let s = dragRate * x
      guard s > reach else { return s }
      let u = min(s - reach, 2 * reach)
      return reach + u - u * u / (4 * reach)
    }
  }

  func _slope(_ x: Double, reach: Double) -> Double {
    switch curve {
    case .iosRubberBand, .flutterFriction:
      let denominator = dimension + constant * x
      return constant * dimension * dimension / (denominator * denominator)
    case .smartDamping:
      let s = dragRate * x
      let decay = _exp(-Self._ln100 * s / dimension)
      // Whichever of the two is smaller is the one shown.
      return reach * (1 - decay) < s ? dragRate * reach * Self._ln100 / dimension * decay : dragRate
    case .materialTension:
      let s = dragRate * x
      guard s > reach else { return dragRate }
      let u = s - reach
      return u >= 2 * reach ? 0 : dragRate * (1 - u / (2 * reach))
    }
  }

  func _travel(_ y: Double, reach: Double) -> Double {
    switch curve {
    case .iosRubberBand, .flutterFriction:
      // Clamp just inside the asymptote: a displacement of d or more has no finite preimage.
      let b = min(y, dimension * (1 - 1e-9))
      return b * dimension / (constant * (dimension - b))
    case .smartDamping:
      // The inverse of a minimum of two rising functions is the maximum of their inverses.
      let b = min(y, reach * (1 - 1e-9))
      let damped = -dimension * _log(1 - b / reach) / Self._ln100
      return max(b, damped) / dragRate
    case .materialTension:
      let b = min(y, 2 * reach)
      guard b > reach else { return b / dragRate }
      // Solve b − T = u − u²/(4T) for the root on the rising side, u ≤ 2T.
      let u = 2 * reach * (1 - max(0, 1 - (b - reach) / reach).squareRoot())
      return (reach + u) / dragRate
    }
  }
}
