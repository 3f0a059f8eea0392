/// How one export target carries a curve family: what its exporter writes for it, or why it
/// cannot. The exporters (in the lab) read these; a family names one per target it can reach.
public enum CurveExportForm: Sendable, Equatable {
  /// The target's own curve is this family, carried exactly (SmartRefreshLayout's damping for
  /// `smartDamping`).
  case native
  /// The field's rubber band `x·d·c/(d + c·x)` with `c` the value of the key `constant`, which
  /// the target's bouncing physics carries, returning on the bounce spring (BouncingScrollPhysics,
  /// UIScrollView's bounce).
  case rubberBand(constant: String)
  /// A pull that starts at the share `rate` (a key) of the finger and stops at `reach`, which
  /// the target approximates with its own damping and notes. `slope` is the target's code for
  /// the curve's slope at an overscroll fraction `f` of the viewport, `{rate}` and `{reach}` in
  /// place of the numbers, where the target takes one (easy_refresh's `frictionFactor`).
  case damped(rate: String, reach: CurveReach, slope: String? = nil)
  /// The target keeps its own curve and the export notes why this one is not it.
  case noted(String)
  /// The target cannot carry the family: the one line that says why.
  case refused(String)
}

/// How far a damped curve lets a bar be pulled.
public enum CurveReach: Sendable, Equatable {
  /// The value of the key (a ratio) times the bar's height (SmartRefreshLayout's `M`).
  case barHeights(String)
  /// This multiple of the bar's trigger distance (SwipeRefreshLayout's tension stops at 2T).
  case thresholds(Double)

  /// The reach in points over a bar `height` tall that arms at `threshold`.
  public func points(_ tuning: Tuning, height: Double, threshold: Double) -> Double {
    switch self {
    case .barHeights(let key): tuning[parameter: key] * height
    case .thresholds(let factor): factor * threshold
    }
  }
}

/// What the fitter searches when it tries a family on a recording: how the family returns to
/// rest, and the grid of its band's constants.
public struct CurveFit: Sendable {
  /// How a family's content returns to rest, as the fitter tells releases apart.
  public enum Release: String, Sendable {
    /// On the tuning's bounce spring (`springMass`, `springStiffness`, `springDampingRatio`),
    /// which the fitter fits; every such family competes for a spring-shaped release.
    case bounceSpring
    /// On a fixed-length rebound of `reboundDuration`, which the fitter fits; only the family
    /// the fit started from is searched.
    case rebound
  }

  /// One constant's grid: `range` in steps of `step`.
  public struct Axis: Sendable {
    public let key: String
    public let range: ClosedRange<Double>
    public let step: Double

    public init(_ key: String, _ range: ClosedRange<Double>, step: Double) {
      self.key = key
      self.range = range
      self.step = step
    }
  }

  public let release: Release
  /// The band's constants, the first axis outermost.
  public let drag: [Axis]

  public init(release: Release, drag: [Axis]) {
    self.release = release
    self.drag = drag
  }

  /// `tuning` under `curve` at every point of the grid, in order.
  public func candidates(_ tuning: Tuning, curve: ResistanceCurve) -> [Tuning] {
    var base = tuning
    base.resistanceCurve = curve
    var out = [base]
    for axis in drag {
      out = out.flatMap { t in
        stride(from: axis.range.lowerBound, through: axis.range.upperBound, by: axis.step).map { value in
          var next = t
          next[parameter: axis.key] = value
          return next
        }
      }
    }
    return out
  }
}
