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
    let start = release - 0.6
    let top = 40.0
    let physics = tuning.physics
    let edge = OverscrollEdge(
      side: .top, viewportHeight: viewport, barHeight: tuning.headerHeight, threshold: tuning.refreshThreshold
    )
    var reach = physics.travel(forDisplacement: peak, past: edge) + tuning.tapSlop
    var best = controller(tuning, time: start)
    for _ in 0..<4 {
      var c = controller(tuning, time: start)
      _ = c.handle(.down(y: top, time: start))
      for step in 1...12 {
        let f = Double(step) / 12
        _ = c.handle(.move(y: top + reach * f, time: start + 0.4 * f))
      }
      for k in 1...4 { _ = c.handle(.move(y: top + reach, time: release - 0.2 + 0.05 * Double(k))) }
      best = c
      let shown = Self.shown(c)
      guard abs(shown - peak) > 0.01 else { break }
      let travel = max(0.1, reach - tuning.tapSlop)
      let slope = max(0.05, physics.slope(atTravel: travel, past: edge))
      reach += (peak - shown) / slope
    }
    return best
  }

  /// A controller whose finger followed `finger` and lifted at `release`.
  func dragged(_ tuning: Tuning, finger: Finger, release: Double) -> RefreshController {
    var c = controller(tuning, time: finger.first?.t ?? release)
    guard let first = finger.first else { return c }
    _ = c.handle(.down(y: first.y, time: first.t))
    for sample in finger.dropFirst() where sample.t <= release {
      _ = c.handle(.move(y: sample.y, time: sample.t))
    }
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
  /// `controller`: the finger lifts at `release` (if still down) and the refresh ends at `end`.
  static func displacements(
    _ controller: RefreshController, release: Double?, end: Double?, at times: [Double]
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
    }
    return out
  }

  /// What a recording follows, points: the content's displacement from rest, or where the
  /// header overlays still content (Material's badge), the badge's travel.
  static func shown(_ c: RefreshController) -> Double {
    // One snapshot: it is built whole on each read, and the fitter's candidate replays read
    // one a frame.
    let snapshot = c.snapshot
    return c.tuning.headerStyle == .overlay
      ? snapshot.headerTravel : -snapshot.offset - snapshot.baselineInset.top
  }
}
