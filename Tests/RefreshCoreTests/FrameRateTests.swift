import RefreshCore
import TestKit
import Testing

/// The same gesture must give the same motion however often frames are asked for: inputs carry
/// their own times, and the core steps between internal events exactly, so 30, 60, 120 and
/// 144 Hz and jittered frames show the same numbers to the bit at the times they share. Every
/// resistance curve and the overlay header are run through it.
@Suite struct FrameRateTests {
  /// The list the script runs on: short enough that the last fling reaches the load trigger.
  static let content = 1500.0

  /// A scroll, then a fast flick toward the top that meets the edge and bounces, then a slow
  /// pull past the top that is let go (the curve's drag, then its spring or rebound) and
  /// refreshes; the refresh succeeds, and a fast flick toward the end crosses the load trigger
  /// during the finished hold, meets the end and comes back; the page arrives.
  static let script: [Input] = {
    var inputs: [Input] = [.down(y: 500, time: 0.0)]
    for i in 1...30 { inputs.append(.move(y: 500 - 10 * Double(i), time: 0.01 * Double(i))) }
    inputs.append(.move(y: 200, time: 0.45))
    inputs.append(.up(time: 0.45))
    inputs.append(.down(y: 100, time: 0.6))
    for i in 1...10 { inputs.append(.move(y: 100 + 30 * Double(i), time: 0.6 + 0.008 * Double(i))) }
    inputs.append(.up(time: 0.68))
    inputs.append(.down(y: 100, time: 1.9))
    for i in 1...25 { inputs.append(.move(y: 100 + 8 * Double(i), time: 1.9 + 0.012 * Double(i))) }
    inputs.append(.move(y: 300, time: 2.3))
    inputs.append(.up(time: 2.3))
    inputs.append(.endRefreshing(.success, time: 3.0))
    inputs.append(.down(y: 500, time: 3.1))
    for i in 1...10 { inputs.append(.move(y: 500 - 30 * Double(i), time: 3.1 + 0.008 * Double(i))) }
    inputs.append(.up(time: 3.18))
    inputs.append(.setContentHeight(content + 880, time: 4.5))
    inputs.append(.endLoadingMore(.success, time: 4.5))
    return inputs
  }()

  /// The tunings run: one per resistance curve, the overlay header, and MJRefresh's eased
  /// release to the hold (`ArmedRelease.eased`); each loads 200 pt
  /// before the end, so the last fling crosses the trigger inside the list (at the end it would
  /// meet the edge at the same instant, an event of its own).
  static let tunings: [(String, Tuning)] =
    (CurveFamily.builtIns.map(\.curve).map { curve in
      var tuning = Tuning()
      tuning.resistanceCurve = curve
      return (curve.rawValue, tuning)
    } + [("material", TuningPreset.material.tuning), ("mjrefresh", TuningPreset.mjrefresh.tuning)]).map {
      name, tuning in
      var preloading = tuning
      preloading.preloadDistance = 200
      return (name, preloading)
    }

  /// What a frame shows that must not depend on the frame rate.
  struct Shown: Equatable, CustomStringConvertible {
    var offset: Double
    var velocity: Double
    var headerTravel: Double
    var inset: EdgeInsets
    var header: HeaderState
    var footer: FooterState

    init(_ s: RefreshSnapshot) {
      (offset, velocity, headerTravel, inset) = (s.offset, s.velocity, s.headerTravel, s.inset)
      (header, footer) = (s.header, s.footer)
    }

    var description: String {
      "offset \(offset) v \(velocity) travel \(headerTravel) inset (\(inset.top), \(inset.bottom)) \(header)/\(footer)"
    }
  }

  /// One run of `script` with frames at `frameTimes`: what each frame shows, and every effect.
  static func run(
    frames frameTimes: [Double], tuning: Tuning = Tuning(), script: [Input] = script
  ) -> (shown: [Double: Shown], effects: [Effect]) {
    var view = RefreshController(tuning: tuning, viewportHeight: 600, contentHeight: content)
    var shown: [Double: Shown] = [:]
    var effects: [Effect] = []
    FrameLoop.play(script, time: \.time, frames: frameTimes, deliver: { effects += view.handle($0) }) {
      frame in
      effects += view.handle(.advance(to: frame))
      shown[frame] = Shown(view.snapshot)
    }
    return (shown, effects)
  }

  /// The offset at each frame (the badge's travel joins it, so the overlay's pull counts too).
  static func run(frames frameTimes: [Double], tuning: Tuning = Tuning()) -> [Double: Double] {
    run(frames: frameTimes, tuning: tuning, script: script).shown.mapValues { $0.offset - $0.headerTravel }
  }

  /// Times every rate shares: multiples of 1/6 s are frames at 30, 60, 120 and 144 Hz.
  static let marks = (1...36).map { Double($0) / 6 }

  /// Frames 4 to 34 ms apart, and the marks; the last is the last mark, 6 s, as at every rate,
  /// so that no schedule sees an event the others never reach.
  static func jittered(seed: UInt64) -> [Double] {
    var generator = SplitMix(seed: seed)
    var times = marks
    var t = 0.004 + Double(generator.next() % 30_000) / 1_000_000
    while t < 6 {
      times.append(t)
      t += 0.004 + Double(generator.next() % 30_000) / 1_000_000
    }
    return times.sorted()
  }

  /// Every schedule stops at the same time: a jittered one that ran on past 6 s could see an
  /// event just after it that the others never reach (the random sessions hit that once).
  @Test func everyScheduleEndsAtTheLastMark() {
    for schedule in [
      FrameLoop.times(hz: 30, through: 6), FrameLoop.times(hz: 60, through: 6),
      FrameLoop.times(hz: 144, through: 6),
    ]
      + (1...20).map({ Self.jittered(seed: $0) })
    {
      #expect(schedule.last == Self.marks.last)
    }
  }

  @Test(arguments: tunings.indices)
  func everyFrameRateShowsTheSameAtTheSharedTimes(index: Int) {
    let (name, tuning) = Self.tunings[index]
    let reference = Self.run(frames: FrameLoop.times(hz: 60, through: 6), tuning: tuning, script: Self.script)
    let loads = reference.effects.filter { if case .startLoadMore = $0 { true } else { false } }
    #expect(loads.count == 1, "\(name): the script reaches the load trigger once")
    let runs =
      [30.0, 120, 144].map { ("\($0) Hz", FrameLoop.times(hz: $0, through: 6)) } + [
        ("jittered", Self.jittered(seed: 42))
      ]
    for (label, times) in runs {
      let run = Self.run(frames: times, tuning: tuning, script: Self.script)
      #expect(run.effects == reference.effects, "\(name) \(label): effects \(run.effects)")
      for mark in Self.marks {
        let key = { (frames: [Double]) in frames.first { abs($0 - mark) < 1e-9 }! }
        let a = reference.shown[key(FrameLoop.times(hz: 60, through: 6))]!
        let b = run.shown[key(times)]!
        #expect(a == b, "\(name) \(label) at t=\(mark): \(b) vs \(a)")
      }
    }
  }

  @Test func theBounceReallyHappens() {
    // Guard that the script exercises the edge: it overshoots above the top, then settles there.
    let run = Self.run(frames: FrameLoop.times(hz: 240, through: 6))
    #expect(run.filter { $0.key < 1.8 }.values.min()! < -5)
    #expect(abs(run[1.8]!) < 0.5)
  }

  @Test func positionAndVelocityAreContinuousWhereTheFlingMeetsTheEdge() throws {
    var view = RefreshController(viewportHeight: 600, contentHeight: 5000)
    for input in Self.script.prefix(45) { _ = view.handle(input) }
    let release = view.snapshot
    #expect(release.velocity < -1000)
    let fling = FrictionMotion(
      start: release.offset, initialVelocity: release.velocity, rate: 0.998)
    let hit = try #require(fling.time(reaching: 0)) + release.time
    let delta = 1e-12
    var before = view
    _ = before.handle(.advance(to: hit - delta))
    var after = before
    _ = after.handle(.advance(to: hit + delta))
    let a = before.snapshot
    let b = after.snapshot
    #expect(abs(a.offset - b.offset) < 1e-6)
    #expect(abs(a.velocity - b.velocity) < 1e-6)
    #expect(b.isAnimating)
  }

  @Test func releaseHandsTheDragPositionToTheFling() {
    var view = RefreshController(viewportHeight: 600, contentHeight: 5000)
    for input in Self.script.prefix(32) { _ = view.handle(input) }
    let held = view.snapshot.offset
    _ = view.handle(.up(time: 0.45))
    #expect(view.snapshot.offset == held)
    _ = view.handle(.advance(to: 0.45 + 1e-9))
    #expect(abs(view.snapshot.offset - held) < 1e-6)
  }
}

/// When motion ends is an event of the motion, not of the frame that noticed it: the indicator
/// fades from the moment the bounce came to rest, and the view is settled from the same moment,
/// at any frame rate.
@Suite struct SettleTimeTests {
  /// Indicator opacity and settledness at each frame of the bounce script.
  static func run(hz: Double) -> [Int: (opacity: Double, settled: Bool)] {
    var view = RefreshController(viewportHeight: 600, contentHeight: 5000)
    var result: [Int: (Double, Bool)] = [:]
    FrameLoop.play(
      FrameRateTests.script, time: \.time, frames: FrameLoop.times(hz: hz, through: 4),
      deliver: { _ = view.handle($0) }
    ) { time in
      _ = view.handle(.advance(to: time))
      // Keyed by the time in milliseconds, which 30 and 144 Hz share every 1/6 s.
      result[Int((time * 1000).rounded())] = (view.snapshot.indicatorOpacity, view.isSettled)
    }
    return result
  }

  @Test func theIndicatorFadesFromTheMomentTheBounceRests() throws {
    let slow = Self.run(hz: 30)
    let fast = Self.run(hz: 144)
    // Every 1/6 s from 1 s, when the bounce comes to rest, to 4 s, long after the fade.
    for mark in 6...24 {
      let key = Int((Double(mark) / 6 * 1000).rounded())
      let a = try #require(slow[key])
      let b = try #require(fast[key])
      #expect(abs(a.opacity - b.opacity) < 1e-9, "opacity at \(key) ms: \(a.opacity) vs \(b.opacity)")
      #expect(a.settled == b.settled, "settled at \(key) ms")
    }
  }
}

/// The test harness steps frames at computed times: one second at 30, 60, 120 or 144 Hz is
/// exactly that many frames, with no extra sliver from summed rounding errors.
@Suite struct HarnessClockTests {
  @Test(arguments: [30.0, 60, 120, 144])
  func oneSecondIsExactlyItsFrames(hz: Double) {
    var harness = Harness()
    harness.advance(by: 1, fps: hz)
    #expect(harness.frames == Int(hz))
    #expect(harness.now == 1)
  }
}
