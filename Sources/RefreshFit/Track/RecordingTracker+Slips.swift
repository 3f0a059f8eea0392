extension RecordingTracker {
  /// The track with its slips over look-alike rows undone: of the paths through each frame's
  /// placings a row's pitch apart, the one that matches best and moves most like a list, chosen
  /// over the whole recording rather than frame by frame.
  ///
  /// `follow` places each frame at the good match nearest its prediction. Where a frame moves
  /// more than half a pitch from the prediction (a release at 8 fps, a fling at 7), the
  /// look-alike row on the other side is as near and may be taken, and every frame after it is
  /// placed a pitch off: flutter_pulltorefresh's water-drop demo, let go at 222 px over cards
  /// 155 px apart, sprang back 82 px in a frame and was read 73 px further out, its hold 247 px
  /// for 93 (the frame before matched the true placing at 29 of a spread of 52, and the slip's
  /// at 41). No rule on one frame tells these apart; the frames around it do.
  ///
  /// Where the track moves half the least slip or more in a frame (a slip puts the frame a
  /// pitch from where it is, so the track or the truth moves at least half that far), where a
  /// list could move a least slip in the frame's time (`fastest`), or after a frame or two the
  /// track lost, the frame is matched against the frame before (the last
  /// placed) over the whole window, and of the other local minima at least a least slip
  /// (`leastSlip` rows, or a twentieth of the region) from the track's own, costing no more than
  /// `worse` of the spread above it, three (the nearest on either side, then the cheapest) are
  /// placings the frame might have instead, each moving every frame after it with it. A path costs, summed
  /// over frames: how much worse its matches against the frame before are than the track's (as
  /// a share of the spread); how sharply it changes speed (the change of a frame's motion from
  /// the motion before, over the shorter frame, as a share of `pitchScale` of the region,
  /// squared, at most 1): a spring or a fling changes its speed little from a frame to the
  /// next, while a slip adds a pitch to one frame's motion and takes it back in the next; and, away from rest and while the content is the first frame's, how
  /// much worse the first frame matches the frame at the path's level than at the best of the
  /// paths' levels, as a share of its spread and at most 1, where that best matches within
  /// `matched` of it (the list's level, which no frame-to-frame motion says), a level that
  /// leaves content above the content's top paying more (`above`). A track that ends at rest,
  /// or whose last frame shows the first frame's picture in place, ends at rest on every path
  /// kept at its last frame (`endsAt`). The track's own path is kept unless
  /// another costs `margin` less and matches `matchingMargin` better.
  ///
  /// Not in frames where the recording shows its finger (`bounded`, from the frame before to
  /// this one): `follow` bounds each such frame by the finger's motion, which no look-alike row
  /// a pitch away passes. The frames between (a release, a collapse, a list coming to rest)
  /// are a finger-less recording's: a capture resampled to 24 fps collapsed 33 pt in a frame
  /// from a hold it had left at 5, and `follow`, sought by the list's speed, took the row
  /// 44 pt on; the list stood a row into its content from there on.
  static func unslipped(
    _ shifts: [_Shift], _ profiles: [[Float]], _ matcher: _OffsetMatcher, times: [Double],
    pointsPerRow: Double, bounded: [Bool] = []
  ) -> [_Shift] {
    let count = shifts.count
    guard count >= 3 else { return shifts }
    let reach = max(8, matcher.rows.count / 3)
    let apart = Double(max(leastSlip, matcher.rows.count / 20))
    // options[k]: the offsets, rows, frame k may be moved by against the frame before (0, the
    // track's own, first), each with what its match costs more than the track's.
    var options: [[(offset: Double, cost: Double)]] = Array(repeating: [(0, 0)], count: count)
    // placed[k]: the last frame before k the track placed (the frame before, or across frames it
    // lost).
    var placed: [Int?] = Array(repeating: nil, count: count)
    for k in 1..<count { placed[k] = shifts[k - 1].shift != nil ? k - 1 : placed[k - 1] }
    for k in 1..<count {
      // Against the frame before, or across `bridged` lost frames at most against the last frame
      // placed: a frame the track lost is often the one that moved too fast to match (a collapse
      // at 6 fps), and the frame after it is where a slip starts. Across a longer loss (a hand
      // over the screen) the picture may have changed, and `restAfterLoss` places what follows.
      guard k >= bounded.count || !bounded[k], let now = shifts[k].shift, let j = placed[k],
        k - j <= bridged + 1,
        let before = shifts[j].shift, !repeats(profiles[k], profiles[j], matcher)
      else { continue }
      let spread = Double(matcher.spread(profiles[j]))
      guard spread > 0 else { continue }
      let moved = now - before
      // Only where the track moves half the least slip or more in the frame: a slip puts the
      // frame at least a least slip from where it is, so the track or the truth moves half that
      // far, and where the track moves little the frames around tell no more than `follow`
      // read (the prediction was near), unless the list could have moved a least slip unseen
      // (below). After a lost frame the prediction said nothing, and the frame is weighed
      // whatever the track's motion. A phone's recording at 60 fps moves a few rows a frame,
      // each frame weighed over the whole window otherwise: 2.7 s more for a minute of 1080×2400.
      // But also where the list could move a least slip in the frame's time (`fastest`): a frame
      // the track has moving little may then have moved a whole pitch, which looks the same. The
      // Google demo (10 fps, rows 42 px apart) let go of its pull at 120 px and came back 40 px in
      // a frame: read as still there, and its pull's last frames a row low. At 10 fps that is
      // every frame; at 60, none but where the track moves.
      let quick = apart * pointsPerRow <= fastest * (times[k] - times[j])
      guard abs(moved) >= apart / 2 || j < k - 1 || quick else { continue }
      let centre = Int(moved.rounded())
      let costs = ((centre - reach - 1)...(centre + reach + 1)).map {
        matcher.cost(profiles[k], profiles[j], shift: $0)
      }
      var minima: [(shift: Double, cost: Double)] = []
      for i in 1..<(costs.count - 1) {
        guard let c = costs[i], let a = costs[i - 1], let b = costs[i + 1], c <= a, c <= b else { continue }
        // The minimum's fraction of a row, by the parabola through it and its neighbours.
        let curve = a - 2 * c + b
        let fraction = curve > 0 ? Double((a - b) / (2 * curve)) : 0
        minima.append((Double(centre - reach - 1 + i) + fraction, Double(c)))
      }
      guard let own = minima.min(by: { abs($0.shift - moved) < abs($1.shift - moved) }),
        abs(own.shift - moved) <= ownReach
      else { continue }
      let alike = minima.filter { abs($0.shift - own.shift) >= apart && $0.cost <= own.cost + worse * spread }
      // The nearest on either side (a slip of one pitch, up or down), then the cheapest of the
      // rest: over rows all alike every pitch matches about as well, and the three cheapest lay
      // on one side of the Google demo's collapse, whose last frame slipped a pitch the other way.
      let nextDown = alike.filter { $0.shift > own.shift }.min { $0.shift < $1.shift }
      let nextUp = alike.filter { $0.shift < own.shift }.max { $0.shift < $1.shift }
      var others = [nextDown, nextUp].compactMap { $0 }
      for other in alike.sorted(by: { $0.cost < $1.cost }) where others.count < 3 {
        if !others.contains(where: { $0.shift == other.shift }) { others.append(other) }
      }
      for other in others { options[k].append((other.shift - own.shift, (other.cost - own.cost) / spread)) }
    }
    guard options.contains(where: { $0.count > 1 }) else { return shifts }
    let scale = max(8, Double(matcher.rows.count) * pitchScale)
    // The look-alike rows' pitch: the first shift, a least slip or more down, at which the
    // first frame matches itself within `repeating` of its spread at a local minimum (rows
    // repeating at that pitch; twice and three times it match as well, and are not the pitch);
    // else the median of each frame's nearest other placing. A frame's nearest placing may be
    // half a pitch off (a row's own pattern: TrackerTests' rows of two lines, 44 px apart, read
    // 22), and the band above the content then measured half a row.
    let nearest = options.compactMap { $0.dropFirst().map { abs($0.offset) }.min() }.sorted()
    var pitch = nearest[nearest.count / 2]
    let firstSpread = Double(matcher.spread(profiles[0]))
    let nearestRepeat = Int(apart)
    let selfCosts = ((nearestRepeat - 1)...(reach + 1)).map {
      matcher.cost(profiles[0], profiles[0], shift: $0)
    }
    for i in 1..<(selfCosts.count - 1) {
      guard let c = selfCosts[i], let a = selfCosts[i - 1], let b = selfCosts[i + 1], c <= a, c <= b,
        Double(c) <= Double(repeating) * firstSpread
      else { continue }
      let curve = a - 2 * c + b
      pitch =
        Double(nearestRepeat - 1 + i) + (curve > 0 ? Double(max(-0.5, min(0.5, (a - b) / (2 * curve)))) : 0)
      break
    }

    // A path's state at a frame: the correction so far and the offset this frame took (its
    // motion is the track's plus the offset), with its cost and the state it came from.
    struct State {
      var correction: Double
      var offset: Double
      var cost: Double
      /// The part of `cost` from the matches (against the frame before and the first frame).
      var matching: Double
      var from: Int
    }
    // A placed frame's motion from the last frame placed before it (across frames lost, over
    // their time together), its offset added.
    func motion(_ k: Int, offset: Double) -> Double? {
      guard let j = placed[k], let now = shifts[k].shift, let before = shifts[j].shift else { return nil }
      let interval = times[k] - times[j]
      return interval > 0 ? (now - before + offset) / interval : nil
    }
    func sharpness(_ k: Int, offset: Double, before: Double) -> Double {
      guard let j = placed[k], let i = placed[j], let now = motion(k, offset: offset),
        let then = motion(j, offset: before)
      else { return 0 }
      // Over the shorter of the two frames: a frame a GIF shows long (a hold) averages its
      // motion over its whole time.
      let interval = min(times[k] - times[j], times[j] - times[i])
      let change = (now - then) * interval / scale
      return min(1, change * change)
    }
    // The first frame says the level only while the content is the first frame's: up to the
    // first time the track comes to rest where the first frame matches a least slip or more
    // away clearly better (rows added by a refresh: the lab's refresh adds rows above, and the
    // content after it matched the first frame a row lower; the second refresh read 44 px
    // high). Rest is where `follow` is surest of the list (it finds rest again against the
    // first frame), so a better match elsewhere there is the content changed, not the track.
    var sameContent = count
    for k in 1..<count {
      guard let shift = shifts[k].shift, abs(shift) <= 1, abs(shifts[k - 1].shift ?? .infinity) > 1 else {
        continue
      }
      let costs = (-reach...reach).map { matcher.cost(profiles[k], profiles[0], shift: $0) }
      guard let here = matcher.cost(profiles[k], profiles[0], at: shift),
        let best = costs.indices.min(by: { (costs[$0] ?? .infinity) < (costs[$1] ?? .infinity) }),
        let there = costs[best]
      else { continue }
      if abs(Double(best - reach) - shift) >= apart, Double(here - there) > changed * firstSpread {
        sameContent = k
        break
      }
    }
    // Where the track ends, rest is: the correction every path must end with, or nil (`endsAt`).
    let restCorrection = endsAt(shifts, profiles, matcher, spread: firstSpread)
    var states: [[State]] = [[State(correction: 0, offset: 0, cost: 0, matching: 0, from: -1)]]
    var ownCost = 0.0
    var ownMatching = 0.0
    for k in 1..<count {
      ownCost += sharpness(k, offset: 0, before: 0)
      var next: [State] = []
      for (index, state) in states[k - 1].enumerated() {
        for option in options[k] {
          let cost = state.cost + option.cost + sharpness(k, offset: option.offset, before: state.offset)
          let matching = state.matching + option.cost
          let correction = state.correction + option.offset
          // A lost frame has no motion of its own: the last placed frame's offset goes on.
          let offset = shifts[k].shift == nil ? state.offset : option.offset
          // No path carries a frame the track has at or below rest past it (by half a least slip:
          // a pitch, as a slip would): a list scrolled by as many identical rows looks the same,
          // and its first frame's top rows, out of the picture there, are left out of the level's
          // match (a pointer's ring over the Google demo's first rows made every level above rest
          // cheaper).
          if let shift = shifts[k].shift, shift >= -stillness, shift + correction < -apart / 2 { continue }
          // One state per level (to the row, as `level` weighs it) and offset.
          if let same = next.firstIndex(where: {
            $0.correction.rounded() == correction.rounded() && abs($0.offset - offset) < 0.25
          }) {
            if cost < next[same].cost {
              next[same] = State(
                correction: correction, offset: offset, cost: cost, matching: matching, from: index)
            }
          } else {
            next.append(
              State(
                correction: correction, offset: offset, cost: cost, matching: matching, from: index))
          }
        }
      }
      // A track that ends at rest ends there on any path: `follow` finds rest again against the
      // first frame, which a look-alike row a pitch away matches only as well as its neighbours.
      if k == count - 1, let rest = restCorrection {
        // Within half a least slip: nearer levels are one placing, a path's corrections summing
        // the fractions of rows its look-alike placings matched at.
        next = next.filter { abs($0.correction - rest) < apart / 2 }
        guard !next.isEmpty else { return shifts }
      }
      // The level is weighed for the cheapest paths only (twice the beam): it only adds cost.
      next.sort { $0.cost < $1.cost }
      next = Array(next.prefix(2 * beam))
      // Where the frame matches the first frame at one of the paths' placings, a path placing
      // it worse pays the difference: the list's level, which no frame-to-frame motion says.
      if k < sameContent, let shift = shifts[k].shift, abs(shift) > 1, firstSpread > 0,
        next.contains(where: { abs($0.correction) >= 0.5 })
      {
        var levels: [Double: Double] = [:]
        // The match alone at each level, without what content above it adds: whether the frame
        // matches the first frame anywhere is the match's to say.
        var matches: [Double: Double] = [:]
        func level(_ correction: Double) -> Double {
          // To the nearest row, at its best fraction: the level says which row, not the
          // fraction (paths that differ by tenths of a row are one placing). At whole rows only,
          // EasyRefresh's manual-control demo held 419 px for 140.
          let key = correction.rounded()
          if let known = levels[key] { return known }
          let at = shift + key
          func first(_ at: Double) -> Double? {
            least(profiles[k], profiles[0], around: at, matcher: matcher).map(Double.init)
          }
          let cost = first(at) ?? firstSpread
          // Over look-alike rows a placing a pitch too low matches as well as the true one; the
          // band it leaves above the content tells (`contentTop`'s reasoning): the first frame's
          // top pitch of rows, matched against the frame at the placing and a pitch above it.
          // Where content continues above (a row there as alike as the one below), the placing
          // pays up to `above` of the spread for it. Compared over that band alone: over the
          // whole region the header band a placing leaves out is a tenth of the rows, and the
          // Google demo's placings a row low paid 4 of a spread of 214 more than the true one,
          // whose band above it cost 183 against 54 at it (a blank band with a spinner, no row).
          let band = matcher.rows.lowerBound..<(matcher.rows.lowerBound + max(1, Int(pitch.rounded())))
          var continues = 0.0
          if let here = bandCost(profiles[k], profiles[0], rows: band, by: at, matcher: matcher),
            Double(here) <= matched * firstSpread,
            let higher = bandCost(profiles[k], profiles[0], rows: band, by: at - pitch, matcher: matcher)
          {
            // As a ratio: the band's costs lie far under the region's spread (eggswift's Meituan
            // demo: 22 at its hold and 389 a pitch above, of a spread of 4 136), and a band the
            // same twice over costs about the same at either (the Google demo a row low: 48, 53).
            let floor = Float(bandNoise * firstSpread)
            let ratio = Double(higher / max(here, floor))
            continues = above * firstSpread * max(0, min(1, aboveContrast - ratio))
          }
          levels[key] = cost + continues
          matches[key] = cost
          return cost + continues
        }
        for state in next { _ = level(state.correction) }
        let own = level(0)
        if let best = levels.values.min(), let match = matches.values.min(), match <= matched * firstSpread,
          levels.count > 1
        {
          for i in next.indices {
            let extra = min(1, (level(next[i].correction) - best) / firstSpread)
            next[i].cost += extra
            next[i].matching += extra
          }
          ownCost += min(1, (own - best) / firstSpread)
          ownMatching += min(1, (own - best) / firstSpread)
        }
      }
      next.sort { $0.cost < $1.cost }
      states.append(Array(next.prefix(beam)))
    }
    guard
      var index = states[count - 1].indices.min(by: {
        states[count - 1][$0].cost < states[count - 1][$1].cost
      }),
      // The track's own path, where it ends off the rest the picture shows, is no candidate.
      restCorrection.map({ abs($0) >= apart / 2 }) ?? false
        || (states[count - 1][index].cost < ownCost - margin
          && states[count - 1][index].matching < ownMatching - matchingMargin)
    else { return shifts }
    var result = shifts
    for k in stride(from: count - 1, through: 0, by: -1) {
      let state = states[k][index]
      if let shift = shifts[k].shift { result[k].shift = shift + state.correction }
      index = max(0, state.from)
    }
    return result
  }

  /// The correction, rows, that puts the track's end at rest, where it ends there: 0 where the
  /// track ends within a row of rest (`follow` finds rest again against the first frame, which
  /// a look-alike row a pitch away matches only as well as its neighbours); else nil unless
  /// the track ends still (its last two placed frames within `stillness`) and the first frame
  /// (taken for rest where the recording begins) matches the last frame in place as the same
  /// picture (`restsAlike`), no worse than where the track placed it. A list of rows
  /// all alike matches its first frame a pitch away as well as in place, and a collapse at 10
  /// fps, its last frame a pitch from its prediction, was read a row above rest and ended
  /// there: JHPullToRefreshKit's Google demo, pixel for pixel its first frame at the end, read
  /// its first frame 42 px down (the level taken from the end) and its hold 104 px for 63.
  /// Nothing in the picture says which, and a refresh's collapse comes back to rest; a list
  /// scrolled a whole pitch of identical rows would read as rest too, as a look would.
  static func endsAt(_ shifts: [_Shift], _ profiles: [[Float]], _ matcher: _OffsetMatcher, spread: Double)
    -> Double?
  {
    let placed = shifts.indices.filter { shifts[$0].shift != nil }
    guard let last = placed.last, let end = shifts[last].shift else { return nil }
    if abs(end) <= 1 { return 0 }
    guard placed.count >= 2, let before = shifts[placed[placed.count - 2]].shift,
      abs(end - before) <= stillness,
      let atRest = least(profiles[last], profiles[0], around: 0, matcher: matcher),
      Double(atRest) <= restsAlike * spread,
      let atEnd = least(profiles[last], profiles[0], around: end, matcher: matcher), atRest <= atEnd
    else { return nil }
    return -end
  }

  /// The most the first frame may cost against the last in place, as a share of its spread, for
  /// the two to show the same picture (`endsAt`): the Google demo's cost 6 % (a pointer's ring
  /// in the first frame alone); EasyRefresh's basic demo, ended scrolled down a list of other
  /// rows after a load-more, 32 %.
  static let restsAlike = 0.1

  /// The fastest a list moves, points a second, as far as `unslipped` weighs a frame the track
  /// has still for a slip: a pull let go at 150 pt comes back at about 1 500 pt/s at first. At
  /// 60 fps a frame then moves 25 pt, under a least slip of most regions; at 10 fps 150.
  static let fastest = 1500.0

  /// The most frames the track may have lost between a frame and the last placed before it for
  /// the frame to be weighed for a slip against that one (`unslipped`).
  static let bridged = 2
  /// The fewest rows a look-alike placing lies from the track's to be weighed (`unslipped`), and
  /// at least a twentieth of the region: nearer minima are a row's own texture.
  static let leastSlip = 4
  /// How far, rows, the frame-to-frame minimum taken for the track's own may lie from its motion.
  static let ownReach = 1.5
  /// How much more than the track's own match, as a share of the spread, a look-alike placing
  /// may cost and be weighed.
  static let worse = 0.25
  /// The change of a frame's motion that costs as much as a match worse by the whole spread, as
  /// a share of the region's rows: about a list row's pitch.
  static let pitchScale = 1.0 / 6
  /// How well, as a share of the first frame's spread, a frame must match the first frame at
  /// one of the paths' placings for the level to count (`unslipped`): rows replaced by a
  /// refresh match nowhere, and say nothing.
  static let matched = 0.5
  /// How much better than the track's own path another must match (the frame before and the
  /// first frame, in all) to replace it, whatever its motion: between rows all alike, which
  /// match a pitch off exactly as well, a smoother path is no evidence (a pull of 120 px in a
  /// frame at 10 fps is as real as two of 60), and the content's top edge, which `follow`
  /// reads (`contentTop`), decides.
  static let matchingMargin = 0.1
  /// How many times the band at a placing the band above it must cost, matched against the
  /// first frame's top rows, for the content to end there (`unslipped`): at once as much, it
  /// pays the whole of `above`; at twice, nothing.
  static let aboveContrast = 2.0
  /// The least a band's cost counts for in that ratio, as a share of the first frame's spread:
  /// two bands that match all but exactly (a look-alike row over identical rows drawn) compare
  /// as alike, not as a ratio of their noise.
  static let bandNoise = 0.01
  /// How much better, as a share of the first frame's spread, the first frame must match a
  /// frame at rest elsewhere for the content to count as changed (`unslipped`).
  static let changed = 0.1
  /// The most a placing pays, as a share of the first frame's spread, where the first frame
  /// matches a pitch higher as well (content continues above it). Half the spread: over rows
  /// all alike at 10 fps a release of 80 px in a frame pays its change of speed in full (1),
  /// and a path that put the release's two frames a pitch low, content above each, paid 0.2 at
  /// a tenth and was taken (TrackerTests' quick return).
  static let above = 0.5
  /// How much less than the track's own path another must cost to replace it.
  static let margin = 1.0
  /// The paths kept from frame to frame.
  static let beam = 24
}
