import Foundation
import RefreshCore
import TestKit
import Testing

@testable import RefreshLab

/// Issue 42: the exported page pulled with real input in a real browser. Touch and mouse events
/// go in through the DevTools protocol (`Input.dispatchTouchEvent`, `Input.dispatchMouseEvent`),
/// so they reach the page as a phone's finger or a mouse does: through the browser's hit test
/// and its pointer events. The page's clock is the test's from its first frame (`refreshLab.clock`,
/// `DevToolsBrowser.open(steppedClock:)`) and stepped frame by frame at 60 Hz
/// (`refreshLab.advance`), so no wait depends on the machine's speed.
/// The page opens with the network emulated offline and asks for nothing but itself.
@MainActor @Suite(.serialized) struct WebInputTests {
  enum Pointer: String, CaseIterable, Sendable { case touch, mouse }

  /// The page in a browser, its clock in the test's hands.
  struct Page {
    let browser: DevToolsBrowser
    let pointer: Pointer
    var time = 0.0

    /// Steps the page to `t` and returns its header and footer states and the rows.
    @discardableResult
    mutating func advance(to t: Double) throws -> (header: String, footer: String) {
      time = t
      let snapshot =
        try browser.evaluate("refreshLab.time = \(t); refreshLab.advance(\(t), 60)") as? [String: Any]
      return (snapshot?["header"] as? String ?? "?", snapshot?["footer"] as? String ?? "?")
    }

    /// One finger or button event at `y` (x in the middle of the 400-pt page), at time `t`.
    mutating func input(_ phase: String, y: Double, at t: Double) throws {
      try advance(to: t)
      switch pointer {
      case .touch:
        let type = ["down": "touchStart", "move": "touchMove", "up": "touchEnd"][phase] ?? phase
        let points: [[String: Any]] = phase == "up" ? [] : [["x": 200, "y": y, "id": 1]]
        try browser.send("Input.dispatchTouchEvent", ["type": type, "touchPoints": points])
      case .mouse:
        let type = ["down": "mousePressed", "move": "mouseMoved", "up": "mouseReleased"][phase] ?? phase
        try browser.send(
          "Input.dispatchMouseEvent",
          [
            "type": type, "x": 200, "y": y, "button": "left", "buttons": phase == "up" ? 0 : 1,
            "clickCount": phase == "move" ? 0 : 1,
          ])
      }
    }

    /// A key pressed and let go at time `t`, as a keyboard sends it (`key` and its Windows
    /// virtual key code, which Chromium needs to act as a real key).
    mutating func press(_ key: String, code: Int, at t: Double) throws {
      try advance(to: t)
      for type in ["rawKeyDown", "keyUp"] {
        try browser.send(
          "Input.dispatchKeyEvent",
          [
            "type": type, "key": key, "code": key, "windowsVirtualKeyCode": code,
            "nativeVirtualKeyCode": code,
          ])
      }
    }

    /// A finger held down at `from` and moved to `to` in steps of 10 pt, one a frame.
    mutating func drag(from: Double, to: Double) throws {
      let steps = Int((abs(to - from) / 10).rounded(.up))
      for step in 1...steps {
        try input("move", y: from + (to - from) * Double(step) / Double(steps), at: time + 1.0 / 60)
      }
    }

    /// What the page did so far: each state the bars entered, the requests started.
    func live() throws -> (headers: [String], footers: [String], refreshes: Int, loads: Int) {
      let live = try browser.evaluate("refreshLab.live") as? [String: Any]
      let started = live?["started"] as? [String: Any]
      return (
        live?["headers"] as? [String] ?? [], live?["footers"] as? [String] ?? [],
        started?["startRefresh"] as? Int ?? -1, started?["startLoadMore"] as? Int ?? -1
      )
    }
  }

  /// Whether `sequence` holds `states` in this order, others between them allowed.
  func holds(_ sequence: [String], inOrder states: [String]) -> Bool {
    var rest = states[...]
    for state in sequence where state == rest.first { rest.removeFirst() }
    return rest.isEmpty
  }

  @Test(arguments: Pointer.allCases)
  func aPullPastTheTriggerRefreshesOnceAndThePushToTheEndLoadsOnce(pointer: Pointer) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(WebExport.page(of: Tuning(), source: "the iOS defaults"), to: "refresh.html")
    let browser = try DevToolsBrowser(
      chromium: try WebExportTests().chromium(), profile: folder.file("profile"))
    defer { browser.stop() }
    try browser.open("file://\(path)", width: 400, height: 700, offline: true, steppedClock: true)
    let asked = browser.requestedURLs
    #expect(asked == ["file://\(path)"], "the page asked for more than itself with the network off: \(asked)")

    var page = Page(browser: browser, pointer: pointer)
    var shots: [(String, Data)] = []
    // A pull from row 2: past the trigger (about 119 pt of finger travel on iOS's band), back
    // under it, past it again, held still, let go.
    try page.input("down", y: 120, at: 0.2)
    try page.drag(from: 120, to: 180)
    #expect(try page.advance(to: page.time).header == "pulling")
    shots.append(("pulling", try browser.screenshot()))
    try page.drag(from: 180, to: 420)
    try page.drag(from: 420, to: 200)
    try page.drag(from: 200, to: 420)
    #expect(try page.advance(to: page.time + 0.15).header == "armed")
    shots.append(("armed", try browser.screenshot()))
    try page.input("up", y: 420, at: page.time + 1.0 / 60)
    let release = page.time
    #expect(try page.advance(to: release + 0.4).header == "refreshing")
    shots.append(("refreshing", try browser.screenshot()))
    // The source answers after its 1 s latency; the outcome shows for the finishing hold.
    #expect(try page.advance(to: release + 1.2).header == "finishing")
    shots.append(("finished", try browser.screenshot()))
    #expect(try page.advance(to: release + 2.5).header == "idle")
    var live = try page.live()
    #expect(live.refreshes == 1, "\(pointer): \(live.refreshes) refreshes from one pull")
    #expect(
      holds(
        live.headers, inOrder: ["pulling", "armed", "pulling", "armed", "refreshing", "finishing", "idle"]),
      "\(pointer): the header went \(live.headers)")
    #expect(live.headers.filter { $0 == "refreshing" }.count == 1)
    #expect(live.loads == 0, "\(pointer): a pull down loaded more")

    // A push toward the end of the 20 rows (880 pt in 700): the footer loads once.
    try page.input("down", y: 600, at: page.time + 0.1)
    try page.drag(from: 600, to: 200)
    try page.input("up", y: 200, at: page.time + 1.0 / 60)
    let push = page.time
    #expect(try page.advance(to: push + 0.3).footer == "loading")
    shots.append(("loading", try browser.screenshot()))
    #expect(try page.advance(to: push + 3).footer == "idle")
    live = try page.live()
    #expect(live.loads == 1, "\(pointer): \(live.loads) loads from one push to the end")
    #expect(live.footers.filter { $0 == "loading" }.count == 1, "\(pointer): the footer went \(live.footers)")
    #expect(live.refreshes == 1)
    let rows = try browser.evaluate("refreshLab.live.rows") as? Int
    #expect(rows == 40, "\(pointer): \(rows ?? -1) rows after one page loaded")

    // Each state looks different; REFRESHLAB_WEB_SHOTS names a folder to keep them in.
    #expect(Set(shots.map(\.1)).count == shots.count, "\(pointer): two states drew the same picture")
    if let keep = ProcessInfo.processInfo.environment["REFRESHLAB_WEB_SHOTS"] {
      for (name, png) in shots {
        try png.write(to: URL(fileURLWithPath: "\(keep)/web-\(pointer)-\(name).png"))
      }
    }
  }

  /// `export --header pull.gif`: the GIF goes in as a data URL, the browser decodes it with
  /// the network off, and a pull shows it where the classic header's label and arrow were.
  @Test func anEmbeddedGIFHeaderIsDrawnInTheHeadersPlace() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let header = try WebExport.Header.load(RepositoryFile.path("Assets/Headers/pull.gif"))
    let browser = try DevToolsBrowser(
      chromium: try WebExportTests().chromium(), profile: folder.file("profile"))
    defer { browser.stop() }
    var pictures: [Data] = []
    for (name, gif) in [("classic.html", nil), ("gif.html", header)] {
      let path = try folder.write(
        WebExport.page(of: Tuning(), source: "the iOS defaults", header: gif), to: name)
      try browser.open("file://\(path)", width: 400, height: 700, offline: true, steppedClock: true)
      var page = Page(browser: browser, pointer: .touch)
      try page.input("down", y: 120, at: 0.2)
      try page.drag(from: 120, to: 420)
      #expect(try page.advance(to: page.time + 0.15).header == "armed")
      pictures.append(try browser.screenshot(top: 140))
    }
    let decoded = try browser.evaluate("document.images.length ? document.images[0].naturalWidth : 0") as? Int
    #expect((decoded ?? 0) > 0, "the browser did not decode the embedded GIF")
    #expect(pictures[0] != pictures[1], "the pulled header looks the same with and without the GIF")
    if let keep = ProcessInfo.processInfo.environment["REFRESHLAB_WEB_SHOTS"] {
      try pictures[1].write(to: URL(fileURLWithPath: "\(keep)/web-gif-armed.png"))
    }
  }

  /// Keys pressed on the page: End scrolls to the end and its footer loads once; F5 refreshes
  /// the list once (and not the page, whose clock and records carry on).
  @Test func endLoadsOnceAndF5RefreshesTheListNotThePage() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(WebExport.page(of: Tuning(), source: "the iOS defaults"), to: "refresh.html")
    let browser = try DevToolsBrowser(
      chromium: try WebExportTests().chromium(), profile: folder.file("profile"))
    defer { browser.stop() }
    try browser.open("file://\(path)", width: 400, height: 700, offline: true, steppedClock: true)
    var page = Page(browser: browser, pointer: .touch)
    try page.press("End", code: 35, at: 0.2)
    #expect(try page.advance(to: 0.5).footer == "loading")
    #expect(try page.advance(to: 2).footer == "idle")
    var live = try page.live()
    #expect(live.loads == 1, "End: \(live.loads) loads")
    try page.press("F5", code: 116, at: 2.1)
    #expect(try page.advance(to: 2.5).header == "refreshing")
    try page.press("F5", code: 116, at: 2.6)
    #expect(try page.advance(to: 4.5).header == "idle")
    live = try page.live()
    #expect(live.refreshes == 1, "F5 twice while refreshing: \(live.refreshes) refreshes")
    #expect(live.headers.contains("finishing"))
  }

  /// A mouse wheel turned over the page: it scrolls by the wheel's points, reaches the end of
  /// the 20 rows and the footer loads once. The list is 700 pt tall, above the page's 32-pt strip.
  @Test func aWheelScrollsToTheEndAndLoadsOnce() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(WebExport.page(of: Tuning(), source: "the iOS defaults"), to: "refresh.html")
    let browser = try DevToolsBrowser(
      chromium: try WebExportTests().chromium(), profile: folder.file("profile"))
    defer { browser.stop() }
    try browser.open("file://\(path)", width: 400, height: 732, offline: true, steppedClock: true)
    var page = Page(browser: browser, pointer: .mouse)
    for (step, t) in [0.2, 0.3].enumerated() {
      try page.advance(to: t)
      try browser.send(
        "Input.dispatchMouseEvent", ["type": "mouseWheel", "x": 200, "y": 400, "deltaX": 0, "deltaY": 120])
      let offset = try browser.evaluate("refreshLab.advance(\(t + 0.05), 60).offset") as? Double ?? 0
      #expect(offset > Double(step) * 100, "the wheel's step \(step + 1) left the list at \(offset) pt")
    }
    #expect(try page.advance(to: 1).footer == "loading")
    #expect(try page.advance(to: 3).footer == "idle")
    let live = try page.live()
    #expect(live.loads == 1, "the wheel: \(live.loads) loads")
  }

  /// A touchpad's fingers over the page (pixel steps under a wheel's notch): they pull the list
  /// past the trigger, and when they fall still the gesture lets go and refreshes once.
  @Test func aTouchpadPullsPastTheTriggerAndRefreshesOnceWhenStill() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(WebExport.page(of: Tuning(), source: "the iOS defaults"), to: "refresh.html")
    let browser = try DevToolsBrowser(
      chromium: try WebExportTests().chromium(), profile: folder.file("profile"))
    defer { browser.stop() }
    try browser.open("file://\(path)", width: 400, height: 700, offline: true, steppedClock: true)
    var page = Page(browser: browser, pointer: .mouse)
    for step in 0..<40 {
      try page.advance(to: 0.2 + Double(step) / 60)
      try browser.send(
        "Input.dispatchMouseEvent", ["type": "mouseWheel", "x": 200, "y": 400, "deltaX": 0, "deltaY": -8])
    }
    let held = try browser.evaluate("refreshLab.advance(\(page.time), 60)") as? [String: Any]
    #expect(held?["header"] as? String == "armed", "the touchpad's pull: \(held ?? [:])")
    #expect(held?["dragging"] as? Bool == true, "the touchpad let go while its fingers moved")
    #expect(try page.advance(to: page.time + 0.5).header == "refreshing")
    #expect(try page.advance(to: page.time + 2.5).header == "idle")
    let live = try page.live()
    #expect(live.refreshes == 1, "the touchpad: \(live.refreshes) refreshes")
  }
}
