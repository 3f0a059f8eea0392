import RefreshCore
import RefreshSDL

/// One frame of the lab, the same for every host: input → list → snapshot → draw → outputs.
///
/// `advance` steps the tables to the frame's time (the script's events and the data source's
/// answers due by then) and measures the rows about to show; `snapshot` takes the frame's
/// snapshots once; `draw` draws the measured table, as only what changed when it can, and the
/// studio's layers over it; `output` writes the trace line, saves the screenshots due, presents
/// the frame and counts it for `--stats`; `finish` closes the outputs at the end of the run.
///
/// The hosts choose only their clock and their sinks: the window (`WindowRunner`) paces frames
/// on the wall clock, skips frames that would look like the last and draws its status line and
/// keys over the tables; a replay (`HeadlessRunner`) steps frame k at k / fps and samples the
/// plot; the soak (`SoakRun`) plays its random input and checks every frame.
@MainActor
struct FramePipeline {
  /// What the frames are drawn on.
  let surface: TableCanvas
  /// The compared table, the plots, and the window's record and replay keys.
  var bench: StudioInstruments
  /// The trace being written; dropped if a write fails, so the rest of the run goes on.
  private(set) var trace: TraceWriter?
  /// The screenshots still to take.
  private(set) var screenshots: ScreenshotQueue
  /// `--stats`: what the frames drawn cost.
  var stats: RunStats?
  /// Outputs that failed during the run, reported by `finish` after the others are written.
  private(set) var failures = WriteFailures()
  /// Whether every frame is drawn whole (`--full-redraw`).
  let fullRedraw: Bool
  /// Whether the tables reduce motion (`--reduced-motion`, resolved for the run).
  let reducesMotion: Bool
  /// Whether the held pointer is drawn as a disc (`--show-touches`).
  let showsTouches: Bool
  /// Whether the last frame drawn was the measured table alone, for the next to build on.
  private var lastFrameAlone = false
  private var touchDisc = TouchDisc()

  /// The pipeline of a run with `options`' outputs, drawing on `surface`. Its bench's compared
  /// table (`compareTuning`) plays `script` beside the measured one; the bench keeps
  /// `sampleCapacity` frames for the plots, and `recordKeys` enables the window's R and Shift+R.
  init(
    options: LabOptions, surface: TableCanvas, compareTuning: Tuning?, script: GestureScript?,
    sampleCapacity: Int, recordKeys: Bool, match: MatchRecording? = nil
  ) throws(LabError) {
    self.surface = surface
    bench = try StudioInstruments(
      options: options, surface: surface, compareTuning: compareTuning, script: script,
      viewport: surface.tableRect, rowHeight: surface.rowHeight, sampleCapacity: sampleCapacity,
      recordKeys: recordKeys)
    bench.match = try match.map { recording throws(LabError) in
      try MatchView(recording: recording, renderer: surface.renderer, session: surface.sdl)
    }
    trace = try options.trace.map { path throws(LabError) in try TraceWriter(path: path) }
    screenshots = ScreenshotQueue(options.screenshots)
    stats = options.stats ? RunStats() : nil
    fullRedraw = options.fullRedraw
    reducesMotion = options.reducesMotion
    showsTouches = options.showsTouches
  }

  /// Where the discs of `--show-touches` go this frame, window points: the pointer held on the
  /// measured table and on the compared one. None without the flag.
  func touches(_ session: ListDriver) -> [Point] {
    guard showsTouches else { return [] }
    return [session.press.position, bench.companion?.press.position].compactMap { $0 }
  }

  /// The measured table: `tuning` on a data source of `data`, playing `script`, in the
  /// surface's first table frame.
  func measuredTable(tuning: Tuning, data: DataSourceConfiguration, script: GestureScript?) -> ListDriver {
    ListDriver(
      tuning: tuning, data: data, viewport: surface.tableRect, rowHeight: surface.rowHeight, script: script,
      origin: surface.tableOrigin(0), reducesMotion: reducesMotion)
  }

  /// Input and list: steps both tables to `time` (what falls due by then, the answers that
  /// arrived), takes in the images decoded since the last frame and measures the rows about to
  /// show, so that the snapshot is taken of rows at their heights.
  mutating func advance(_ session: inout ListDriver, to time: Double) {
    bench.match?.drive(&session, to: time)
    session.step(to: time)
    bench.step(to: time)
    let arrivals = surface.collectImages()
    surface.measure(&session, at: time, arrivals: arrivals)
    bench.measure(arrivals: arrivals, at: time)
  }

  /// The frame's snapshots, taken once after `advance`: everything after reads these.
  func snapshot(_ session: ListDriver, at time: Double) -> FrameSnapshots {
    FrameSnapshots(session, companion: bench.companion, at: time)
  }

  /// Draws `shown`: the measured table, then the studio's layers over it (not yet presented).
  ///
  /// The table draws only what changed when nothing else was drawn over it last frame or is in
  /// this one: `hostDrawsOver` says the host will draw over the tables itself (the window's
  /// panel or keys overlay); `whole` asks for the whole frame (the window after what the frame
  /// content does not capture, or before a screenshot). Returns why the animated header was
  /// refused, once, if it just was: it draws as the classic header from then on.
  mutating func draw(
    _ session: ListDriver, _ shown: FrameSnapshots, hostDrawsOver: Bool = false, whole: Bool = false
  ) throws(LabError) -> LabError? {
    let touches = touches(session)
    // A disc is drawn over the table: the next frame cannot move pixels it covered.
    let alone = !hostDrawsOver && !bench.drawsOverTables(session) && touches.isEmpty
    try surface.draw(session, shown, changesOnly: alone && lastFrameAlone && !whole && !fullRedraw)
    let refusal = surface.takeHeaderRefusal()
    lastFrameAlone = alone
    try bench.draw(over: session, shown)
    do throws(SDLError) {
      try touchDisc.draw(at: touches, on: surface.renderer)
    } catch {
      throw .shell(error.description)
    }
    return refusal
  }

  /// The outputs of a drawn frame: its trace line, the screenshots whose time falls before
  /// `nextFrameTime` (the frame on screen at time T is the last one drawn at or before T), the
  /// frame presented, and counted for `--stats`. Returns the outputs that failed (kept for
  /// `finish` too); a failed trace is dropped, its earlier file kept.
  mutating func output(_ session: ListDriver, _ shown: FrameSnapshots, nextFrameTime: Double) -> [LabError] {
    var failed: [LabError] = []
    do throws(LabError) {
      try trace?.write(bench.traceFrame(session, shown))
    } catch {
      trace = nil
      failed.append(error)
    }
    for request in screenshots.due(beforeFrameAfter: nextFrameTime) {
      do throws(LabError) {
        try surface.save(to: request.path)
      } catch {
        failed.append(error)
      }
    }
    surface.present()
    // Read before `stats` is modified: with a tuning that holds an existential (a program's
    // curve family), reading `surface` inside the call counts as an overlapping access.
    let canvas = surface
    stats?.frameDrawn(shown, of: session, on: canvas)
    for error in failed { failures.append(error) }
    return failed
  }

  /// Whether a screenshot falls due before `nextFrameTime`.
  func screenshotDue(beforeFrameAfter nextFrameTime: Double) -> Bool {
    screenshots.pending.first.map { $0.time < nextFrameTime } ?? false
  }

  /// Ends the run's outputs: prints `--stats`, runs `hostOutputs` (the host's own files),
  /// closes the trace, and fails for a screenshot whose time never came (`ended` says when the
  /// run ended: "the replay ended at 4.0 s"). Every output is attempted before the failures of
  /// the run are thrown.
  mutating func finish(
    ended: String, hostOutputs: (inout StudioInstruments) throws(LabError) -> Void
  ) throws(LabError) {
    if let stats { print(stats.line(surface: surface)) }
    // Copies, so that the closures below do not reach into `self` while it is being changed.
    var failures = failures
    var bench = bench
    failures.attempt { () throws(LabError) in try hostOutputs(&bench) }
    failures.attempt { () throws(LabError) in try trace?.finish() }
    self.bench = bench
    if let missed = screenshots.pending.first {
      failures.append(
        .badFlag(
          flag: "--screenshot", message: "\(ended), before \(missed.time) s; \(missed.path) was not written"))
    }
    self.failures = failures
    try failures.throwIfAny()
  }
}

/// The screenshots still to take, earliest first.
struct ScreenshotQueue {
  private(set) var pending: [ScreenshotRequest]

  init(_ requests: [ScreenshotRequest]) {
    pending = requests.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
  }

  /// The requests whose time falls before the next frame: the frame on screen at time T is the
  /// last one drawn at or before T.
  mutating func due(beforeFrameAfter nextFrameTime: Double) -> [ScreenshotRequest] {
    let count = pending.prefix { $0.time < nextFrameTime }.count
    defer { pending.removeFirst(count) }
    return Array(pending.prefix(count))
  }
}
