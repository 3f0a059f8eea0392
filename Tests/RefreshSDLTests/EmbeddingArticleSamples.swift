import CSDL2
import RefreshCore
import RefreshSDL
import Testing

// The code of the article "Embedding a refreshable list in an SDL app" (RefreshSDL.docc) and of
// README's "Embedding" section, block by block as it appears there, so that it compiles.
// `DocumentationSampleTests` keeps the two in step; the parts that need no display run below.

final class NoteRows: TitledRowSource {
  var notes: [String] = ["First note"]
  var rowCount: Int { notes.count }
  func id(ofRow row: Int) -> String { notes[row] }
  func title(at row: Int) -> String { notes[row] }
}

/// The article's list on `renderer`, with its answers.
@MainActor
func articleList(renderer: Renderer) throws -> (RefreshListView, NoteRows) {
  let rows = NoteRows()
  let list = try RefreshListView(
    renderer: renderer, frame: Rect(x: 240, y: 0, width: 560, height: 600), rows: rows)
  list.onRefresh = { [unowned list] time in
    rows.notes = ["Fresh note"]
    list.endRefreshing(.success, at: time)
  }
  list.onLoadMore = { [unowned list] time in
    rows.notes += ["Older note"]
    list.endLoadingMore(.noMoreData, at: time)
  }
  return (list, rows)
}

/// The article's footer of the host's own, set on `list`.
@MainActor
func articleFooter(on list: RefreshListView) {
  @MainActor
  final class BadgeFooter: FooterRenderer {
    func drawFooter(_ frame: FooterFrame, in canvas: RefreshCanvas) throws(SDLError) {
      let bar = frame.barRect
      try canvas.fill(bar, color: Color(rgb: 0xFFF3E0))
      if frame.state == .loading {
        canvas.drawSpinner(
          center: Point(x: bar.midX, y: bar.midY), radius: 10,
          phase: frame.snapshot.spinnerPhase, color: Color(rgb: 0xE65100))
      }
    }
  }

  list.tableView.footerRenderer = BadgeFooter()
}

/// The article's whole program: a window and its loop. Compiled, never run (it needs a display
/// and a person to close it).
@MainActor
func articleProgram() throws {
  let sdl = try SDLSession(mode: .window)
  let window = try Window(session: sdl, title: "Notes", width: 800, height: 600)
  let renderer = try Renderer(window: window)
  let (list, _) = try articleList(renderer: renderer)

  let clock = HighResolutionClock()
  let events = EventSource(session: sdl, clock: clock)
  var pacer = FramePacer(refreshRate: window.displayRefreshRate)
  var buffer: [TimedEvent] = []
  var running = true
  while running {
    let now = clock.now()
    let wait = list.nextFrameTime(after: now).map { max($0 - now, pacer.timeUntilDue(at: now)) } ?? 1
    events.collect(into: &buffer, waitingUpTo: wait)
    for event in buffer where !list.handle(event) {
      if case .quit = event.event { running = false }
      if case .resize(let width, let height) = event.event {
        list.setFrame(Rect(x: 240, y: 0, width: width - 240, height: height), at: event.time)
      }
    }
    buffer.removeAll()
    let time = clock.now()
    guard let due = list.nextFrameTime(after: time), due <= time, pacer.isDue(at: time) else { continue }
    try renderer.beginFrame(clearingTo: Color(rgb: 0x263238))
    // Your own drawing goes here, before or after the list's.
    try list.draw(at: time)
    renderer.present()
    pacer.frameDrawn(at: time)
  }
}

/// The article's list shown to screen readers, and its loop's one more call. Compiled, never
/// run (it needs a display; `AccessibilityEndToEndTests` runs the lab's window this way).
@MainActor
func articleAccessibility(window: Window, list: RefreshListView, clock: HighResolutionClock) {
  list.accessibilityName = "Notes"
  let accessibility = AccessibilityBridge.start(window: window, title: "Notes")
  accessibility?.add(list)
  // In the loop, once a turn, after handing the list its events:
  accessibility?.update(at: clock.now())
}

/// The article's host with SDL objects and a loop of its own. Compiled, never run (it needs a
/// display); `Examples/FilterList` is this program in full, and its end-to-end test runs it.
@MainActor
func articleOwnLoopProgram(sdlRenderer: OpaquePointer) throws {
  // Your program made these with SDL_CreateWindow and SDL_CreateRenderer, and keeps them.
  let sdl = try SDLSession(mode: .window)
  let renderer = try Renderer(adopting: sdlRenderer, session: sdl)
  let (list, _) = try articleList(renderer: renderer)

  let clock = HighResolutionClock()
  let events = EventSource(session: sdl, clock: clock)
  var event = SDL_Event()
  var running = true
  while running {
    let now = clock.now()
    let wait = list.nextFrameTime(after: now).map { Int32(max(16, (($0 - now) * 1000).rounded(.up))) } ?? 1000
    var received = SDL_WaitEventTimeout(&event, wait) == 1
    while received {
      if let timed = events.translate(event, at: clock.now()), !list.handle(timed) {
        // Not the list's: yours, as SDL gave it (text input, drops, your own user events).
        if event.type == SDL_QUIT.rawValue { running = false }
      }
      received = SDL_PollEvent(&event) == 1
    }
    let time = clock.now()
    guard let due = list.nextFrameTime(after: time), due <= time else { continue }
    SDL_SetRenderDrawColor(sdlRenderer, 38, 50, 56, 255)
    SDL_RenderClear(sdlRenderer)
    // Your own drawing, before or after the list's: it leaves the renderer as it found it.
    try list.draw(at: time)
    SDL_RenderPresent(sdlRenderer)
  }
}

/// The article's frame drawn on the last one; whether it drew the sidebar.
@MainActor
func articlePartialFrame(
  renderer: Renderer, list: RefreshListView, time: Double, sidebarChanged: Bool
) throws -> Bool {
  if try renderer.beginPartialFrame() == false || sidebarChanged {
    // Whole frame: your drawing, everywhere but the list's frame.
    renderer.fill(Rect(x: 0, y: 0, width: 240, height: 600), color: Color(rgb: 0x263238))
  }
  try list.draw(at: time)
  renderer.present()
  return !renderer.isDrawingChanges || sidebarChanged
}

@Suite(.serialized)
@MainActor
struct EmbeddingArticleTests {
  @Test func thePartialFrameDrawsTheSidebarOnlyWhenThePixelsAreGone() throws {
    let session = try SDLSession(mode: .headless)
    let renderer = try Renderer(session: session, headlessWidth: 800, height: 600)
    let (list, _) = try articleList(renderer: renderer)
    #expect(try articlePartialFrame(renderer: renderer, list: list, time: 0, sidebarChanged: false))
    list.handle(.wheel(dy: -3, precise: false, x: 400, y: 300), at: 0.1)
    #expect(!(try articlePartialFrame(renderer: renderer, list: list, time: 0.2, sidebarChanged: false)))
    #expect(renderer.isDrawingChanges)
    #expect(try renderer.readPixels()[10, 10] == Color(rgb: 0x263238))
  }

  @Test func theArticlesAnswersChangeTheRows() throws {
    let session = try SDLSession(mode: .headless)
    let renderer = try Renderer(session: session, headlessWidth: 800, height: 600)
    let (list, rows) = try articleList(renderer: renderer)
    list.beginRefreshing(at: 0)
    #expect(rows.notes == ["Fresh note"])
    try renderer.beginFrame(clearingTo: Color(rgb: 0x263238))
    try list.draw(at: 3)
    #expect(list.list.controller.snapshot.header == .idle)
    // The only row fills less than the frame: a pull up at the end asks for more.
    list.handle(.mouseDown(x: 400, y: 500, button: .left), at: 4)
    for step in 1...10 {
      list.handle(
        .mouseMove(x: 400, y: 500 - 30 * Double(step), buttonHeld: true), at: 4 + 0.03 * Double(step))
    }
    list.handle(.mouseUp(x: 400, y: 200, button: .left), at: 4.4)
    #expect(rows.notes == ["Fresh note", "Older note"])
  }
}
