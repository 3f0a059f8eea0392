/// The values each strip's axis must cover, from the samples on show.
enum PlotRanges {
  /// One frame at 60 Hz, milliseconds: the budget line of the frame-time strip.
  static let frameBudget = 1000.0 / 60
  /// Frame times above this are drawn at the top of the strip rather than squashing the rest.
  static let frameCeiling = 100.0

  /// The offsets, the threshold and the top rest edge; the bottom rest edge too once the
  /// content has travelled more than half way to it (otherwise a pull would be squashed flat
  /// by a rest edge a whole list away).
  static func offset(_ samples: [PlotSample]) -> ClosedRange<Double> {
    guard let last = samples.last else { return -100...20 }
    var low = Double.infinity
    var high = -Double.infinity
    var farthest = -Double.infinity
    for s in samples {
      low = min(low, s.offset, s.threshold, s.restTop, s.compareOffset ?? s.offset, s.ghostOffset ?? s.offset)
      high = max(
        high, s.offset, s.threshold, s.restTop, s.compareOffset ?? s.offset, s.ghostOffset ?? s.offset)
      farthest = max(farthest, s.offset, s.compareOffset ?? s.offset)
    }
    if farthest > (last.restTop + last.restBottom) / 2 { high = max(high, last.restBottom) }
    return padded(low...high, minimumSpan: 20)
  }

  /// The velocities, and zero.
  static func velocity(_ samples: [PlotSample]) -> ClosedRange<Double> {
    var low = 0.0
    var high = 0.0
    for s in samples {
      low = min(low, s.velocity, s.compareVelocity ?? 0, s.ghostVelocity ?? 0)
      high = max(high, s.velocity, s.compareVelocity ?? 0, s.ghostVelocity ?? 0)
    }
    return padded(low...high, minimumSpan: 200)
  }

  /// Zero up to the slowest frame (at least two 60 Hz frames, at most `frameCeiling`).
  static func frameTime(_ samples: [PlotSample]) -> ClosedRange<Double> {
    var high = 2 * frameBudget
    for s in samples { high = max(high, s.frameMilliseconds ?? 0) }
    return 0...min(high, frameCeiling)
  }

  /// `range` with a margin, so curves do not run along the strip's edges, and at least
  /// `minimumSpan` wide around its middle, so a still curve does not fill the strip with noise.
  static func padded(_ range: ClosedRange<Double>, minimumSpan: Double) -> ClosedRange<Double> {
    var low = range.lowerBound
    var high = range.upperBound
    if high - low < minimumSpan {
      let middle = (low + high) / 2
      low = min(low, middle - minimumSpan / 2)
      high = max(high, middle + minimumSpan / 2)
    }
    let margin = (high - low) * 0.06
    return (low - margin)...(high + margin)
  }
}
