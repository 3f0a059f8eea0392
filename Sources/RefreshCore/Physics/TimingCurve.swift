/// A cubic Bézier timing curve from (0, 0) to (1, 1), as Core Animation defines them.
///
/// `easeInOut` is (0.42, 0, 0.58, 1), CAMediaTimingFunction's easeInEaseOut. `easeOutBack`
/// leaves (0, 0) fast, passes 1 by about 10 % and settles back onto it, as CSS's
/// `cubic-bezier(0.34, 1.56, 0.64, 1)` (easings.net's easeOutBack) does: a collapse or an
/// opening with a small overshoot. Its time axis stays monotonic (x1 and x2 lie in 0…1), so
/// the solver below is unchanged; only its progress leaves 0…1.
public enum TimingCurve: String, Codable, Sendable, CaseIterable {
  /// Constant speed.
  case linear
  /// Slow start: (0.42, 0, 1, 1).
  case easeIn
  /// Slow end: (0, 0, 0.58, 1).
  case easeOut
  /// Slow start and end: (0.42, 0, 0.58, 1).
  case easeInOut
  /// Fast start, past the end by about 10 %, back onto it: (0.34, 1.56, 0.64, 1).
  case easeOutBack
  /// Material's standard easing, Android's `FastOutSlowInInterpolator` and Flutter's
  /// `Curves.fastOutSlowIn`: a brisk start and a long slow end, (0.4, 0, 0.2, 1).
  case fastOutSlowIn
  /// Material's decelerate easing, Android's `LinearOutSlowInInterpolator`: full speed at once,
  /// then a long slow end, (0, 0, 0.2, 1).
  case decelerate

  /// The largest velocity an ``EasedMotion`` along this curve carries in, in units of its mean
  /// speed, for which the curve plus the carried term still moves one way only: the least, over
  /// the time fraction s past ¼, of the curve's slope over (1 − s)²(4s − 1), found numerically
  /// (4.0 for `linear`, 4.13 for `easeOut`, 4.16 for `easeIn`, 6.9 for `easeInOut`, 2.93 for
  /// `fastOutSlowIn`, 2.29 for `decelerate`), the first four held to `linear`'s 4 as before.
  /// `easeOutBack` overshoots by design and keeps 4.
  public var maximumCarry: Double {
    switch self {
    case .linear, .easeIn, .easeOut, .easeInOut, .easeOutBack: 4.0
    case .fastOutSlowIn: 2.9
    case .decelerate: 2.25
    }
  }

  var _controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double) {
    switch self {
    case .linear: (0, 0, 1, 1)
    case .easeIn: (0.42, 0, 1, 1)
    case .easeOut: (0, 0, 0.58, 1)
    case .easeInOut: (0.42, 0, 0.58, 1)
    case .easeOutBack: (0.34, 1.56, 0.64, 1)
    case .fastOutSlowIn: (0.4, 0, 0.2, 1)
    case .decelerate: (0, 0, 0.2, 1)
    }
  }

  /// The eased progress for a linear time fraction (0…1): 0…1, except that `easeOutBack` passes
  /// 1 on its way there. It is exactly 0 at 0 and exactly 1 at 1 for every curve.
  public func value(at fraction: Double) -> Double {
    let x = min(max(fraction, 0), 1)
    if self == .linear { return x }
    let p = _controlPoints
    // Solve bezierX(s) = x for the curve parameter s by Newton's method, falling back to
    // bisection where the slope is too flat; then evaluate bezierY(s).
    var s = x
    for _ in 0..<8 {
      let error = Self._bezier(s, p.x1, p.x2) - x
      if abs(error) < 1e-9 { return Self._bezier(s, p.y1, p.y2) }
      let slope = Self._bezierSlope(s, p.x1, p.x2)
      if abs(slope) < 1e-6 { break }
      s -= error / slope
    }
    var low = 0.0
    var high = 1.0
    s = x
    for _ in 0..<60 {
      let value = Self._bezier(s, p.x1, p.x2)
      if abs(value - x) < 1e-9 { break }
      if value < x { low = s } else { high = s }
      s = (low + high) / 2
    }
    return Self._bezier(s, p.y1, p.y2)
  }

  /// The derivative of the eased progress with respect to the time fraction.
  public func slope(at fraction: Double) -> Double {
    let h = 1e-5
    let a = max(fraction - h, 0)
    let b = min(fraction + h, 1)
    return (value(at: b) - value(at: a)) / (b - a)
  }

  static func _bezier(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
    // B(s) = 3(1−s)²s·c1 + 3(1−s)s²·c2 + s³
    let u = 1 - s
    return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s
  }

  static func _bezierSlope(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * c1 + 6 * u * s * (c2 - c1) + 3 * s * s * (1 - c2)
  }
}
