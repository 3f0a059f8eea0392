/// One refresh as the track shows it: the times its phases begin and end, seconds from the
/// recording's start (interpolated between frames), and the height it held.
public struct RefreshPhases: Sendable, Equatable, Codable {
  /// The content leaves rest (more than 0.5 pt down).
  public var pullStart: Double
  /// The finger lifts (the last frame showing it, halfway to the next), or, with no finger
  /// seen, the last moment at the peak.
  public var release: Double
  /// The largest pull, points.
  public var peak: Double
  /// The offset first within 0.5 pt of the hold.
  public var holdStart: Double
  /// The height held while refreshing, points.
  public var hold: Double
  /// The last moment within 0.5 pt of the hold; nil when the recording ends holding.
  public var collapseStart: Double?
  /// The offset back within 0.5 pt of rest; nil when the recording ends first.
  public var collapseEnd: Double?
  /// The refresh's end as the header shows it: the last change of the header's picture while
  /// held (its spinner stops, "completed" shows), halfway between the frames either side; nil
  /// where the header never changes while held. The finishing hold lasts from here until the
  /// collapse begins.
  public var finish: Double? = nil
}

/// A pull that came back without holding: the list scrolls but does not refresh.
public struct PullWithoutRefresh: Sendable, Equatable {
  public var start: Double
  public var peak: Double
}

/// Splits a track into its refreshes: each excursion of the content from rest that holds still
/// at a height (the header held open while refreshing) before it returns.
public enum PhaseSplitter {
  /// How close to a level counts as at it, points (the contract's 0.5 pt).
  public static let tolerance = 0.5
  /// How long the content must stay still to be holding, seconds: longer than any spring's
  /// turn, shorter than any refresh.
  public static let minimumHold = 0.15
  /// The least pull that counts, points.
  public static let minimumPull = 3.0
  /// A change of the header's band that shows (`TrackPoint.headerChange`, grey levels): a
  /// label replaced, the header showing "completed" (a spinner turning changes it less than
  /// this); above a video's compression noise.
  public static let headerChanged = 10.0

  /// The refreshes in `track`, and the pulls that returned without one.
  ///
  /// An excursion is a run of frames above rest. Rest is where the list lies still (each frame
  /// within `stillness` of the one before, no finger, for `minimumHold`) below the least pull: a
  /// still list under 3 pt is at rest, however the track reads it (after a scroll, or rows
  /// replaced during the collapse, it may read a little off 0), and a pull is measured from that
  /// rest. A gap in the track (the list lost: a cut, a loop, a hand over it) ends an excursion
  /// too: the frames either side are never one motion.
  public static func split(_ track: Track) -> (refreshes: [RefreshPhases], pulls: [PullWithoutRefresh]) {
    let samples = Self.samples(track)
    let resting = restLevels(samples)
    var refreshes: [RefreshPhases] = []
    var pulls: [PullWithoutRefresh] = []
    var base = 0.0
    var i = 0
    func above(_ k: Int) -> Bool { resting[k] == nil && samples[k].x > base + tolerance }
    while i < samples.count {
      if let level = resting[i] { base = level }
      guard above(i) else {
        i += 1
        continue
      }
      // An excursion: from here until back within the tolerance of rest, at rest, or lost.
      var j = i + 1
      while j < samples.count && above(j) && !samples[j].afterGap { j += 1 }
      let excursion = Array(samples[i..<j].map { (t: $0.t, x: $0.x - base, finger: $0.finger) })
      let peak = excursion.map(\.x).max() ?? 0
      let startBase = base
      defer { i = j }
      guard peak >= minimumPull else { continue }
      // Where it came back: to the rest it left, or to a rest of its own (read off 0).
      let endBase = j < samples.count ? (resting[j] ?? startBase) : startBase
      let returned = j < samples.count && !samples[j].afterGap
      let pullStart =
        i > 0 && !samples[i].afterGap
        ? crossing(shifted(samples[i - 1], startBase), excursion[0], level: tolerance) : samples[i].t
      guard let plateau = lastPlateau(excursion) else {
        pulls.append(PullWithoutRefresh(start: pullStart, peak: peak))
        continue
      }
      let hold = plateau.level
      let beforeHold = excursion[..<plateau.first]
      let peakValue = beforeHold.map(\.x).max() ?? hold
      // The release: the finger's last frame (halfway to the next) when one shows, otherwise
      // the last moment at the peak (a finger that stopped there before lifting).
      var release: Double
      if let lastFinger = beforeHold.lastIndex(where: \.finger) {
        let next = min(lastFinger + 1, excursion.count - 1)
        release = (excursion[lastFinger].t + excursion[next].t) / 2
      } else {
        let atPeak = beforeHold.lastIndex { $0.x >= peakValue - 0.3 } ?? plateau.first
        release = excursion[atPeak].t
      }
      let releaseIndex = excursion.lastIndex { $0.t <= release } ?? 0
      // Hold start: the first frame after the release within the tolerance of the hold.
      var holdStart = excursion[plateau.first].t
      for k in releaseIndex..<plateau.first + 1 where abs(excursion[k].x - hold) <= tolerance {
        holdStart =
          k > releaseIndex ? crossingToward(excursion[k - 1], excursion[k], level: hold) : excursion[k].t
        break
      }
      var collapseStart: Double? = nil
      var collapseEnd: Double? = nil
      // A recording may end during the collapse (a demo GIF cut at its end): the collapse's
      // start is still known, its end is not.
      let last = excursion.lastIndex { abs($0.x - hold) <= tolerance } ?? plateau.last
      if last + 1 < excursion.count {
        collapseStart = crossingAway(excursion[last], excursion[last + 1], level: hold)
      } else if returned {
        collapseStart = excursion[last].t
      }
      if returned {
        collapseEnd = crossing(
          shifted(samples[j - 1], endBase), shifted(samples[j], endBase), level: tolerance)
      }
      refreshes.append(
        RefreshPhases(
          pullStart: pullStart, release: release, peak: peakValue, holdStart: holdStart, hold: hold,
          collapseStart: collapseStart, collapseEnd: collapseEnd,
          finish: finish(track, from: excursion[plateau.first].t, to: excursion[last].t)))
    }
    return (refreshes, pulls)
  }

  /// How much two frames' offsets may differ and the list count as still there, points.
  public static let stillness = 0.2

  struct _Sample {
    var t: Double
    var x: Double
    var finger: Bool
    /// Frames were lost just before this one.
    var afterGap: Bool
  }

  /// The track's frames that hold an offset, each marked where `lostFrames` or more frames
  /// were lost before it (a frame or two lost is the rows replaced under a collapse, followed
  /// across: MJRefresh's demos).
  static func samples(_ track: Track) -> [_Sample] {
    var out: [_Sample] = []
    var lost = 0
    for p in track.points {
      guard let x = p.offset else {
        if !out.isEmpty { lost += 1 }
        continue
      }
      out.append(_Sample(t: p.t, x: x, finger: p.finger != nil, afterGap: lost >= lostFrames))
      lost = 0
    }
    return out
  }

  /// Frames lost in a row that end an excursion: a cut, a loop, a hand over the screen.
  public static let lostFrames = 3

  static func shifted(_ s: _Sample, _ base: Double) -> (t: Double, x: Double, finger: Bool) {
    (s.t, s.x - base, s.finger)
  }

  /// For every frame, the level of the rest it lies in (a still run of `minimumHold` or more,
  /// no finger, its median under `minimumPull` from 0), or nil.
  static func restLevels(_ s: [_Sample]) -> [Double?] {
    var out = [Double?](repeating: nil, count: s.count)
    var start = 0
    for k in 1...max(1, s.count) {
      let still =
        k < s.count && abs(s[k].x - s[k - 1].x) <= stillness && !s[k].finger && !s[k - 1].finger
        && !s[k].afterGap
      if !still {
        if k - start >= 2, s[k - 1].t - s[start].t >= minimumHold {
          let levels = s[start..<k].map(\.x).sorted()
          let level = levels[levels.count / 2]
          if abs(level) < minimumPull { for r in start..<k { out[r] = level } }
        }
        start = k
      }
    }
    return out
  }

  /// The last change of the header's picture between `start` and `end` (the frames held),
  /// halfway between the frames either side of it; nil when none shows.
  static func finish(_ track: Track, from start: Double, to end: Double) -> Double? {
    let points = track.points
    guard
      let k = points.indices.last(where: { k in
        k > 0 && points[k].t > start && points[k].t <= end && (points[k].headerChange ?? 0) > headerChanged
      })
    else { return nil }
    return (points[k - 1].t + points[k].t) / 2
  }

  struct _Plateau {
    var first: Int
    var last: Int
    var level: Double
  }

  /// The last run of still frames (each within a fifth of a point of the one before, no finger)
  /// lasting `minimumHold`, above the least pull: the header held open.
  static func lastPlateau(_ s: [(t: Double, x: Double, finger: Bool)]) -> _Plateau? {
    var found: _Plateau? = nil
    var start = 0
    for k in 1...s.count {
      let still = k < s.count && abs(s[k].x - s[k - 1].x) <= stillness && !s[k].finger && !s[k - 1].finger
      if !still {
        let run = start..<k
        if run.count >= 2, s[k - 1].t - s[start].t >= minimumHold {
          let levels = s[run].map(\.x).sorted()
          let level = levels[levels.count / 2]
          if level >= minimumPull { found = _Plateau(first: start, last: k - 1, level: level) }
        }
        start = k
      }
    }
    return found
  }

  /// When the line from `a` to `b` crosses `level`.
  static func crossing(
    _ a: (t: Double, x: Double, finger: Bool), _ b: (t: Double, x: Double, finger: Bool), level: Double
  ) -> Double {
    guard a.x != b.x else { return b.t }
    let f = max(0, min(1, (level - a.x) / (b.x - a.x)))
    return a.t + f * (b.t - a.t)
  }

  /// When the line from `a` to `b` comes within the tolerance of `level`.
  static func crossingToward(
    _ a: (t: Double, x: Double, finger: Bool), _ b: (t: Double, x: Double, finger: Bool), level: Double
  ) -> Double {
    let edge = a.x > level ? level + tolerance : level - tolerance
    return crossing(a, b, level: edge)
  }

  /// When the line from `a` (at `level`) to `b` leaves its tolerance.
  static func crossingAway(
    _ a: (t: Double, x: Double, finger: Bool), _ b: (t: Double, x: Double, finger: Bool), level: Double
  ) -> Double {
    let edge = b.x > level ? level + tolerance : level - tolerance
    return crossing(a, b, level: edge)
  }
}
