import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// The bench in a run: R records from a fresh table, Shift+R replays from a fresh table, so
/// the replay moves exactly as the recording did; P shows the plot; both tables of a comparison
/// take every event.
@MainActor @Suite(.serialized) struct StudioInstrumentsTests {
  func key(_ key: Key, _ modifiers: KeyModifiers = []) -> ShellEvent {
    .key(key, modifiers: modifiers, isRepeat: false)
  }

  func make(_ arguments: [String], folder: TemporaryFolder) throws -> (StudioInstruments, ListDriver) {
    let options = try LabCommand.parse(["--record", folder.file("take.jsonl")] + arguments)
      .resolve(environment: [:])
    let surface = try TableCanvas(options: options, clock: LastUpdatedClock(origin: nil, language: .english))
    let other = try options.compare.map { try TuningFile.load($0) }
    let session = ListDriver(
      tuning: options.preset?.tuning ?? Tuning(), data: options.data, viewport: surface.tableRect,
      rowHeight: surface.rowHeight)
    let bench = try StudioInstruments(
      options: options, surface: surface, compareTuning: other, script: nil, viewport: surface.tableRect,
      rowHeight: surface.rowHeight, sampleCapacity: StudioInstruments.liveCapacity, recordKeys: true)
    return (bench, session)
  }

  /// What the window loop does with a live event.
  func deliver(
    _ event: ShellEvent, at time: Double, _ bench: inout StudioInstruments, _ session: inout ListDriver
  ) {
    if case .bench(let command) = WindowCommand(event, panelOpen: false) {
      bench.perform(command, at: time, primary: &session)
      return
    }
    let local = bench.tableEvent(event)
    let meaning = session.handle(local, at: time)
    bench.mirror(local, at: time, meaning: meaning)
  }

  /// Offsets of both tables at 60 Hz from `start` for `duration` seconds, delivering `events`
  /// as their times come, as the window does between frames.
  func offsets(
    from start: Double, for duration: Double, delivering events: [(Double, ShellEvent)] = [],
    _ bench: inout StudioInstruments, _ session: inout ListDriver
  ) -> [(Double, Double?)] {
    var pending = events[...]
    return (0...Int(duration * 60)).map { frame in
      let t = start + Double(frame) / 60
      while let (time, event) = pending.first, time <= t {
        deliver(event, at: time, &bench, &session)
        pending = pending.dropFirst()
      }
      session.step(to: t)
      bench.step(to: t)
      return (session.controller.snapshot.offset, bench.companion?.controller.snapshot.offset)
    }
  }

  /// A pull as window events from `start`: down, twelve moves of 20 pt, up.
  func pull(at start: Double) -> [(Double, ShellEvent)] {
    var events: [(Double, ShellEvent)] = [(start, .mouseDown(x: 200, y: 124, button: .left))]
    for step in 1...12 {
      events.append(
        (start + Double(step) * 0.02, .mouseMove(x: 200, y: 124 + Double(step) * 20, buttonHeld: true)))
    }
    events.append((start + 0.3, .mouseUp(x: 200, y: 364, button: .left)))
    return events
  }

  /// Issue 55: with L on, a replay that has played out and settled starts again.
  @Test func theLoopPlaysTheReplayAgain() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var (bench, session) = try make([], folder: folder)
    deliver(key(.r), at: 0.5, &bench, &session)  // --record's take stops
    deliver(key(.r), at: 1, &bench, &session)
    _ = offsets(from: 1, for: 1, delivering: pull(at: 1.2), &bench, &session)
    deliver(key(.r), at: 2.1, &bench, &session)
    deliver(key(StudioCommand.loopKey), at: 2.2, &bench, &session)
    #expect(bench.loopsReplay)
    deliver(key(.r, .shift), at: 2.3, &bench, &session)
    #expect(bench.replaysTake)
    var loops = 0
    for frame in 0...(12 * 60) {
      let t = 2.3 + Double(frame) / 60
      session.step(to: t)
      bench.step(to: t)
      if bench.loopReplay(&session, at: t) { loops += 1 }
      if loops == 2 { break }
    }
    #expect(loops == 2, "the replay started again twice within 12 s")
    #expect(session.remainingScriptEvents > 0, "and is playing")
  }

  /// Issue 55: the frames a Shift+R replay drew are the timeline [ and ] step through: the
  /// stepped-to frame has the offset the replay had then, the loop waits while it shows, and a
  /// step past the newest frame is the live list again.
  @Test func theBracketsStepThroughTheReplaysFrames() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var (bench, session) = try make([], folder: folder)
    deliver(key(.r), at: 0.5, &bench, &session)  // --record's take stops
    deliver(key(.r), at: 1, &bench, &session)
    _ = offsets(from: 1, for: 1, delivering: pull(at: 1.2), &bench, &session)
    deliver(key(.r), at: 2.1, &bench, &session)
    deliver(key(StudioCommand.loopKey), at: 2.2, &bench, &session)
    deliver(key(.r, .shift), at: 2.3, &bench, &session)
    var offsets: [Double] = []
    for frame in 0..<90 {
      let t = 2.3 + Double(frame) / 60
      session.step(to: t)
      bench.step(to: t)
      bench.sampleLive(session, FrameSnapshots(session, companion: bench.companion, at: t), wall: t)
      offsets.append(session.controller.snapshot.offset)
    }
    #expect(bench.scrubber.frames.count == 90, "the replay's frames, and none from before it")
    let back = Key(rawValue: "[")
    for _ in 0..<30 { deliver(key(back), at: 3.8, &bench, &session) }
    #expect(bench.scrubber.shown?.table.offset == offsets[60])
    deliver(key(back, .shift), at: 3.8, &bench, &session)
    #expect(bench.scrubber.shown?.table.offset == offsets[50])
    #expect(Set(offsets[45...55]).count > 1, "the frames stepped through moved")
    // Played out and settled, the replay waits while a frame is shown.
    var looped = false
    for frame in 0...(10 * 60) {
      let t = 3.8 + Double(frame) / 60
      session.step(to: t)
      bench.step(to: t)
      looped = looped || bench.loopReplay(&session, at: t)
    }
    #expect(!looped, "the loop restarted under a shown frame")
    for _ in 0..<40 { deliver(key(Key(rawValue: "]")), at: 14, &bench, &session) }
    #expect(!bench.scrubber.isScrubbing)
    #expect(bench.loopReplay(&session, at: 14), "live again, the loop goes on")
    #expect(bench.scrubber.frames.isEmpty, "and its new run starts a new timeline")
  }

  /// Issue 55: after an edit, the gesture made before it is drawn behind the next one from its
  /// first touch, until G clears it.
  @Test func anEditKeepsTheRunBeforeItAsAGhost() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var (bench, session) = try make([], folder: folder)
    func frames(from start: Double, for duration: Double, _ events: [(Double, ShellEvent)]) {
      var pending = events[...]
      for frame in 0...Int(duration * 60) {
        let t = start + Double(frame) / 60
        while let (time, event) = pending.first, time <= t {
          deliver(event, at: time, &bench, &session)
          pending = pending.dropFirst()
        }
        session.step(to: t)
        bench.step(to: t)
        bench.sampleLive(session, FrameSnapshots(session, companion: nil, at: t), wall: t)
      }
    }
    frames(from: 1, for: 3, pull(at: 1.2))
    #expect(bench.ghost == nil, "no edit, no ghost")
    var tuning = session.controller.tuning
    tuning.springDampingRatio = 0.5
    session.send(.setTuning(tuning, time: 4.1))
    frames(from: 4.1, for: 3, pull(at: 4.5))
    #expect(bench.ghost != nil)
    let ghosted = bench.samples.filter { $0.time >= 4.5 && $0.ghostOffset != nil }
    #expect(ghosted.count > 60, "the run before the edit is drawn behind the new one")
    // At the first touch both sit at rest; deep in the pull they match (the edit was the spring).
    let touch = try #require(ghosted.first)
    #expect(abs((touch.ghostOffset ?? 99) - touch.offset) < 1)
    deliver(key(StudioCommand.ghostKey), at: 7.2, &bench, &session)
    #expect(bench.ghost == nil)
  }

  @Test func aReplayMovesExactlyAsTheRecordingDid() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var (bench, session) = try make(["--compare", CompareTests.mjrefresh], folder: folder)
    #expect(bench.takes?.isTaking == true, "--record records from the start")
    deliver(key(.r), at: 0.5, &bench, &session)
    #expect(bench.takes?.isTaking == false)

    // Scroll away first: the recording must start from the fresh table all the same.
    deliver(.wheel(dy: -3, precise: false, x: 200, y: 300), at: 0.6, &bench, &session)
    _ = offsets(from: 0.6, for: 0.3, &bench, &session)
    #expect(session.controller.snapshot.offset > 0)

    deliver(key(.r), at: 1, &bench, &session)
    #expect(bench.takes?.isTaking == true)
    #expect(session.controller.snapshot.offset == 0, "R starts from a fresh table")
    // A pull on the right-hand table drives both.
    var pull: [(Double, ShellEvent)] = [(1.0, .mouseDown(x: 600, y: 124, button: .left))]
    for step in 1...12 {
      let y = 124 + Double(step) * 12
      pull.append((1 + Double(step) * 0.05, .mouseMove(x: 600, y: y, buttonHeld: true)))
    }
    pull.append((1.7, .mouseUp(x: 600, y: 268, button: .left)))
    let recorded = offsets(from: 1, for: 2, delivering: pull, &bench, &session)
    deliver(key(.r), at: 3, &bench, &session)
    #expect(bench.takes?.isTaking == false)
    #expect(bench.takes?.lastScript?.events.count == 15, "down, 12 moves, up, end")

    deliver(key(.r, .shift), at: 5, &bench, &session)
    #expect(bench.isReplaying(session))
    let replayed = offsets(from: 5, for: 2, &bench, &session)
    #expect(recorded.count == replayed.count)
    for (a, b) in zip(recorded, replayed) {
      #expect(abs(a.0 - b.0) < 1e-6)
      #expect(abs((a.1 ?? .nan) - (b.1 ?? .nan)) < 1e-6)
    }
    #expect(recorded.map(\.0).min() ?? 0 < -50, "the pull went past the threshold")
    // Both tables took the pull; they part once mjrefresh holds 54 and iOS 60.
    #expect(recorded.contains { abs($0.0 - ($0.1 ?? 0)) > 3 })
    _ = offsets(from: 7, for: 1, &bench, &session)
    #expect(!bench.isReplaying(session), "the replay ends with its script")
  }

  @Test func aFreshTableKeepsWhatThePanelChanged() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var (bench, session) = try make([], folder: folder)
    var data = session.dataSource.configuration
    data.latency = 0.2
    data.pageSize = 5
    var tuning = session.controller.tuning
    tuning.refreshThreshold = 90
    session.send(.setTuning(tuning, time: 0.1))
    session.setDataConfiguration(data, time: 0.1)
    deliver(key(.r), at: 0.5, &bench, &session)
    deliver(key(.r), at: 0.6, &bench, &session)
    #expect(bench.takes?.isTaking == true)
    #expect(session.dataSource.configuration == data)
    #expect(session.controller.tuning.refreshThreshold == 90)
  }

  @Test func pTogglesThePlotAndFramesAreSampled() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var (bench, session) = try make([], folder: folder)
    #expect(!bench.showsPlot)
    deliver(key(Key(rawValue: "P")), at: 0.1, &bench, &session)
    #expect(bench.showsPlot)
    for frame in 0..<3000 {
      let t = Double(frame) / 60
      session.step(to: t)
      bench.sampleLive(session, FrameSnapshots(session, companion: bench.companion, at: t), wall: t)
    }
    #expect(bench.samples.count == StudioInstruments.liveCapacity)
    #expect(bench.samples.last?.time == 2999.0 / 60)
    let last = FrameSnapshots(session, companion: bench.companion, at: 2999.0 / 60)
    try bench.surface.draw(session, last)
    try bench.draw(over: session, last)
    deliver(key(Key(rawValue: "P")), at: 60, &bench, &session)
    #expect(!bench.showsPlot)
  }
}

/// Issue 29: the motion plot ran under the docked studio, its last seconds and the time axis's
/// "now" hidden by the panel. Beside the docked panel it spans the tables' width only.
@MainActor @Suite(.serialized) struct DockedPlotTests {
  @Test func thePlotStaysLeftOfTheDockedStudio() throws {
    let options = try LabCommand.parse(["--size", "400x600"]).resolve(environment: [:])
    let surface = try TableCanvas(options: options, clock: LastUpdatedClock(origin: nil, language: .english))
    var session = ListDriver(
      tuning: Tuning(), data: options.data, viewport: surface.tableRect, rowHeight: surface.rowHeight)
    var bench = try StudioInstruments(
      options: options, surface: surface, compareTuning: nil, script: nil, viewport: surface.tableRect,
      rowHeight: surface.rowHeight, sampleCapacity: StudioInstruments.liveCapacity, recordKeys: true)
    bench.perform(.togglePlot, at: 0, primary: &session)
    surface.isPanelDocked = true
    let width = surface.renderer.size.width
    let tables = surface.tablesWidth(inWindowWidth: width)
    #expect(tables < width - 100, "the docked panel takes the right of the window")

    let untouched = Color(rgb: 0xFF00FF)
    try surface.renderer.beginFrame(clearingTo: untouched)
    try bench.draw(over: session, FrameSnapshots(session, companion: nil, at: 1))
    let image = try surface.renderer.readPixels()
    surface.renderer.present()
    let y = image.height - 20
    #expect(image[Int(tables) - 10, y] != untouched, "the plot is drawn beside the panel")
    #expect(image[Int(tables) + 10, y] == untouched, "nothing of the plot under the panel")
  }
}
