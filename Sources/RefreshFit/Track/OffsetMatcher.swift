/// Matches one band profile against a reference: the content's shift in rows, sub-pixel.
struct _OffsetMatcher: Sendable {
  /// Rows of the profiles compared (the list's rows, within the profile).
  var rows: Range<Int>
  /// Bands compared (those in which anything moved).
  var bands: [Int]
  /// Rows per band in the profiles.
  var stride: Int
  /// Whether a match's fraction of a row is found against the reference interpolated between
  /// rows (`refine`) rather than by a parabola through the whole rows' costs: where a tracked
  /// row is several recording pixels (`RecordingTracker.interpolatedFrom`).
  var interpolated = false
  /// Rows at the top of the reference that are its header, not content (`header(_:of:)`), and
  /// the most one of them adds to a cost.
  var header = 0
  var headerCap: Float = outlier

  /// The most one band's row adds to a cost (a difference of 40 grey levels, squared): a drawing
  /// that reaches over the content's top rows (SmartRefreshLayout's bezier radar header bulges
  /// below its own band) then weighs no more than a row of text matched a pixel off. Uncapped,
  /// it pushed the match down to hide it: bezierradar held at 89.7 px against 83 read off its
  /// separator lines (84.1 capped).
  static let outlier: Float = 1600

  /// The matcher for a reference whose content lies `top` rows below where it rests: the rows
  /// above the content's top edge are its header (or whatever the pull uncovered), and each
  /// adds at most what a row of the reference's own content adds matched a row off (`texture`).
  /// A header is drawn anew as the pull goes (an arrow turns, a drawing grows), so it may
  /// differ wherever the content is placed; where it is large and bright over a dark list
  /// (custom_refresh_indicator's ice cream, 100 px over grey placeholders) it outweighed the
  /// content at the full cap, and a pull at 15 px a frame followed the header's slower motion:
  /// 21 px short in one frame, 68 px short at its peak. It still counts: rows replaced at the
  /// finish, laid out alike, match a row off as well as where they are, and only the header
  /// band, which a placing a row off compares with content, tells them apart (MJRefresh's
  /// rows, 44 px apart, collapsing 64 px in a frame).
  func header(_ top: Double, of reference: [Float]) -> _OffsetMatcher {
    let rowsAbove = min(Int(top.rounded(.up)), rows.count / 2)
    guard rowsAbove > 0 else { return self }
    var m = self
    m.header = rowsAbove
    m.headerCap = m.texture(reference)
    return m
  }

  /// `match` against a reference whose content lies `top` rows below where it rests: with its
  /// header's rows in full, unless the match with each header row capped (`header(_:of:)`)
  /// places the frame elsewhere and its content costs three times less there than at the full
  /// match's placing (and by a tenth of the spread: not a near-perfect match's noise). A header
  /// carried with the content (SmartRefreshLayout's drawings, MJRefresh's labels) matches where
  /// the content does and tells look-alike placings apart; one drawn anew as the pull goes does
  /// not, and then the content decides. The full match keeps its cost, with the capped one
  /// beside it (`Match.content`) for how far the content alone is to be trusted.
  func match(
    _ frame: [Float], _ reference: [Float], top: Double, predicted: Double, window: Int, spread: Float,
    weighed: Bool = false
  ) -> Match? {
    let whole = match(
      frame, reference, predicted: predicted, window: window, spread: spread, weighed: weighed)
    // A match within a tenth of the spread leaves the capped one nothing to overrule: its
    // content's cost there is less still.
    guard let whole, whole.cost > 0.1 * spread else { return whole }
    let capped = header(top, of: reference)
    guard capped.header > 0,
      let own = capped.match(
        frame, reference, predicted: predicted, window: window, spread: spread, weighed: weighed),
      let there = capped.cost(frame, reference, at: whole.shift)
    else { return whole }
    guard there > 3 * own.cost, there - own.cost > 0.1 * spread else {
      return Match(shift: whole.shift, cost: whole.cost, content: there)
    }
    return Match(shift: own.shift, cost: own.cost, content: own.cost)
  }

  /// The mean squared difference between neighbouring rows of the reference's content (below
  /// its header), each capped as a cost's rows are: what a content row adds matched a row off.
  func texture(_ reference: [Float]) -> Float {
    var total: Float = 0
    var count = 0
    for band in bands {
      let base = band * stride
      var y = base + rows.lowerBound + header
      while y + 1 < base + rows.upperBound {
        let d = reference[y + 1] - reference[y]
        if d == d {
          total += min(Self.outlier, d * d)
          count += 1
        }
        y += 1
      }
    }
    return max(1, total / Float(max(count, 1)))
  }

  /// Mean squared difference of `frame` against `reference` shown `shift` rows lower, over the
  /// rows both show; nil when they share under a quarter of the region.
  ///
  /// The loops here and in `spread` and `match` are `while` loops over buffers and compare with
  /// `<` rather than the generic `min`/`max`: the tests fit recordings in a debug build, where a
  /// range's iterator and the generic functions are calls per element.
  func cost(_ frame: [Float], _ reference: [Float], shift: Int) -> Float? {
    let lo = shift > 0 ? rows.lowerBound + shift : rows.lowerBound
    let hi = shift < 0 ? rows.upperBound + shift : rows.upperBound
    let least = rows.count / 4 > 4 ? rows.count / 4 : 4
    guard hi - lo >= least else { return nil }
    let stride = self.stride
    let outlier = Self.outlier
    let (sum, count) = frame.withUnsafeBufferPointer { f in
      reference.withUnsafeBufferPointer { r in
        bands.withUnsafeBufferPointer { b in
          guard let f = f.baseAddress, let r = r.baseAddress else { return (Float(0), 0) }
          var sum: Float = 0
          var count = 0
          // Frame rows above `split` show the reference's header rows (`header`).
          let split = max(lo, min(hi, rows.lowerBound + header + shift))
          var i = 0
          var segment = 0
          while i < b.count {
            let base = b[i] * stride
            // The band's header rows, then its content rows.
            let (from, to) = segment == 0 ? (lo, split) : (split, hi)
            let outlier = segment == 0 ? headerCap : outlier
            // Two rows a turn, added in order (the same sum): half the loop's own work.
            var p = f + (base + from)
            var q = r + (base + from - shift)
            let end = f + (base + to)
            let pairs = f + (base + from + (to - from) / 2 * 2)
            while p < pairs {
              let d = p[0] - q[0]
              let e = p[1] - q[1]
              let square = d * d
              let other = e * e
              // A NaN (a finger's hidden pixels) adds nothing: d == d is false, and no branch
              // around the sum (adding +0 leaves it as it was).
              let kept = d == d
              let alsoKept = e == e
              sum += kept ? (outlier < square ? outlier : square) : 0
              sum += alsoKept ? (outlier < other ? outlier : other) : 0
              count &+= (kept ? 1 : 0) &+ (alsoKept ? 1 : 0)
              p += 2
              q += 2
            }
            if p < end {
              let d = p[0] - q[0]
              let square = d * d
              let kept = d == d
              sum += kept ? (outlier < square ? outlier : square) : 0
              count &+= kept ? 1 : 0
            }
            segment += 1
            if segment == 2 {
              segment = 0
              i += 1
            }
          }
          return (sum, count)
        }
      }
    }
    guard count * 2 >= (hi - lo) * bands.count else { return nil }
    return sum / Float(count)
  }

  /// The same at a fractional `shift`: the reference's rows between two whole shifts are
  /// interpolated linearly, row `y` of the frame against `reference` at `y - shift`.
  func cost(_ frame: [Float], _ reference: [Float], at shift: Double) -> Float? {
    let whole = Int(shift.rounded(.down))
    let part = Float(shift - Double(whole))
    guard part > 0 else { return cost(frame, reference, shift: whole) }
    // Frame row y reads reference rows y - whole (weight 1 - part) and y - whole - 1 (part).
    let lo = whole + 1 > 0 ? rows.lowerBound + whole + 1 : rows.lowerBound
    let hi = whole < 0 ? rows.upperBound + whole : rows.upperBound
    let least = rows.count / 4 > 4 ? rows.count / 4 : 4
    guard hi - lo >= least else { return nil }
    let stride = self.stride
    let outlier = Self.outlier
    let (sum, count) = frame.withUnsafeBufferPointer { f in
      reference.withUnsafeBufferPointer { r in
        bands.withUnsafeBufferPointer { b in
          guard let f = f.baseAddress, let r = r.baseAddress else { return (Float(0), 0) }
          var sum: Float = 0
          var count = 0
          // Frame rows above `split` read a reference header row (`header`).
          let split = max(lo, min(hi, rows.lowerBound + header + whole + 1))
          let headerCap = self.headerCap
          var i = 0
          while i < b.count {
            let base = b[i] * stride
            var y = base + lo
            let end = base + hi
            let content = base + split
            while y < end {
              let at = y &- whole
              let d = f[y] - (r[at] * (1 - part) + r[at &- 1] * part)
              let square = d * d
              let kept = d == d
              let cap = y < content ? headerCap : outlier
              sum += kept ? (cap < square ? cap : square) : 0
              count &+= kept ? 1 : 0
              y &+= 1
            }
            i += 1
          }
          return (sum, count)
        }
      }
    }
    guard count * 2 >= (hi - lo) * bands.count else { return nil }
    return sum / Float(count)
  }

  /// The `quantile` of the compared rows' own costs (each row's capped squared difference,
  /// averaged over the bands) of `frame` against `reference` shown `shift` rows lower: a cost
  /// that a change over fewer than `1 - quantile` of the rows leaves alone. Nil where they
  /// share under a quarter of the region.
  func rowQuantile(_ frame: [Float], _ reference: [Float], shift: Int, quantile: Double) -> Float? {
    let lo = shift > 0 ? rows.lowerBound + shift : rows.lowerBound
    let hi = shift < 0 ? rows.upperBound + shift : rows.upperBound
    guard hi - lo >= max(4, rows.count / 4) else { return nil }
    var costs: [Float] = []
    costs.reserveCapacity(hi - lo)
    for y in lo..<hi {
      var sum: Float = 0
      var count = 0
      for band in bands {
        let d = frame[band * stride + y] - reference[band * stride + y - shift]
        guard d == d else { continue }
        sum += min(d * d, Self.outlier)
        count += 1
      }
      if count > 0 { costs.append(sum / Float(count)) }
    }
    guard !costs.isEmpty else { return nil }
    costs.sort()
    return costs[min(costs.count - 1, Int(Double(costs.count) * quantile))]
  }

  /// How much the reference's rows vary: the cost of matching unrelated content, which scales
  /// a match's cost into a confidence.
  func spread(_ reference: [Float]) -> Float {
    let stride = self.stride
    let lo = rows.lowerBound
    let hi = rows.upperBound
    let (total, count) = reference.withUnsafeBufferPointer { r in
      bands.withUnsafeBufferPointer { b in
        guard let r = r.baseAddress else { return (Float(0), 0) }
        var total: Float = 0
        var count = 0
        var i = 0
        while i < b.count {
          let base = b[i] * stride
          var mean: Float = 0
          var n = 0
          var y = base + lo
          while y < base + hi {
            if r[y] == r[y] {
              mean += r[y]
              n += 1
            }
            y += 1
          }
          mean /= Float(n > 1 ? n : 1)
          y = base + lo
          while y < base + hi {
            if r[y] == r[y] {
              let d = r[y] - mean
              total += d * d
            }
            y += 1
          }
          count += n
          i += 1
        }
        return (total, count)
      }
    }
    let variance = total / Float(count > 1 ? count : 1)
    return 1 > variance ? 1 : variance
  }

  /// The costs at `count` shifts from `first` on (`cost(_:_:shift:)`). A phone's video, tracked
  /// at 480 rows, weighs 323 shifts a frame over the whole window, one after another after the
  /// frames are read (1.8 s of a minute's fit on one core); where a window's work is that large
  /// its halves are weighed on two threads. Each cost is the same either way.
  func costs(_ frame: [Float], _ reference: [Float], from first: Int, count: Int) -> [Float?] {
    let work = count * rows.count * bands.count
    guard work >= Self.splitWork else {
      var costs = [Float?](repeating: nil, count: count)
      var i = 0
      while i < count {
        costs[i] = cost(frame, reference, shift: first + i)
        i += 1
      }
      return costs
    }
    let half = count / 2
    let matcher = self
    let lower: @Sendable () -> [Float?] = {
      (first..<(first + half)).map { matcher.cost(frame, reference, shift: $0) }
    }
    let upper: @Sendable () -> [Float?] = {
      ((first + half)..<(first + count)).map { matcher.cost(frame, reference, shift: $0) }
    }
    return RecordingFitter.eachAtOnce([lower, upper]).flatMap { $0 }
  }

  /// The least work (shifts × rows × bands) a window's costs are split over two threads for:
  /// below it the hand-over costs more than it saves (a GIF's window of 80 shifts over 200 rows).
  static let splitWork = 200_000

  struct Match {
    var shift: Double
    var cost: Float
    /// The cost with the reference's header rows capped, where they were (`match(_:_:top:...)`).
    var content: Float? = nil
  }

  /// The best shift within `window` around `predicted`, among the window's local minima: the
  /// likeliest given its cost and its distance from the prediction where `weighed` (nothing but
  /// the prediction bounds the motion), else the one nearest the prediction whose cost is within
  /// a margin of the best (a finger bounds it); so a list of look-alike rows (a minimum every
  /// row) is followed rather than jumped a row. Refined to a fraction of a row by a parabola
  /// through the minimum and its neighbours, or `refine`d where `interpolated`.
  func match(
    _ frame: [Float], _ reference: [Float], predicted: Double, window: Int, spread: Float,
    weighed: Bool = false
  ) -> Match? {
    let centre = Int(predicted.rounded())
    // costs[i] is the cost at shift first + i, over the window and a shift beyond each end.
    let first = centre - window - 1
    let count = 2 * window + 3
    let costs = costs(frame, reference, from: first, count: count)
    var i = 0
    // The window's local minima, in order of shift.
    var minima: [(shift: Int, cost: Float)] = []
    i = 1
    while i < count - 1 {
      if let c = costs[i] {
        let below = costs[i - 1] ?? .infinity
        let above = costs[i + 1] ?? .infinity
        if c <= below && c <= above { minima.append((first + i, c)) }
      }
      i += 1
    }
    guard !minima.isEmpty else { return nil }
    var best = minima[0]
    for m in minima where m.cost < best.cost { best = m }
    var near: (shift: Int, cost: Float)? = nil
    if weighed {
      // Where nothing bounds the motion but the prediction (no finger shown), the window spans
      // several look-alike rows, and the minimum taken is the likeliest given both what the
      // frame shows and how the list was moving: its cost against the spread (the cost of
      // unrelated content: one less the confidence) plus half its distance from the prediction
      // squared against the window (a Gaussian's, the window its deviation). Between look-alike
      // rows, costing nearly the same, the prediction decides; a minimum matching clearly better
      // wins from further away (mjrefresh-tableview-header's first pulled frame, 41 px from rest
      // with rows 44 px apart). The margin below left the choice to cost alone among the minima
      // within it, and dropped a true match just outside it: pulltorefreshkit-default's pull
      // was followed two rows (176 px) low, and flutter-pulltorefresh-classic-follow's a card
      // (154 px) low where a look-alike card matched a little better against an old reference.
      //
      // Each minimum is costed at its best fraction of a row (`leastBetweenRows`): a whole
      // row's cost is lower where the content lies near a whole row than between two, and
      // pulltorefreshkit-default's content 40⅔ rows down cost 18.7 at 41 where the row below it
      // (a pitch of 29⅓ rows) cost 11.8 at 70, on a whole row.
      let scale = Double(max(1, window))
      let contending = best.cost * 2 + 0.1 * spread
      // With one minimum in contention it is taken, and its cost between rows is not needed.
      var rivals = 0
      for m in minima where m.cost <= contending { rivals += 1 }
      var score = Double.infinity
      // Between rivals the header's rows count in full (`header(_:of:)`).
      var full = self
      full.headerCap = Self.outlier
      for m in minima where m.cost <= contending {
        let whole = rivals > 1 && header > 0 ? full.cost(frame, reference, shift: m.shift) ?? m.cost : m.cost
        let least =
          rivals > 1 ? full.leastBetweenRows(frame, reference, around: m.shift, cost: whole) : m.cost
        let distance = (Double(m.shift) - predicted) / scale
        let s = Double(least / spread) + 0.5 * distance * distance
        if s < score {
          score = s
          near = m
        }
      }
    } else {
      // Where a finger bounds the motion, the window is narrow, and the minimum nearest the
      // prediction is taken among those within a margin of the best. Look-alike rows cost
      // nearly the same as the true match, so the margin is the best cost plus a little of the
      // spread and only a tenth more. At 10 frames a second (MJRefresh's demo GIFs) the content
      // jumps 41 px from rest in one frame, and the row beside it (a row's pitch, 44 px, away:
      // its digits differ) fell within the former 1.5 × best + 3 % of the spread:
      // mjrefresh-tableview-header was followed a row off and held at 20 px instead of 64.
      let margin = best.cost * 1.1 + 0.03 * spread
      for m in minima where m.cost <= margin {
        if let n = near, !(abs(Double(m.shift) - predicted) < abs(Double(n.shift) - predicted)) { continue }
        near = m
      }
    }
    let chosen = near ?? best
    // The whole row's cost stays the match's cost: confidences and the tracker's comparisons
    // of matches were set on it (the least interpolated cost, lower, let a fast pull through
    // look-alike rows be followed a row off rather than left as a gap).
    if interpolated {
      return Match(
        shift: refine(frame, reference, around: chosen.shift, cost: chosen.cost), cost: chosen.cost)
    }
    var shift = Double(chosen.shift)
    if let below = costs[chosen.shift - first - 1], let above = costs[chosen.shift - first + 1] {
      let curvature = below - 2 * chosen.cost + above
      if curvature > 0 {
        // As max(-0.5, min(0.5, step)), without the generic calls.
        let step = (below - above) / (2 * curvature)
        let upper = step < 0.5 ? step : 0.5
        shift += Double(upper >= -0.5 ? upper : -0.5)
      }
    }
    return Match(shift: shift, cost: chosen.cost)
  }

  /// Steps of the sub-row search, rows.
  static let fraction = 0.1

  /// The least cost within half a row of `whole` (whose cost is `cost`), at quarters of a row
  /// against the reference interpolated between rows: how well a minimum matches wherever
  /// between two rows the content lies.
  func leastBetweenRows(_ frame: [Float], _ reference: [Float], around whole: Int, cost: Float) -> Float {
    var least = cost
    for step in [-0.5, -0.25, 0.25, 0.5] {
      if let c = self.cost(frame, reference, at: Double(whole) + step), c < least { least = c }
    }
    return least
  }

  /// The shift within half a row of `whole` (whose cost is `cost`) that matches best: the
  /// costs at tenths of a row against the reference interpolated between rows, then a parabola
  /// through the least and its neighbours.
  ///
  /// A parabola through the whole rows' costs alone is biased where the content's edges are
  /// sharp and the shift is not a half row: a 1080×2400 video of a 1×-rendered list, downscaled
  /// by five, moves by 0.6 row a point, and read 0.35 row off at such shifts. The tracker
  /// re-anchors on frames so placed, and the errors added up to a row over a refresh. (On the
  /// demo GIFs, two or three pixels a row, the interpolated fraction follows the header's drawing
  /// over the list's top rows as the parabola does not: bezierradar's hold crept 0.6 px and its
  /// release read 0.71 s for 0.34; there the parabola stays.)
  func refine(_ frame: [Float], _ reference: [Float], around whole: Int, cost: Float) -> Double {
    let steps = Int((0.5 / Self.fraction).rounded())
    var costs: [Float?] = []
    for j in -steps...steps {
      costs.append(j == 0 ? cost : self.cost(frame, reference, at: Double(whole) + Double(j) * Self.fraction))
    }
    var best = steps
    for j in costs.indices where (costs[j] ?? .infinity) < (costs[best] ?? .infinity) { best = j }
    var shift = Double(whole) + Double(best - steps) * Self.fraction
    let least = costs[best] ?? cost
    if best > 0, best < costs.count - 1, let below = costs[best - 1], let above = costs[best + 1] {
      let curvature = below - 2 * least + above
      if curvature > 0 {
        shift += Self.fraction * Double(max(-0.5, min(0.5, (below - above) / (2 * curvature))))
      }
    }
    return shift
  }
}
