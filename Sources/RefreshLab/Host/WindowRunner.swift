import FoundationEssentials
import RefreshCore
import RefreshSDL

/// The window: the same step function as `--headless`, on the shell's high-resolution clock.
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
    var session = ListDriver(
      tuning: tuning, data: options.data, viewport: surface.tableRect,
      rowHeight: surface.rowHeight, script: script,
      origin: surface.tableOrigin(0))
    let bench = try StudioInstruments(
      options: options, surface: surface, compareTuning: compareTuning, script: script,
      viewport: surface.tableRect, rowHeight: surface.rowHeight,
      sampleCapacity: StudioInstruments.liveCapacity,
      recordKeys: true)
    var loop = try Loop(options: options, tuning: tuning, surface: surface, bench: bench)
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
  /// The trace being written; dropped if a write fails, so the rest of the run goes on.
  var trace: TraceWriter?
  var screenshots: ScreenshotQueue
  /// Outputs that failed during the run, reported at exit after the others are written.
  var failures = WriteFailures()
  var buffer: [TimedEvent] = []
  /// The tuning panel, the tuning file and slow motion; also the session clock.
  let studio: StudioControls
  /// The compared table, the plots, and the record and replay keys.
  var bench: StudioInstruments
  /// `--stats`: what the frames drawn cost.
  var stats: RunStats?
  /// What the last frame drawn showed; a frame that would show the same is skipped.
  var lastDrawn: FrameContent?
  /// Set by what the frame content does not capture (the studio, a damaged window): the next
  /// frame is drawn whole.
  var mustDraw = true
  /// Set when the status line or the start hint changed: the next frame is drawn, still as
  /// only what changed (they are drawn over the table as it is told, `TableView.drawnOver`).
  var overlaysChanged = false
  /// Whether the last frame drawn was the measured table alone, for the next to build on.
  var lastFrameAlone = false
  /// The keys overlay (`?`) and the start hint.
  let keysView: KeysOverlayView
  /// Whether the keys overlay is shown.
  var keysShown = false
  /// The wall time the start hint goes at, unless an input comes first; nil once it is gone.
  var hintUntil: Double?
  /// How much wider than asked the window was made for the docked panel, points.
  var dockedWidth = 0

  init(options: LabOptions, tuning: Tuning, surface: TableCanvas, bench: StudioInstruments)
    throws(LabError)
  {
    self.options = options
    self.surface = surface
    events = EventSource(session: surface.sdl, clock: clock)
    pacer = FramePacer(refreshRate: surface.window?.displayRefreshRate ?? 60)
    self.bench = bench
    trace = try options.trace.map { path throws(LabError) in try TraceWriter(path: path) }
    screenshots = ScreenshotQueue(options.screenshots)
    studio = try StudioControls(options: options, tuning: tuning, surface: surface, now: 0)
    stats = options.stats ? RunStats() : nil
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
    while quitTime == nil {
      events.collect(into: &buffer, waitingUpTo: wait(session, needsFrame: needsFrame))
      stats?.wakeups += 1
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
      if options.replay != nil && session.reachedScriptEnd { quitTime = quitTime ?? now }
      let moving =
        needsFrame || !session.list.isSettled || session.nextDueTime.map { $0 <= now } == true
        || !bench.isSettled || bench.nextDueTime.map { $0 <= now } == true
        || screenshots.pending.first.map { $0.time <= now } == true
      guard moving, pacer.isDue(at: wall) else { continue }
      try frame(&session, at: now, wall: wall)
      needsFrame = false
      mustDraw = false
      overlaysChanged = false
    }
    let recording = bench.recordingPath
    // Leaving never drops the tuning's changes: unsaved ones are kept for the next window.
    if let kept = studio.keepUnsavedChanges(session.controller.tuning) { RefreshLabApp.report(kept) }
    try finish(at: quitTime ?? studio.sessionTime(atWall: clock.now()))
    if let stoppedBy {
      let saved = [recording, trace?.path].compactMap { $0 }
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
        if !isRepeat, let note = bench.perform(command, at: time, primary: &session) {
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
    let replaying = options.replay != nil && !session.reachedScriptEnd || bench.isReplaying(session)
    guard !replaying else { return .handled }
    // Both tables of a comparison take the event, in their own coordinates.
    let event = bench.tableEvent(timed.event)
    let meaning = session.handle(event, at: time)
    bench.mirror(event, at: time, meaning: meaning)
    return .handled
  }

  /// The window lays its tables out, beside the docked panel if open; each list is told its new
  /// frame.
  mutating func placeTables(
    windowWidth width: Double, height: Double, at time: Double, session: inout ListDriver
  ) {
    let frames = surface.tableFrames(windowWidth: width, height: height)
    session.place(in: frames[0], at: time)
    if frames.count > 1 { bench.place(in: frames[1], at: time) }
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
    if needsFrame || !bench.isSettled { return pacer.timeUntilDue(at: wall) }
    let now = studio.sessionTime(atWall: wall)
    // Optionals compared by hand, not collected into an array and mapped: this runs at every
    // turn of the loop, and a closure made here checks it runs on the main actor at each call.
    var due = Self.earliest(session.nextDueTime, bench.nextDueTime)
    due = Self.earliest(due, screenshots.pending.first?.time)
    if !session.list.isSettled {
      // A list that is still though not settled (a refresh at rest, its result held) next
      // looks different when its spinner steps or something falls due: the loop sleeps until
      // then, unless what is drawn over it moves every frame. Waking every frame to find the
      // same frame cost as much as a frame drawn.
      guard !studio.isPanelOpen, !bench.showsPlot else { return pacer.timeUntilDue(at: wall) }
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
    session.step(to: now)
    bench.step(to: now)
    let arrivals = surface.collectImages()
    surface.measure(&session, at: now, arrivals: arrivals)
    bench.measure(arrivals: arrivals, at: now)
    let shown = FrameSnapshots(session, companion: bench.companion, at: now)
    bench.sampleLive(session, shown, wall: wall)
    let content = FrameContent(
      shown, of: session, companion: bench.companion, status: studio.status.text,
      slowMotion: studio.slowMotion.factor, width: surface.renderer.size.width,
      height: surface.renderer.size.height, scale: surface.renderer.scale,
      imagesArrived: surface.images.decodedCount + surface.images.failedCount,
      spinnerSteps: surface.tableView.spinnerSteps(for: shown.table))
    var screenshotDue = false
    if let next = screenshots.pending.first { screenshotDue = next.time < now.nextUp }
    let overlaysMove = studio.isPanelOpen || bench.showsPlot
    guard mustDraw || overlaysChanged || screenshotDue || overlaysMove || content != lastDrawn else {
      stats?.framesSkipped += 1
      pacer.frameDrawn(at: wall)
      return
    }
    lastDrawn = content
    // The status line and the start hint are drawn over a lone table as it says
    // (`TableView.drawnOver`), so its frames can still be drawn as only what changed.
    let alone = !keysShown && !studio.isPanelOpen && !bench.drawsOverTables(session)
    // A screenshot reads the frame back: it is drawn whole (content scrolled on the X server
    // leaves the window surface holding only what changed).
    try surface.draw(
      session, shown,
      changesOnly: alone && lastFrameAlone && !mustDraw && !screenshotDue && !options.fullRedraw)
    if let refusal = surface.takeHeaderRefusal() {
      // The window goes on: the person keeps their session, with the classic header.
      RefreshLabApp.report(refusal.description + "; the classic header shows instead")
      lastDrawn = nil
    }
    lastFrameAlone = alone
    try bench.draw(over: session, shown)
    let status = try studio.draw(session)
    let hint = try drawKeys()
    for case let rect? in [status, hint] { surface.tableView.drawnOver(rect) }
    do throws(LabError) {
      try trace?.write(bench.traceFrame(session, shown))
    } catch {
      trace = nil
      outputFailed(error)
    }
    // Live frames come when they come: a screenshot takes the first frame at or after its time.
    for request in screenshots.due(beforeFrameAfter: now.nextUp) {
      do throws(LabError) {
        try surface.save(to: request.path)
      } catch {
        outputFailed(error)
      }
    }
    surface.present()
    // Read before `stats` is modified: the compiler counts reading `surface` inside the call as
    // an access overlapping the one to `stats` since a tuning holds an existential.
    let canvas = surface
    stats?.frameDrawn(shown, of: session, on: canvas)
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

  /// An output of the running window failed (a dropped trace keeps its earlier file): the
  /// status line says so and the run fails at exit, but the window and every other output go on.
  mutating func outputFailed(_ error: LabError) {
    studio.show(StatusLine.Note(error.description, kind: .error), atWall: clock.now())
    failures.append(error)
  }

  /// Writes every output; one that fails does not keep the others from being written.
  mutating func finish(at time: Double) throws(LabError) {
    if let stats { print(stats.line(surface: surface)) }
    var failures = failures
    failures.attempt { () throws(LabError) in try bench.finish(at: time) }
    failures.attempt { () throws(LabError) in try trace?.finish() }
    if let missed = screenshots.pending.first {
      failures.append(
        .badFlag(
          flag: "--screenshot",
          message: "the window closed at \(time) s, before \(missed.time) s; \(missed.path) was not written"))
    }
    try failures.throwIfAny()
  }
}
