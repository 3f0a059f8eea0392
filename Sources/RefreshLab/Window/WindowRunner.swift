import FoundationEssentials
import RefreshCore
import RefreshSDL

/// The window: the same frame pipeline as `--headless` (`FramePipeline`), on the shell's
/// high-resolution clock.
///
/// It draws while anything moves, never more often than the display refreshes (`FramePacer`,
/// even with vsync: a software OpenGL claims vsync and does not wait for it), and
/// otherwise sleeps in `SDL_WaitEventTimeout` until the next input or the next thing due (a
/// script event, a data-source answer, a screenshot), so an idle window costs no CPU.
@MainActor
struct WindowRunner {
  let options: LabOptions
  let tuning: Tuning
  let script: GestureScript?
  /// The tuning of `--compare`'s second table.
  var compareTuning: Tuning? = nil
  /// `--match`: the recording shown beside the list.
  var match: MatchRecording? = nil

  /// The window's title, which scripts and the end-to-end test find it by.
  static let title = "RefreshLab"

  /// The longest sleep when nothing at all is due; any event wakes it sooner.
  static let idleWait = 1.0

  /// How long the start hint ("? keys · Tab studio") shows when nothing is pressed, seconds.
  static let hintDuration = 8.0

  func run() throws(LabError) {
    let window: Window
    let renderer: Renderer
    let sdl: SDLSession
    do throws(SDLError) {
      sdl = try SDLSession(mode: .window)
      let size = CompareLayout(options).windowSize(forTable: options.size)
      window = try Window(session: sdl, title: Self.title, width: size.width, height: size.height)
      renderer = try Renderer(window: window)
    } catch {
      throw .shell(error)
    }
    let surface = try TableCanvas(
      session: sdl, window: window, renderer: renderer, options: options,
      clock: LastUpdatedClock(origin: Date(), language: options.language))
    let pipeline = try FramePipeline(
      options: options, surface: surface, compareTuning: compareTuning, script: script,
      sampleCapacity: StudioInstruments.liveCapacity, recordKeys: true, match: match)
    var session = pipeline.measuredTable(tuning: tuning, data: options.data, script: script)
    var loop = try Loop(options: options, tuning: tuning, surface: surface, pipeline: pipeline)
    try loop.run(&session)
  }
}

/// The window loop's state: clock, events, pacing and the outputs being written.
@MainActor
private struct Loop {
  let options: LabOptions
  let surface: TableCanvas
  let clock = HighResolutionClock()
  let events: EventSource
  var pacer: FramePacer
  /// The frame's steps and outputs (trace, screenshots, `--stats`), the same as a replay's;
  /// also the compared table, the plots, and the record and replay keys (`bench`).
  var pipeline: FramePipeline
  var buffer: [TimedEvent] = []
  /// The tuning panel, the tuning file and slow motion; also the session clock.
  let studio: StudioControls
  /// What the last frame drawn showed; a frame that would show the same is skipped.
  var lastDrawn: FrameContent?
  /// Set by what the frame content does not capture (the studio, a damaged window): the next
  /// frame is drawn whole.
  var mustDraw = true
  /// Set when the status line or the start hint changed: the next frame is drawn, still as
  /// only what changed (they are drawn over the table as it is told, `TableView.drawnOver`).
  var overlaysChanged = false
  /// The keys overlay (`?`) and the start hint.
  let keysView: KeysOverlayView
  /// Whether the keys overlay is shown.
  var keysShown = false
  /// The wall time the start hint goes at, unless an input comes first; nil once it is gone.
  var hintUntil: Double?
  /// How much wider than asked the window was made for the docked panel, points.
  var dockedWidth = 0

  init(options: LabOptions, tuning: Tuning, surface: TableCanvas, pipeline: FramePipeline)
    throws(LabError)
  {
    self.options = options
    self.surface = surface
    events = EventSource(session: surface.sdl, clock: clock)
    pacer = FramePacer(refreshRate: surface.window?.displayRefreshRate ?? 60)
    self.pipeline = pipeline
    studio = try StudioControls(options: options, tuning: tuning, surface: surface, now: 0)
    keysView = try KeysOverlayView(
      surface: surface, axis: options.data.axis, orientation: options.data.orientation)
    // A replay is the only input of its run; the hint would be drawn into its screenshots.
    hintUntil = options.replay == nil ? clock.now() + WindowRunner.hintDuration : nil
  }

  mutating func run(_ session: inout ListDriver) throws(LabError) {
    var needsFrame = true
    var quitTime: Double?
    var stoppedBy: String?
    var nextSignalCheck = -Double.infinity
    // Screen readers see the table once a turn, when the desktop runs the accessibility bus.
    let accessibility = LabAccessibility(
      window: surface.window, session: session, options: options)
    while quitTime == nil {
      events.collect(into: &buffer, waitingUpTo: wait(session, needsFrame: needsFrame))
      pipeline.stats?.wakeups += 1
      for timed in buffer {
        if respond(to: timed, session: &session) == .quit {
          quitTime = studio.sessionTime(atWall: timed.time)
        }
        needsFrame = true
      }
      buffer.removeAll(keepingCapacity: true)
      let wall = clock.now()
      // The kernel is asked at most every 50 ms, not at every turn of the loop.
      if wall >= nextSignalCheck {
        nextSignalCheck = wall + 0.05
        if let signal = StopSignals.take() {
          // As if the window were closed, after the input that came before the signal: the
          // recording and the trace so far are saved whole.
          stoppedBy = signal
          quitTime = quitTime ?? studio.sessionTime(atWall: wall)
          break
        }
      }
      if studio.poll(atWall: wall, session: &session) {
        needsFrame = true
        overlaysChanged = true
      }
      if let until = hintUntil, wall >= until {
        hintUntil = nil
        needsFrame = true
        overlaysChanged = true
      }
      let now = studio.sessionTime(atWall: wall)
      if accessibility?.performRequests(&session, at: now) == true { needsFrame = true }
      if options.replay != nil && session.reachedScriptEnd { quitTime = quitTime ?? now }
      if pipeline.bench.loopReplay(&session, at: now) { needsFrame = true }
      let moving =
        needsFrame || !session.list.isSettled || session.nextDueTime.map { $0 <= now } == true
        || !pipeline.bench.isSettled || pipeline.bench.nextDueTime.map { $0 <= now } == true
        || pipeline.screenshots.pending.first.map { $0.time <= now } == true
      guard moving, pacer.isDue(at: wall) else { continue }
      try frame(&session, at: now, wall: wall)
      // What the frame's step changed (an answer arrived, a refresh ended) is told at once.
      accessibility?.update(session, at: now, sliders: studio.accessibleSliders(session))
      needsFrame = false
      mustDraw = false
      overlaysChanged = false
    }
    let take = pipeline.bench.takePath
    // Leaving never drops the tuning's changes: unsaved ones are kept for the next window.
    if let kept = studio.keepUnsavedChanges(session.controller.tuning) { RefreshLabApp.report(kept) }
    try finish(at: quitTime ?? studio.sessionTime(atWall: clock.now()))
    if let stoppedBy {
      let saved = [take, pipeline.trace?.path].compactMap { $0 }
      RefreshLabApp.report(
        "stopped by \(stoppedBy)"
          + (saved.isEmpty ? "" : "; saved \(saved.joined(separator: " and ")) up to the stop"))
    }
  }

  /// What the window did with an event.
  enum Response: Equatable {
    case quit
    case handled
  }

  /// The window's one responder chain. The window's own keys (`WindowCommand`: the app's, the
  /// studio's and the bench's) go first, then the pointer over the studio's panel; everything
  /// else is the tables', in their own coordinates, unless a replay owns the pointer and keys.
  /// Only what reaches the tables is recorded.
  mutating func respond(to timed: TimedEvent, session: inout ListDriver) -> Response {
    let wall = timed.time
    // Events are stamped in wall time; the session runs on the slow-motion clock.
    let time = studio.sessionTime(atWall: wall)
    if hintUntil != nil, timed.event.isInput {
      hintUntil = nil
      overlaysChanged = true
    }
    let context = WindowCommand.Context(
      panelOpen: studio.isPanelOpen, filtering: studio.isFiltering, keysShown: keysShown)
    // With the second floor open, Esc closes it (the table's) rather than the window.
    let closesFloor = ListDriver.closesFloor(timed.event) && session.floorIsOpen(at: time)
    if !closesFloor, let command = WindowCommand(timed.event, context: context) {
      mustDraw = true
      let isRepeat: Bool
      if case .key(_, _, let repeated) = timed.event { isRepeat = repeated } else { isRepeat = false }
      switch command {
      case .quit: return .quit
      case .toggleKeys:
        if !isRepeat { keysShown.toggle() }
        // A drag under the overlay ends where it is: its release would land on the overlay.
        if keysShown { _ = session.handle(.pointerLeft, at: time) }
      case .bench(let command):
        if !isRepeat || command.acceptsRepeats,
          let note = pipeline.bench.perform(command, at: time, primary: &session)
        {
          studio.show(note, atWall: wall)
        }
      default:
        let wasOpen = studio.isPanelOpen
        studio.perform(command, isRepeat: isRepeat, atWall: wall, session: &session)
        if studio.isPanelOpen != wasOpen { dock(panelOpen: studio.isPanelOpen, at: time, session: &session) }
      }
      return .handled
    }
    // The keys overlay covers the window: what is pressed, turned or touched on it stays on it.
    if keysShown, timed.event.isPointer { return .handled }
    // Touching the list, or a key it takes, goes back to the live list from a stepped-to frame.
    if timed.event.isInput, pipeline.bench.scrubber.isScrubbing {
      pipeline.bench.scrubber.leave()
      mustDraw = true
    }
    if studio.handle(timed.event, atWall: wall, session: &session) {
      mustDraw = true
      return .handled
    }
    switch timed.event {
    case .resize(let width, let height):
      placeTables(windowWidth: width, height: height, at: time, session: &session)
      return .handled
    case .exposed:
      mustDraw = true
      return .handled
    case .other:
      // Text input, drops, other window events: nothing in the lab takes them.
      return .handled
    default:
      break
    }
    // A replay owns the pointer and the table's keys: a hover would otherwise move its drag.
    let replaying = options.replay != nil && !session.reachedScriptEnd || pipeline.bench.isReplaying(session)
    guard !replaying else { return .handled }
    // Both tables of a comparison take the event, in their own coordinates.
    let event = pipeline.bench.tableEvent(timed.event)
    let meaning = session.handle(event, at: time)
    pipeline.bench.mirror(event, at: time, meaning: meaning)
    return .handled
  }

  /// The window lays its tables out, beside the docked panel if open; each list is told its new
  /// frame.
  mutating func placeTables(
    windowWidth width: Double, height: Double, at time: Double, session: inout ListDriver
  ) {
    let frames = surface.tableFrames(windowWidth: width, height: height)
    session.place(in: frames[0], at: time)
    if frames.count > 1 { pipeline.bench.place(in: frames[1], at: time) }
    mustDraw = true
  }

  /// Docks the panel that just opened at the window's right edge, widening the window by the
  /// panel's column so the tables keep their size (as far as the screen allows; the tables
  /// narrow by the rest), or gives the width back when it closed.
  mutating func dock(panelOpen: Bool, at time: Double, session: inout ListDriver) {
    surface.isPanelDocked = panelOpen
    if let window = surface.window {
      let (width, height) = window.size
      if panelOpen {
        dockedWidth = max(
          0, window.resize(width: width + Int(PanelLayout.columnWidth), height: height).width - width)
      } else {
        window.resize(width: max(WindowSize.smallest.width, width - dockedWidth), height: height)
        dockedWidth = 0
      }
    }
    // Until the window system applies the new size (a resize event follows), the tables share
    // the old one with the panel.
    let size = surface.renderer.size
    placeTables(windowWidth: size.width, height: size.height, at: time, session: &session)
  }

  /// The earlier of two times, either of which may be missing.
  static func earliest(_ first: Double?, _ second: Double?) -> Double? {
    guard let first else { return second }
    guard let second else { return first }
    return min(first, second)
  }

  /// How long the loop may sleep before it must draw or play something.
  func wait(_ session: ListDriver, needsFrame: Bool) -> Double {
    let wall = clock.now()
    if needsFrame || !pipeline.bench.isSettled { return pacer.timeUntilDue(at: wall) }
    let now = studio.sessionTime(atWall: wall)
    // Optionals compared by hand, not collected into an array and mapped: this runs at every
    // turn of the loop, and a closure made here checks it runs on the main actor at each call.
    var due = Self.earliest(session.nextDueTime, pipeline.bench.nextDueTime)
    due = Self.earliest(due, pipeline.screenshots.pending.first?.time)
    if !session.list.isSettled {
      // A list that is still though not settled (a refresh at rest, its result held) next
      // looks different when its spinner steps or something falls due: the loop sleeps until
      // then, unless what is drawn over it moves every frame. Waking every frame to find the
      // same frame cost as much as a frame drawn.
      guard !studio.isPanelOpen, !pipeline.bench.showsPlot else { return pacer.timeUntilDue(at: wall) }
      let change = session.list.nextChangeTime(
        spinnerSteps: surface.tableView.spinnerSteps(for: session.list.controller.snapshot))
      guard change > session.list.controller.time else { return pacer.timeUntilDue(at: wall) }
      due = min(due ?? change, change)
    }
    var sleep = WindowRunner.idleWait
    if let due {
      sleep = min(sleep, studio.slowMotion.wallInterval(forSessionInterval: max(0, due - now)))
    }
    // A watched tuning file is polled from this loop, so it must wake for the poll; the start
    // hint goes on its own.
    if let longest = studio.longestSleep(atWall: wall) { sleep = min(sleep, longest) }
    if let hintUntil { sleep = min(sleep, max(0, hintUntil - wall)) }
    return session.list.isSettled ? sleep : max(sleep, pacer.timeUntilDue(at: wall))
  }

  /// Draws the session at session time `now`, unless it would look exactly like the last
  /// frame and nothing asks for a redraw (`mustDraw`); frames are paced on the `wall` clock, so
  /// slow motion slows the content, not the frame rate.
  mutating func frame(_ session: inout ListDriver, at now: Double, wall: Double) throws(LabError) {
    let strip = try bottomStrip()
    if strip != surface.bottomStrip {
      surface.bottomStrip = strip
      let size = surface.renderer.size
      placeTables(windowWidth: size.width, height: size.height, at: now, session: &session)
    }
    pipeline.advance(&session, to: now)
    let shown = pipeline.snapshot(session, at: now)
    pipeline.bench.sampleLive(session, shown, wall: wall)
    let content = FrameContent(
      shown, of: session, companion: pipeline.bench.companion, status: studio.status.text,
      slowMotion: studio.slowMotion.factor, width: surface.renderer.size.width,
      height: surface.renderer.size.height, scale: surface.renderer.scale,
      imagesArrived: surface.images.decodedCount + surface.images.failedCount,
      spinnerSteps: surface.tableView.spinnerSteps(for: shown.table), touches: pipeline.touches(session))
    let screenshotDue = pipeline.screenshotDue(beforeFrameAfter: now.nextUp)
    let overlaysMove = studio.isPanelOpen || pipeline.bench.showsPlot || pipeline.bench.match != nil
    guard mustDraw || overlaysChanged || screenshotDue || overlaysMove || content != lastDrawn else {
      pipeline.stats?.framesSkipped += 1
      pacer.frameDrawn(at: wall)
      return
    }
    lastDrawn = content
    // The status line and the start hint are drawn over a lone table as it says
    // (`TableView.drawnOver`), so its frames can still be drawn as only what changed. A
    // screenshot reads the frame back: it is drawn whole (content scrolled on the X server
    // leaves the window surface holding only what changed).
    // Stepped back through the last run ([ and ]), the list shows that frame; the trace and
    // the plot's samples go on with the live one.
    if let refusal = try pipeline.draw(
      session, pipeline.bench.scrubber.shown ?? shown, hostDrawsOver: keysShown || studio.isPanelOpen,
      whole: mustDraw || screenshotDue)
    {
      // The window goes on: the person keeps their session, with the classic header.
      RefreshLabApp.report(refusal.description + "; the classic header shows instead")
      lastDrawn = nil
    }
    let status = try studio.draw(session)
    let hint = try drawKeys()
    for case let rect? in [status, hint] { surface.tableView.drawnOver(rect) }
    // Live frames come when they come: a screenshot takes the first frame at or after its time.
    for error in pipeline.output(session, shown, nextFrameTime: now.nextUp) {
      // The window and every other output go on; the status line says so and the run fails
      // at exit.
      studio.show(StatusLine.Note(error.description, kind: .error), atWall: clock.now())
    }
    pacer.frameDrawn(at: wall)
  }

  /// The height the window keeps below the tables now: the status line's, and the start
  /// hint's row above it while the hint shows.
  func bottomStrip() throws(LabError) -> Double {
    let width = surface.renderer.size.width
    var height = try studio.statusHeight(windowWidth: width)
    if hintUntil != nil {
      do throws(SDLError) {
        height += try keysView.hintRowHeight()
      } catch {
        throw .shell(error.description)
      }
    }
    return height
  }

  /// The keys overlay over everything, or the start hint while it lasts (in its row above the
  /// status line). Returns the hint's rectangle when it showed.
  func drawKeys() throws(LabError) -> Rect? {
    let size = surface.renderer.size
    let status = try studio.statusHeight(windowWidth: size.width)
    do throws(SDLError) {
      if keysShown {
        try keysView.drawOverlay(windowWidth: size.width, height: size.height)
      } else if hintUntil != nil {
        return try keysView.drawHint(windowWidth: size.width, bottom: size.height - status)
      }
      return nil
    } catch {
      throw .shell(error.description)
    }
  }

  /// Writes every output; one that fails does not keep the others from being written.
  mutating func finish(at time: Double) throws(LabError) {
    try pipeline.finish(ended: "the window closed at \(time) s") { bench throws(LabError) in
      try bench.finish(at: time)
    }
  }
}
