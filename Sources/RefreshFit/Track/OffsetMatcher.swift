/// Matches one band profile against a reference: the content's shift in rows, sub-pixel.
struct _OffsetMatcher {
  /// Rows of the profiles compared (the list's rows, within the profile).
  var rows: Range<Int>
  /// Bands compared (those in which anything moved).
  var bands: [Int]
  /// Rows per band in the profiles.
  var stride: Int

  /// The most one band's row adds to a cost (a difference of 40 grey levels, squared): a drawing
  /// that reaches over the content's top rows (SmartRefreshLayout's bezier radar header bulges
  /// below its own band) then weighs no more than a row of text matched a pixel off. Uncapped,
  /// it pushed the match down to hide it: bezierradar held at 89.7 px against 83 read off its
  /// separator lines (84.1 capped).
  static let outlier: Float = 1600

  /// Mean squared difference of `frame` against `reference` shown `shift` rows lower, over the
  /// rows both show; nil when they share under a quarter of the region.
  func cost(_ frame: [Float], _ reference: [Float], shift: Int) -> Float? {
    let lo = max(rows.lowerBound, rows.lowerBound + shift)
    let hi = min(rows.upperBound, rows.upperBound + shift)
    guard hi - lo >= max(4, rows.count / 4) else { return nil }
    var sum: Float = 0
    var count = 0
    frame.withUnsafeBufferPointer { f in
      reference.withUnsafeBufferPointer { r in
        for b in bands {
          let base = b * stride
          for y in lo..<hi {
            let d = f[base + y] - r[base + y - shift]
            if !d.isNaN {
              sum += min(d * d, Self.outlier)
              count += 1
            }
          }
        }
      }
    }
    guard count * 2 >= (hi - lo) * bands.count else { return nil }
    return sum / Float(count)
  }

  /// How much the reference's rows vary: the cost of matching unrelated content, which scales
  /// a match's cost into a confidence.
  func spread(_ reference: [Float]) -> Float {
    var total: Float = 0
    var count = 0
    for b in bands {
      let base = b * stride
      var mean: Float = 0
      var n = 0
      for y in rows where !reference[base + y].isNaN {
        mean += reference[base + y]
        n += 1
      }
      mean /= Float(max(n, 1))
      for y in rows where !reference[base + y].isNaN {
        let d = reference[base + y] - mean
        total += d * d
      }
      count += n
    }
    return max(total / Float(max(count, 1)), 1)
  }

  struct Match {
    var shift: Double
    var cost: Float
  }

  /// The best shift within `window` around `predicted`: among the window's local minima, the one
  /// nearest the prediction whose cost is within a margin of the best, so a list of look-alike
  /// rows (a minimum every row) is followed rather than jumped a row; refined to a fraction of a
  /// row by a parabola through the minimum and its neighbours.
  func match(
    _ frame: [Float], _ reference: [Float], predicted: Double, window: Int, spread: Float
  ) -> Match? {
    let centre = Int(predicted.rounded())
    let range = (centre - window - 1)...(centre + window + 1)
    var costs: [Int: Float] = [:]
    for s in range { costs[s] = cost(frame, reference, shift: s) }
    var minima: [(shift: Int, cost: Float)] = []
    for s in (centre - window)...(centre + window) {
      guard let c = costs[s] else { continue }
      let below = costs[s - 1] ?? .infinity
      let above = costs[s + 1] ?? .infinity
      if c <= below && c <= above { minima.append((s, c)) }
    }
    guard let best = minima.min(by: { $0.cost < $1.cost }) else { return nil }
    // Look-alike rows cost nearly the same as the true match, so the margin is the best cost
    // plus a little of the spread and only a tenth more. At 10 frames a second (MJRefresh's demo
    // GIFs) the content jumps 41 px from rest in one frame, and the row beside it (a row's pitch,
    // 44 px, away: its digits differ) fell within the former 1.5 × best + 3 % of the spread:
    // mjrefresh-tableview-header was followed a row off and held at 20 px instead of 64.
    let margin = best.cost * 1.1 + 0.03 * spread
    let near = minima.filter { $0.cost <= margin }.min {
      abs(Double($0.shift) - predicted) < abs(Double($1.shift) - predicted)
    }
    let chosen = near ?? best
    var shift = Double(chosen.shift)
    if let below = costs[chosen.shift - 1], let above = costs[chosen.shift + 1] {
      let curvature = below - 2 * chosen.cost + above
      if curvature > 0 {
        shift += Double(max(-0.5, min(0.5, (below - above) / (2 * curvature))))
      }
    }
    return Match(shift: shift, cost: chosen.cost)
  }
}
