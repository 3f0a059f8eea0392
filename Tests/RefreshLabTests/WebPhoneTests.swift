import Foundation
import RefreshCore
import TestKit
import Testing

@testable import RefreshLab

/// Issue 54: what a phone does to the page beyond one finger, in headless Chromium at 390×844
/// under DevTools touch input (`Input.dispatchTouchEvent`, up to two touch points), the page's
/// clock stepped by the test: a second finger during a pull, a touch the system cancels, the
/// pointer's capture lost, the page hidden mid-refresh and shown again, a rotation mid-pull and
/// mid-refresh, and frames at 30 to 120 Hz. Whatever happens, nothing sticks: the header ends
/// idle, no finger is left held, and every refresh started is answered exactly once.
extension WebInputTests {
  /// The page on a phone-sized screen, its clock and its frame rate in the test's hands.
  struct Phone {
    let browser: DevToolsBrowser
    var fps: Double
    var frame = 0
    /// The fingers down now, by id: their y.
    var fingers: [Int: Double] = [:]

    var time: Double { Double(frame) / fps }

    /// Steps the page to frame `frame` (time frame / fps, as the page computes it).
    @discardableResult
    mutating func advance(toFrame target: Int) throws -> [String: Any] {
      frame = max(frame, target)
      return try browser.evaluate(
        "refreshLab.time = \(frame) / \(fps); refreshLab.advance(\(frame) / \(fps), \(fps))")
        as? [String: Any]
        ?? [:]
    }

    /// Steps the page `seconds` on (whole frames).
    @discardableResult
    mutating func wait(_ seconds: Double) throws -> [String: Any] {
      try advance(toFrame: frame + Int((seconds * fps).rounded()))
    }

    /// The touch points down now, as DevTools takes them.
    func points() -> [[String: Any]] {
      fingers.keys.sorted().map { ["x": 195 + 60 * $0, "y": fingers[$0] ?? 0, "id": $0] }
    }

    /// Finger `id` goes down at `y`, at the next frame.
    mutating func down(_ id: Int, y: Double) throws {
      try advance(toFrame: frame + 1)
      fingers[id] = y
      // A second finger is another touchStart, carrying every finger down.
      try browser.send("Input.dispatchTouchEvent", ["type": "touchStart", "touchPoints": points()])
    }

    /// The fingers down move to `ys` (by id), one frame later.
    mutating func move(_ ys: [Int: Double]) throws {
      try advance(toFrame: frame + 1)
      for (id, y) in ys { fingers[id] = y }
      try browser.send("Input.dispatchTouchEvent", ["type": "touchMove", "touchPoints": points()])
    }

    /// Finger `id` drags to `y` in steps of 10 pt, one a frame (the others held still).
    mutating func drag(_ id: Int, to y: Double) throws {
      let from = fingers[id] ?? y
      let steps = max(1, Int((abs(y - from) / 10).rounded(.up)))
      for step in 1...steps { try move([id: from + (y - from) * Double(step) / Double(steps)]) }
    }

    /// Finger `id` lifts at the next frame; the others stay down. DevTools lifts the fingers a
    /// touchEnd names (the last one with none named), and a move leaves out none.
    mutating func up(_ id: Int) throws {
      try advance(toFrame: frame + 1)
      let lifted = points().filter { $0["id"] as? Int == id }
      fingers[id] = nil
      try browser.send(
        "Input.dispatchTouchEvent", ["type": "touchEnd", "touchPoints": fingers.isEmpty ? [] : lifted])
    }

    /// The system takes every finger back (`touchcancel`), and the page has let go of it
    /// before the next step. Chromium acknowledges a touch event from its compositor and hands
    /// it to the page's main thread after; under load the next step's snapshot came first (the
    /// list still held, armed, after a `make test` beside a build) while the page's own record
    /// already showed no finger. So this waits on the page's cancel itself: at once where it
    /// has happened, else on the canvas's `pointercancel` (the DevTools call's limit bounds it).
    mutating func cancelTouches() throws {
      try advance(toFrame: frame + 1)
      fingers.removeAll()
      try browser.send("Input.dispatchTouchEvent", ["type": "touchCancel", "touchPoints": []])
      try browser.send("Runtime.evaluate", ["expression": Self.letGo, "awaitPromise": true])
    }

    /// A promise that settles once the page follows no finger.
    static let letGo = """
      new Promise(function (done) {
        if (refreshLab.live.pointer == null) return done(0);
        const list = document.getElementById('list');
        list.addEventListener('pointercancel', function () { done(0); }, { once: true });
        list.addEventListener('lostpointercapture', function () { done(0); }, { once: true });
      })
      """

    /// The page's own account: the header's states in order, the refreshes started and answered,
    /// the finger it follows.
    func live() throws -> (
      headers: [String], started: Int, answered: Int, loads: Int, loadsAnswered: Int, held: Bool
    ) {
      let live = try browser.evaluate("refreshLab.live") as? [String: Any]
      let started = live?["started"] as? [String: Any]
      let answered = live?["answered"] as? [String: Any]
      return (
        live?["headers"] as? [String] ?? [], started?["startRefresh"] as? Int ?? -1,
        answered?["refresh"] as? Int ?? -2, started?["startLoadMore"] as? Int ?? -1,
        answered?["loadMore"] as? Int ?? -2, !(live?["pointer"] is NSNull || live?["pointer"] == nil)
      )
    }

    /// Lets the page settle for `seconds` and holds what must hold after anything: the header
    /// idle, no finger held, every refresh and load started answered exactly once. Returns the
    /// refreshes started.
    @discardableResult
    mutating func expectSettled(
      _ what: String, within seconds: Double = 4, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
      let snapshot = try wait(seconds)
      let live = try live()
      #expect(
        snapshot["header"] as? String == "idle", "\(what): the header ended \(snapshot["header"] ?? "?")",
        sourceLocation: sourceLocation)
      #expect(
        snapshot["dragging"] as? Bool == false, "\(what): the list is still held",
        sourceLocation: sourceLocation)
      #expect(!live.held, "\(what): the page still follows a finger", sourceLocation: sourceLocation)
      #expect(
        live.started == live.answered,
        "\(what): \(live.started) refreshes started, \(live.answered) answered",
        sourceLocation: sourceLocation)
      #expect(
        live.headers.filter { $0 == "refreshing" }.count == live.started,
        "\(what): the header refreshed \(live.headers.filter { $0 == "refreshing" }.count) times for \(live.started) started",
        sourceLocation: sourceLocation)
      #expect(
        live.loads == live.loadsAnswered,
        "\(what): \(live.loads) loads started, \(live.loadsAnswered) answered",
        sourceLocation: sourceLocation)
      let offset = snapshot["offset"] as? Double ?? -1
      let bottom =
        max(0, (snapshot["contentHeight"] as? Double ?? 0) - (snapshot["viewportHeight"] as? Double ?? 0))
      #expect(
        offset >= -0.5 && offset <= bottom + 0.5, "\(what): the list rests at \(offset), outside 0…\(bottom)",
        sourceLocation: sourceLocation)
      return live.started
    }
  }

  /// The exported page of `preset` open at 390×844 with two touch points, its clock the test's.
  func phone(_ preset: TuningPreset, fps: Double = 60, in folder: TemporaryFolder) throws -> Phone {
    let path = try folder.write(
      WebExport.page(of: preset.tuning, source: "preset \(preset.rawValue)"), to: "\(preset.rawValue).html")
    let browser = try DevToolsBrowser(
      chromium: try WebExportTests().chromium(), profile: folder.file("profile"))
    try browser.open(
      "file://\(path)", width: 390, height: 844, offline: true, touchPoints: 2, steppedClock: true)
    return Phone(browser: browser, fps: fps)
  }

  /// A second finger lands during a pull, moves, and lifts before or after the first: only the
  /// first moves the list; its release refreshes once.
  @Test(arguments: ["second lifts first", "first lifts first"])
  func aSecondFingerDuringAPullIsLeftOut(order: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var phone = try phone(.ios, in: folder)
    defer { phone.browser.stop() }
    try phone.down(1, y: 150)
    try phone.drag(1, to: 450)
    #expect(try phone.wait(0.1)["header"] as? String == "armed")
    let before = try phone.advance(toFrame: phone.frame)["offset"] as? Double ?? 0
    try phone.down(2, y: 300)
    try phone.drag(2, to: 700)
    let after = try phone.advance(toFrame: phone.frame)["offset"] as? Double ?? 0
    #expect(abs(after - before) < 0.5, "the second finger moved the list from \(before) to \(after)")
    if order == "second lifts first" {
      try phone.up(2)
      #expect(
        try phone.wait(0.1)["header"] as? String == "armed", "the second finger's lift let go of the pull")
      try phone.up(1)
    } else {
      try phone.up(1)
      // The first finger's release refreshes; the second, still down, moves nothing.
      #expect(try phone.wait(0.2)["header"] as? String == "refreshing")
      // Once the list rests at the refresh's hold, the second finger's drag moves nothing.
      let held = try phone.wait(0.6)["offset"] as? Double ?? 0
      try phone.drag(2, to: 500)
      let moved = try phone.advance(toFrame: phone.frame)["offset"] as? Double ?? 0
      #expect(abs(moved - held) < 1, "the second finger took over the list: \(held) → \(moved)")
      try phone.up(2)
    }
    #expect(try phone.expectSettled(order) == 1)
  }

  /// The system cancels the touch while the pull is armed (`touchcancel`, which the browser
  /// hands on as `pointercancel`), and the pointer's capture is lost mid-pull: neither
  /// refreshes, the list settles, and the next pull refreshes once.
  @Test func aCancelledTouchOrALostCaptureLetsGoWithoutRefreshing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var phone = try phone(.smart, in: folder)
    defer { phone.browser.stop() }
    try phone.down(1, y: 150)
    try phone.drag(1, to: 600)
    #expect(try phone.wait(0.1)["header"] as? String == "armed")
    try phone.cancelTouches()
    #expect(try phone.expectSettled("touchcancel while armed") == 0)

    try phone.down(1, y: 150)
    try phone.drag(1, to: 600)
    #expect(try phone.wait(0.1)["header"] as? String == "armed")
    // The page gives the finger's capture back, as a browser does when it takes a pointer.
    try phone.browser.evaluate(
      "(() => { const c = document.getElementById('list'); const id = refreshLab.live.pointer; c.releasePointerCapture(id); return id; })()"
    )
    // The loss is told before the finger's next move, which the page then leaves alone.
    try phone.drag(1, to: 650)
    #expect(try phone.live().held == false, "the page follows a finger whose capture it lost")
    try phone.up(1)
    #expect(try phone.expectSettled("the capture lost while armed") == 0)

    try phone.down(1, y: 150)
    try phone.drag(1, to: 600)
    try phone.wait(0.1)
    try phone.up(1)
    #expect(try phone.expectSettled("a pull after both") == 1)
  }

  /// The page hidden mid-refresh (the phone locked, another app) and shown again 5 s later:
  /// the refresh is answered once, when the page comes back, and the header ends idle; hidden
  /// mid-pull, the pull lets go without refreshing.
  @Test func thePageHiddenMidRefreshOrMidPullAndShownAgain() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var phone = try phone(.material, in: folder)
    defer { phone.browser.stop() }
    func visibility(_ hidden: Bool) throws {
      // What a browser does when the page goes to the background or comes back.
      try phone.browser.evaluate(
        "Object.defineProperty(document, 'hidden', { value: \(hidden), configurable: true }); "
          + "Object.defineProperty(document, 'visibilityState', { value: '\(hidden ? "hidden" : "visible")', configurable: true }); "
          + "document.dispatchEvent(new Event('visibilitychange')); true")
    }
    try phone.down(1, y: 150)
    try phone.drag(1, to: 600)
    try phone.wait(0.1)
    try phone.up(1)
    #expect(try phone.wait(0.3)["header"] as? String == "refreshing")
    try visibility(true)
    // No frames while hidden: the page's clock jumps 5 s when it is shown again.
    phone.frame += Int(5 * phone.fps)
    try visibility(false)
    try phone.advance(toFrame: phone.frame)
    let live = try phone.live()
    #expect(
      live.answered == 1 && live.started == 1,
      "after 5 s hidden: \(live.started) started, \(live.answered) answered")
    #expect(try phone.expectSettled("hidden mid-refresh") == 1)

    try phone.down(1, y: 150)
    try phone.drag(1, to: 600)
    #expect(try phone.wait(0.1)["header"] as? String == "armed")
    try visibility(true)
    phone.frame += Int(2 * phone.fps)
    try visibility(false)
    // The finger that was down when the page went away lifts where the page cannot see it.
    try phone.up(1)
    #expect(try phone.expectSettled("hidden mid-pull") == 1)
  }

  /// The phone turned to landscape mid-pull (the viewport 844×390) and back mid-refresh, and
  /// a list scrolled to its end turned to a shorter viewport: the pull carries on and refreshes
  /// once, and the list rests within its new bounds.
  @Test func aRotationMidPullAndMidRefresh() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var phone = try phone(.ios, in: folder)
    defer { phone.browser.stop() }
    func rotate(landscape: Bool) throws {
      try phone.browser.send(
        "Emulation.setDeviceMetricsOverride",
        [
          "width": landscape ? 844 : 390, "height": landscape ? 390 : 844, "deviceScaleFactor": 1,
          "mobile": false,
          "screenOrientation": [
            "type": landscape ? "landscapePrimary" : "portraitPrimary", "angle": landscape ? 90 : 0,
          ],
        ])
      // The list's viewport follows once the browser has told the page (its resize event).
      try phone.browser.waitUntil(
        "refreshLab.advance(refreshLab.time, \(phone.fps)).viewportHeight === \(landscape ? 390 - 32 : 844 - 32)",
        "take the \(landscape ? "landscape" : "portrait") viewport")
    }
    try phone.down(1, y: 100)
    try phone.drag(1, to: 200)
    try rotate(landscape: true)
    try phone.drag(1, to: 380)
    #expect(try phone.wait(0.1)["header"] as? String == "armed")
    try phone.up(1)
    #expect(try phone.wait(0.3)["header"] as? String == "refreshing")
    try rotate(landscape: false)
    #expect(try phone.expectSettled("rotated mid-pull, back mid-refresh") == 1)

    // In landscape at the end of the rows, then portrait: the end moves up under the list.
    try rotate(landscape: true)
    try phone.browser.send(
      "Input.dispatchKeyEvent",
      ["type": "rawKeyDown", "key": "End", "code": "End", "windowsVirtualKeyCode": 35])
    try phone.browser.send(
      "Input.dispatchKeyEvent", ["type": "keyUp", "key": "End", "code": "End", "windowsVirtualKeyCode": 35])
    try phone.wait(3)
    try rotate(landscape: false)
    try phone.expectSettled("at the end, rotated back")
  }

  /// The same pull and the same push to the end at 30, 60, 90 and 120 frames a second: the
  /// same states in the same order, one refresh and one load, each answered once.
  @Test func thirtyToOneHundredTwentyFramesASecondRefreshOnceEach() throws {
    var sequences: [Double: [String]] = [:]
    for fps in [30.0, 60, 90, 120] {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      var phone = try phone(.flutter, fps: fps, in: folder)
      defer { phone.browser.stop() }
      try phone.advance(toFrame: Int(0.2 * fps))
      try phone.down(1, y: 150)
      // 10 pt a frame at any rate would pull faster at 120 Hz: the same finger speed instead.
      let steps = Int(0.5 * fps)
      for step in 1...steps { try phone.move([1: 150 + 300 * Double(step) / Double(steps)]) }
      try phone.wait(0.1)
      try phone.up(1)
      #expect(try phone.expectSettled("\(Int(fps)) Hz pull") == 1)
      try phone.down(1, y: 700)
      for step in 1...steps { try phone.move([1: 700 - 500 * Double(step) / Double(steps)]) }
      try phone.up(1)
      try phone.expectSettled("\(Int(fps)) Hz push")
      let live = try phone.live()
      #expect(live.loads == 1, "\(Int(fps)) Hz: \(live.loads) loads")
      sequences[fps] = live.headers
    }
    #expect(Set(sequences.values).count == 1, "the header went differently at different rates: \(sequences)")
    print("web page at 30, 60, 90, 120 Hz: the header went \(sequences[60] ?? [])")
  }
}
