import RefreshCore
import RefreshSDL

/// `--headless`: plays the script in simulated time at `--fps`, drawing every frame with SDL's
/// software renderer, so the same replay gives the same trace and the same pixels every time.
@MainActor
struct HeadlessRunner {
  let options: LabOptions
  let tuning: Tuning
  let script: GestureScript
  /// The tuning of `--compare`'s second table.
  var compareTuning: Tuning? = nil
  /// Called after each frame is drawn, with its number and the renderer holding its pixels
  /// (tests compare frames drawn whole with frames drawn as changes).
  var frameObserver: (@MainActor (_ frame: Int, _ renderer: Renderer) -> Void)? = nil

  /// How long a script without an `end` line may run past its last event while waiting for
  /// everything to settle.
  static let settleAllowance = 30.0

  func run() throws(LabError) {
    let surface = try TableCanvas(
      options: options, clock: LastUpdatedClock(origin: nil, language: options.language))
    var session = ListDriver(
      tuning: tuning, data: options.data, viewport: surface.tableRect,
      rowHeight: surface.rowHeight, script: script,
      origin: surface.tableOrigin(0))
    var bench = try StudioInstruments(
      options: options, surface: surface, compareTuning: compareTuning, script: script,
      viewport: surface.tableRect, rowHeight: surface.rowHeight,
      sampleCapacity: StudioInstruments.headlessCapacity(
        script: script, fps: options.fps, plotting: options.plot != nil),
      recordKeys: false)
    // The plot's frame-time strip shows what each frame cost to compute and draw.
    let workClock = HighResolutionClock()
    var trace = try options.trace.map { path throws(LabError) in try TraceWriter(path: path) }
    // A failed output is kept for the end, after the others are written.
    var failures = WriteFailures()
    var screenshots = ScreenshotQueue(options.screenshots)
    let lastEvent = script.events.last?.time ?? 0
    let fps = Double(options.fps)
    var frame = 0
    var stats = options.stats ? RunStats() : nil
    // Whether the last frame was the measured table alone, for the next to build on.
    var lastFrameAlone = false
    while true {
      // Frame times are computed, never accumulated, so frame k is at exactly k/fps.
      let t = Double(frame) / fps
      if let end = script.endTime, t > end { break }
      if let signal = StopSignals.take() {
        // The trace and plot are half made: neither replaces an earlier file.
        let unwritten = [options.trace, options.plot].compactMap { $0 }
        throw .interrupted(
          signal: signal,
          message: "the replay stopped at \(t.fixed(3)) s"
            + (unwritten.isEmpty ? "" : "; \(unwritten.joined(separator: " and ")) left as it was"))
      }
      let workStart = workClock.now()
      session.step(to: t)
      bench.step(to: t)
      let arrivals = surface.collectImages()
      surface.measure(&session, at: t, arrivals: arrivals)
      bench.measure(arrivals: arrivals, at: t)
      let shown = FrameSnapshots(session, companion: bench.companion, at: t)
      let alone = !bench.drawsOverTables(session)
      try surface.draw(session, shown, changesOnly: alone && lastFrameAlone && !options.fullRedraw)
      // A header file whose frames did not render in time ends the replay: its frames would
      // not be the file's.
      if let refusal = surface.takeHeaderRefusal() { throw refusal }
      lastFrameAlone = alone
      try bench.draw(over: session, shown)
      if options.plot != nil {
        bench.sample(session, shown, frameMilliseconds: (workClock.now() - workStart) * 1000)
      }
      do throws(LabError) {
        try trace?.write(bench.traceFrame(session, shown))
      } catch {
        // The trace is lost (its earlier file kept); the replay goes on only for what is left.
        failures.append(error)
        trace = nil
        if options.plot == nil && screenshots.pending.isEmpty { break }
      }
      for request in screenshots.due(beforeFrameAfter: Double(frame + 1) / fps) {
        failures.attempt { () throws(LabError) in try surface.save(to: request.path) }
      }
      surface.present()
      stats?.frameDrawn(shown, of: session, on: surface)
      frameObserver?(frame, surface.renderer)
      let idle = session.isIdle && bench.isIdle
      if script.endTime == nil && t >= lastEvent && (idle || t > lastEvent + Self.settleAllowance) {
        break
      }
      frame += 1
    }
    if let stats { print(stats.line(surface: surface)) }
    failures.attempt { () throws(LabError) in try trace?.finish() }
    failures.attempt { () throws(LabError) in try bench.writePlot(session) }
    if let missed = screenshots.pending.first {
      failures.append(
        .badFlag(
          flag: "--screenshot",
          message:
            "the replay ended at \(Double(frame) / fps) s, before \(missed.time) s; \(missed.path) was not written"
        ))
    }
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
