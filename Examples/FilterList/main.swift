// filter-list: an SDL program of its own that hands RefreshSDL its window and renderer.
//
// The host opens SDL, its window and its renderer with SDL's own calls and runs its own
// SDL_WaitEventTimeout loop. On the left it draws a search field (SDL text input) whose text
// filters the rows of the refreshable list it embeds on the right. Pull the list down for a
// fresh first page, fling it to the end for the next one. Esc or closing the window quits.

import CSDL2
import Foundation
import RefreshCore
import RefreshSDL

/// Notes named after fruit, 20 shown at first and a page more at each load; the filter keeps
/// the ones whose title holds the search text.
final class NoteRows: TitledRowSource {
  static let fruit = ["apple", "apricot", "banana", "cherry", "grape", "lemon", "mango", "papaya"]
  static let pageSize = 20
  private let all = (1...240).map { "\(NoteRows.fruit[($0 - 1) % NoteRows.fruit.count]) \($0)" }
  private(set) var matches: [String] = []
  private var shown = 0
  private var refreshes = 0

  init() { apply(filter: "") }

  var rowCount: Int { shown }
  /// Each note's name is its own.
  func id(ofRow row: Int) -> String { matches[row] }
  func title(at row: Int) -> String { matches[row] }
  func subtitle(at row: Int) -> String { refreshes == 0 ? "" : "refreshed \(refreshes)×" }

  /// Keeps the notes holding `filter` (case-insensitive), and shows their first page.
  func apply(filter: String) {
    let needle = filter.lowercased()
    matches = needle.isEmpty ? all : all.filter { $0.contains(needle) }
    shown = min(Self.pageSize, matches.count)
    say("\"\(filter)\" matches \(matches.count), showing \(shown)")
  }

  /// A refresh: the first page again, fresh.
  func refresh() {
    refreshes += 1
    shown = min(Self.pageSize, matches.count)
    say("refreshed, showing \(shown) of \(matches.count)")
  }

  /// One more page; whether more remain.
  func loadMore() -> LoadResult {
    shown = min(shown + Self.pageSize, matches.count)
    say("loaded a page, showing \(shown) of \(matches.count)")
    return shown < matches.count ? .success : .noMoreData
  }
}

/// One line on standard output, written at once (`print` holds it back in a pipe), so a
/// script reading the output (the end-to-end test) sees each as it happens.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data("filter-list: \(line)\n".utf8))
}

let panelWidth = 260.0
let field = Rect(x: 20, y: 56, width: 220, height: 36)

/// The host's own drawing: a panel, a caption and the search field with its text, in points.
@MainActor
func drawPanel(
  _ sdl: OpaquePointer, height: Double, text: String, focused: Bool, cache: TextCache, font: Font
)
  throws(SDLError)
{
  func fill(_ rect: Rect, _ rgb: (UInt8, UInt8, UInt8)) {
    var frame = SDL_FRect(x: Float(rect.x), y: Float(rect.y), w: Float(rect.width), h: Float(rect.height))
    SDL_SetRenderDrawColor(sdl, rgb.0, rgb.1, rgb.2, 255)
    SDL_RenderFillRectF(sdl, &frame)
  }
  fill(Rect(x: 0, y: 0, width: panelWidth, height: height), (38, 50, 56))
  fill(
    Rect(x: field.x - 2, y: field.y - 2, width: field.width + 4, height: field.height + 4),
    focused ? (0, 188, 212) : (84, 110, 122))
  fill(field, (255, 255, 255))
  let ink = Color(rgb: 0x263238)
  try cache.draw("Filter", font: font, at: Point(x: field.x, y: 24), color: Color(rgb: 0xFFFFFF))
  let width = try cache.draw(text, font: font, at: Point(x: field.x + 8, y: field.y + 8), color: ink)
  if focused { fill(Rect(x: field.x + 9 + width, y: field.y + 7, width: 2, height: 22), (38, 50, 56)) }
}

@MainActor
func run() throws(SDLError) {
  // The host's SDL: its own window, renderer and text input.
  guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0,
    let window = SDL_CreateWindow(
      "Filter list", Int32(csdl_windowpos_centered()), Int32(csdl_windowpos_centered()), 760, 480,
      SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_SHOWN.rawValue),
    let sdlRenderer = SDL_CreateRenderer(window, -1, 0)
  else {
    FileHandle.standardError.write(Data("filter-list: \(String(cString: SDL_GetError()))\n".utf8))
    exit(1)
  }
  defer {
    SDL_DestroyRenderer(sdlRenderer)
    SDL_DestroyWindow(window)
    SDL_Quit()
  }
  SDL_StartTextInput()

  // RefreshSDL draws with the host's renderer and keeps neither it nor the window.
  let session = try SDLSession(mode: .window)
  let renderer = try Renderer(adopting: sdlRenderer, session: session)
  let rows = NoteRows()
  let list = try RefreshListView(
    renderer: renderer, frame: Rect(x: panelWidth, y: 0, width: 760 - panelWidth, height: 480),
    rows: rows)
  list.onRefresh = { [unowned list] time in
    rows.refresh()
    list.endRefreshing(.success, at: time)
  }
  list.onLoadMore = { [unowned list] time in list.endLoadingMore(rows.loadMore(), at: time) }
  let font = try Font(session: session, files: FontLocator.locate(), pointSize: 15)
  let cache = TextCache(renderer: renderer)

  let clock = HighResolutionClock()
  let events = EventSource(session: session, clock: clock)
  var pacer = FramePacer(refreshRate: 60)
  var text = ""
  var fieldFocused = true
  var mustDraw = true
  var running = true

  /// The host's share of an event the list did not take.
  func hostHandles(_ event: SDL_Event, at time: Double) {
    switch SDL_EventType(event.type) {
    case SDL_QUIT: running = false
    case SDL_TEXTINPUT where fieldFocused:
      var bytes = event.text.text
      text += withUnsafeBytes(of: &bytes) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      rows.apply(filter: text)
      list.rowsChanged(at: time)
    case SDL_KEYDOWN where event.key.keysym.sym == SDL_Keycode(SDLK_ESCAPE.rawValue): running = false
    case SDL_KEYDOWN where fieldFocused && event.key.keysym.sym == SDL_Keycode(SDLK_BACKSPACE.rawValue):
      guard !text.isEmpty else { return }
      text.removeLast()
      rows.apply(filter: text)
      list.rowsChanged(at: time)
    case SDL_MOUSEBUTTONDOWN:
      // A click in the field gives it the keys; the list takes them on a click of its own.
      fieldFocused = field.contains(Point(x: Double(event.button.x), y: Double(event.button.y)))
      if fieldFocused { list.isFocused = false }
    case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
      list.setFrame(
        Rect(
          x: panelWidth, y: 0, width: max(0, Double(event.window.data1) - panelWidth),
          height: Double(event.window.data2)), at: time)
    default: break
    }
    mustDraw = true
  }

  while running {
    let now = clock.now()
    let next = mustDraw ? now : list.nextFrameTime(after: now)
    let wait = next.map { max($0 - now, pacer.timeUntilDue(at: now)) } ?? 1
    var event = SDL_Event()
    var received = SDL_WaitEventTimeout(&event, Int32((wait * 1000).rounded(.up))) == 1
    while received {
      let time = clock.now()
      // The list first; what it does not take comes back untouched.
      if let timed = events.translate(event, at: time), !list.handle(timed) {
        hostHandles(event, at: time)
      }
      if list.isFocused && fieldFocused {
        fieldFocused = false
        mustDraw = true
      }
      received = SDL_PollEvent(&event) == 1
    }
    let time = clock.now()
    let due = mustDraw ? time : list.nextFrameTime(after: time)
    guard let due, due <= time, pacer.isDue(at: time) else { continue }
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(window, &width, &height)
    // In points, as the list draws; the renderer's state is the host's again afterwards.
    try renderer.preservingState { () throws(SDLError) in
      try drawPanel(
        sdlRenderer, height: Double(height), text: text, focused: fieldFocused, cache: cache, font: font)
    }
    try list.draw(at: time)
    SDL_RenderPresent(sdlRenderer)
    pacer.frameDrawn(at: time)
    mustDraw = false
  }
  SDL_StopTextInput()
}

MainActor.assumeIsolated {
  do throws(SDLError) {
    try run()
  } catch {
    FileHandle.standardError.write(Data("filter-list: \(error.description)\n".utf8))
    exit(1)
  }
}
