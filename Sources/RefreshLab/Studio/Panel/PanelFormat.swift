import RefreshCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the panel writes numbers: as many decimals as the slider's step has, no trailing zeros.
enum PanelFormat {
  /// Decimals that show every multiple of `step` exactly (0.0005 → 4, 5 → 0).
  static func decimals(for step: Double) -> Int {
    guard step > 0, step.isFinite else { return 0 }
    // The tolerance keeps 0.01 at 2 when log10 lands a hair past -2.
    return max(0, Int((-log10(step) - 1e-9).rounded(.up)))
  }

  /// `value` on the nearest multiple of `step`, without binary noise (0.56, not 0.56000000000001).
  static func snap(_ value: Double, step: Double) -> Double {
    guard step > 0, value.isFinite else { return value }
    let scale = pow(10, Double(decimals(for: step)))
    return (((value / step).rounded() * step) * scale).rounded() / scale
  }

  static func number(_ value: Double, step: Double) -> String {
    var text = value.fixed(decimals(for: step))
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }
}
