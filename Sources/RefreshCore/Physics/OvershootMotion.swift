/// SmartRefreshLayout's coast past an edge: content that a fling carries into the end of the
/// list goes on past it (`SmartRefreshLayout.BounceRunnable`), its speed multiplied on the n-th
/// 10 ms frame by `q^(2n)` (q = 0.85) until it moves less than a pixel a frame; then it rebounds
/// over `reboundDuration(distance:)` with the viscous-fluid interpolator (`ReboundMotion`).
///
/// After n frames the speed is `v0·q^(n(n+1))`. Read with `n = t/τ` in continuous time, that is
/// a Gaussian in `t`, whose integral has a closed form, so the coast lands on the same positions
/// at any frame rate:
/// `v(t) = v0·q^(−1/4)·e^(−a(t + τ/2)²)`, `a = −ln q / τ²`, and
/// `x(t) = x0 + v0·q^(−1/4)·√π/(2√a)·(erf(√a(t + τ/2)) − erf(√a·τ/2))`.
public struct OvershootMotion: Motion, Equatable {
  /// The position at `t = 0`: the edge.
  public private(set) var start: Double
  /// The velocity at `t = 0`, points per second.
  public let initialVelocity: Double
  /// The elapsed time at which the coast stops, solved once.
  public let duration: Double

  /// SmartRefreshLayout's frame, seconds (`mFrameDelay`, 10 ms).
  static let _frame = 0.010
  /// The speed kept per frame, squared per frame number (`Math.pow(0.85f, ++mFrame * 2)`).
  static let _decay = 0.85
  /// Below a pixel per frame the coast ends (`Math.abs(velocity) >= 1`).
  static let _stopSpeed = 1 / _frame
  static let _a: Double = -_log(_decay) / (_frame * _frame)
  /// `q^(−1/4)`, which makes `v(0) = v0`.
  static let _gain: Double = _exp(-_log(_decay) / 4)

  public func shifted(by distance: Double) -> OvershootMotion {
    var moved = self
    moved.start += distance
    return moved
  }

  /// A coast from `start` at `velocity`.
  public init(start: Double, velocity: Double) {
    self.start = start
    initialVelocity = velocity.isFinite ? velocity : 0
    let speed = abs(initialVelocity)
    if speed > Self._stopSpeed {
      let root = (_log(speed * Self._gain / Self._stopSpeed) / Self._a).squareRoot()
      duration = max(root - Self._frame / 2, 0)
    } else {
      duration = 0
    }
  }

  public func position(at t: Double) -> Double {
    let t = min(max(t, 0), duration)
    let root = Self._a.squareRoot()
    let spread = Double.pi.squareRoot() / (2 * root)
    let area = _erf(root * (t + Self._frame / 2)) - _erf(root * Self._frame / 2)
    return start + initialVelocity * Self._gain * spread * area
  }

  public func velocity(at t: Double) -> Double {
    guard t < duration else { return 0 }
    let shifted = max(t, 0) + Self._frame / 2
    return initialVelocity * Self._gain * _exp(-Self._a * shifted * shifted)
  }

  public func isDone(at t: Double) -> Bool { t >= duration }

  /// How long SmartRefreshLayout's rebound after a coast lasts: 10 ms per dp of the distance
  /// back, at least 30 and at most 100 dp (`10 * Math.min(Math.max((int) px2dp(…), 30), 100)`,
  /// whole dp as the library truncates them; the lab's points are its dp).
  public static func reboundDuration(distance: Double) -> Double {
    let dp = min(max(abs(distance).rounded(.towardZero), _reboundLeastDistance), _reboundMostDistance)
    return dp * _reboundTimePerPoint
  }

  /// The rebound's shortest and longest distance, dp, and its time per dp, seconds.
  static let _reboundLeastDistance = 30.0
  static let _reboundMostDistance = 100.0
  static let _reboundTimePerPoint = 0.010
}
