extension RecordingTracker {
  /// Where the content's first rows place `frame` while the content comes back toward rest
  /// from where it stood (a collapse after the hold): nil unless they place it clearly elsewhere
  /// than `shift`, the whole region's placing, and nearer the prediction.
  ///
  /// Rows below the first shown one may be removed and inserted (animated) as the list
  /// collapses: they slide over the region while the content's top (its first rows, and the
  /// header above them) goes on with the collapse, and the offset is the content's top. The
  /// whole region's match follows the majority, the sliding rows: the lab's `ego` collapse
  /// (60 pt in 0.262 s, four rows replaced by three a third of the way) read 29.5 pt for the
  /// true 36.9 at 4.633 s, and rest for 20 pt three frames on, a collapse of 0.13 s. So the
  /// content's first rows (a band of `topBand` of the region, `topGap` rows below the content's
  /// top, clear of the header's edge) are matched against the same rows of the frame where the
  /// content last stood (`held`, placed at `heldShift`), at the placings between there and the
  /// nearer to rest of `shift` and `predicted`. Their placing is taken where
  /// - the band costs three times more at `shift` than at its own placing, and more by a tenth
  ///   of the held frame's spread: a blank band (a page's plain top) matches every placing
  ///   alike, and where the whole region moves as one (every collapse whose rows stay, a header
  ///   drawn anew above the content) the two agree; where `shift` takes the band out of the
  ///   region (past rest), against the worst placing in reach. Twice is enough where the band's
  ///   placing goes on with the collapse's speed (within a row of the prediction) and `shift`
  ///   leaves it by two rows or more: the two cues agree, and new rows sliding in under the
  ///   band's lower edge leave even its true placing a rough match (the stress set's case 20,
  ///   rows replaced in a 0.35 s collapse at 31 fps, cost 130 there against 307 where the
  ///   sliding rows put it, and its collapse read 0.20 s). Twice for every placing sent
  ///   android-PullRefreshLayout's 6.7 fps demo, whose collapses take two frames, a row off;
  /// - the band moved toward rest from where it stood: a band that stays (a toolbar over the
  ///   list, mobile-pulltorefresh-ios's) is no part of the content;
  /// - it lies nearer the prediction (the collapse's speed so far) than `shift`: a look-alike
  ///   band further off, or a header's drawing, does not go on with the motion.
  /// In the demo recordings it places no frame; in the generated set, only collapses with rows
  /// replaced (`benchmarks/fit/stress.py`, seed 1: clean controls 16 → 20 of 24; with twice on
  /// course, the degraded cases 16 → 17).
  static func topPlacing(
    _ frame: [Float], held: [Float], heldShift: Double, shift: Double, predicted: Double,
    matcher: _OffsetMatcher
  ) -> Double? {
    let height = max(8, Int(Double(matcher.rows.count) * topBand))
    let from = matcher.rows.lowerBound + Int(heldShift.rounded()) + topGap
    guard from + height <= matcher.rows.upperBound else { return nil }
    let band = from..<(from + height)
    // costs[i] is the band's cost at shift first + i (the content's first rows that many rows
    // lower than where the content rests), with a placing beyond each end.
    let first = Int(min(shift, predicted).rounded(.down)) - 3
    let end = Int(heldShift.rounded(.up)) + 1
    guard end - first >= 2 else { return nil }
    var costs: [Float?] = []
    for s in first...end {
      costs.append(bandCost(frame, held, rows: band, by: Double(s) - heldShift, matcher: matcher))
    }
    // The least of the local minima.
    var best: Int? = nil
    for i in 1..<(costs.count - 1) {
      guard let c = costs[i], c <= costs[i - 1] ?? .infinity, c <= costs[i + 1] ?? .infinity else { continue }
      if let b = best, let least = costs[b], least <= c { continue }
      best = i
    }
    guard let best, let own = costs[best], let below = costs[best - 1], let above = costs[best + 1],
      let there = bandCost(frame, held, rows: band, by: shift - heldShift, matcher: matcher)
        ?? costs.compactMap({ $0 }).max(),
      there - own > 0.1 * matcher.spread(held)
    else { return nil }
    var placed = Double(first + best)
    let curvature = below - 2 * own + above
    if curvature > 0 { placed += Double(max(-0.5, min(0.5, (below - above) / (2 * curvature)))) }
    let onCourse = abs(placed - predicted) <= 1 && abs(shift - predicted) > 2
    guard there > (onCourse ? 2 : 3) * own, placed < heldShift - Self.held,
      abs(placed - predicted) < abs(shift - predicted), abs(placed - shift) > 1
    else { return nil }
    return placed
  }

  /// The share of the region's rows that the content's first rows span (`topPlacing`): about
  /// the lab's first two rows (40 pt apart) in its 720 pt list.
  static let topBand = 0.125
  /// Rows below the content's top at which its first rows' band starts (`topPlacing`).
  static let topGap = 2

  /// Mean squared difference, each row capped as `_OffsetMatcher.cost` caps it, of
  /// `reference`'s rows `rows` against the frame's `shift` rows lower (interpolated between
  /// rows); nil where those leave the region.
  static func bandCost(
    _ frame: [Float], _ reference: [Float], rows: Range<Int>, by shift: Double, matcher: _OffsetMatcher
  ) -> Float? {
    let whole = Int(shift.rounded(.down))
    let part = Float(shift - Double(whole))
    guard rows.lowerBound + whole >= matcher.rows.lowerBound,
      rows.upperBound + whole + 1 <= matcher.rows.upperBound
    else { return nil }
    var sum: Float = 0
    var count = 0
    for band in matcher.bands {
      let base = band * matcher.stride
      for y in rows {
        // At a whole shift the next row is not read: a finger's hidden pixel there would make
        // the sum NaN however little it weighs.
        let seen =
          part == 0
          ? frame[base + y + whole]
          : frame[base + y + whole] * (1 - part) + frame[base + y + whole + 1] * part
        let d = seen - reference[base + y]
        // A finger's hidden pixels (NaN) add nothing.
        guard d == d else { continue }
        sum += min(_OffsetMatcher.outlier, d * d)
        count += 1
      }
    }
    guard count * 2 >= rows.count * matcher.bands.count else { return nil }
    return sum / Float(count)
  }
}
