/// One refresh as the track shows it: the times its phases begin and end, seconds from the
/// recording's start (interpolated between frames), and the height it held.
public struct RefreshPhases: Sendable, Equatable, Codable {
  /// The content leaves rest (more than 0.5 pt down).
  public var pullStart: Double
  /// The finger lifts (the last frame showing it, halfway to the next), or, with no finger
  /// seen, the last moment at the peak; where no frame shows the peak (the next after the
  /// pull's last is at the hold), halfway between those two frames.
  public var release: Double
  /// The largest pull, points; where no frame shows it, the hold (it was at least that).
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
  /// Where the held list is dragged on from its hold (a header played by dragging it) and the
  /// recording ends before it comes halfway back: the moment it leaves the hold. No collapse
  /// shows then (`collapseStart` is nil); nil otherwise.
  public var draggedOn: Double? = nil
}

/// A pull that refreshed nothing: one that came back without holding (the list scrolls but
/// does not refresh), or a "hold" unlike the header's that the content was dragged on from
/// (`PhaseSplitter.heldByOneHeader`). `peak` is the highest the content rose.
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

  /// The longest a cut's frame may follow the frame before it, seconds: at 20 frames a second
  /// or more a jump between two frames is one step of a motion that would show in several.
  public static let cutInterval = 0.05
  /// The least jump a cut makes, points: about the lowest header that holds, which a loop at a
  /// hold jumps at least. Smaller still-to-still steps are left as motion: a collapsing app bar
  /// snapping 18 pt in a frame (EasyRefresh's sliver demo), a list settling 3 pt, or a tracker's
  /// misreading of 20 pt over rows numbered alike were all taken for cuts at the least pull.
  public static let leastCut = 30.0

  /// Where the recording cuts: the times of the first frame after each jump that no motion of
  /// a list makes. The content stands still (within the tolerance of the frame before), then in
  /// one frame that follows within `cutInterval` (and within three usual intervals: a frame the
  /// recording shows long counts as shown until one usual interval before the next, `shown`)
  /// moves `leastCut` or more with no finger shown, and the next frame goes on by a quarter of
  /// that step at most: a release, a collapse or a fling leaves a still level slowly (a spring and an
  /// eased curve start at rest; a decelerating one moves a step a frame that shrinks by little),
  /// and a finger's jerk shows its finger. A demo GIF looped at its hold, or two takes joined,
  /// jumps so; read through, the jump was a collapse of one frame (a loop of SmartRefreshLayout's
  /// classic demo cut at its hold was fitted a 0.32 s collapse where its crossings said 0.18).
  /// Not where the track follows a badge over still content: a Material badge that shrinks away
  /// leaves in one frame.
  public static func cuts(_ track: Track) -> [Double] {
    guard !track.followsIndicator else { return [] }
    let frames = shown(track)
    guard frames.count > 3 else { return [] }
    let usual = usualInterval(track.points.filter { $0.offset != nil }.map(\.t))
    var found: [Double] = []
    for a in 1..<(frames.count - 2) {
      let (before, at, next, after) = (frames[a - 1], frames[a], frames[a + 1], frames[a + 2])
      let step = next.x - at.x
      let interval = next.t - at.t
      if !at.finger, !next.finger, abs(at.x - before.x) <= tolerance, abs(step) >= leastCut,
        // The hair's breadth: frame times are sums of intervals (20 fps reads 0.05 ± 1e-15).
        interval <= cutInterval + 1e-9, interval <= heldFrame * usual, abs(after.x - next.x) * 4 <= abs(step)
      {
        found.append(next.t)
      }
    }
    return found
  }

  /// The refreshes in `track`, and the pulls that refreshed nothing: those that returned without
  /// holding, and holds unlike the header's the content was dragged on from (`heldByOneHeader`).
  /// An excursion ends at a cut (`Track.cuts`) as at the recording's end (its last frame shown
  /// until the cut), and the next begins at the cut's frame.
  public static func split(_ track: Track) -> (refreshes: [RefreshPhases], pulls: [PullWithoutRefresh]) {
    let onScreen = shown(track)
    let rest = restLevel(track)
    let samples = onScreen.map { (t: $0.t, x: $0.x - rest, finger: $0.finger) }
    let cuts = Set(track.cuts)
    // Whether a cut lies between sample `k - 1` and sample `k`.
    func cutBefore(_ k: Int) -> Bool { k > 0 && k < samples.count && cuts.contains(samples[k].t) }
    var refreshes: [RefreshPhases] = []
    // Each refresh's excursion's highest point (after its hold too: a list dragged on rises
    // past its hold), for a refresh `heldByOneHeader` makes a pull.
    var highest: [Double] = []
    var pulls: [PullWithoutRefresh] = []
    var i = 0
    while i < samples.count {
      guard samples[i].x > tolerance else {
        i += 1
        continue
      }
      // An excursion: from here until back within the tolerance of rest, or a cut.
      var j = i
      while j < samples.count && samples[j].x > tolerance && (j == i || !cutBefore(j)) { j += 1 }
      let cut = cutBefore(j)
      // Where the excursion's frames go on: to rest, unless a cut or the recording's end comes first.
      let goesOn = j < samples.count && !cut
      let excursion = Array(samples[i..<j])
      let peak = excursion.map(\.x).max() ?? 0
      defer { i = j }
      guard peak >= minimumPull else { continue }
      let pullStart =
        i > 0 && !cutBefore(i) ? crossing(samples[i - 1], samples[i], level: tolerance) : samples[i].t
      guard
        let plateau = heldPlateau(
          excursion, after: goesOn ? samples[j].t : nil, cut: cut ? samples[j].t : nil)
      else {
        pulls.append(PullWithoutRefresh(start: pullStart, peak: peak))
        continue
      }
      let hold = plateau.level
      let beforeHold = excursion[..<plateau.first]
      // A hold no frame before comes near (`_Plateau.unseenPeak`) was reached from at least as
      // high as it holds: its peak and its release fell between two frames, and the release is
      // placed halfway between them.
      let seenPeak = beforeHold.map(\.x).max() ?? hold
      let peakValue = plateau.unseenPeak ? max(hold, seenPeak) : seenPeak
      // A release moves the content down from its peak to the hold: a "hold" above the peak
      // before it is no refresh but a track gone wrong (a generated 7 fps recording read one
      // at 60 pt after a 56 pt peak, and its written release never reached it).
      guard hold <= peakValue + tolerance else {
        pulls.append(PullWithoutRefresh(start: pullStart, peak: peak))
        continue
      }
      // The release: the finger's last frame (halfway to the next) when one shows, otherwise
      // the last moment at the peak (a finger that stopped there before lifting).
      // A finger the tracker lost before the lift (a touch disc under heavy compression) leaves
      // the content rising on after its last frame by steps that grow: a release carries the
      // finger's speed into a motion that only slows. There the last frame at the peak it is.
      var release: Double
      let atPeak = beforeHold.lastIndex { $0.x >= seenPeak - 0.3 } ?? plateau.first
      if plateau.unseenPeak, plateau.first > 0 {
        release = (excursion[plateau.first - 1].t + excursion[plateau.first].t) / 2
      } else if let lastFinger = beforeHold.lastIndex(where: \.finger),
        !pulledOn(excursion, after: lastFinger, until: atPeak)
      {
        let next = min(lastFinger + 1, excursion.count - 1)
        release = (excursion[lastFinger].t + excursion[next].t) / 2
      } else {
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
      // The hold lasts while the content stays within the tolerance of its level, from the
      // run found on (a hold that creeps by under a pixel splits into runs a little apart).
      var last = plateau.last
      while last + 1 < excursion.count && abs(excursion[last + 1].x - hold) <= tolerance { last += 1 }
      // A collapse takes the content down from the hold. Where it leaves the hold upward and
      // never comes halfway back down before the recording ends (a game header played by
      // dragging the held list), no collapse shows: read from the hold's end, SmartRefreshLayout's
      // HitBlock demo had its drags fitted as a 1.4 s collapse, and the closest preset named
      // from them. (Where the content comes back down, a second drag during the finish,
      // flutter_pulltorefresh's classic demo, the collapse is read from the hold's end as before.)
      // Dragged on: by more than the least pull (not a hold that creeps by a pixel).
      var draggedOn: Double? = nil
      if last + 1 < excursion.count, excursion[last + 1].x > hold + tolerance, !goesOn,
        excursion[(last + 1)...].contains(where: { $0.x > hold + minimumPull }),
        !excursion[(last + 1)...].contains(where: { $0.x < hold / 2 })
      {
        draggedOn = crossingAway(excursion[last], excursion[last + 1], level: hold)
      } else if last + 1 < excursion.count {
        collapseStart = crossingAway(excursion[last], excursion[last + 1], level: hold)
      } else if goesOn {
        collapseStart = excursion[last].t
      }
      if goesOn { collapseEnd = crossing(samples[j - 1], samples[j], level: tolerance) }
      refreshes.append(
        RefreshPhases(
          pullStart: pullStart, release: release, peak: peakValue, holdStart: holdStart, hold: hold,
          collapseStart: collapseStart, collapseEnd: collapseEnd,
          finish: finish(track, from: excursion[plateau.first].t, to: excursion[last].t), draggedOn: draggedOn
        ))
      highest.append(peak)
    }
    let held = heldByOneHeader(refreshes, highest: highest, pulls: &pulls)
    return (held, pulls.sorted { $0.start < $1.start })
  }

  /// `refreshes` less each that was dragged on from its hold (`draggedOn`: it leaves the hold
  /// upward and does not come halfway back before the recording ends or cuts, so no collapse
  /// shows) and holds more than a quarter of the higher hold (and the least pull) away from
  /// every refresh of the recording whose collapse begins; each such one is a pull that
  /// refreshed nothing (`pulls`, peaking at its excursion's `highest`). A refresh holds the
  /// header open, and one recording shows one header: a "hold" far from the height the
  /// recording's collapsing refreshes show, which the content then leaves upward, is something
  /// else read as one. INSPullToRefresh's demo refreshes at 60 px, then scrolls its identical
  /// cells to load more at the bottom, a cell's pitch a frame at 6.7 fps, and that scroll was
  /// read as a pull held at 264 px and dragged on. A refresh whose collapse begins stays
  /// whatever its height (a recording may show two headers), as does one the recording ends
  /// holding (a demo cut in its last hold, where a misread first hold would otherwise cost the
  /// true second one) and one with no collapsing refresh beside it to compare with.
  static func heldByOneHeader(
    _ refreshes: [RefreshPhases], highest: [Double], pulls: inout [PullWithoutRefresh]
  ) -> [RefreshPhases] {
    let collapsing = refreshes.filter { $0.collapseStart != nil }
    var kept: [RefreshPhases] = []
    for (i, r) in refreshes.enumerated() {
      let unlike = !collapsing.contains {
        abs($0.hold - r.hold) <= max(minimumPull, max($0.hold, r.hold) / 4)
      }
      if r.draggedOn != nil, !collapsing.isEmpty, unlike {
        pulls.append(PullWithoutRefresh(start: r.pullStart, peak: i < highest.count ? highest[i] : r.peak))
      } else {
        kept.append(r)
      }
    }
    return kept
  }

  /// The track with each collapse ending at rest: where the content comes down from a hold
  /// (a still run at least the least pull above rest), passes rest in the same descent with no
  /// finger shown, and stands still below it, the list came to rest at the top and what went on
  /// moving was rows sliding (rows removed or inserted as the refresh ended, followed as
  /// motion). A collapse ends at the list's top; it never carries the list into its content.
  /// From where the descent passes rest until it stands, the content is at rest, and every frame
  /// after it is measured from where it stood. (Left as gaps instead, those frames read the
  /// case's second hold at 23 px again: the splitter bridges a gap with the frame before it.) The stress set's case 4 rested 64 px "into" the
  /// content after its first collapse, and its second refresh held at 24 px for 88.
  static func restAfterCollapses(_ track: Track) -> Track {
    var track = track
    let indices = track.points.indices.filter { track.points[$0].offset != nil }
    func x(_ n: Int) -> Double { track.points[indices[n]].offset ?? 0 }
    func still(_ a: Int, _ b: Int) -> Bool {
      abs(x(b) - x(a))
        <= stillStep(track.points[indices[b]].t - track.points[indices[a]].t)
    }
    func t(_ n: Int) -> Double { track.points[indices[n]].t }
    // How long the content is shown within the tolerance of its level at `n` from `n` on (rows
    // sliding to a stop creep by a fifth of a point a frame; a collapse that overshoots rest,
    // `easeOutBack`'s, passes its lowest point in a few hundredths of a second).
    func stands(from n: Int) -> Double {
      var e = n
      while e + 1 < indices.count, abs(x(e + 1) - x(n)) <= tolerance { e += 1 }
      return (e + 1 < indices.count ? t(e + 1) : t(e)) - t(n)
    }
    // How long the content was shown within the least pull of its level at `n` up to `n` (a
    // hold may creep by a pixel or so: the stress set's case 4 stood at 61.2 and 59.9).
    func stood(until n: Int) -> Double {
      var b = n
      while b > 0, abs(x(b - 1) - x(n)) <= minimumPull { b -= 1 }
      return (n + 1 < indices.count ? t(n + 1) : t(n)) - t(b)
    }
    var n = 1
    while n < indices.count {
      // A hold (shown for `minimumHold`, at least the least pull up) ending where the content
      // starts down.
      guard x(n - 1) >= minimumPull, x(n) < x(n - 1) - tolerance, stood(until: n - 1) >= minimumHold - 1e-9
      else {
        n += 1
        continue
      }
      // The descent: each frame no higher than the one before (within the tolerance), no finger.
      var m = n
      while m + 1 < indices.count, x(m + 1) <= x(m) + tolerance, !still(m, m + 1),
        track.points[indices[m + 1]].finger == nil
      {
        m += 1
      }
      // It passed rest and stands below it from frame m on, for `minimumHold` (a collapse that
      // overshoots rest and comes back, `easeOutBack`'s, only turns there).
      guard track.points[indices[n]].finger == nil, x(m) < -tolerance, stands(from: m) >= minimumHold - 1e-9,
        let below = (n...m).first(where: { x($0) < -tolerance })
      else {
        n = m + 1
        continue
      }
      let level = x(m)
      for k in below...m { track.points[indices[k]].offset = 0 }
      for k in (m + 1)..<indices.count { track.points[indices[k]].offset = x(k) - level }
      n = m + 1
    }
    return track
  }

  /// The track with a pointer that no longer holds the content taken for no finger. A finger
  /// on the list carries the content its way, as far as it moves or less (the band's
  /// resistance); where the content moves further than the pointer, or against it, by more than
  /// the least pull, the finger has lifted and what shows is a pointer left on the screen (a
  /// simulator's or a desktop's cursor, drawn whether or not its button is down). It stays no
  /// finger while the content moves on its own or stands, until the content follows it again.
  /// PullToRefreshKit's Yahoo demo springs 20 px up at its release, the cursor still, and the
  /// cursor stayed on the list through the hold: the whole refresh was read as one long drag.
  ///
  /// Nor does a disc above the content's top edge, in the header's band, press the content: a
  /// finger that pulls the content down touched it below that edge and moves down with it at
  /// least as far, so it stays below it. SmartRefreshLayout's water-drop header shows a grey
  /// disc, its drop's head, 20 pt down while the content holds at 42: taken for a touch, it
  /// held the finger down through the header's own 0.65 s retraction, read as the drag.
  static func liftedPointers(_ track: Track) -> Track {
    var track = track
    for k in track.points.indices {
      if let f = track.points[k].finger, let x = track.points[k].offset, f < x - minimumPull {
        track.points[k].finger = nil
      }
    }
    let original = track.points
    var lifted = false
    for k in original.indices.dropFirst() {
      // A frame without the pointer leaves the judgement as it was; one that cannot be
      // compared with the frame before (either lost) keeps a lifted pointer lifted.
      guard let f = original[k].finger else { continue }
      guard let x = original[k].offset, let x0 = original[k - 1].offset else {
        if lifted { track.points[k].finger = nil }
        continue
      }
      guard let f0 = original[k - 1].finger else {
        // A touch that lands on a still list holds nothing until the list follows it: a button
        // pressed during the hold (CircleRefreshLayout's "Stop Refreshing", two frames) read as
        // the finger holding the pull, and the release was placed after it, 3 s late.
        if abs(x - x0) <= tolerance { lifted = true }
        if lifted { track.points[k].finger = nil }
        continue
      }
      let (dx, df) = (x - x0, f - f0)
      let follows = abs(dx) > tolerance && dx * df > 0 && abs(dx) <= abs(df) + tolerance
      // Leaving it by more than the least pull: a track's noise moves a held list by a
      // fraction of that against a finger that creeps on.
      let leaves = abs(dx) > minimumPull && (dx * df <= 0 || abs(dx) > abs(df) + minimumPull)
      if lifted ? !follows : leaves {
        lifted = true
        track.points[k].finger = nil
      } else {
        lifted = false
      }
    }
    return track
  }

  /// How many usual frame intervals a frame must be shown to count as held on screen (kept
  /// because nothing changed) rather than a recorder's jitter: GIF encoders give some frames of
  /// a 10 fps recording two intervals, and reading those as held moved MJRefresh's collapses.
  static let heldFrame = 3.0

  /// The usual interval between `times` (in order), seconds: the median gap, 0 for fewer than two.
  static func usualInterval(_ times: [Double]) -> Double {
    let gaps = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
    return gaps.isEmpty ? 0 : gaps[gaps.count / 2]
  }

  /// The track's samples as they were on screen: each frame's offset from its own time until
  /// the next frame's. A recording that keeps only the frames that change (a phone's recorder,
  /// a GIF optimiser) shows one frame for as long as nothing moves, so a frame shown longer
  /// than `heldFrame` usual intervals (the median) gets a second sample, at its offset, one
  /// usual interval before the next frame: the content stood there until about then. A straight
  /// line from the frame's start to the next frame put the collapse's start 0.55 s early in
  /// flutter_pulltorefresh's demo, whose last frame at the hold is shown 0.63 s, and made
  /// pulltorefresh.js's one-frame hold of 0.69 s no hold at all. At a constant rate nothing is
  /// added.
  static func shown(_ track: Track) -> [(t: Double, x: Double, finger: Bool)] {
    let frames = track.points.compactMap { p in p.offset.map { (t: p.t, x: $0, finger: p.finger != nil) } }
    guard frames.count > 2 else { return frames }
    let usual = usualInterval(frames.map(\.t))
    guard usual > 0 else { return frames }
    var out: [(t: Double, x: Double, finger: Bool)] = []
    for (k, f) in frames.enumerated() {
      out.append(f)
      if k + 1 < frames.count, frames[k + 1].t - f.t > heldFrame * usual {
        out.append((t: frames[k + 1].t - usual, x: f.x, finger: f.finger))
      }
    }
    return out
  }

  /// The level the list rests at, points from the first frame: zero where the recording begins
  /// still (at rest); else where it comes back near its first frame after a hold and stands
  /// (`returned`); else the level it ends still at (a recording that begins mid-pull comes back
  /// to rest); else zero. Offsets are measured from it.
  ///
  /// Not a level it ends at with a band above the content that keeps changing, a spinner
  /// turning (`turning`): that is a hold the recording cuts short. RecyclerRefreshLayout's demo
  /// begins pulling in its first frame and ends holding 37 px down, its spinner turning (the
  /// band changed by 6 to 13 grey levels every frame); taken for rest, the whole track was read
  /// 37 px low and no refresh was found. A recording that begins scrolled and ends at the top
  /// shows the list's own still rows there instead.
  static func restLevel(_ track: Track) -> Double {
    let s = shown(track)
    let last = track.points.last?.offset
    let band = track.points.reversed().prefix { p in
      guard let x = p.offset, let last else { return false }
      return abs(x - last) <= 0.3
    }.compactMap(\.headerChange)
    let turning = band.count >= 3 && band.filter { $0 >= turningChange }.count * 2 > band.count
    return restLevel(s, endsTurning: turning)
  }

  /// A change of the header's band, grey levels, that a spinner's turn makes and a still
  /// picture under a GIF's or a video's noise does not: half of `headerChanged`.
  static let turningChange = headerChanged / 2

  /// `restLevel(_:)` on the samples as shown, told whether the header's band keeps changing
  /// where they end still.
  static func restLevel(_ s: [(t: Double, x: Double, finger: Bool)], endsTurning: Bool = false) -> Double {
    /// Whether a run of samples (from either end, the first of them the end's own) stays within
    /// `within` (0.3 pt) of it for three samples over most of a tenth of a second. The end, where
    /// the beginning is not still, within the contract's tolerance: a list that settles slowly
    /// there, a tenth of a pixel a frame, is at rest as the contract counts it. Held to 0.3 pt,
    /// whether smoothrefreshlayout-textview.gif (begun 37 px down a pull, its last frames 0.4 px
    /// apart) rested at its end or at its first frame turned on a tenth of a pixel of tracking
    /// (its frames filtered another way, its hold read 21 px for 58); and MJRefresh's
    /// custom-text demo, rested a fifth of a pixel off its end, collapsed in 0.30 s for the
    /// 0.23 its frames show (now 0.23).
    func still(_ run: [(t: Double, x: Double, finger: Bool)], within: Double = 0.3) -> Bool {
      guard let end = run.first else { return false }
      let kept = Array(run.prefix { abs($0.x - end.x) <= within })
      guard kept.count >= 3, let other = kept.last else { return false }
      return abs(other.t - end.t) >= 0.08
    }
    guard s.count > 2, let last = s.last else { return 0 }
    if still(s) { return 0 }
    // A recording whose first frame already moves (the pull begins at once) may still come
    // back where it began after a refresh, and stand there: that is rest, wherever it ends
    // (scrolled on, rows loaded). BGARefreshLayout's grid demo begins its pull in its second frame, comes back to
    // its first frame's rows 3.9 s later and then scrolls away to load more: rest taken where
    // it ended, 227 px from there, put the refresh above rest and read a scroll as one held at
    // 44 px (62 by eye). The level is the return's own (the chain of matches drifts a little
    // over a refresh), within `returned` of where the recording began.
    // Only after a hold: the content stood still above where it began by more than the least
    // pull, and came down from there (a scroll that comes back a pixel short of the top and
    // stops is not rest: a generated capture scrolled first then read its collapse 0.26 s short).
    if let first = s.first,
      let held = s.indices.first(where: { s[$0].x > first.x + minimumPull && still(Array(s[$0...])) })
    {
      var k = held
      while k < s.count {
        if abs(s[k].x - first.x) <= returned, still(Array(s[k...])) {
          // Where it settles: the last of the run within the stillness of its first frame (a
          // collapse eases in by tenths of a pixel).
          return s[k...].prefix { abs($0.x - s[k].x) <= 0.3 }.last?.x ?? s[k].x
        }
        k += 1
      }
    }
    if !endsTurning, still(Array(s.reversed()), within: tolerance) { return last.x }
    return 0
  }

  /// How near where a recording began the content may stand, points, and have come back there
  /// (`restLevel`): the hold's own tolerance in the corpus's checks (1.5 recording pixels), what
  /// a chain of matches drifts over a refresh at most.
  static let returned = 1.5

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
    /// How long the run was shown, seconds.
    var stood: Double
    /// Reached from below with no frame before it within the least pull of it: the pull, its
    /// peak and the release fell between two frames (`heldPlateau`).
    var unseenPeak = false
  }

  /// How long a still run reached from below must stand to be a hold, seconds: longer than a
  /// hand stays still while pulling (a pause, then on or back) and than a bounce turns below
  /// its hold, as long as a short refresh's spinner shows.
  static let heldFromBelow = 0.5

  /// How far the content may move between two frames `dt` apart and still be standing: a fifth
  /// of a point, or as far as 12 pt/s carries it (a fifth of a point a frame at 60 fps). A
  /// spring's last pixel into the hold, 0.8 pt between two frames at 7 fps, is the hold a
  /// person sees there.
  static func stillStep(_ dt: Double) -> Double { max(0.2, 12 * dt) }

  /// The last run of still frames (each within `stillStep` of the one before, no finger)
  /// lasting `minimumHold`, above the least pull, that the content came down to, save one that
  /// lies higher (by more than the tolerance) than the run so found before it and stands no
  /// longer: the header held open. A run higher than a hold before it and shorter is the held
  /// list dragged on (SmartRefreshLayout's game headers are played by dragging it: their demos
  /// hold at 83 px for 2.2 s, are dragged to 138, jerk and stand at 118 for a second; the last
  /// run read the hold as 115 px). Not simply the longest run: a finger's pause at the peak
  /// may stand longer than the hold after it, which lies lower; and a release that undershoots
  /// may stand two frames below the hold it then rises to (INSPullToRefresh's demo at 7 fps,
  /// 53 px, then 60 for four frames).
  ///
  /// A release moves the content from above the hold to it (past it and back, if it
  /// overshoots), so some frame since the run before (or the excursion's start) lies above the
  /// run by more than the tolerance. A run reached only from below, well above the run before,
  /// is in general the content stopping on its way down, not a hold: a generated recording
  /// whose rows were replaced during its second collapse was followed down a row and a half as
  /// the list went up, stopped there 104 px down, and that was taken for the second refresh's
  /// hold instead of the 64 px the list held for 1.5 s before.
  ///
  /// Two runs reached from below are holds all the same, where they stand `heldFromBelow` and
  /// the recording shows them end (`after`, the time of the sample after the excursion; nil
  /// where the recording ends in it: a run standing to the end may be a list moved and left,
  /// as a track gone wrong stood 23 px down to the end of a generated Material recording):
  /// - the excursion's first, where no frame before it comes within the least pull of it: at a
  ///   low frame rate a quick pull and its release fall between two frames (eggswift's Meituan
  ///   demo at 7 fps steps 10, 56, then stands at 56 for 2.7 s). A pull that pauses as high is
  ///   seen getting there, at any rate that shows the pause;
  /// - one the content rose to from a run it came down to that stood less long, without going
  ///   below that run since: a release that overshoots may stand a frame or two at its turn
  ///   before the header lifts it to the hold (PullToRefreshKit's Yahoo demo: 129, 109 for two
  ///   frames, 112, 117, then 120 for 2.6 s). A short hold the content then left downward
  ///   (collapsing) keeps its place.
  ///
  /// `cut`, where a cut ends the excursion: its last frame was shown until then (a hold cut
  /// just after it stood `minimumHold` is still one), though not seen to end.
  static func heldPlateau(
    _ s: [(t: Double, x: Double, finger: Bool)], after: Double? = nil, cut: Double? = nil
  ) -> _Plateau? {
    var found: _Plateau? = nil
    // The highest the content was since the last run of still frames.
    var highest = -Double.infinity
    // The level of the last run of still frames (the excursion starts from rest).
    var before = 0.0
    var start = 0
    for k in 1...s.count {
      let still =
        k < s.count && abs(s[k].x - s[k - 1].x) <= stillStep(s[k].t - s[k - 1].t) && !s[k].finger
        && !s[k - 1].finger
      if !still {
        let run = start..<k
        // As shown: until the next frame replaces the run's last. A generated 60 fps recording
        // of an `ego` refresh held 0.15 s shows its hold in frames 0.133 s apart, and the
        // finger's stop at the peak before it was taken for the hold (125 pt for 60). The
        // hair's breadth below: frame times are sums of intervals, 3.5667 − 3.4167 < 0.15.
        // A run a cut ends was shown until the cut, but not seen to end (`after` stays nil).
        let shownUntil = k < s.count ? s[k].t : after ?? cut ?? s[k - 1].t
        if run.count >= 2, shownUntil - s[start].t >= minimumHold - 1e-9 {
          // Where the run stood stillest: the median of its frames within the tolerance of the
          // end of its least step (all of them, in a hold that stands; the last of a slow
          // approach at a frame rate that shows it moving less than `stillStep`, not the
          // collapse's first frame, which may join the run at such a rate). Of least steps
          // alike (within 0.05 px), the one whose level the most frames share, the last of those: rows replaced
          // while held (PullToRefreshKit's) may read a pixel from the old ones, and the hold is
          // where the list stood longest, as the contract's first still run has it.
          func step(_ i: Int) -> Double { abs(s[i + 1].x - s[i].x) }
          // How many of the run's frames lie within the tolerance of frame `i + 1`'s level (by
          // halving over the run's sorted levels: a minute's hold at 60 fps is 3 600 frames).
          let sorted = s[run].map(\.x).sorted()
          func below(_ x: Double, orAt: Bool) -> Int {
            var (lo, hi) = (0, sorted.count)
            while lo < hi {
              let mid = (lo + hi) / 2
              if sorted[mid] < x || orAt && sorted[mid] == x { lo = mid + 1 } else { hi = mid }
            }
            return lo
          }
          func sharing(_ i: Int) -> Int {
            below(s[i + 1].x + tolerance, orAt: true) - below(s[i + 1].x - tolerance, orAt: false)
          }
          let leastStep = run.dropLast().map(step).min() ?? 0
          var least = start
          var most = -1
          for i in run.dropLast() where step(i) <= leastStep + 0.05 {
            let shared = sharing(i)
            if shared >= most { (least, most) = (i, shared) }
          }
          let levels = s[run].map(\.x).filter { abs($0 - s[least + 1].x) <= tolerance }.sorted()
          let level = levels[levels.count / 2]
          // Reached from below, and more than the least pull above where the content stood
          // still before: it came down there. (A hold that creeps by under a pixel, a header
          // drawn over the list's top rows, splits into runs a little apart.)
          let cameDown = highest <= level + tolerance && level > before + minimumPull
          let stood = shownUntil - s[start].t
          if level >= minimumPull, !cameDown {
            // A run higher than the one found, and standing less long, is the held list dragged
            // on (a release moves the content down to its hold, and a pause at the peak before
            // it lies higher still).
            let dragged =
              found.map { level > $0.level + tolerance && stood <= $0.stood && !$0.unseenPeak } ?? false
            if !dragged {
              found = _Plateau(first: start, last: k - 1, level: level, stood: stood)
            }
          } else if level >= minimumPull, start > 0, !s[start - 1].finger, stood >= heldFromBelow,
            k < s.count || after != nil
          {
            if let earlier = found {
              // The turn of a release that overshot, below the hold it rose to.
              let since = s[(earlier.last + 1)..<start].map(\.x).min() ?? earlier.level
              if earlier.stood < heldFromBelow, since >= earlier.level - tolerance {
                found = _Plateau(first: start, last: k - 1, level: level, stood: stood)
              }
            } else if (s[..<start].map(\.x).max() ?? 0) < level - minimumPull {
              found = _Plateau(first: start, last: k - 1, level: level, stood: stood, unseenPeak: true)
            }
          }
          // Where the content stood counts: a release drawn in one frame leaves no frame
          // between the peak's still run and the hold's.
          highest = level
          before = level
        } else {
          for f in s[run] { highest = max(highest, f.x) }
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

  /// Whether, from frame `after` to frame `until`, the content rises faster than it did a
  /// frame before, by more than the tolerance a frame: still pulled, not carried.
  static func pulledOn(_ samples: [(t: Double, x: Double, finger: Bool)], after: Int, until: Int) -> Bool {
    guard until > after + 1 else { return false }
    for k in after + 1..<until {
      let (a, b, c) = (samples[k - 1], samples[k], samples[k + 1])
      guard b.t > a.t, c.t > b.t else { continue }
      let before = (b.x - a.x) / (b.t - a.t)
      let speed = (c.x - b.x) / (c.t - b.t)
      if speed > 0, speed > before + tolerance / (c.t - b.t) { return true }
    }
    return false
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
