import RefreshCore

/// Plays a refresh through RefreshCore's own controller with a candidate tuning, so every
/// candidate moves exactly as the lab and the libraries' ports would: the fit compares motions
/// the core makes, never formulas copied out of it.
struct _Replay {
  /// The list's viewport, points (the rubber band's `d`).
  var viewport: Double

  /// A finger as the recording shows it: its height in the list at each frame's time, points.
  typealias Finger = [(t: Double, y: Double)]

  /// `tuning` as the replays run it: the collapse starts when the refresh is ended (no
  /// finishing hold, no least spinner time, which only delay it), and a pull of `peak` arms.
  static func prepared(_ tuning: Tuning, hold: Double, peak: Double) -> Tuning {
    var t = tuning
    t.headerHeight = hold
    t.refreshThreshold = min(t.refreshThreshold, max(1, peak * 0.9), hold)
    t.finishingHoldDuration = 0
    t.minimumSpinnerTime = 0
    return t
  }

  func controller(_ tuning: Tuning, time: Double) -> RefreshController {
    RefreshController(tuning: tuning, viewportHeight: viewport, contentHeight: viewport * 20, time: time)
  }

  /// A controller whose finger has pulled the content `peak` points down and stands still there
  /// at `release`, not yet lifted: what every release candidate starts from.
  func pulled(_ tuning: Tuning, peak: Double, release: Double) -> RefreshController {
    pull(tuning, peak: peak, release: release).controller
  }

  /// The finger's inputs of `pulled`: down 0.6 s before `release`, a drag over 0.4 s, then
  /// still until `release`, reaching as far as shows the content `peak` points down (found
  /// by replaying, a few tries at most).
  func pullInputs(_ tuning: Tuning, peak: Double, release: Double) -> [Input] {
    pull(tuning, peak: peak, release: release).inputs
  }

  /// `pullInputs` and the controller they leave.
  private func pull(_ tuning: Tuning, peak: Double, release: Double) -> (
    inputs: [Input], controller: RefreshController
  ) {
    let start = release - 0.6
    let top = 40.0
    let physics = tuning.physics
    let edge = OverscrollEdge(
      side: .top, viewportHeight: viewport, barHeight: tuning.headerHeight, threshold: tuning.refreshThreshold
    )
    var reach = physics.travel(forDisplacement: peak, past: edge) + tuning.tapSlop
    var best: (inputs: [Input], controller: RefreshController) = ([], controller(tuning, time: start))
    for _ in 0..<4 {
      var inputs: [Input] = [.down(y: top, time: start)]
      for step in 1...12 {
        let f = Double(step) / 12
        inputs.append(.move(y: top + reach * f, time: start + 0.4 * f))
      }
      for k in 1...4 { inputs.append(.move(y: top + reach, time: release - 0.2 + 0.05 * Double(k))) }
      best = (inputs, Self.played(inputs, on: controller(tuning, time: start)))
      let shown = Self.shown(best.controller)
      guard abs(shown - peak) > 0.01 else { break }
      let travel = max(0.1, reach - tuning.tapSlop)
      let slope = max(0.05, physics.slope(atTravel: travel, past: edge))
      reach += (peak - shown) / slope
    }
    return best
  }

  /// A controller whose finger followed `finger` and lifted at `release`.
  func dragged(_ tuning: Tuning, finger: Finger, release: Double) -> RefreshController {
    Self.played(
      Self.dragInputs(finger: finger, release: release),
      on: controller(tuning, time: finger.first?.t ?? release))
  }

  /// `finger` as it went down. A recording shows a finger from the first frame after it pressed,
  /// and that frame may already show the content `shown` points down: the press came between
  /// frames, further up. There, a press one `frame` earlier where `tuning`'s band says it must
  /// have been (the travel that shows `shown` above the first sample: past the tap slop the
  /// content follows the whole translation from the press), so that every candidate is
  /// replayed from its own press. Pressed at the first sample instead,
  /// a capture of the lab's smart preset (the content 2.6 pt down in the disc's first frame)
  /// fitted dragRate 0.6 for its 0.5 and pulled 3.4 pt off the preset along a staircase.
  func pressed(_ tuning: Tuning, finger: Finger, shown: Double, frame: Double) -> Finger {
    guard let first = finger.first, shown > PhaseSplitter.tolerance else { return finger }
    let edge = OverscrollEdge(
      side: .top, viewportHeight: viewport, barHeight: tuning.headerHeight, threshold: tuning.refreshThreshold
    )
    let travel = max(tuning.physics.travel(forDisplacement: shown, past: edge), tuning.tapSlop)
    return [(first.t - frame, first.y - travel)] + finger
  }

  /// The finger's inputs of `dragged`: down at `finger`'s first sample, moved to each up to
  /// `release`.
  static func dragInputs(finger: Finger, release: Double) -> [Input] {
    guard let first = finger.first else { return [] }
    return [.down(y: first.y, time: first.t)]
      + finger.dropFirst().filter { $0.t <= release }.map { .move(y: $0.y, time: $0.t) }
  }

  /// `controller` after `inputs`, in order.
  static func played(_ inputs: [Input], on controller: RefreshController) -> RefreshController {
    var c = controller
    for input in inputs { _ = c.handle(input) }
    return c
  }

  /// The content's displacement after each of `finger`'s samples, the finger down at the first.
  func dragDisplacements(_ tuning: Tuning, finger: Finger) -> [Double] {
    guard let first = finger.first else { return [] }
    var c = controller(tuning, time: first.t)
    _ = c.handle(.down(y: first.y, time: first.t))
    var out = [Self.shown(c)]
    for sample in finger.dropFirst() {
      _ = c.handle(.move(y: sample.y, time: sample.t))
      out.append(Self.shown(c))
    }
    return out
  }

  /// The content's displacement from rest, points, at each of `times` (ascending), continuing
  /// `controller`: the finger lifts at `release` (if still down) and the refresh ends at `end`;
  /// only until `done` says so of a time and its displacement (that one the last returned).
  static func displacements(
    _ controller: RefreshController, release: Double?, end: Double?, at times: [Double],
    until done: ((Double, Double) -> Bool)? = nil
  ) -> [Double] {
    var c = controller
    var lifted = release == nil
    var ended = end == nil
    var out: [Double] = []
    out.reserveCapacity(times.count)
    for t in times {
      if !lifted, let release, t >= release {
        _ = c.handle(.up(time: release))
        lifted = true
      }
      if !ended, let end, t >= end {
        _ = c.handle(.endRefreshing(.success, time: end))
        ended = true
      }
      _ = c.advance(to: max(t, c.time))
      out.append(shown(c))
      if let done, done(t, out[out.count - 1]) { break }
    }
    return out
  }

  /// What a recording follows, points: the content's displacement from rest, or where the
  /// header overlays still content (Material's badge), the badge's travel.
  static func shown(_ c: RefreshController) -> Double {
    // One snapshot: it is built whole on each read, and the fitter's candidate replays read
    // one a frame.
    RefreshReplay.shown(c.snapshot, headerStyle: c.tuning.headerStyle)
  }
}

/// A recording's refresh as the fit replays it, for a host that drives a list of its own with
/// it (`refresh-lab --match`): the finger's inputs the fitter plays into RefreshCore's
/// controller (the recorded finger when the track shows one, else the fitter's drag to the
/// recorded peak) and the lift at the release, in time order. One path: the fitter's replays
/// are these inputs, so a list driven by them moves as the fit's motion does.
public enum RefreshReplay {
  /// The inputs that play `refresh` of `track` with `tuning` on a list `viewport` points tall,
  /// the finger lifting at the recorded release.
  public static func inputs(
    of refresh: RefreshPhases, in track: Track, tuning: Tuning, viewport: Double
  ) -> [Input] {
    var finger = RecordingFitter.finger(track, refresh)
    if finger.count < 4 {
      finger = showing(refresh, in: track, tuning: tuning, viewport: viewport)
    } else {
      let frame = track.frameInterval
      finger = _Replay(viewport: viewport).pressed(
        tuning, finger: finger, shown: RecordingFitter.offset(track, at: finger[0].t), frame: frame)
    }
    return _Replay.dragInputs(finger: finger, release: refresh.release) + [.up(time: refresh.release)]
  }

  /// Without a recorded finger, one that shows the recorded offsets from the pull's start to the
  /// release through `tuning`'s band (RefreshCore's inverse of it): down a frame before the
  /// content leaves rest, past the tap slop as it does.
  static func showing(
    _ refresh: RefreshPhases, in track: Track, tuning: Tuning, viewport: Double
  ) -> _Replay.Finger {
    let top = 40.0
    let edge = OverscrollEdge(
      side: .top, viewportHeight: viewport, barHeight: tuning.headerHeight, threshold: tuning.refreshThreshold
    )
    let frame = track.frameInterval
    func y(_ offset: Double) -> Double {
      offset > 0 ? top + tuning.tapSlop + tuning.physics.travel(forDisplacement: offset, past: edge) : top
    }
    var finger: _Replay.Finger = [(refresh.pullStart - frame, top)]
    for point in track.points where point.t >= refresh.pullStart && point.t < refresh.release {
      if let offset = point.offset { finger.append((point.t, y(offset))) }
    }
    finger.append((refresh.release, y(refresh.peak)))
    return finger
  }

  /// What a recording follows in `snapshot` of a list whose header has `headerStyle`, points:
  /// the content's displacement from rest, or where the header overlays still content
  /// (Material's badge), the badge's travel. What the fit compares with the track, and
  /// `--match` with the recording.
  public static func shown(_ snapshot: RefreshSnapshot, headerStyle: HeaderStyle) -> Double {
    headerStyle == .overlay ? snapshot.headerTravel : -snapshot.offset - snapshot.baselineInset.top
  }
}
