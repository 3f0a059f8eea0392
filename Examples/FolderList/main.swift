// folder-list: a small SDL program that embeds RefreshSDL's refreshable list.
//
// The window is the host's: a sidebar drawn with SDL's own calls, and beside it the entries of a
// folder (the current one, or the path given) in a `RefreshListView`: its images as thumbnails
// in taller rows, its sub-folders as sections whose headers stick to the top. Pull down to read
// the folder again from disk; pull up at the end for the next page. Esc or closing the window
// quits.

import CSDL2
import Foundation
import RefreshCore
import RefreshSDL

/// The folder's entries, a page at a time: the row source the list reads. The folder's own
/// files come first, then each sub-folder as a section of its own files (its header sticks to
/// the top while its files scroll under it); images are shown as thumbnails in taller rows.
final class FolderRows: TitledRowSource {
  let path: String
  /// Every row, in order: a section's header (a folder), or a file in it.
  private var entries: [Entry] = []
  private var shown = 0
  static let pageSize = 20
  static let imageKinds: Set<String> = ["png", "jpg", "jpeg", "gif", "bmp", "webp"]

  struct Entry {
    var name: String
    var detail: String
    /// The file's path when it is an image.
    var image: String?
    var isHeader: Bool
  }

  init(path: String) {
    self.path = path
  }

  var rowCount: Int { shown }
  /// A file by its name under its folder's header; a folder by its name.
  func id(ofRow row: Int) -> String {
    let header = entries[...row].last(where: \.isHeader)?.name ?? ""
    return entries[row].isHeader ? header : header + entries[row].name
  }
  func title(at row: Int) -> String { entries[row].name }
  func subtitle(at row: Int) -> String { entries[row].detail }
  /// Image rows are taller; the rest keep the estimate (the style's 44).
  func height(ofRow row: Int) -> Double? {
    entries[row].isHeader ? nil : entries[row].image != nil ? 80 : 44
  }
  func entry(at row: Int) -> Entry { entries[row] }

  /// The sections of the rows shown: a header row for each folder that has rows shown.
  var sections: Sections? {
    var counts: [Int] = []
    for entry in entries.prefix(shown) {
      if entry.isHeader { counts.append(0) } else if !counts.isEmpty { counts[counts.count - 1] += 1 }
    }
    return Sections(rowCounts: counts)
  }

  /// Reads the folder (and its sub-folders, one level down) again and shows the first page;
  /// false (and the old rows kept) when it cannot be read.
  func reload() -> Bool {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
    var files: [Entry] = []
    var folders: [(String, [Entry])] = []
    for name in names.sorted() {
      let full = path + "/" + name
      if Self.isFolder(full) {
        let inside = (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? []
        folders.append((name, inside.sorted().compactMap { Self.file(full + "/" + $0, named: $0) }))
      } else if let file = Self.file(full, named: name) {
        files.append(file)
      }
    }
    let top = URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
    entries = [Entry(name: top, detail: "", image: nil, isHeader: true)] + files
    for (name, inside) in folders {
      entries.append(Entry(name: name + "/", detail: "", image: nil, isHeader: true))
      entries += inside
    }
    shown = min(Self.pageSize, entries.count)
    print("folder-list: read \(names.count) entries of \(path)")
    return true
  }

  static func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// A file's row; nil for a folder (one level is shown).
  static func file(_ path: String, named name: String) -> Entry? {
    guard !isFolder(path) else { return nil }
    let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    let kind = (name as NSString).pathExtension.lowercased()
    return Entry(
      name: name, detail: "\(size) bytes", image: imageKinds.contains(kind) ? path : nil,
      isHeader: false)
  }

  /// Shows one more page; whether there is more after it.
  func showNextPage() -> LoadResult {
    shown = min(shown + Self.pageSize, entries.count)
    return shown < entries.count ? .success : .noMoreData
  }
}

/// Draws a folder's rows: a thumbnail (decoded off the main thread, a grey square until then)
/// left of an image's name, the name and size of the others; the standard section headers.
@MainActor
final class FolderRowRenderer: RowRenderer {
  let images: ImageCache
  init(images: ImageCache) { self.images = images }

  func height(ofRow row: Int, rows: any TableDataSource, width: Double, canvas: RefreshCanvas)
    -> Double?
  { rows.sections?.isHeader(row) == true ? canvas.style.sectionHeaderHeight : nil }

  func drawRow(_ frame: RowFrame, rows: any TableDataSource, in canvas: RefreshCanvas)
    throws(SDLError)
  {
    guard let folder = rows as? FolderRows, frame.sectionHeader == nil else {
      let title = (rows as? FolderRows)?.title(at: frame.row) ?? ""
      try TitleRowRenderer.drawSectionHeader(frame, title: title, in: canvas)
      return
    }
    let entry = folder.entry(at: frame.row)
    let style = canvas.style
    var x = frame.rect.x + style.horizontalPadding
    if let path = entry.image {
      let side = 64.0
      let pixels = Int(side * canvas.scale)
      let box = Rect(
        x: canvas.snapped(x), y: canvas.snapped(frame.rect.y + (frame.rect.height - side) / 2),
        width: side, height: side)
      switch images.image(.file(path), fittingWithin: (pixels, pixels)) {
      case .ready(let texture):
        // Centred in the square at its own pixel size.
        let width = Double(texture.pixelWidth) / canvas.scale
        let height = Double(texture.pixelHeight) / canvas.scale
        try canvas.drawImage(
          texture,
          in: Rect(
            x: canvas.snapped(box.midX - width / 2), y: canvas.snapped(box.midY - height / 2),
            width: width, height: height))
      case .loading:
        canvas.fillRoundedRect(box, radius: 6, color: Color(rgb: 0xE3E7EC))
      case .failed:
        canvas.fillRoundedRect(box, radius: 6, color: Color(rgb: 0xF4E1E1))
      }
      x += side + 12
    }
    let titleHeight = canvas.lineHeight(.title)
    let detailHeight = canvas.lineHeight(.subtitle)
    let top = frame.rect.y + (frame.rect.height - titleHeight - detailHeight) / 2
    if let title = try canvas.text(entry.name, .title, color: style.titleColor) {
      try canvas.draw(title, at: Point(x: x, y: top))
    }
    if let detail = try canvas.text(entry.detail, .subtitle, color: style.subtitleColor) {
      try canvas.draw(detail, at: Point(x: x, y: top + titleHeight))
    }
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
  list.accessibilityName = "Files of " + rows.path
  // Screen readers (Orca) see the list when the desktop runs the accessibility bus; its rows
  // say their names and sizes (the titled rows' default label).
  let accessibility = AccessibilityBridge.start(
    window: window, title: "Folder list", environment: ProcessInfo.processInfo.environment)
  accessibility?.add(list)
  let images = ImageCache(renderer: renderer)
  list.tableView.rowRenderer = FolderRowRenderer(images: images)
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
    // Thumbnails decoded since the last frame (their decoder's event woke the loop) show now.
    if !images.collect().isEmpty { list.redrawRows() }
    let time = clock.now()
    // What a screen reader asked for is done, and what changed is told.
    accessibility?.update(at: time)
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
