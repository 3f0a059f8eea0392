// inbox: messages in SQLite behind a refreshable list, paged by key.
//
// The database is made on first run (with a few hundred messages) at the path given with
// --db, else $XDG_DATA_HOME/refresh-lab/inbox.sqlite (~/.local/share/…), and its path is
// printed. It reads as a chat: the newest message at the bottom. Pull up past it for the
// messages newer than the newest shown; reach the top for the page older than the oldest shown. With --writer, a thread of its own inserts messages while you
// read: a refresh shows them above, and the message you are reading stays where it is.

import CSDL2
import Foundation
import InboxStore
import RefreshCore
import RefreshSDL

/// The messages shown, as the list reads them.
struct MessageRows: TitledRowSource {
  var messages: [Message]
  var rowCount: Int { messages.count }
  func id(ofRow row: Int) -> Int64 { messages[row].id }
  func title(at row: Int) -> String { "\(messages[row].sender) · #\(messages[row].id)" }
  func subtitle(at row: Int) -> String { messages[row].body }
  /// What a screen reader says: who wrote, then what (the number is for the eye only).
  func accessibilityLabel(at row: Int) -> String { "\(messages[row].sender): \(messages[row].body)" }
}

let senders = ["Ada", "Grace", "Linus", "Margaret", "Ken", "Barbara", "Dennis", "Frances"]
let phrases = [
  "the build is green again", "lunch at noon?", "pushed the fix", "can you review my change",
  "the release notes are up", "meeting moved to 3", "found the leak", "coffee?",
]

func makeMessage(_ number: Int) -> (sender: String, body: String) {
  (senders[number % senders.count], phrases[(number * 7) % phrases.count])
}

func databasePath() -> String {
  let arguments = CommandLine.arguments
  if let index = arguments.firstIndex(of: "--db"), index + 1 < arguments.count {
    return arguments[index + 1]
  }
  let environment = ProcessInfo.processInfo.environment
  let data =
    environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
    ?? (environment["HOME"] ?? ".") + "/.local/share"
  let folder = data + "/refresh-lab"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  return folder + "/inbox.sqlite"
}

/// Inserts a message every so often on its own connection, until the program ends.
func startWriter(path: String) {
  let thread = Thread {
    guard let store = try? InboxStore(path: path) else { return }
    var number = 10_000
    while true {
      Thread.sleep(forTimeInterval: 0.5 + Double(number % 4) * 0.5)
      let message = makeMessage(number)
      _ = try? store.insert(sender: message.sender, body: "new: " + message.body)
      number += 1
    }
  }
  thread.start()
}

@MainActor
func run() throws {
  let path = databasePath()
  let store = try InboxStore(path: path)
  if try store.newest(limit: 1).isEmpty {
    for number in 0..<300 {
      let message = makeMessage(number)
      try store.insert(sender: message.sender, body: message.body)
    }
  }
  print("inbox: messages in \(path)")
  if CommandLine.arguments.contains("--writer") { startWriter(path: path) }

  var pager = InboxPager(pageSize: 20)
  try pager.refresh(from: store)
  let sdl = try SDLSession(mode: .window)
  let window = try Window(session: sdl, title: "Inbox", width: 480, height: 640)
  let renderer = try Renderer(window: window)
  let list = try RefreshListView(
    renderer: renderer, frame: Rect(x: 0, y: 0, width: 480, height: 640),
    rows: MessageRows(messages: pager.shown), orientation: .chat)
  list.isFocused = true
  list.accessibilityName = "Messages"
  // Screen readers (Orca) see the list when the desktop runs the accessibility bus.
  let accessibility = AccessibilityBridge.start(
    window: window, title: "Inbox", environment: ProcessInfo.processInfo.environment)
  accessibility?.add(list)
  /// The rows changed from the messages shown before: by key, so the list keeps your place.
  func show(_ before: [Message], at time: Double) {
    list.rows = MessageRows(messages: pager.shown)
    list.rowsChanged(from: before.map(\.id), to: pager.shown.map(\.id), at: time)
  }
  list.onRefresh = { [unowned list] time in
    let before = pager.shown
    let arrived = (try? pager.refresh(from: store)).map { _ in true } ?? false
    show(before, at: time)
    print("inbox: refreshed, \(pager.shown.count - before.count) new")
    list.endRefreshing(arrived ? .success : .failure, at: time)
  }
  list.onLoadMore = { [unowned list] time in
    let before = pager.shown
    guard let more = try? pager.loadOlder(from: store) else {
      list.endLoadingMore(.failure, at: time)
      return
    }
    show(before, at: time)
    list.endLoadingMore(more ? .success : .noMoreData, at: time)
  }

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
        list.setFrame(Rect(x: 0, y: 0, width: width, height: height), at: event.time)
        mustDraw = true
      case .exposed: mustDraw = true
      default: break
      }
    }
    buffer.removeAll()
    let time = clock.now()
    // What a screen reader asked for is done, and what changed is told.
    accessibility?.update(at: time)
    guard mustDraw || list.nextFrameTime(after: time) != nil, pacer.isDue(at: time) else { continue }
    try renderer.beginFrame(clearingTo: nil)
    try list.draw(at: time)
    renderer.present()
    pacer.frameDrawn(at: time)
    mustDraw = false
  }
}

MainActor.assumeIsolated {
  do {
    try run()
  } catch {
    FileHandle.standardError.write(Data("inbox: \(error)\n".utf8))
    exit(1)
  }
}
