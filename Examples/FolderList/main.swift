// folder-list: a small SDL program that embeds RefreshSDL's refreshable list.
//
// The window is the host's: a sidebar drawn with SDL's own calls, and beside it the entries of a
// folder (the current one, or the path given) in a `RefreshListView`. Pull down to read the
// folder again from disk; pull up at the end for the next page. Esc or closing the window quits.

import CSDL2
import Foundation
import RefreshCore
import RefreshSDL

/// The folder's entries, a page at a time: the row source the list reads.
@MainActor
final class FolderRows: TableDataSource {
  let path: String
  private var entries: [(name: String, detail: String)] = []
  private var shown = 0
  static let pageSize = 20

  init(path: String) {
    self.path = path
  }

  var rowCount: Int { shown }
  func title(at row: Int) -> String { entries[row].name }
  func subtitle(at row: Int) -> String { entries[row].detail }

  /// Reads the folder again and shows its first page; false (and the old rows kept) when it
  /// cannot be read.
  func reload() -> Bool {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
    entries = names.sorted().map { name in
      let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/" + name)
      let isFolder = attributes?[.type] as? FileAttributeType == .typeDirectory
      let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
      return (name, isFolder ? "folder" : "\(size) bytes")
    }
    shown = min(Self.pageSize, entries.count)
    print("folder-list: read \(entries.count) entries of \(path)")
    return true
  }

  /// Shows one more page; whether there is more after it.
  func showNextPage() -> LoadResult {
    shown = min(shown + Self.pageSize, entries.count)
    return shown < entries.count ? .success : .noMoreData
  }
}

/// The sidebar: plain SDL fills, in points.
@MainActor
func drawSidebar(_ renderer: Renderer, width: Double, height: Double) {
  let sdl = renderer.sdlRenderer
  func fill(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ rgb: (UInt8, UInt8, UInt8)) {
    var rect = SDL_FRect(x: Float(x), y: Float(y), w: Float(w), h: Float(h))
    SDL_SetRenderDrawColor(sdl, rgb.0, rgb.1, rgb.2, 255)
    SDL_RenderFillRectF(sdl, &rect)
  }
  fill(0, 0, width, height, (38, 50, 56))
  // A folder icon, and three placeholder entries under it.
  fill(24, 28, 30, 8, (255, 193, 7))
  fill(24, 34, 56, 36, (255, 193, 7))
  for row in 0..<3 {
    fill(24, 100 + Double(row) * 28, width - 48, 12, (84, 110, 122))
  }
}

let sidebarWidth = 200.0
func listFrame(width: Double, height: Double) -> Rect {
  Rect(x: sidebarWidth, y: 0, width: max(0, width - sidebarWidth), height: height)
}

@MainActor
func run() throws(SDLError) {
  let rows = FolderRows(path: CommandLine.arguments.dropFirst().first ?? ".")
  guard rows.reload() else {
    FileHandle.standardError.write(Data("folder-list: cannot read the folder \(rows.path)\n".utf8))
    exit(1)
  }
  let sdl = try SDLSession(mode: .window)
  let window = try Window(session: sdl, title: "Folder list", width: 720, height: 480)
  let renderer = try Renderer(window: window)
  let list = try RefreshListView(
    renderer: renderer, frame: listFrame(width: 720, height: 480), rows: rows)
  // Reading a small folder is quick enough to answer at once; a slow source would answer later.
  list.onRefresh = { [unowned list] time in
    list.endRefreshing(rows.reload() ? .success : .failure, at: time)
  }
  list.onLoadMore = { [unowned list] time in list.endLoadingMore(rows.showNextPage(), at: time) }

  // The host's loop: events in, the list first; draw only when something needs it.
  let clock = HighResolutionClock()
  let events = EventSource(session: sdl, clock: clock)
  var pacer = FramePacer(refreshRate: window.displayRefreshRate)
  var buffer: [TimedEvent] = []
  var mustDraw = true
  while true {
    let now = clock.now()
    let due = mustDraw ? now : list.nextFrameTime(after: now)
    events.collect(into: &buffer, waitingUpTo: due.map { max($0 - now, pacer.timeUntilDue(at: now)) } ?? 1)
    for event in buffer where !list.handle(event) {
      switch event.event {
      case .quit, .key(.escape, _, _): return
      case .resize(let width, let height):
        list.setFrame(listFrame(width: width, height: height), at: event.time)
        mustDraw = true
      case .exposed: mustDraw = true
      default: break
      }
    }
    buffer.removeAll()
    let time = clock.now()
    guard mustDraw || list.nextFrameTime(after: time) != nil, pacer.isDue(at: time) else { continue }
    try renderer.beginFrame(clearingTo: nil)
    drawSidebar(renderer, width: sidebarWidth, height: renderer.size.height)
    try list.draw(at: time)
    renderer.present()
    pacer.frameDrawn(at: time)
    mustDraw = false
  }
}

MainActor.assumeIsolated {
  do throws(SDLError) {
    try run()
  } catch {
    FileHandle.standardError.write(Data("folder-list: \(error.description)\n".utf8))
    exit(1)
  }
}
