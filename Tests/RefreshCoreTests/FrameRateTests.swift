import RefreshCore
import Testing

/// The same gesture must give the same motion however often frames are asked for: inputs carry
/// their own times, and the core steps between internal events exactly. Every resistance curve
/// and the overlay header are run through it.
@Suite struct FrameRateTests {
  /// A scroll, then a fast flick toward the top that meets the edge and bounces, then a slow
  /// pull past the top that is let go (the curve's drag, then its spring or rebound).
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
    return inputs
  }()

  /// The tunings run: one per resistance curve, and the overlay header.
  static let tunings: [(String, Tuning)] =
    ResistanceCurve.allCases.map { curve in
      var tuning = Tuning()
      tuning.resistanceCurve = curve
      return (curve.rawValue, tuning)
    } + [("material", TuningPreset.material.tuning)]

  /// Runs the script with frames at `frameTimes`, returning the offset at each frame.
  static func run(frames frameTimes: [Double], tuning: Tuning = Tuning()) -> [Double: Double] {
    var view = RefreshController(tuning: tuning, viewportHeight: 600, contentHeight: 5000)
    var pending = script[...]
    var offsets: [Double: Double] = [:]
    for frame in frameTimes {
      while let next = pending.first, next.time <= frame {
        _ = view.handle(next)
        pending = pending.dropFirst()
      }
      _ = view.handle(.advance(to: frame))
      // The badge's travel joins the offset, so the overlay's pull is compared too.
      offsets[frame] = view.snapshot.offset - view.snapshot.headerTravel
    }
    return offsets
  }

  static func frames(hz: Double, until end: Double = 3) -> [Double] {
    (0...Int(end * hz)).map { Double($0) / hz }
  }

  /// Times every rate shares: multiples of 1/6 s are frames at 30, 60, 120 and 144 Hz.
  static let marks = (1...18).map { Double($0) / 6 }

  @Test(arguments: tunings.indices)
  func thirtySixtyOneTwentyAndOneFortyFourHertzAgree(index: Int) {
    let (name, tuning) = Self.tunings[index]
    let reference = Self.run(frames: Self.frames(hz: 60), tuning: tuning)
    for hz in [30.0, 120, 144] {
      let run = Self.run(frames: Self.frames(hz: hz), tuning: tuning)
      for mark in Self.marks {
        let a = reference[Self.frames(hz: 60).first { abs($0 - mark) < 1e-9 }!]!
        let b = run[Self.frames(hz: hz).first { abs($0 - mark) < 1e-9 }!]!
        #expect(abs(a - b) <= 0.5, "\(name) \(hz) Hz at t=\(mark): \(b) vs \(a)")
      }
    }
  }

  /// Every frame time of a 144 Hz run against the closest 30 Hz frame, where both land on the
  /// same instant (every 1/6 s) and in between, across the pull and its return.
  @Test(arguments: tunings.indices)
  func thePullAndItsReturnAgreeAtThirtyAndOneFortyFourHertz(index: Int) {
    let (name, tuning) = Self.tunings[index]
    let slow = Self.run(frames: Self.frames(hz: 30), tuning: tuning)
    let fast = Self.run(frames: Self.frames(hz: 144), tuning: tuning)
    var worst = 0.0
    var moved = 0.0
    for (time, offset) in slow where time >= 1.9 {
      let match = fast.keys.min { abs($0 - time) < abs($1 - time) }!
      guard abs(match - time) < 1e-9 else { continue }
      worst = max(worst, abs(fast[match]! - offset))
      moved = max(moved, abs(offset))
    }
    #expect(worst <= 0.5, "\(name): \(worst) pt apart")
    #expect(moved > 20, "\(name): the pull shows (\(moved) pt)")
  }

  @Test func jitteredFramesAgree() {
    var generator = SplitMix(seed: 42)
    var times = Self.marks
    var t = 0.0
    while t < 3 {
      t += 0.004 + Double(generator.next() % 30_000) / 1_000_000
      times.append(t)
    }
    times.sort()
    let jittered = Self.run(frames: times)
    let reference = Self.run(frames: Self.marks)
    for mark in Self.marks {
      let a = reference[mark]!
      let b = jittered[mark]!
      #expect(abs(a - b) <= 0.5, "jittered at t=\(mark): \(b) vs \(a)")
    }
  }

  @Test func theBounceReallyHappens() {
    // Guard that the script exercises the edge: it overshoots above the top, then settles there.
    let run = Self.run(frames: Self.frames(hz: 240))
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
    var pending = FrameRateTests.script[...]
    var result: [Int: (Double, Bool)] = [:]
    for frame in 0...Int(4 * hz) {
      let time = Double(frame) / hz
      while let next = pending.first, next.time <= time {
        _ = view.handle(next)
        pending = pending.dropFirst()
      }
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
