#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A linear map from values to positions along one axis of a chart, in window points.
///
/// `start` is where `domain.lowerBound` lands and `end` where `domain.upperBound` does, so a
/// vertical axis whose values grow upward has `start` at the bottom edge (the larger y).
struct PlotScale: Sendable, Equatable {
  /// The values the axis spans.
  var domain: ClosedRange<Double>
  /// Position of the lower bound.
  var start: Double
  /// Position of the upper bound.
  var end: Double

  /// A scale from `domain` onto `start`…`end`; an empty domain is widened so nothing divides by
  /// zero.
  init(domain: ClosedRange<Double>, start: Double, end: Double) {
    self.domain =
      domain.upperBound > domain.lowerBound
      ? domain : (domain.lowerBound - 1)...(domain.lowerBound + 1)
    self.start = start
    self.end = end
  }

  /// Where `value` lands.
  func position(of value: Double) -> Double {
    let span = domain.upperBound - domain.lowerBound
    return start + (value - domain.lowerBound) / span * (end - start)
  }

  /// The value at `position`.
  func value(at position: Double) -> Double {
    let span = domain.upperBound - domain.lowerBound
    return domain.lowerBound + (position - start) / (end - start) * span
  }
}

/// Round tick values for an axis: steps of 1, 2 or 5 times a power of ten, with the domain
/// widened to whole steps so the first and last ticks sit on the axis ends.
struct PlotTicks: Sendable, Equatable {
  /// The widened domain.
  var domain: ClosedRange<Double>
  /// Distance between ticks.
  var step: Double

  /// Ticks for values spanning `values`, about `count` of them (at least two).
  init(covering values: ClosedRange<Double>, count: Int) {
    var lower = values.lowerBound
    var upper = values.upperBound
    if !(upper > lower) {
      // A flat curve still gets an axis around its value.
      let pad = max(1, abs(lower) * 0.1)
      lower -= pad
      upper += pad
    }
    let step = Self.niceStep(for: (upper - lower) / Double(max(1, count - 1)))
    self.step = step
    domain = (lower / step).rounded(.down) * step...(upper / step).rounded(.up) * step
  }

  /// The smallest of 1, 2, 5 × 10ⁿ that is at least `raw`.
  static func niceStep(for raw: Double) -> Double {
    guard raw.isFinite, raw > 0 else { return 1 }
    let power = pow(10, (log10(raw)).rounded(.down))
    for factor in [1.0, 2, 5, 10] where factor * power >= raw * (1 - 1e-9) {
      return factor * power
    }
    return 10 * power
  }

  /// How many ticks there are, both ends included.
  var count: Int { Int(((domain.upperBound - domain.lowerBound) / step).rounded()) + 1 }

  /// The tick `index` places up from the bottom of the domain.
  func value(_ index: Int) -> Double {
    // Multiplying, not adding, keeps 0.1 + 0.1 + 0.1 from drifting off the round values.
    domain.lowerBound + Double(index) * step
  }

  /// The tick values from the bottom of the domain to the top.
  var values: [Double] { (0..<count).map(value) }

  /// `value` written with as many decimals as the step needs; never "-0".
  func label(_ value: Double) -> String {
    let decimals = step >= 1 ? 0 : Int((-log10(step)).rounded(.up))
    let scale = pow(10, Double(decimals))
    let rounded = (value * scale).rounded() / scale
    // A true minus sign: it lines up with the digits, where a hyphen looks short.
    let sign = rounded < 0 ? "\u{2212}" : ""
    if decimals == 0 { return sign + String(Int(abs(rounded))) }
    let whole = Int(abs(rounded).rounded(.down))
    let fraction = Int(((abs(rounded) - Double(whole)) * scale).rounded())
    let digits = String(fraction)
    let padded = String(repeating: "0", count: max(0, decimals - digits.count)) + digits
    return sign + "\(whole).\(padded)"
  }
}
