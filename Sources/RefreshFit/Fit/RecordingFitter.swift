import Dispatch
import RealModule
import RefreshCore
import Synchronization

/// Fits a track: each refresh's release and collapse replayed through RefreshCore with
/// candidate tunings (`_Replay`), the closest by RMS kept; then the six presets replayed the same
/// way to name the closest.
public enum RecordingFitter {
  /// Fits `track`'s refreshes; where it shows none and an indicator moved over the content
  /// where it stood still at rest (`Track.indicatorOver`), that indicator's.
  public static func fit(_ track: Track) -> RecordingFit {
    var fitted = fitTrack(track)
    if fitted.refreshes.isEmpty, let other = track.followingIndicator {
      let indicator = fitTrack(other)
      if !indicator.refreshes.isEmpty { return indicator }
    }
    // The content's track it is: the indicator's, if one was sought, is not what was fitted
    // (pulltorefresh.js's demo, still at rest for its last seconds, shows its page's text
    // change there), and the report names no span of it.
    fitted.track.indicatorSpans = []
    fitted.track.indicatorOver = nil
    return fitted
  }

  static func fitTrack(_ track: Track) -> RecordingFit {
    // Offsets from the level the list rests at (`PhaseSplitter.restLevel`): a recording that
    // begins mid-pull is measured from where it comes back to.
    var track = track
    let rest = PhaseSplitter.restLevel(track)
    if rest != 0 {
      for i in track.points.indices { track.points[i].offset = track.points[i].offset.map { $0 - rest } }
    }
    track = PhaseSplitter.restAfterCollapses(PhaseSplitter.liftedPointers(track))
    track.cuts = PhaseSplitter.cuts(track)
    let (refreshes, pulls) = PhaseSplitter.split(track)
    var result = RecordingFit(
      track: track, refreshes: refreshes, pullsWithoutRefresh: pulls, hold: nil, releaseDuration: nil,
      collapseDuration: nil, releaseFamily: nil, collapseCurve: nil, closestPreset: nil,
      residual: PhaseResiduals(), tuning: nil, finishingHold: nil,
      fittedOffsets: Array(repeating: nil, count: track.points.count),
      presetOffsets: Array(repeating: nil, count: track.points.count))
    guard !refreshes.isEmpty else { return result }
    result.hold = mean(refreshes.map(\.hold))
    let replay = _Replay(viewport: max(100, Double(track.region.height) / track.scale))
    let frame = track.frameInterval
    // As the frames were on screen: a frame a recording shows long stands until the next.
    let samples = PhaseSplitter.shown(track).map { (t: $0.t, x: $0.x) }
    // Every refresh is fitted on what the recording shows of it: one whose collapse began, on
    // its release and its collapse (one the recording cuts short, up to where it ends); one the
    // recording ends (or leaves, pulled on) while it holds, on its release alone, its collapse
    // left to the preset (`_RefreshFit.collapseShown`). SmartRefreshLayout's game headers are
    // played by dragging the held list and their demos end holding: fitted on nothing, they
    // wrote no tuning and named no preset.
    // The content never moved: the badge's own motion is the lab's overlay style, fitted as the
    // content's is, through the core's replay of the badge's travel (`_Replay.shown`).
    let overlay = track.followsIndicator ? TuningPreset.material.tuning : nil
    // What each refresh's fit is given, gathered in order; the fits themselves (each refresh's
    // replays, independent of the others') run side by side (`eachAtOnce`).
    var inputs: [@Sendable () -> _RefreshFit] = []
    for r in refreshes {
      // Where the collapse never began, the release is read until the list is dragged on from
      // its hold (`RefreshPhases.draggedOn`), or to the recording's end.
      let heldUntil = r.collapseStart ?? r.draggedOn ?? .infinity
      // A collapse a cut cuts short is read up to the cut, not across it.
      let shownSamples =
        track.cuts.first { $0 > heldUntil }.map { cut in samples.filter { $0.t < cut } } ?? samples
      let collapseEnd = r.collapseStart.map {
        r.collapseEnd ?? shownCollapseEnd(after: $0, samples: shownSamples)
      }
      // From a frame before the release (a lift a frame before the last frame at the peak, for a
      // release that starts still), but only at the peak: a pull that is still rising a frame
      // before its peak is the drag, which the replay's pull does not draw. A fast pull over
      // identical rows at 10 fps, 144 px a frame before its 178 px peak, was fitted at 9.8 pt
      // RMS for that one frame, its collapse 0.17 s long. (A hair's breadth below: frame times
      // are sums of intervals.)
      let since = track.readSince(r.pullStart)
      let releaseWindow = samples.filter {
        $0.t >= since && $0.t <= heldUntil
          && ($0.t >= r.release
            || $0.t >= r.release - frame - 1e-9 && abs($0.x - r.peak) <= PhaseSplitter.tolerance)
      }
      let collapseWindow = shownSamples.filter { sample in
        guard let collapseStart = r.collapseStart, let collapseEnd else { return false }
        return sample.t >= collapseStart - 2 * frame && sample.t <= collapseEnd + 0.15
      }
      guard releaseWindow.count >= 3, collapseWindow.count >= 3 || r.collapseStart == nil else { continue }
      // The release is the finger's lift where the frame at or before it shows the finger (not
      // where the finger was lost while the content rose on: `PhaseSplitter.pulledOn`).
      let fingerSeen = track.points.last { $0.t <= r.release }?.finger != nil
      let grid = 1 / track.scale
      inputs.append {
        fitRefresh(
          r, replay: replay, frame: frame, release: releaseWindow, collapse: collapseWindow,
          grid: grid, shifts: releaseShifts(fingerSeen: fingerSeen), overlay: overlay)
      }
    }
    var fits = eachAtOnce(inputs)
    // A refresh fitted on its release alone counts only where no refresh shows its collapse: a
    // second "refresh" the content is dragged on from (often a track gone wrong over look-alike
    // rows) wrote INSPullToRefresh's demo a 2.7 s release, 31 pt RMS off, beside a complete one.
    // (The splitter now reads that one as a pull, its hold unlike the header's, 264 px for 60:
    // `PhaseSplitter.heldByOneHeader`; one held alike, or with none to compare, still comes.)
    if fits.contains(where: \.collapseShown) { fits = fits.filter(\.collapseShown) }
    // One family for the recording, as the written tuning has one; where the finger shows, the
    // one that explains the releases and the pulls together (`withDrag`).
    result.families = families(of: fits)
    if overlay == nil {
      result.families = withDrag(
        result.families, drags: dragSamples(track, fits: fits), replay: replay, frame: frame)
    }
    if let family = result.families.first?.family {
      for (i, f) in fits.enumerated() where f.family != family {
        guard let release = f.releases.first(where: { $0.family == family }) else { continue }
        fits[i] = collapsed(
          f.phases, replay: replay, frame: frame, chosen: release, release: f.release, collapse: f.collapse,
          grid: 1 / track.scale, shapes: f.shapes, releases: f.releases)
      }
    }
    // (Either every fit left shows its collapse or none does: above.)
    guard let best = fits.min(by: { $0.residual < $1.residual }) else { return result }
    // The recording's durations as its track's crossings show them, interpolated between frames
    // as the contract says; the report's durations are the written tuning's own (below), the
    // crossings beside them.
    let shown = fits.map { trackDurations($0.phases, samples: samples) }
    result.trackDurations = TrackDurations(
      release: mean(shown.compactMap(\.release)), collapse: mean(shown.compactMap(\.collapse)))
    result.releaseFamily = best.family

    // The closest preset: the one whose motion, replayed at each refresh's hold and peak from
    // the instants the fit found, lies nearest the track in its release and its collapse
    // (`presetDistance`): the contract's "curve families and durations", whatever the header's
    // height. Durations alone (each preset's crossings against the recording's) named `smart`
    // for all of MJRefresh's demos, whose 10 fps releases and quick collapses (0.19 to 0.28 s)
    // lie nearer its durations than `mjrefresh`'s; compared as motions, two of the four are
    // told apart (the other two collapse quicker still than MJRefresh's 0.4 s animation).
    var scores: [(TuningPreset, Double)] = []
    // Only presets of the recording's style: content that moves is not a badge over still
    // content (Material's durations, replayed as its badge's travel, are much like
    // SmartRefreshLayout's: both rebound in 0.3 s); and only those whose release can draw it.
    for preset in TuningPreset.allCases
    where (preset.tuning.headerStyle == .overlay) == track.followsIndicator
      && drawsRelease(preset.tuning, fits: fits)
    {
      scores.append(
        (preset, presetDistance(preset.tuning, fits: fits, replay: replay, grid: 1 / track.scale)))
    }
    let closest = scores.min { $0.1 < $1.1 }?.0 ?? .ios
    result.closestPreset = closest

    var tuning = closest.tuning
    tuning.headerHeight = result.hold ?? best.phases.hold
    tuning.refreshThreshold = min(tuning.refreshThreshold, best.phases.peak, best.phases.hold)
    // A release shows where some frame of it lies off the hold by more than the tolerance;
    // where each pull peaked between two frames and the next shows the hold (eggswift's Meituan
    // demo at 7 fps), every family fits the release alike, and it is the preset's, said so.
    let releaseShown = fits.contains { f in
      f.release.contains { abs($0.x - f.phases.hold) > PhaseSplitter.tolerance }
    }
    if !releaseShown {
      result.families = []
    } else if best.family == "rebound" {
      // A badge keeps its own tension (Material's); content rebounds as SmartRefreshLayout's.
      if overlay == nil { tuning.resistanceCurve = .smartDamping }
      tuning.reboundDuration = best.tuning.reboundDuration
    } else if best.family == "eased" {
      // The content moved to the hold on the animation; the pull's curve is the drag's to fit.
      tuning.openDuration = best.tuning.openDuration
      if tuning.headerStyle == .overlay { tuning.headerStyle = .translate }
      if tuning.resistanceCurve == .materialTension { tuning.resistanceCurve = .iosRubberBand }
    } else {
      if tuning.resistanceCurve.family.fit?.release != .bounceSpring {
        tuning.resistanceCurve = .iosRubberBand
      }
      tuning.springMass = best.tuning.springMass
      tuning.springStiffness = best.tuning.springStiffness
      tuning.springDampingRatio = best.tuning.springDampingRatio
    }
    // The release fitted, not the preset's: mjrefresh's eased one under a fitted spring replayed
    // the preset's animation instead of the spring (1.18 pt RMS on mjrefresh-hide-time.gif).
    if releaseShown { tuning.armedRelease = best.tuning.armedRelease }
    // The collapse fitted where one shows; else the preset's (an eased release keeps its curve:
    // one `easing` times the lab's release and collapse alike).
    if best.collapseShown {
      tuning.collapseDuration = best.tuning.collapseDuration
      tuning.easing = best.tuning.easing
    } else if best.family == "eased" && releaseShown {
      tuning.easing = best.tuning.easing
    }
    result.collapseCurve = tuning.easing
    // The finishing hold: from the header's last change while held (the refresh ended) until
    // the fitted collapse begins (where the replay ends the refresh, no hold of its own).
    result.finishingHold = mean(
      fits.filter(\.collapseShown).compactMap { f in f.phases.finish.map { max(0, f.endTime - $0) } })
    if let hold = result.finishingHold { tuning.finishingHoldDuration = hold }
    // Where no release shows, the families tie on it and the release is the preset's: the
    // drag is fitted with that one's curves, and the release family written is the tuning's.
    let drag = fitDrag(
      track, fits: fits, tuning: &tuning, replay: replay,
      family: releaseShown ? best.family : releaseFamily(of: tuning))
    if !releaseShown { result.releaseFamily = releaseFamily(of: tuning) }
    // A spring that carries the content past the hold, as far as a recording shows (the hold's
    // band), is the elastic family's feel: written in its own terms, a period and a bounce, as
    // a designer reads a spring, on iOS's band as that family's drag is. Not where the finger's
    // drag was fitted in another family: the finger says the band is that one's.
    if releaseShown, best.family == "spring", !drag.fitted || tuning.resistanceCurve == .iosRubberBand,
      let peak = mean(fits.map(\.phases.peak)),
      overshoot(of: tuning, hold: tuning.headerHeight, peak: peak, viewport: replay.viewport)
        > PhaseSplitter.tolerance
    {
      tuning = elastic(tuning)
    }
    let written =
      releaseShown
      ? calibrated(
        tuning.clampedToRanges(), fits: fits, samples: samples, pixel: 1 / track.scale,
        viewport: replay.viewport, frame: frame)
      : (tuning: tuning.clampedToRanges(), releases: fits.map(\.releaseTime))
    tuning = written.tuning
    result.tuning = tuning
    // The report's durations are the written tuning's own: replaying it, pulled to each
    // refresh's peak and released, gives them (their mean over the refreshes, as the track's
    // crossings are; a spring that overshoots settles later from a higher pull, so its
    // duration from the mean peak is not the mean of its durations: 0.65 s against 0.56 for
    // two pulls to 119 and 157 pt). Where the track's crossings lie further
    // off than a crossing's own uncertainty, the report says so.
    if let written = result.tuning, let seenHold = result.hold {
      // A header's range (`Tuning.clampedToRanges`, 20 to 200 pt) may not hold the track's
      // hold: the written tuning holds at its own, and the report says so.
      let hold = written.headerHeight
      result.hold = hold
      if abs(hold - seenHold) > PhaseSplitter.tolerance {
        result.disagreements.append(
          "the hold is \(rounded(hold)) pt in the written tuning (a header's range) and "
            + "\(rounded(seenHold)) pt in the track")
      }
      let each = fits.map {
        durations(of: written, hold: hold, peak: max($0.phases.peak, hold), viewport: replay.viewport)
      }
      let own = (
        release: mean(each.map(\.release)) ?? 0, collapse: mean(each.map(\.collapse)) ?? 0
      )
      // Where no frame shows a release, the pull peaked at the hold: the written tuning's own
      // release from there is no motion (0 s), as the frames show it.
      result.releaseDuration = releaseShown ? own.release : 0
      result.collapseDuration = own.collapse
      for (name, mine, seen) in [
        ("release", own.release, result.trackDurations.release),
        ("collapse", own.collapse, result.trackDurations.collapse),
      ] {
        guard releaseShown || name == "collapse", let seen, abs(seen - mine) > Self.disagreement(frame: frame)
        else { continue }
        result.disagreements.append(
          "the \(name) lasts \(rounded(mine)) s in the written tuning and \(rounded(seen)) s in the track's "
            + "own crossings")
      }
    }
    result.sources = sources(
      tuning, family: best.family, finish: result.finishingHold != nil, preset: closest,
      drag: drag.drag == nil ? .noFinger : drag.fitted ? .fitted : .presetFitsAsWell,
      releaseShown: releaseShown, collapseShown: best.collapseShown)

    // Residuals and the plotted motions: the written tuning (released where `calibrated` timed
    // it) and the preset, each refresh.
    var releaseSquares: [Double] = []
    var collapseSquares: [Double] = []
    for (f, lift) in zip(fits, written.releases) {
      let fitted = _Replay.prepared(tuning, hold: f.phases.hold, peak: f.phases.peak)
      let c = replay.pulled(fitted, peak: f.phases.peak, release: lift)
      let r = _Replay.displacements(c, release: lift, end: f.endTime, at: f.release.map(\.t))
      releaseSquares += zip(r, f.release).map { ($0 - $1.x) * ($0 - $1.x) }
      let k = _Replay.displacements(c, release: lift, end: f.endTime, at: f.collapse.map(\.t))
      collapseSquares += zip(k, f.collapse).map { ($0 - $1.x) * ($0 - $1.x) }
      let span = track.points.indices.filter {
        track.points[$0].t >= lift && track.points[$0].t <= f.shownUntil
      }
      let times = span.map { track.points[$0].t }
      let mine = _Replay.displacements(c, release: lift, end: f.endTime, at: times)
      let presetTuning = _Replay.prepared(closest.tuning, hold: f.phases.hold, peak: f.phases.peak)
      let theirs = _Replay.displacements(
        replay.pulled(presetTuning, peak: f.phases.peak, release: f.releaseTime), release: f.releaseTime,
        end: f.endTime, at: times)
      for (n, i) in span.enumerated() {
        result.fittedOffsets[i] = mine[n]
        result.presetOffsets[i] = theirs[n]
      }
    }
    let rms = { (xs: [Double]) -> Double? in
      xs.isEmpty ? nil : (xs.reduce(0, +) / Double(xs.count)).squareRoot()
    }
    result.residual = PhaseResiduals(
      drag: drag.drag, release: rms(releaseSquares), collapse: rms(collapseSquares),
      total: rms(releaseSquares + collapseSquares), replay: drag.replay)
    return result
  }

  /// `work`'s results, in order, run on as many threads as the machine has: a phone's minute
  /// of eighteen refreshes spent six of its seconds fitting them one after another.
  static func eachAtOnce<T: Sendable>(_ work: [@Sendable () -> T]) -> [T] {
    guard work.count > 1 else { return work.map { $0() } }
    let results = Mutex<[T?]>(Array(repeating: nil, count: work.count))
    DispatchQueue.concurrentPerform(iterations: work.count) { i in
      let value = work[i]()
      results.withLock { $0[i] = value }
    }
    return results.withLock { $0.compactMap { $0 } }
  }

  /// Where a refresh that never comes back to rest in the track stops showing its collapse: the
  /// last sample before the content turns away from rest (more than the tolerance below the
  /// highest it had come back to), else the track's end. A collapse only moves the content back;
  /// a track that turns (rows replaced as the list collapsed, followed the wrong way) shows no
  /// collapse from there, and fitting it drew the collapse 40 px down.
  static func shownCollapseEnd(after start: Double, samples: [(t: Double, x: Double)]) -> Double {
    var lowest = Double.infinity
    var end = samples.last?.t ?? start
    for s in samples where s.t >= start {
      if s.x > lowest + PhaseSplitter.tolerance { break }
      lowest = min(lowest, s.x)
      end = s.t
    }
    return end
  }

  /// The finger's samples of a refresh's drag: from the finger's first frame before the pull
  /// (or a third of a second before it) to the release.
  static func finger(_ track: Track, _ r: RefreshPhases) -> _Replay.Finger {
    let since = max(r.pullStart - 0.35, track.readSince(r.pullStart))
    return track.points.compactMap { p in
      guard p.t >= since, p.t <= r.release, let y = p.finger, p.offset != nil else { return nil }
      return (p.t, y)
    }
  }

  /// The track's offset at the sample of time `t` (0 where it has none).
  static func offset(_ track: Track, at t: Double) -> Double {
    track.points.first { $0.t == t }?.offset ?? 0
  }

  /// With a finger, the drag's resistance: each family consistent with the release's (spring:
  /// iOS's rubber band and Flutter's friction; rebound: SmartRefreshLayout's damping, or a
  /// badge's tension, Material's) over a
  /// grid of its constants, replayed on the recorded finger. Then the whole refresh replayed on
  /// the finger with the fitted tuning: the residual the lab's replays would show.
  static func fitDrag(
    _ track: Track, fits: [_RefreshFit], tuning: inout Tuning, replay: _Replay, family: String
  ) -> (
    drag: Double?, replay: Double?, fitted: Bool
  ) {
    let drags = dragSamples(track, fits: fits)
    guard !drags.isEmpty else { return (nil, nil, false) }
    let frame = track.frameInterval
    // Each candidate pressed where its own band puts the press (`_Replay.pressed`).
    let pressed = { (t: Tuning, finger: _Replay.Finger, first: Double) -> _Replay.Finger in
      replay.pressed(t, finger: finger, shown: first, frame: frame)
    }
    // The registered families' own search spaces (CurveFamily.fit), those that go with the
    // release family chosen (`dragFamilies`, as `withDrag` weighed them); a badge over still
    // content keeps its own tension.
    let families =
      tuning.headerStyle == .overlay ? [tuning.resistanceCurve.family] : dragFamilies(for: family)
    let candidates = families.flatMap { family in
      family.fit.map { $0.candidates(tuning, curve: family.curve) } ?? []
    }
    func score(_ t: Tuning) -> Double { dragScore(t, drags, replay: replay, frame: frame) }
    guard var best = candidates.map({ ($0, score($0)) }).min(by: { $0.1 < $1.1 }) else {
      return (nil, nil, false)
    }
    // The preset's own drag stays unless the fitted one is clearly better: a grid point that
    // fits a few tenths of a point closer is the finger's own noise (where a touch disc's
    // centre is read, a frame's lag between the pointer and the list), not another resistance.
    // A capture of the lab's smart preset fitted dragRate 0.6 for its 0.5 by 0.1 pt RMS, and
    // pulled 3.4 pt off the preset along a staircase.
    let presetScore = score(tuning)
    let fitted = !(best.1 > presetScore * Self.clearlyBetterDrag || presetScore - best.1 < Self.dragNoise)
    if !fitted { best = (tuning, presetScore) }
    tuning = best.0
    // The trigger: the least pull that refreshed bounds it from above.
    tuning.refreshThreshold = min(
      tuning.refreshThreshold, drags.map { $0.fit.phases.peak }.min() ?? tuning.refreshThreshold)
    var squares = 0.0
    var count = 0
    for d in drags {
      let x = d.offsets
      var t = tuning
      t.finishingHoldDuration = 0
      t.minimumSpinnerTime = 0
      let finger = pressed(t, d.finger, x[0])
      let c = replay.dragged(t, finger: finger, release: d.fit.releaseTime)
      let last = d.fit.shownUntil
      let window = track.points.filter { p in p.offset != nil && p.t > d.fit.releaseTime && p.t <= last }
      let after = _Replay.displacements(
        c, release: d.fit.releaseTime, end: d.fit.endTime, at: window.map { $0.t })
      for (a, p) in zip(after, window) {
        squares += (a - (p.offset ?? a)) * (a - (p.offset ?? a))
        count += 1
      }
      for (a, b) in zip(replay.dragDisplacements(t, finger: finger).suffix(x.count), x) {
        squares += (a - b) * (a - b)
        count += 1
      }
    }
    return (best.1, count > 0 ? (squares / Double(count)).squareRoot() : nil, fitted)
  }

  /// A refresh's pull where the recording shows its finger: the finger's samples (four or
  /// more) and the content's offsets at them.
  typealias DragSamples = (fit: _RefreshFit, finger: _Replay.Finger, offsets: [Double])

  /// Each fitted refresh's pull that shows its finger.
  static func dragSamples(_ track: Track, fits: [_RefreshFit]) -> [DragSamples] {
    fits.compactMap { f in
      let samples = Self.finger(track, f.phases)
      guard samples.count >= 4 else { return nil }
      return (f, samples, samples.map { offset(track, at: $0.t) })
    }
  }

  /// The RMS, points, of `tuning`'s drag against the pulls, each pressed where its own band
  /// puts the press (`_Replay.pressed`).
  static func dragScore(_ tuning: Tuning, _ drags: [DragSamples], replay: _Replay, frame: Double) -> Double {
    var squares = 0.0
    var count = 0
    for d in drags {
      let prepared = _Replay.prepared(tuning, hold: d.fit.phases.hold, peak: d.fit.phases.peak)
      let finger = replay.pressed(prepared, finger: d.finger, shown: d.offsets[0], frame: frame)
      let shown = replay.dragDisplacements(prepared, finger: finger)
      for (a, b) in zip(shown.suffix(d.offsets.count), d.offsets) {
        squares += (a - b) * (a - b)
        count += 1
      }
    }
    return (squares / Double(max(count, 1))).squareRoot()
  }

  /// The resistance curves' families that go with a release family in the written tuning, those
  /// with a drag to fit (`CurveFamily.fit`): a spring returns by the bounce spring (iOS's band,
  /// Flutter's friction), the rebound is SmartRefreshLayout's damping's, and an eased release
  /// (MJRefresh's animation, begun at the lift) goes with either. `withDrag` chooses the family
  /// among them and `fitDrag` fits the chosen one's.
  static func dragFamilies(for release: String) -> [CurveFamily] {
    let springs = CurveFamily.registered.filter { $0.fit?.release == .bounceSpring }
    let rebound = [ResistanceCurve.smartDamping.family]
    switch release {
    case "spring": return springs
    case "rebound": return rebound
    default: return springs + rebound
    }
  }

  /// `families` where the recording shows its finger, each with its best pull among the
  /// resistance curves that go with it (`dragFamilies`) added to its criterion (n·ln RMS² plus
  /// the curve's constants·ln n over the finger's samples), re-ordered. The release alone chose
  /// between a spring and a rebound on a few hundredths of a pixel: a capture of the lab's smart
  /// preset whose frame times jittered (Tests/Fixtures/captures/smart-jittered.mp4) fitted a
  /// spring at 0.124 px RMS against the rebound's 0.137, and was written with iOS's band for the
  /// drag, 28 pt off the preset along a staircase; the finger's pull, under SmartRefreshLayout's
  /// damping or not, tells them apart (0.58 pt RMS against 2.4). A recording's finger samples
  /// outnumber its releases' moving ones, so where the two disagree the pull mostly decides;
  /// where no curve of a family has a drag to fit, the families are left as the releases
  /// order them.
  static func withDrag(
    _ families: [FamilyComparison], drags: [DragSamples], replay: _Replay, frame: Double
  ) -> [FamilyComparison] {
    guard !drags.isEmpty else { return families }
    let samples = drags.reduce(0) { $0 + $1.offsets.count }
    let n = Double(max(samples, 2))
    // Each curve family's best pull, scored once: an eased release takes the best of both groups.
    var scoredCurves: [String: (rms: Double, constants: Int)] = [:]
    func best(_ family: CurveFamily) -> (rms: Double, constants: Int)? {
      if let known = scoredCurves[family.name] { return known }
      guard let fit = family.fit,
        let rms = fit.candidates(Tuning(), curve: family.curve).map({
          dragScore($0, drags, replay: replay, frame: frame)
        }).min()
      else { return nil }
      scoredCurves[family.name] = (rms, fit.drag.count)
      return (rms, fit.drag.count)
    }
    var weighed: [FamilyComparison] = []
    for comparison in families {
      guard let pull = dragFamilies(for: comparison.family).compactMap(best).min(by: { $0.rms < $1.rms })
      else { return families }
      var c = comparison
      c.drag = pull.rms
      c.criterion += n * .log(max(pull.rms * pull.rms, 1e-12)) + Double(pull.constants) * .log(n)
      weighed.append(c)
    }
    return weighed.sorted { ($0.criterion, $0.family) < ($1.criterion, $1.family) }
  }

  /// `tuning`'s bounce spring as the elastic family's period and bounce (``CurveFamily/elasticOvershoot``):
  /// stiffness (2π/period)² at mass 1 and damping ratio 1 − bounce give the same motion, whose
  /// release is that spring, on the same band constant.
  static func elastic(_ tuning: Tuning) -> Tuning {
    var t = tuning
    let omega = (t.springStiffness / max(t.springMass, 1e-9)).squareRoot()
    t.resistanceCurve = CurveFamily.elasticOvershoot.curve
    t[parameter: "elasticDuration"] = 2 * .pi / max(omega, 1e-9)
    t[parameter: "elasticBounce"] = 1 - t.springDampingRatio
    return t
  }

  /// How far, points, `tuning`'s release from `peak` carries the content past `hold` before it
  /// settles: 0 for a release that never passes it.
  static func overshoot(of tuning: Tuning, hold: Double, peak: Double, viewport: Double) -> Double {
    let replay = _Replay(viewport: viewport)
    let release = 1.0
    let c = replay.pulled(_Replay.prepared(tuning, hold: hold, peak: peak), peak: peak, release: release)
    let times = Array(stride(from: release, through: release + 3, by: 0.002))
    let lowest = _Replay.displacements(c, release: release, end: nil, at: times).min() ?? hold
    return max(0, hold - lowest)
  }

  /// Which of the written tuning's motion settings came from the recording and which from the
  /// closest preset, for the report.
  static func sources(
    _ tuning: Tuning, family: String, finish: Bool, preset: TuningPreset, drag: ParameterSources.Drag,
    releaseShown: Bool = true, collapseShown: Bool = true
  ) -> ParameterSources {
    // The collapse's where the recording shows one; an eased release's curve is its own.
    var recording =
      ["headerHeight", "refreshThreshold"]
      + (collapseShown
        ? ["collapseDuration", "easing"] : releaseShown && family == "eased" ? ["easing"] : [])
    var release = ["armedRelease"]
    switch releaseShown ? family : releaseFamily(of: tuning) {
    case "rebound": release.append("reboundDuration")
    case "eased": release.append("openDuration")
    default:
      release +=
        tuning.resistanceCurve == CurveFamily.elasticOvershoot.curve
        ? ["elasticDuration", "elasticBounce"] : ["springMass", "springStiffness", "springDampingRatio"]
    }
    if releaseShown {
      recording.insert("armedRelease", at: 2)
      recording += release.dropFirst()
    }
    if finish { recording.append("finishingHoldDuration") }
    // The curve is the release family's where that differs from the preset's (a spring-shaped
    // release under smart's rebound curve is written as iOS's rubber band).
    let curveChanged = tuning.resistanceCurve != preset.tuning.resistanceCurve
    if curveChanged { recording.append("resistanceCurve") }
    // The band's constants: those the fitter searches, or (a family it does not search, the
    // elastic one) those its definition reads while pulled.
    let family = tuning.resistanceCurve.family
    let dragKeys =
      (curveChanged ? [] : ["resistanceCurve"])
      + (family.fit?.drag.map(\.key) ?? family.parameters.filter { $0.phase == .pull }.map(\.key))
    if drag == .fitted { recording += dragKeys }
    return ParameterSources(
      recording: recording, preset: preset.rawValue, drag: drag, dragKeys: drag == .fitted ? [] : dragKeys,
      releaseKeys: releaseShown ? [] : release)
  }

  /// How much lower, as a share, a fitted drag's RMS must be than the preset's own for the fit
  /// to replace it, and by how many points at least.
  static let clearlyBetterDrag = 0.8
  static let dragNoise = 0.5

  struct _RefreshFit {
    var phases: RefreshPhases
    var family: String
    var tuning: Tuning
    var releaseTime: Double
    var endTime: Double
    var release: [(t: Double, x: Double)]
    var collapse: [(t: Double, x: Double)]
    var residual: Double
    /// The release's RMS for each shape a preset's release may have (`releaseShape`), its
    /// duration or stiffness fitted.
    var shapes: [String: Double] = [:]
    /// Each family's best fit of the release.
    var releases: [ReleaseFit] = []
    /// Whether the recording shows the refresh's collapse (`endTime` is infinity where not: the
    /// refresh never ends in its replays).
    var collapseShown: Bool { endTime.isFinite }
    /// The last moment the fit compares: the collapse's last sample, or the release's.
    var shownUntil: Double { collapse.last?.t ?? release.last?.t ?? phases.holdStart }
    /// The release's RMS at each family's best fit.
    var families: [String: Double] {
      Dictionary(releases.map { ($0.family, $0.score) }) { a, _ in a }
    }
  }

  /// A release fitted in one family: the tuning, the release instant, the family, the RMS.
  typealias ReleaseFit = (tuning: Tuning, time: Double, family: String, score: Double)

  /// How far, seconds, the written tuning's duration and the track's crossing may differ before
  /// the report says they disagree: a tenth of a second, or one and a half frame intervals if
  /// longer (a 0.5 px crossing on a slow approach is uncertain by more than a frame).
  static func disagreement(frame: Double) -> Double { max(0.1, 1.5 * frame) }

  static func rounded(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

  static func mean(_ xs: [Double]) -> Double? { xs.isEmpty ? nil : xs.reduce(0, +) / Double(xs.count) }

  static func rms(_ values: [Double], _ samples: [(t: Double, x: Double)], grid: Double = 0) -> Double {
    var s = 0.0
    // An index loop: every candidate replay is scored here, and in the tests' debug build a
    // `zip` costs a generic iterator call a sample.
    let count = min(values.count, samples.count)
    var i = 0
    while i < count {
      // A recording shows the content on its pixel grid: the motion is compared as drawn.
      let v = values[i]
      let shown = grid > 0 ? (v / grid).rounded() * grid : v
      let d = shown - samples[i].x
      s += d * d
      i += 1
    }
    return (s / Double(max(samples.count, 1))).squareRoot()
  }

  /// `controller`'s motion replayed at `times`, `samples`' (lifted at `release`, ended at
  /// `end`), its RMS against them as `rms(_:_:grid:)` has it, the same squares summed in the same
  /// order; infinity as soon as they exceed what an RMS of `cutoff` allows (the replay left
  /// unfinished).
  static func rms(
    _ controller: RefreshController, release: Double?, end: Double?, at times: [Double],
    _ samples: [(t: Double, x: Double)], grid: Double, cutoff: Double
  ) -> Double {
    let limit = cutoff.isFinite ? cutoff * cutoff * Double(max(samples.count, 1)) : .infinity
    var s = 0.0
    var i = 0
    var over = false
    _ = _Replay.displacements(controller, release: release, end: end, at: times) { _, v in
      let shown = grid > 0 ? (v / grid).rounded() * grid : v
      let d = shown - samples[i].x
      s += d * d
      i += 1
      over = s > limit
      return over
    }
    return over ? .infinity : (s / Double(max(samples.count, 1))).squareRoot()
  }

  /// How many times the least RMS so far a candidate's may grow before its replay is left
  /// unfinished: more than any bound a fit is weighed within (`indistinct` at its widest,
  /// e^1.645 ≈ 5.18, over a best that may lie 1 % above the least: `releaseShifts`), so that
  /// what is chosen is what the whole replays chose. The release and collapse grids replay
  /// hundreds of candidates a refresh, most of them far off.
  static let beyondReach = 5.5

  /// The release instants tried, frames after the refresh's `release`, likeliest first: with no
  /// finger seen, the release lies between the last frame at the peak and the next, so halfway
  /// first; with a finger, `release` is already halfway between its last frame and the next.
  ///
  /// The order breaks ties. On a recording's whole pixels the drawn motion is a staircase, and
  /// a fixed-length rebound released a quarter frame sooner and lasting a tenth longer draws the
  /// same pixels as the true one: the lab's SmartRefreshLayout GIF fitted its 0.30 s rebound as
  /// 0.33 s released 5 ms early (the first tried), 10 % long. The likeliest instant is kept
  /// unless another fits more than 1 % better.
  static func releaseShifts(fingerSeen: Bool) -> [Double] {
    let centre = fingerSeen ? 0.0 : 0.5
    // With no finger, the last frame at the peak may come a frame after the lift when the
    // release starts still (MJRefresh's eased animation moves under half a pixel in its first
    // frame): those earlier instants are tried for the eased family only (`fitRefresh`).
    let first = fingerSeen ? -0.5 : -1.0
    return stride(from: first, through: 1.0, by: 0.25).sorted { abs($0 - centre) < abs($1 - centre) }
  }

  /// One refresh: the release family and its constant, then the collapse's curve and duration,
  /// each by a coarse grid refined around its best.
  static func fitRefresh(
    _ r: RefreshPhases, replay: _Replay, frame: Double, release: [(t: Double, x: Double)],
    collapse: [(t: Double, x: Double)], grid: Double = 0,
    shifts: [Double] = releaseShifts(fingerSeen: false), overlay: Tuning? = nil
  ) -> _RefreshFit {
    let releaseTimes = release.map(\.t)
    var releases: [ReleaseFit] = []
    var shapes: [String: Double] = [:]
    // A badge over still content (`overlay`, Material's) rebounds as its preset does; content
    // springs, rebounds, or eases as MJRefresh's one animation of `openDuration` on a timing
    // curve (`ArmedRelease.eased`).
    // Where the track's own crossing into the hold's band shows (`trackDurations`), the instant.
    let seenAt = trackDurations(r, samples: release).release.map { r.release + $0 }
    for family in overlay == nil ? releaseFamilies : ["rebound"] {
      var familyBest: ReleaseFit? = nil
      var pool: [ReleaseFit] = []
      var base = overlay ?? Tuning()
      if family == "rebound" && overlay == nil { base.resistanceCurve = .smartDamping }
      if family == "eased" { base.armedRelease = .eased }
      base = _Replay.prepared(base, hold: r.hold, peak: r.peak)
      // The release lies between the last frame at the peak and the next (or, with a finger,
      // around halfway between its last frame and the next): `shifts`, likeliest first.
      // A spring or rebound leaves the peak at the finger's speed, moving in its first frame.
      // The family's least RMS so far, for `beyondReach`.
      var leastSoFar = Double.infinity
      for shift in shifts where shift >= -0.5 || family == "eased" {
        let time = r.release + shift * frame
        let pulled = replay.pulled(base, peak: r.peak, release: time)
        let score = { (t: Tuning, cutoff: Double) -> Double in
          var c = pulled
          _ = c.handle(.setTuning(t, time: time))
          return rms(c, release: time, end: nil, at: releaseTimes, release, grid: grid, cutoff: cutoff)
        }
        var candidates: [Tuning]
        if family == "spring" {
          candidates = []
          var k = 20.0
          while k < 1600 {
            for z in stride(from: 0.5, through: 1.6, by: 0.1) {
              var t = base
              t.springMass = 1
              t.springStiffness = k
              t.springDampingRatio = z
              candidates.append(t)
            }
            k *= 1.15
          }
        } else if family == "eased" {
          candidates = easedReleaseCurves.flatMap { curve in
            stride(from: 0.05, through: 1.2, by: 0.02).map { d in
              var t = base
              t.easing = curve
              t.openDuration = d
              return t
            }
          }
        } else {
          candidates = stride(from: 0.05, through: 1.2, by: 0.02).map { d in
            var t = base
            t.reboundDuration = d
            return t
          }
        }
        // A candidate that can neither lower its shape's least RMS, nor be this instant's least
        // (which is refined), nor come within any bound of the family's best is left unfinished
        // (`beyondReach`).
        var least = Double.infinity
        let scored = candidates.map { t in
          let shape = releaseShape(family: family, curve: t.easing)
          let value = score(t, max(beyondReach * leastSoFar, shapes[shape] ?? .infinity, least))
          least = min(least, value)
          leastSoFar = min(leastSoFar, value)
          shapes[shape] = min(shapes[shape] ?? .infinity, value)
          return (t, value)
        }
        for (t, value) in scored { pool.append((t, time, family, value)) }
        var best = scored.min { $0.1 < $1.1 }
        if let (coarse, _) = best {
          let fine = refined(coarse, family: family)
          if let refined = fine.map({ ($0, score($0, .infinity)) }).min(by: { $0.1 < $1.1 }),
            refined.1 < best?.1 ?? .infinity
          {
            best = refined
          }
        }
        if let best {
          let shape = releaseShape(family: family, curve: best.0.easing)
          shapes[shape] = min(shapes[shape] ?? .infinity, best.1)
        }
        // A less likely instant must fit better by more than the model's own slack (its peak
        // is pulled to within 0.01 pt): `releaseShifts`.
        if let best, best.1 < (familyBest?.score ?? .infinity) * 0.99 {
          familyBest = (best.0, time, family, best.1)
        }
      }
      if var chosen = familyBest {
        if let seenAt {
          // The samples that carry the motion: those up to the crossing (after it every fit is
          // at the hold, and the squares' ratio is theirs alone).
          let moving = release.filter { $0.t >= r.release && $0.t <= seenAt + frame }.count
          chosen = crossingAt(
            seenAt, among: pool, best: chosen, r: r, frame: frame, replay: replay, samples: moving
          ) { t, time in
            var c = replay.pulled(base, peak: r.peak, release: time)
            _ = c.handle(.setTuning(t, time: time))
            return rms(
              _Replay.displacements(c, release: time, end: nil, at: releaseTimes), release, grid: grid)
          }
        }
        releases.append(chosen)
      }
    }
    // Here the family that explains this release best for what it is given to (`penalized`);
    // the recording's family is chosen over all its refreshes (`fit`), and a refresh whose own
    // choice differs has its collapse fitted again on that family's release (`collapsed`).
    let chosen =
      releases.min {
        penalized($0.score, samples: release.count, family: $0.family)
          < penalized($1.score, samples: release.count, family: $1.family)
      } ?? (_Replay.prepared(Tuning(), hold: r.hold, peak: r.peak), r.release, "spring", 0)
    return collapsed(
      r, replay: replay, frame: frame, chosen: chosen, release: release, collapse: collapse, grid: grid,
      shapes: shapes, releases: releases)
  }

  /// How much more than the best RMS a fit over `samples` residuals may have and still be one
  /// the samples cannot tell from the best (`crossingAt`): the ratio of two RMS whose squares'
  /// ratio lies within the one-sided 95 % bound of an F distribution with the samples' degrees
  /// of freedom, by the log-normal approximation (the log of a mean square varies by about
  /// 2/(n − 1), of a ratio of two by twice that): e^(1.645 / √(n − 1)). Twenty samples (a
  /// release at 50 fps) allow 1.46 times the best RMS, five (at 10 fps) 2.3.
  static func indistinct(samples: Int) -> Double {
    .exp(1.645 / Double(max(samples - 1, 1)).squareRoot())
  }

  /// The fit among `pool` that the samples cannot tell from `best` (within `indistinct` times
  /// its RMS) whose motion enters the hold's band nearest `seenAt`, the track's own crossing; `best`
  /// itself where its crossing lies within `disagreement` of it. Along a release's last pixel
  /// the RMS is nearly flat: SmartRefreshLayout's demos enter the band 0.11 to 0.13 s before the
  /// spring of least RMS does, at a few hundredths of a pixel more RMS, and the written tuning
  /// then released for 0.42 to 0.46 s where the recordings show 0.32 to 0.34.
  static func crossingAt(
    _ seenAt: Double, among pool: [ReleaseFit], best: ReleaseFit, r: RefreshPhases, frame: Double,
    replay: _Replay, samples: Int, score: (Tuning, Double) -> Double
  ) -> ReleaseFit {
    func crossing(_ f: ReleaseFit) -> Double {
      f.time + durations(of: f.tuning, hold: r.hold, peak: r.peak, viewport: replay.viewport).release
    }
    let off = abs(crossing(best) - seenAt)
    guard off > disagreement(frame: frame) else { return best }
    let bound = best.score * indistinct(samples: samples)
    var chosen = nearest(
      to: seenAt, among: pool, within: bound, score: \.score, crossing: crossing, current: (best, off))
    // Then the fine grid around it (`refined`), scored at its instant, within the same bound.
    if chosen.0.score != best.score || chosen.0.time != best.time {
      let around = chosen.0
      let fine = refined(around.tuning, family: around.family).map { t in
        (tuning: t, time: around.time, family: around.family, score: score(t, around.time))
      }
      chosen = nearest(
        to: seenAt, among: fine, within: bound, score: \.score, crossing: crossing, current: chosen)
    }
    return chosen.0
  }

  /// Of `candidates` whose RMS (`score`) lies within `bound`, at most two dozen spread over
  /// their scores (each is replayed to the end of its phase), the one whose `crossing` lies
  /// nearest `seenAt`, if nearer than `current`'s (the candidate and its distance).
  static func nearest<Candidate>(
    to seenAt: Double, among candidates: [Candidate], within bound: Double, score: (Candidate) -> Double,
    crossing: (Candidate) -> Double, current: (Candidate, Double)
  ) -> (Candidate, Double) {
    let close = candidates.filter { score($0) <= bound }.sorted { score($0) < score($1) }
    var chosen = current
    for f in stride(from: 0, to: close.count, by: max(1, close.count / 24)).map({ close[$0] }) {
      let d = abs(crossing(f) - seenAt)
      if d < chosen.1 { chosen = (f, d) }
    }
    return chosen
  }

  /// The fine grid around a family's coarse fit: the spring's stiffness within 8 % and its
  /// damping within 0.06, a rebound's or an eased animation's duration within 0.02 s.
  static func refined(_ coarse: Tuning, family: String) -> [Tuning] {
    var fine: [Tuning] = []
    if family == "spring" {
      for kf in stride(from: 0.92, through: 1.08, by: 0.02) {
        for dz in stride(from: -0.06, through: 0.06, by: 0.01) {
          var t = coarse
          t.springStiffness = coarse.springStiffness * kf
          t.springDampingRatio = max(0.1, coarse.springDampingRatio + dz)
          fine.append(t)
        }
      }
    } else if family == "eased" {
      fine = stepped(coarse, \.openDuration, within: 0.02)
    } else {
      fine = stepped(coarse, \.reboundDuration, within: 0.02)
    }
    return fine
  }

  /// `tuning` with the duration at `key` stepped by 2 ms from `within` seconds less to `within`
  /// more (never under 10 ms): a fine grid around a coarse fit's duration.
  static func stepped(_ tuning: Tuning, _ key: WritableKeyPath<Tuning, Double>, within: Double) -> [Tuning] {
    stride(from: -within, through: within, by: 0.002).map { dd in
      var t = tuning
      t[keyPath: key] = max(0.01, tuning[keyPath: key] + dd)
      return t
    }
  }

  /// Where a collapse may begin, frames after the refresh's `collapseStart` (the crossing out of
  /// the hold's band, interpolated between the last frame at the hold and the next): up to two
  /// frames earlier, as an eased start leaves the hold slowly; and up to half a frame later, as
  /// a brisk one leaves it within a frame, where the line between the two frames crosses the
  /// band early (three quarters let presets of the wrong shape match at 10 fps). The lab's smart
  /// preset, collapsing ease-out, rendered at 30 fps, fell 4.6 pt in the frame after it began
  /// 0.6 frame past the last one at the hold; begun no later than the crossing, its fit lasted
  /// 0.34 s for 0.30.
  static let collapseShifts = Array(stride(from: -2.0, through: 0.5, by: 0.25))

  /// A refresh's fit on the release `chosen`: the collapse's curve and duration by a coarse grid
  /// refined around its best.
  static func collapsed(
    _ r: RefreshPhases, replay: _Replay, frame: Double, chosen: ReleaseFit, release: [(t: Double, x: Double)],
    collapse: [(t: Double, x: Double)], grid: Double, shapes: [String: Double], releases: [ReleaseFit]
  ) -> _RefreshFit {
    // A refresh the recording shows no collapse of: its release alone, never ended.
    guard r.collapseStart != nil else {
      return _RefreshFit(
        phases: r, family: chosen.family, tuning: chosen.tuning, releaseTime: chosen.time, endTime: .infinity,
        release: release, collapse: [], residual: chosen.score, shapes: shapes, releases: releases)
    }
    // The collapse: every timing curve, a duration grid, the end around the band's crossing
    // (`collapseShifts`).
    let pulled = replay.pulled(chosen.tuning, peak: r.peak, release: chosen.time)
    let times = collapse.map(\.t)
    typealias Collapse = (tuning: Tuning, end: Double, score: Double)
    func score(_ t: Tuning, end: Double, cutoff: Double) -> Double {
      var c = pulled
      _ = c.handle(.setTuning(t, time: chosen.time))
      return rms(c, release: chosen.time, end: end, at: times, collapse, grid: grid, cutoff: cutoff)
    }
    var bestCollapse: Collapse? = nil
    var pool: [Collapse] = []
    let start = r.collapseStart ?? r.holdStart
    var leastSoFar = Double.infinity
    for shift in collapseShifts {
      let end = start + shift * frame
      guard end > chosen.time else { continue }
      // One `easing` times the lab's release and collapse alike: an eased release keeps its curve.
      let curves = chosen.family == "eased" ? [chosen.tuning.easing] : TimingCurve.allCases
      for curve in curves {
        let coarse = stride(from: 0.05, through: 1.5, by: 0.02).map { d in
          var t = chosen.tuning
          t.easing = curve
          t.collapseDuration = d
          return t
        }
        // Left unfinished only past reach and past this curve's least here, which is refined.
        var least = Double.infinity
        let scored = coarse.map { t in
          let value = score(t, end: end, cutoff: max(beyondReach * leastSoFar, least))
          least = min(least, value)
          leastSoFar = min(leastSoFar, value)
          return (t, value)
        }
        pool += scored.map { ($0.0, end, $0.1) }
        guard var best = scored.min(by: { $0.1 < $1.1 }) else { continue }
        let fine = stepped(best.0, \.collapseDuration, within: 0.02).map {
          ($0, score($0, end: end, cutoff: .infinity))
        }
        if let refined = fine.min(by: { $0.1 < $1.1 }), refined.1 < best.1 { best = refined }
        if best.1 < bestCollapse?.score ?? .infinity { bestCollapse = (best.0, end, best.1) }
      }
    }
    var fitted = bestCollapse ?? (chosen.tuning, start, 0)
    if let seenAt = r.collapseEnd, let best = bestCollapse {
      // The collapses the samples cannot tell from the best.
      let moving = collapse.filter { $0.t >= start && $0.t <= seenAt + frame }.count
      let bound = best.score * indistinct(samples: moving)
      // A collapse's own duration (one replay: `durations` runs a millisecond at a time).
      func lasts(_ f: Collapse) -> Double {
        Self.durations(of: f.tuning, hold: r.hold, peak: r.peak, viewport: replay.viewport).collapse
      }
      // As for the release (`crossingAt`): of those, the one back at rest nearest the track's
      // own crossing, where the best's is further off than a crossing's uncertainty.
      let off = abs(best.end + lasts(best) - seenAt)
      if off > disagreement(frame: frame) {
        fitted =
          nearest(
            to: seenAt, among: pool, within: bound, score: \.score, crossing: { $0.end + lasts($0) },
            current: (best, off)
          ).0
      }
      // And where the track shows the whole collapse, ended where that left it, the one whose
      // own duration lies nearest the track's (from leaving the hold's band to rest), where
      // the chosen one's is more than half a frame off, its return to rest no further from the
      // track's than the chosen one's or half a frame: a collapse is fitted on its pixels, and a
      // tail a little too quick barely moves its RMS but moves its end across the band.
      // SmartRefreshLayout's five demos, at 50 fps, collapsed 0.015 to 0.025 s quicker in their
      // written tunings than their tracks' crossings and the measure show. Of the coarse
      // grid's collapses ended there, and a fine grid around the chosen one.
      if let leaves = r.collapseStart {
        let seen = seenAt - leaves
        let around = fitted
        let lasted = lasts(around)
        if abs(lasted - seen) > frame / 2 {
          let allowed = max(abs(around.end + lasted - seenAt), frame / 2)
          let fine = stepped(around.tuning, \.collapseDuration, within: 0.04).map { t in
            (tuning: t, end: around.end, score: score(t, end: around.end, cutoff: .infinity))
          }
          fitted =
            nearest(
              to: 0, among: pool.filter { $0.end == around.end } + fine, within: bound, score: \.score,
              crossing: { f in
                let d = lasts(f)
                return abs(f.end + d - seenAt) <= allowed ? abs(d - seen) : .infinity
              }, current: (around, abs(lasted - seen))
            ).0
        }
      }
    }
    return _RefreshFit(
      phases: r, family: chosen.family, tuning: fitted.tuning, releaseTime: chosen.time, endTime: fitted.end,
      release: release, collapse: collapse, residual: chosen.score + fitted.score, shapes: shapes,
      releases: releases)
  }

  /// The constants each release family fits: the spring's stiffness and damping, the rebound's
  /// duration, the eased animation's curve and duration. The release instant, fitted for all
  /// alike, is left out.
  static let familyConstants = ["spring": 2, "rebound": 1, "eased": 2]

  /// The release families content may move by: the scroll view's spring, SmartRefreshLayout's
  /// rebound, MJRefresh's eased animation.
  static let releaseFamilies = ["spring", "rebound", "eased"]

  /// A release family's fit weighed against what it is given to fit with: the Bayesian
  /// information criterion of `samples` residuals of RMS `rms` and the family's constants.
  /// The smaller is the better explanation: each constant more must lower n·ln RMS² by ln n.
  /// (A floor under the RMS at the pixel grid's own √12 left the lab's iOS spring at 30 fps,
  /// 0.19 pt against the rebound's 0.25, tied with the rebound, and the rebound, simpler, won:
  /// the grid-rounded replays the fit compares come well under it.)
  static func penalized(_ rms: Double, samples: Int, family: String) -> Double {
    let n = Double(max(samples, 2))
    return n * .log(max(rms * rms, 1e-12)) + Double(familyConstants[family] ?? 2) * .log(n)
  }

  /// The family of a recording's releases: the one of least `penalized` criterion summed over
  /// its refreshes (each fitted with its own constants), among those every refresh was fitted
  /// with. One refresh alone decided before: a capture of the lab's smart preset whose first
  /// release a rebound drew at 0.11 pt RMS against a spring's 0.27, and its second a spring at
  /// 0.09 against 0.14, was written as a spring (iOS's rubber band) and pulled 26 pt off the
  /// preset along a staircase.
  static func families(of fits: [_RefreshFit]) -> [FamilyComparison] {
    guard let first = fits.first else { return [] }
    let common = fits.reduce(Set(first.families.keys)) { $0.intersection($1.families.keys) }
    let samples = fits.reduce(0) { $0 + $1.release.count }
    return common.map { family in
      let criterion = fits.reduce(0) {
        $0 + penalized($1.families[family] ?? 0, samples: $1.release.count, family: family)
      }
      let squares = fits.reduce(0) {
        $0 + ($1.families[family] ?? 0) * ($1.families[family] ?? 0) * Double($1.release.count)
      }
      return FamilyComparison(
        family: family, rms: (squares / Double(max(samples, 1))).squareRoot(),
        constants: familyConstants[family] ?? 2, criterion: criterion)
    }.sorted { ($0.criterion, $0.family) < ($1.criterion, $1.family) }
  }

  /// The timing curves an eased release is fitted on: those that start still, as an animation
  /// begun when the finger lifts does on UIView's default curve (MJRefresh's). Linear and ease-out
  /// leave the peak at full speed, the rebound's shape: with them the family took
  /// SmartRefreshLayout's own demos from the spring and rebound (0.2 to 0.35 px RMS against 0.31
  /// to 0.48) and ended their release 0.05 s before the recording does (bezierradar 0.29 s
  /// against 0.34 measured).
  static let easedReleaseCurves: [TimingCurve] = [.easeIn, .easeInOut]

  /// The shape of a release, whatever its duration: the spring (any stiffness and damping), the
  /// rebound, or an eased animation on one timing curve.
  static func releaseShape(family: String, curve: TimingCurve) -> String {
    family == "eased" ? "eased " + curve.rawValue : family
  }

  /// The shape of `tuning`'s release past the trigger.
  static func releaseShape(of tuning: Tuning) -> String {
    if tuning.armedRelease == .eased { return releaseShape(family: "eased", curve: tuning.easing) }
    return releaseFamily(of: tuning)
  }

  /// The family of `tuning`'s release past the trigger: `spring`, `rebound` or `eased`.
  static func releaseFamily(of tuning: Tuning) -> String {
    if tuning.armedRelease == .eased { return "eased" }
    return tuning.resistanceCurve.family.fit?.release == .rebound ? "rebound" : "spring"
  }

  /// Whether `tuning`'s release can draw the recorded ones: its shape fits, at its best duration,
  /// within twice the best shape's RMS. A preset whose release shape the track rules out is no
  /// candidate however near the rest of its motion lies: SmartRefreshLayout's demos leave the
  /// peak at speed, which `mjrefresh`'s ease-in-out cannot draw (0.9 to 1.8 px RMS against 0.31
  /// to 0.48 for the spring). At 10 frames a second nearly every shape fits a release of two or
  /// three frames, and the whole motion decides (`presetDistance`).
  static func drawsRelease(_ tuning: Tuning, fits: [_RefreshFit]) -> Bool {
    var total: [String: Double] = [:]
    for f in fits {
      for (shape, value) in f.shapes { total[shape, default: 0] += value }
    }
    guard let best = total.values.min(), let mine = total[releaseShape(of: tuning)] else { return true }
    return mine <= 2 * best
  }

  /// How far `preset`'s motion lies from the recording's, over its refreshes: replayed at each
  /// refresh's hold and peak, ended where the fit ended it (`endTime`) and released where the
  /// fit of the preset's own release family placed the lift (`releases`), its release's RMS
  /// plus its collapse's (none where the recording shows no collapse: `collapseShown`), so a
  /// release of two frames counts as much as a longer collapse. The
  /// mean over the refreshes. When the refresh ended is the recording's, whichever preset is
  /// compared (free for each, a preset of the wrong shape shifted its collapse by a frame at
  /// 10 fps to match); where the finger lifted depends on the release's shape: an eased one
  /// starts still and lifts earlier than a rebound that leaves at speed, and replayed from the
  /// rebound's lift, MJRefresh's own ease-in-out lay further from mjrefresh-hide-time.gif than
  /// smart's (7.3 against 4.8 on its release); from its own, `ego` is named, an iOS preset.
  /// An eased preset takes the lift of the best eased curve's fit, and a family the fit did not
  /// try (a badge's content fits the rebound alone) the best family's lift.
  static func presetDistance(
    _ preset: Tuning, fits: [_RefreshFit], replay: _Replay, grid: Double
  ) -> Double {
    var total = 0.0
    let family = releaseFamily(of: preset)
    for f in fits {
      let r = f.phases
      let lift = f.releases.first { $0.family == family }?.time ?? f.releaseTime
      let tuning = _Replay.prepared(preset, hold: r.hold, peak: r.peak)
      let c = replay.pulled(tuning, peak: r.peak, release: lift)
      let release = rms(
        _Replay.displacements(c, release: lift, end: f.endTime, at: f.release.map(\.t)), f.release,
        grid: grid)
      let collapse = rms(
        _Replay.displacements(c, release: lift, end: f.endTime, at: f.collapse.map(\.t)), f.collapse,
        grid: grid)
      total += release + collapse
    }
    return total / Double(max(fits.count, 1))
  }

  /// The contract's durations of a refresh as the track shows them: from the release until
  /// within the tolerance of the hold for good (the crossing after the last frame outside it),
  /// and from the last moment at the hold until within the tolerance of rest; nil where the
  /// recording ends first.
  static func trackDurations(_ r: RefreshPhases, samples: [(t: Double, x: Double)]) -> (
    release: Double?, collapse: Double?
  ) {
    let tol = PhaseSplitter.tolerance
    var release: Double? = nil
    // Up to the collapse, or where no collapse shows, the drag on or the recording's end.
    if let collapseStart = r.collapseStart ?? r.draggedOn ?? samples.last?.t {
      let window = samples.filter { $0.t >= r.release && $0.t <= collapseStart }
      if let outside = window.lastIndex(where: { abs($0.x - r.hold) > tol }), outside + 1 < window.count {
        let a = window[outside]
        let b = window[outside + 1]
        let edge = a.x > r.hold ? r.hold + tol : r.hold - tol
        let f = a.x == b.x ? 1 : max(0, min(1, (edge - a.x) / (b.x - a.x)))
        release = a.t + f * (b.t - a.t) - r.release
      }
    }
    let collapse = r.collapseStart.flatMap { s in r.collapseEnd.map { $0 - s } }
    return (release, collapse)
  }

  /// `tuning` with its release made faster or slower, as a whole, toward coming down into the
  /// hold's band, replayed from each refresh's peak, when the track shows the recording did,
  /// where the two lie further apart than those crossings are known to (`crossings`) and than a
  /// quarter frame (how near `scaled` brings a crossing to its target). Not only where they lie
  /// a frame apart: the track's crossing is interpolated between its frames as the contract's
  /// durations are, and a release that ends within a frame is no better known from the fit's
  /// RMS, flat across it (`mobile-pulltorefresh-ios.gif`, from its peak to its hold between two
  /// 10 fps frames, was written to release in 0.021 s; it now releases in 0.062 s, as far toward
  /// the track's 0.095 as the samples allow, and the rest's releases came 12 % nearer the
  /// measured on average). The contract times the release from the finger's lift, or with no
  /// finger from the last frame at the peak, and the fit's RMS is nearly flat across the instant
  /// a release began within its frame: the tuning of least RMS on a 10 fps GIF released in
  /// 0.07 s where the recording took 0.2, its lift placed most of a frame late. So the release
  /// gains the time from the contract's instant to the fitted lift whatever the samples say; any
  /// further only as far as the samples cannot tell the change from the fit (its RMS within
  /// `indistinct` times the fit's): a blurred hold's frames scatter over its band, and its
  /// first frame in it comes early. Returned with the instants each refresh's motion is replayed
  /// from: the contract's where the release was changed, else the fitted lift.
  static func calibrated(
    _ tuning: Tuning, fits: [_RefreshFit], samples: [(t: Double, x: Double)], pixel: Double, viewport: Double,
    frame: Double
  ) -> (tuning: Tuning, releases: [Double]) {
    let unchanged = (tuning: tuning, releases: fits.map(\.releaseTime))
    let hold = tuning.headerHeight
    let replay = _Replay(viewport: viewport)
    let motions = { (t: Tuning) in
      fits.map { replayed(t, hold: hold, peak: max($0.phases.peak, hold), viewport: viewport) }
    }
    // From the refresh's release (the replay's at 1 s) into the hold's band; from the fitted
    // lift where that came sooner (an eased release that starts still moves under a pixel in
    // its first frame, and the last frame at the peak comes after the lift).
    let froms = fits.map { min($0.releaseTime, $0.phases.release) }
    let seenBands = zip(fits, froms).map { f, from in
      (from: from, to: f.phases.collapseStart ?? f.shownUntil, level: f.phases.hold)
    }
    let ownBands = fits.map { _ in (from: 1.0, to: 5.0, level: hold) }
    guard let seen = crossings([samples], bands: seenBands, pixel: pixel),
      let mine = crossings(motions(tuning), bands: ownBands, pixel: pixel), mine.mean > 0, seen.mean > 0,
      abs(seen.mean - mine.mean) > max(frame / 4, seen.slack, mine.slack)
    else { return unchanged }
    // `tuning`'s release entering the band `target` after its start: a few steps, as a rebound's
    // length and a spring's period scale its motion in time, though a band's limits and the
    // pixel grid keep it from scaling exactly.
    func scaled(to target: Double) -> Tuning {
      var k = 1.0
      var own = mine.mean
      for _ in 0..<3 {
        let next = min(3, max(1.0 / 3, k * target / own))
        guard let entered = crossings(motions(releaseScaled(tuning, by: next)), bands: ownBands, pixel: pixel)
        else { break }
        (k, own) = (next, entered.mean)
        if abs(own - target) <= frame / 4 { break }
      }
      return releaseScaled(tuning, by: k)
    }
    // The RMS of `t` over the refreshes' release samples, each released at `at`.
    func rms(_ t: Tuning, at releases: [Double]) -> Double {
      var squares = 0.0
      var count = 0
      for (f, at) in zip(fits, releases) {
        let prepared = _Replay.prepared(t, hold: f.phases.hold, peak: f.phases.peak)
        let x = _Replay.displacements(
          replay.pulled(prepared, peak: f.phases.peak, release: at), release: at, end: f.endTime,
          at: f.release.map(\.t))
        let r = Self.rms(x, f.release, grid: pixel)
        squares += r * r * Double(f.release.count)
        count += f.release.count
      }
      return (squares / Double(max(count, 1))).squareRoot()
    }
    let wait = mean(zip(fits, froms).map { max(0, $0.releaseTime - $1) }) ?? 0
    let lifted = seen.mean > mine.mean ? min(seen.mean, mine.mean + wait) : mine.mean
    let moving = zip(fits, froms).reduce(0) { n, f in
      n + f.0.release.filter { $0.t <= f.1 + seen.mean + frame }.count
    }
    let bound = rms(tuning, at: fits.map(\.releaseTime)) * indistinct(samples: moving)
    for share in [1, 0.75, 0.5, 0.25] where lifted != seen.mean {
      let candidate = scaled(to: lifted + share * (seen.mean - lifted))
      if rms(candidate, at: froms) <= bound { return (candidate, froms) }
    }
    return lifted == mine.mean ? unchanged : (scaled(to: lifted), froms)
  }

  /// Where `series` (one per band, or one for all) comes down into each band, seconds after
  /// the band's `from`, as a mean, and how far that entry moves where the band is read a pixel
  /// higher: on a slow approach a band's edge moves much with a pixel (SmartRefreshLayout's
  /// bezier demos at 50 fps enter their hold's band 0.04 s apart as read by the fitter's tracker
  /// and by the corpus's own measure, whose holds differ by a pixel), and a written tuning's
  /// crossing is no surer than the slower of the two approaches. Nil where a series never
  /// enters a band so moved: its crossing is no measure of the motion.
  static func crossings(
    _ series: [[(t: Double, x: Double)]], bands: [(from: Double, to: Double, level: Double)], pixel: Double
  ) -> (mean: Double, slack: Double)? {
    var total = 0.0
    var slack = 0.0
    for (k, band) in bands.enumerated() {
      let s = series.count == bands.count ? series[k] : series[0]
      guard let at = entry(s, from: band.from, to: band.to, level: band.level),
        let higher = entry(s, from: band.from, to: band.to, level: band.level + pixel)
      else { return nil }
      total += at - band.from
      slack = max(slack, at - higher)
    }
    return bands.isEmpty ? nil : (total / Double(bands.count), slack)
  }

  /// The first moment from the sample at or before `from` until `to` that `samples`, coming
  /// down, pass within the tolerance above `level` (a frame may step over the band),
  /// interpolated between frames; nil if they do not.
  static func entry(_ samples: [(t: Double, x: Double)], from: Double, to: Double, level: Double) -> Double? {
    let edge = level + PhaseSplitter.tolerance
    let first = samples.lastIndex { $0.t <= from } ?? 0
    var k = first
    while k < samples.count && samples[k].t <= to {
      let b = samples[k]
      if b.x <= edge {
        guard k > first else { return b.t }
        let a = samples[k - 1]
        let f = a.x == b.x ? 1 : max(0, min(1, (edge - a.x) / (b.x - a.x)))
        return a.t + f * (b.t - a.t)
      }
      k += 1
    }
    return nil
  }

  /// `tuning`'s release `k` times as long, in whichever constants time it: an eased release's
  /// `openDuration`, a rebound's `reboundDuration`, a bounce spring's stiffness (1/k² of it, its
  /// damping ratio kept), the elastic family's period; within the keys' ranges, as written.
  static func releaseScaled(_ tuning: Tuning, by k: Double) -> Tuning {
    var t = tuning
    if t.armedRelease == .eased {
      t.openDuration *= k
      return t.clampedToRanges()
    }
    switch t.resistanceCurve.family.fit?.release {
    case .rebound: t.reboundDuration *= k
    case .bounceSpring: t.springStiffness /= k * k
    case nil where t.resistanceCurve == CurveFamily.elasticOvershoot.curve:
      t[parameter: "elasticDuration"] *= k
    case nil: break
    }
    return t.clampedToRanges()
  }

  /// `tuning`'s refresh, held at `hold` after a pull of `peak`, as the core moves it every
  /// millisecond: released still at 1 s, the collapse from 5 s, until 9 s or, sooner, the first
  /// millisecond of the collapse within the tolerance of rest and not of the hold (what
  /// `durations` reads last; the replays are most of a long recording's fit).
  static func replayed(_ tuning: Tuning, hold: Double, peak: Double, viewport: Double)
    -> [(t: Double, x: Double)]
  {
    let replay = _Replay(viewport: viewport)
    let c = replay.pulled(_Replay.prepared(tuning, hold: hold, peak: peak), peak: peak, release: 1)
    let times = Array(stride(from: 1.0, through: 9.0, by: 0.001))
    let tol = PhaseSplitter.tolerance
    let x = _Replay.displacements(c, release: 1, end: 5, at: times) { t, x in
      t >= 5 && x <= tol && abs(x - hold) > tol
    }
    return Array(zip(times, x).map { (t: $0, x: $1) })
  }

  /// The contract's durations of `tuning`'s refresh, held at `hold` after a pull of `peak`
  /// released still: seconds from the release until within 0.5 pt of the hold for good, and from
  /// the last moment within 0.5 pt of the hold until within 0.5 pt of rest; measured on the
  /// core's motion every millisecond (`replayed`).
  public static func durations(of tuning: Tuning, hold: Double, peak: Double, viewport: Double) -> (
    release: Double, collapse: Double
  ) {
    let motion = replayed(tuning, hold: hold, peak: peak, viewport: viewport)
    let (release, end, step) = (1.0, 5.0, 0.001)
    let times = motion.map(\.t)
    let x = motion.map(\.x)
    let tol = PhaseSplitter.tolerance
    var settled = end
    for k in stride(from: Int((end - release) / step), through: 0, by: -1) where abs(x[k] - hold) > tol {
      settled = times[min(k + 1, times.count - 1)]
      break
    }
    let base = Int((end - release) / step)
    var leaves = end
    for k in base..<times.count where abs(x[k] - hold) > tol {
      leaves = times[max(k - 1, 0)]
      break
    }
    var rests = times.last ?? end
    for k in base..<times.count where x[k] <= tol {
      rests = times[k]
      break
    }
    return (settled - release, rests - leaves)
  }
}
