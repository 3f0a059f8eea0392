import RefreshCore
import RefreshSDL

/// `--headless`: plays the script in simulated time at `--fps`, frame k at exactly k / fps through
/// the window's frame pipeline (`FramePipeline`), drawing every frame with SDL's software
/// renderer, so the same replay gives the same trace and the same pixels every time.
@MainActor
struct HeadlessRunner {
  let options: LabOptions
  let tuning: Tuning
  let script: GestureScript
  /// The tuning of `--compare`'s second table.
  var compareTuning: Tuning? = nil
  /// `--match`: the recording shown beside the list.
  var match: MatchRecording? = nil
  /// Called after each frame is drawn, with its number and the renderer holding its pixels
  /// (tests compare frames drawn whole with frames drawn as changes).
  var frameObserver: (@MainActor (_ frame: Int, _ renderer: Renderer) -> Void)? = nil

  /// How long a script without an `end` line may run past its last event while waiting for
  /// everything to settle.
  static let settleAllowance = 30.0

  func run() throws(LabError) {
    let surface = try TableCanvas(
      options: options, clock: LastUpdatedClock(origin: nil, language: options.language))
    var pipeline = try FramePipeline(
      options: options, surface: surface, compareTuning: compareTuning, script: script,
      sampleCapacity: StudioInstruments.headlessCapacity(
        script: script, fps: options.fps, plotting: options.plot != nil),
      recordKeys: false, match: match)
    var session = pipeline.measuredTable(tuning: tuning, data: options.data, script: script)
    // The plot's frame-time strip shows what each frame cost to compute and draw.
    let workClock = HighResolutionClock()
    let lastEvent = script.events.last?.time ?? 0
    let fps = Double(options.fps)
    var frame = 0
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
      pipeline.advance(&session, to: t)
      let shown = pipeline.snapshot(session, at: t)
      // A header file whose frames did not render in time ends the replay: its frames would
      // not be the file's.
      if let refusal = try pipeline.draw(session, shown) { throw refusal }
      if options.plot != nil {
        pipeline.bench.sample(session, shown, frameMilliseconds: (workClock.now() - workStart) * 1000)
      }
      _ = pipeline.output(session, shown, nextFrameTime: Double(frame + 1) / fps)
      frameObserver?(frame, surface.renderer)
      // A lost trace (its earlier file kept) ends the replay unless a plot or a screenshot is
      // still to come.
      if options.trace != nil, pipeline.trace == nil, options.plot == nil,
        pipeline.screenshots.pending.isEmpty
      {
        break
      }
      let idle = session.isIdle && pipeline.bench.isIdle
      if script.endTime == nil && t >= lastEvent && (idle || t > lastEvent + Self.settleAllowance) {
        break
      }
      frame += 1
    }
    try pipeline.finish(ended: "the replay ended at \(Double(frame) / fps) s") { bench throws(LabError) in
      try bench.writePlot(session)
    }
  }
}
