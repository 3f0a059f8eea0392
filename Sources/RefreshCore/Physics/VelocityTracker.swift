/// Estimates release velocity from recent (time, position) samples.
///
/// A quadratic least-squares fit over the last 100 ms and at most 20 samples, stopping at a gap
/// over 40 ms, as Flutter's and Android's VelocityTracker do. The
/// velocity is the fit's slope at the newest sample. Samples live in a fixed ring, so tracking a
/// drag allocates nothing after the first sample.
///
/// Samples less than `minimumInterval` apart are one sample: a shell that drains its queue once
/// a frame hands over a frame's moves stamped microseconds apart, and fitting those reads the
/// frame's whole travel as if it took microseconds (a slow drag released at the fling cap).
public struct VelocityTracker: Sendable, Equatable {
  /// How far back samples count, seconds.
  public static let horizon = 0.100
  /// Most samples in one fit.
  public static let capacity = 20
  /// A pause longer than this ends the history: the finger stopped.
  public static let maximumGap = 0.040
  /// Samples closer than this merge into the earlier one's time, keeping the newer position.
  /// 1 ms is the finest step SDL's event timestamps and a 1000 Hz mouse resolve.
  public static let minimumInterval = 0.001
  /// How far from singular, relative to its own scale, a fit's normal equations may come
  /// before the fit is refused: the bound is Hadamard's (a determinant never exceeds the
  /// product of its diagonal), so the test reads the same whatever the unit of time.
  static let conditionCutoff = 1e-9

  var _times: [Double] = []
  var _positions: [Double] = []
  var _next = 0
  var _count = 0

  /// An empty tracker.
  public init() {}

  /// Forgets every sample.
  public mutating func reset() {
    _count = 0
    _next = 0
  }

  /// Records that the finger was at `position` at `time` (seconds, any origin).
  public mutating func addSample(position: Double, time: Double) {
    if _count > 0 {
      let newest = (_next + Self.capacity - 1) % Self.capacity
      // The earlier time stays, so a stream of close samples cannot creep forward and merge
      // for ever: each kept sample is at most `minimumInterval` older than its position.
      if time - _times[newest] < Self.minimumInterval {
        _positions[newest] = position
        return
      }
    }
    if _times.isEmpty {
      _times = Array(repeating: 0, count: Self.capacity)
      _positions = Array(repeating: 0, count: Self.capacity)
    }
    _times[_next] = time
    _positions[_next] = position
    _next = (_next + 1) % Self.capacity
    _count = min(_count + 1, Self.capacity)
  }

  /// The estimated velocity at `time`: zero if the finger has rested longer than the largest
  /// gap since its newest sample (a finger that stopped before lifting does not fling).
  public func velocity(at time: Double) -> Double {
    guard _count >= 1 else { return 0 }
    let newest = (_next + Self.capacity - 1) % Self.capacity
    return time - _times[newest] > Self.maximumGap ? 0 : velocity()
  }

  /// The estimated velocity at the newest sample, points per second; zero with too little data.
  public func velocity() -> Double {
    guard _count >= 2 else { return 0 }
    let newest = (_next + Self.capacity - 1) % Self.capacity
    let t0 = _times[newest]
    let x0 = _positions[newest]
    // Sums for the normal equations of x = a + b·u + c·u², u = t − t0 (u ≤ 0).
    var n = 0.0
    var su = 0.0
    var su2 = 0.0
    var su3 = 0.0
    var su4 = 0.0
    var sx = 0.0
    var sux = 0.0
    var su2x = 0.0
    var previous = t0
    var used = 0
    for i in 0..<_count {
      let index = (newest - i + Self.capacity) % Self.capacity
      let t = _times[index]
      if t0 - t > Self.horizon || previous - t > Self.maximumGap { break }
      previous = t
      let u = t - t0
      let x = _positions[index] - x0
      n += 1
      su += u
      su2 += u * u
      su3 += u * u * u
      su4 += u * u * u * u
      sx += x
      sux += u * x
      su2x += u * u * x
      used += 1
    }
    guard used >= 2 else { return 0 }
    if used >= 3 {
      // Cramer's rule on the 3×3 system; fall back to a line when it is singular.
      let det = Self._det3(n, su, su2, su, su2, su3, su2, su3, su4)
      if abs(det) > Self.conditionCutoff * n * su2 * su4 {
        let detB = Self._det3(n, sx, su2, su, sux, su3, su2, su2x, su4)
        return detB / det
      }
    }
    let denominator = n * su2 - su * su
    // Cauchy–Schwarz bounds the line's determinant by n·Σu², the same way.
    guard abs(denominator) > Self.conditionCutoff * n * su2 else { return 0 }
    return (n * sux - su * sx) / denominator
  }

  static func _det3(
    _ a: Double, _ b: Double, _ c: Double,
    _ d: Double, _ e: Double, _ f: Double,
    _ g: Double, _ h: Double, _ i: Double
  ) -> Double {
    a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
  }
}
