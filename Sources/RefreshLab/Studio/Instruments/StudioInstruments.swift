import RefreshCore
import RefreshSDL

/// The bench of the tuning studio: the compared table of `--compare`, the motion samples behind
/// the plots, and in the window the record and replay keys (`StudioControls` holds the panel,
/// the tuning file and slow motion).
///
/// The runners keep the measured table's `ListDriver` as they always have and tell the bench
/// about each event and frame. Both tables live in table coordinates (see `CompareLayout`), so
/// the compared table takes exactly the events the measured one takes.
@MainActor
struct StudioInstruments {
  let options: LabOptions
  let surface: TableCanvas
  /// The compared (right-hand) table: its own controller and data source, same seed.
  var companion: ListDriver?
  /// The most recent frames, oldest first.
  private(set) var samples: RingBuffer<PlotSample>
  /// Whether the live plot is shown.
  var showsPlot = false
  /// The record and replay keys (the window only).
  var takes: TakeControl?
  /// Whether a replay started with Shift+R is under way (until its script ends).
  var replaysTake = false
  /// Wall time of the last live frame sampled, and whether everything was at rest then.
  var lastFrame: (wall: Double, settled: Bool)?
  /// `--match`: the recording shown in the compared table's place, and its plot.
  var match: MatchView?
  private let painter: StudioPainter
  /// Whether a replay (Shift+R) starts again once it has played out (L).
  var loopsReplay = false
  /// The script the last Shift+R replayed, which the loop plays again.
  var replayedScript: GestureScript?
  /// The run before the last edit, drawn behind the live one until cleared (G).
  var ghost: PlotGhost?
  /// The last run's frames, and the one stepped to with [ and ] (the window shows it).
  var scrubber = Scrubber()
  /// The tuning the last sample was taken with: a change is an edit.
  private var sampledTuning: Tuning?
  /// The readouts under the live plot, and the tuning and data source they were measured on.
  private(set) var readouts: (tuning: Tuning, data: DataSourceConfiguration, value: MotionReadouts)?

  /// Seconds of motion the live plot shows.
  static let liveWindow = 5.0
  /// Frames the live plot keeps: five seconds at up to 400 Hz.
  static let liveCapacity = 2048

  /// A studio for a run drawing on `surface` whose measured table plays `script` in
  /// `viewport` (table coordinates); `compareTuning` adds the compared table. `sampleCapacity`
  /// frames are kept for the plots; `recordKeys` enables R and Shift+R.
  init(
    options: LabOptions, surface: TableCanvas, compareTuning: Tuning?, script: GestureScript?,
    viewport: Rect, rowHeight: Double, sampleCapacity: Int, recordKeys: Bool
  ) throws(LabError) {
    self.options = options
    self.surface = surface
    companion = compareTuning.map {
      ListDriver(
        tuning: $0, data: options.data, viewport: viewport, rowHeight: rowHeight, script: script,
        origin: surface.tableOrigin(1), reducesMotion: options.reducesMotion)
    }
    samples = RingBuffer(capacity: sampleCapacity)
    takes = recordKeys ? TakeControl(recordPath: options.record, folder: options.outputFolder) : nil
    painter = try StudioPainter(surface: surface)
  }

  // MARK: Events and time

  /// A window event in table coordinates.
  func tableEvent(_ event: ShellEvent) -> ShellEvent {
    let width = surface.window.map { Double($0.size.width) } ?? surface.renderer.size.width
    return surface.layout.tableEvent(event, windowWidth: surface.tablesWidth(inWindowWidth: width))
  }

  /// Hands the compared table the event (table coordinates) the measured table just took, and
  /// records it if a take is under way.
  mutating func mirror(_ event: ShellEvent, at time: Double, meaning: GestureMapper.Translation) {
    companion?.handle(event, at: time)
    takes?.record(event, at: time, meaning: meaning)
  }

  /// Moves the compared table to `frame` (window points) at `time`, as the window was resized.
  mutating func place(in frame: Rect, at time: Double) {
    companion?.place(in: frame, at: time)
  }

  /// Moves the compared table to `time`, as the measured one was.
  mutating func step(to time: Double) {
    companion?.step(to: time)
  }

  /// Measures the compared table's rows about to show (and `arrivals`, whose images came), as
  /// the measured table's were.
  mutating func measure(arrivals: [Int], at time: Double) {
    guard var table = companion else { return }
    surface.measure(&table, at: time, arrivals: arrivals)
    companion = table
  }

  /// Whether the compared table (if any) moves on its own.
  var isSettled: Bool { (companion?.list.isSettled ?? true) && match == nil }
  /// Whether the compared table (if any) waits for nothing.
  var isIdle: Bool { companion?.isIdle ?? true }
  /// When the compared table next has something due.
  var nextDueTime: Double? { companion?.nextDueTime }

  /// Whether anything of the instruments is drawn over the tables (the compared table, the plot,
  /// a badge), so the frame cannot be drawn as only what the measured table changed.
  func drawsOverTables(_ primary: ListDriver) -> Bool {
    companion != nil || match != nil || showsPlot || takes?.isTaking == true || isReplaying(primary)
      || scrubber.isScrubbing
  }

  /// Whether a Shift+R replay owns the pointer, as `--replay` does.
  func isReplaying(_ primary: ListDriver) -> Bool {
    replaysTake && !primary.reachedScriptEnd
  }

  // MARK: Frames

  /// Keeps `frame` of `primary` for the plots, with what it cost.
  mutating func sample(_ primary: ListDriver, _ frame: FrameSnapshots, frameMilliseconds: Double?) {
    var sample = PlotSample(
      time: frame.time, snapshot: frame.table,
      refreshThreshold: primary.controller.tuning.refreshThreshold, frameMilliseconds: frameMilliseconds)
    if let companion, let compared = frame.compared {
      sample.compare(with: compared, refreshThreshold: companion.controller.tuning.refreshThreshold)
    }
    // After an edit, the last gesture made becomes the ghost the next one is drawn over.
    let tuning = primary.controller.tuning
    if let sampledTuning, sampledTuning != tuning, let run = PlotGhost(lastGestureOf: samples) { ghost = run }
    sampledTuning = tuning
    ghost?.follow(sample, after: samples.last)
    ghost?.annotate(&sample)
    samples.append(sample)
  }

  /// Keeps a window frame about to be drawn at session time `time`, wall time `wall`. Its frame
  /// time is the wall interval since the last frame, unless everything was at rest then (the
  /// window slept, which says nothing about frame times).
  mutating func sampleLive(_ primary: ListDriver, _ frame: FrameSnapshots, wall: Double) {
    // Not `lastFrame.flatMap { … }`: a closure made here is checked to run on the main actor
    // each time it is called, a cost every frame paid for nothing.
    var interval: Double? = nil
    if let last = lastFrame, !last.settled { interval = (wall - last.wall) * 1000 }
    sample(primary, frame, frameMilliseconds: interval)
    scrubber.keep(frame)
    lastFrame = (wall, primary.list.isSettled && isSettled)
    if showsPlot { measureReadouts(primary) }
  }

  /// Measures the readouts again when the tuning or the data source changed since they were.
  mutating func measureReadouts(_ primary: ListDriver) {
    let tuning = primary.controller.tuning
    let data = primary.dataSource.configuration
    guard readouts?.tuning != tuning || readouts?.data != data else { return }
    readouts = (tuning, data, MotionReadouts(tuning: tuning, data: data))
  }

  /// The trace line: the measured table's frame, and the compared table's under "compare".
  func traceFrame(_ primary: ListDriver, _ frame: FrameSnapshots) -> StudioTraceFrame {
    var compare: TraceFrame?
    if let companion, let compared = frame.compared {
      compare = companion.traceFrame(compared, at: frame.time)
    }
    return StudioTraceFrame(primary: primary.traceFrame(frame.table, at: frame.time), compare: compare)
  }

  /// Draws the studio's layers over the measured table `surface` has drawn.
  func draw(over primary: ListDriver, _ frame: FrameSnapshots) throws(LabError) {
    let time = frame.time
    let (width, height) = surface.renderer.size
    do throws(SDLError) {
      if let companion, let compared = frame.compared {
        try painter.drawTable(companion, showing: compared)
        try painter.drawCaptions(
          captions(primary),
          in: surface.layout.captionFrames(width: surface.tablesWidth(inWindowWidth: width), height: height),
          windowHeight: height)
      }
      // The tables' share of the window: beside the docked studio, the plot and the badges
      // stay left of it rather than under it.
      let tablesWidth = surface.tablesWidth(inWindowWidth: width)
      if let match {
        let frames = surface.tableFrames(windowWidth: width, height: height)
        if frames.count > 1 {
          try match.draw(
            at: time, live: frame.table, in: frames[1], plot: surface.layout.plotFrame(width: tablesWidth))
          try painter.drawCaptions(
            match.captions(liveTuning: primary.controller.tuning),
            in: surface.layout.captionFrames(width: tablesWidth, height: height), windowHeight: height)
        }
      }
      // The scrubber's strip sits under the list, above the status line; the plot above it.
      var bottom = height - surface.bottomStrip
      if let caption = scrubber.caption, let position = scrubber.position {
        painter.drawOnionSkin(
          scrubber.onion, rowHeight: primary.rowHeight, in: primary.list.frame)
        bottom -= StudioPainter.scrubberHeight
        try painter.drawScrubber(
          caption: caption, position: position, count: scrubber.frames.count,
          in: Rect(x: 0, y: bottom, width: tablesWidth, height: StudioPainter.scrubberHeight))
      }
      if showsPlot {
        // Above the status line, which would cover the time axis, with the readouts below.
        let plotHeight = min(320, max(200, height * 0.42))
        let readoutsHeight = readouts == nil ? 0 : StudioPainter.readoutsHeight
        try painter.drawPlot(
          samples, window: (time - Self.liveWindow)...time, caption: liveCaption(at: time),
          in: Rect(
            x: 0, y: bottom - readoutsHeight - plotHeight, width: tablesWidth, height: plotHeight))
        if let readouts {
          try painter.drawReadouts(
            readouts.value.lines,
            in: Rect(x: 0, y: bottom - readoutsHeight, width: tablesWidth, height: readoutsHeight))
        }
      }
      let top = surface.layout.tablesTop
      if takes?.isTaking == true {
        try painter.drawBadge(.take, top: top, right: tablesWidth)
      } else if isReplaying(primary) {
        try painter.drawBadge(.replaying, top: top, right: tablesWidth)
      }
    } catch {
      throw .shell(error.description)
    }
  }

  /// What each table's caption says. Comparing, the right-hand table is the reference: its
  /// file's tuning, locked (the studio, Ctrl+S and E act on the left one), and each caption says
  /// which side is which.
  func captions(_ primary: ListDriver) -> [String] {
    let edited = "\(StudioNames.source(of: options)): \(StudioNames.summary(of: primary.controller.tuning))"
    guard let companion, let path = options.compare else { return [edited] }
    return [
      "edited · " + edited,
      "reference, locked · \(StudioNames.fileName(path)): \(StudioNames.summary(of: companion.controller.tuning))",
    ]
  }

  private func liveCaption(at time: Double) -> PlotCaption {
    PlotCaption(
      frameHeading: "frame interval (ms)", timeHeading: "time (s, 0 = now)", timeOrigin: time,
      primaryName: companion == nil ? nil : StudioNames.source(of: options),
      compareName: options.compare.map(StudioNames.fileName),
      ghostName: ghost == nil ? nil : "before the edit (G clears)")
  }
}
