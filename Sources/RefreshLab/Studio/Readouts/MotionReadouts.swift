import RefreshCore

/// The numbers a designer tunes toward, read under the live plot: how far the finger travels
/// to arm, and for the standard pull (docs/scripts/pull.jsonl: 280 pt of finger in 0.6 s, held
/// still 0.2 s, let go) how long the release takes to settle, how far it overshoots, how long
/// the header holds open, and how long it takes to collapse.
///
/// The finger travel is the curve family's inverse (closed form); the rest are measured on the
/// standard pull played through the lab's own step function (`MotionProbe`), so they say what a
/// replay's trace says, and move as soon as a slider does.
struct MotionReadouts: Sendable, Equatable {
  /// Finger travel past the top at which the header arms, points.
  var fingerTravelToArm: Double
  /// Seconds from the finger's lift until the content rests (within half a point) where the
  /// header holds it; nil when it never came to rest while held.
  var settleTime: Double?
  /// The furthest the content passed that rest after the lift, points (0: none).
  var overshoot: Double
  /// Seconds the header stays open (refreshing, then showing its result) before it collapses.
  var holdTime: Double?
  /// How far the header holds the content down while refreshing, points.
  var holdHeight: Double
  /// Seconds from the collapse's start until the header is closed (within half a point).
  var collapseTime: Double?

  /// One frame of motion, as a trace or the probe has it.
  struct Frame: Sendable {
    var time: Double
    var offset: Double
    var insetTop: Double
    /// The header's state by name (`HeaderState`'s raw value, as traces write it).
    var header: String
  }

  /// The standard pull: a finger put down at y 120, moved 7 pt every 15 ms to y 400, held still
  /// 0.2 s, lifted at 0.8 s; the replay ends at 4 s. The same events as docs/scripts/pull.jsonl.
  static let standardPull: GestureScript = {
    var events = [ScriptEvent(time: 0, action: .down(x: 200, y: 120))]
    for step in 1...40 {
      events.append(
        ScriptEvent(time: Double(step * 15) / 1000, action: .move(x: 200, y: 120 + 7 * Double(step))))
    }
    events.append(ScriptEvent(time: 0.8, action: .move(x: 200, y: 400)))
    events.append(ScriptEvent(time: 0.8, action: .up(x: 200, y: 400)))
    events.append(ScriptEvent(time: 4, action: .end))
    return GestureScript(events: events)
  }()

  /// When the standard pull's finger lifts.
  static let standardRelease = 0.8

  /// The readouts of `tuning` over a data source of `data`.
  init(tuning: Tuning, data: DataSourceConfiguration = DataSourceConfiguration()) {
    let samples = MotionProbe().samples(Self.standardPull, tuning: tuning, data: data)
    self.init(
      tuning: tuning,
      frames: samples.map {
        Frame(time: $0.time, offset: $0.offset, insetTop: $0.insetTop, header: $0.header.rawValue)
      },
      releaseTime: Self.standardRelease)
  }

  /// The readouts of `frames`, a pull let go at `releaseTime` on `tuning`.
  init(tuning: Tuning, frames: [Frame], releaseTime: Double) {
    fingerTravelToArm = Self.fingerTravel(toArm: tuning)
    holdHeight = tuning.headerHeight
    let after = frames.filter { $0.time >= releaseTime - 1e-9 }
    let held = after.filter { $0.header == HeaderState.refreshing.rawValue }
    // Where the content rests while held: its place in the last frame before the header
    // finishes.
    if let rest = held.last?.offset {
      let holding = after.prefix {
        $0.header == HeaderState.refreshing.rawValue || $0.time <= releaseTime + 1e-9
      }
      let lastAway = holding.last { abs($0.offset - rest) > Self.restTolerance }
      settleTime =
        lastAway.map { away in
          (holding.first { $0.time > away.time }?.time ?? away.time) - releaseTime
        } ?? 0
      // Pulled content sits above its rest (offsets more negative); passing it goes above.
      overshoot = max(0, (holding.map(\.offset).max() ?? rest) - rest)
    } else {
      settleTime = nil
      overshoot = 0
    }
    // The header holds open from its first refreshing frame until its inset starts to close;
    // the collapse lasts until the inset is back (an overlay header opens none: no collapse).
    let openFrom = after.first { $0.header == HeaderState.refreshing.rawValue }?.time
    let openLast = after.lastIndex { $0.insetTop >= tuning.headerHeight - Self.restTolerance }
    if let openFrom, let openLast, after[openLast].time >= openFrom,
      let closed = after[openLast...].first(where: { $0.insetTop <= Self.restTolerance })
    {
      let collapseFrom = after[openLast].time
      holdTime = collapseFrom - openFrom
      collapseTime = closed.time - collapseFrom
    } else {
      let idleAgain = openFrom.flatMap { start in
        after.first { $0.time > start && $0.header == HeaderState.idle.rawValue }?.time
      }
      holdTime = openFrom.flatMap { start in idleAgain.map { $0 - start } }
      collapseTime = nil
    }
  }

  /// Half a point: below what a frame shows.
  static let restTolerance = 0.5

  /// The finger travel past the top that shows the refresh threshold: the curve family's
  /// inverse. (The tap slop delays when the content starts to follow, not where: past it the
  /// content catches up with the whole travel.)
  static func fingerTravel(toArm tuning: Tuning, viewportHeight: Double = MotionProbe().viewport.height)
    -> Double
  {
    let edge = OverscrollEdge(
      side: .top, viewportHeight: viewportHeight, barHeight: tuning.headerHeight,
      threshold: tuning.refreshThreshold)
    return tuning.physics.travel(forDisplacement: tuning.refreshThreshold, past: edge)
  }

  /// Two lines under the plot: the pull and its release, then the hold and the collapse.
  var lines: [String] {
    func seconds(_ value: Double?) -> String { value.map { $0.fixed(2) + " s" } ?? "—" }
    return [
      "finger to arm \(fingerTravelToArm.fixed(0)) pt · settles in \(seconds(settleTime))"
        + " · overshoot \(overshoot.fixed(1)) pt",
      "holds \(holdHeight.fixed(0)) pt for \(seconds(holdTime)) · collapses in \(seconds(collapseTime))",
    ]
  }
}
