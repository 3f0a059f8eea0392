import Foundation
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// The real app in a real X server: Xvfb for the display, xdotool for real X mouse events. The
/// drag must refresh, and the header must close afterwards, read from the trace and seen on
/// the screen. `make test` installs Xvfb and xdotool; a missing one fails loudly.
@Suite(.serialized) struct EndToEndTests {
  @Test func aRealMouseDragRefreshesAndTheHeaderCloses() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let trace = folder.file("trace.jsonl")

    let display = try VirtualDisplay(framebufferFolder: folder.path)
    defer { display.stop() }
    let app = try AppWindow.start(
      on: display,
      arguments: [
        "--size", "400x700", "--latency", "0.5", "--seed", "3", "--lang", "en", "--trace", trace,
      ])
    defer { app.stop() }
    let window = app.window
    let origin = app.origin
    let screen = folder.file("Xvfb_screen0")
    /// Cyan pixels in the window's top 80 rows: the header bar showing.
    func headerPixels() throws -> Int {
      try ScreenDump(contentsOf: screen, origin: origin).count(in: (x: 0..<400, y: 0..<80)) {
        Self.isCyan($0)
      }
    }

    // A slow pull of 300 px, held, then released; xdotool paces its own steps.
    var drag = ["mousemove", "--window", window, "200", "120", "mousedown", "1"]
    for step in 1...15 {
      drag += ["sleep", "0.03", "mousemove", "--window", window, "200", "\(120 + step * 20)"]
    }
    drag += ["sleep", "0.3", "mouseup", "1"]
    // Then the window is watched, not a clock: the header shows while it refreshes and holds
    // its result, and goes once the collapse is over (20 s at most, for a loaded machine). A
    // drag the header never showed for is sent again, twice at most: under the whole suite
    // with ThreadSanitizer a loaded X server once lost the one drag (the trace held four idle
    // frames; the test passed alone).
    var seen = false
    for _ in 1...3 where !seen {
      try app.xdotool(drag)
      seen = try WindowWatch.poll(within: 20, on: display) { try headerPixels() > 0 }
    }
    let gone = try WindowWatch.poll(within: 20, on: display) { try headerPixels() == 0 }
    #expect(seen, "the header never showed")
    let left = try headerPixels()
    #expect(gone, "the header is still showing: \(left) cyan pixels at the top")
    // Esc quits the app the way a user would, so it finishes its trace. (A signal would not do:
    // a child started from the test runner may inherit a mask that blocks it.)
    #expect(try app.quit() == 0)

    let frames = try TraceReader.frames(at: trace)
    let headers = frames.map { $0.header }
    let refreshing = try #require(headers.firstIndex(of: "refreshing"), "it never refreshed")
    #expect(headers[..<refreshing].contains("armed"))
    let closed = headers[refreshing...].firstIndex(of: "idle")
    #expect(closed != nil, "the header never closed")
    let last = try #require(frames.last)
    #expect(last.insetTop == 0)
    #expect(last.offset == 0)
    #expect(last.generation >= 1, "the rows were not replaced")
  }

  /// Issue 8 with real X input: a click on a row selects it and scrolls nothing; then the
  /// scrollbar's thumb, dragged 300 px down a 1,000-row list, moves the content thousands of
  /// points and never shows the header.
  @Test func aClickSelectsARowAndTheThumbDragsTheList() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let trace = folder.file("trace.jsonl")
    let screenshot = folder.file("dragging.png")

    let display = try VirtualDisplay()
    defer { display.stop() }
    let app = try AppWindow.start(
      on: display,
      arguments: [
        "--size", "400x700", "--rows", "1000", "--page-size", "1000", "--total", "1000",
        "--seed", "3", "--lang", "en", "--trace", trace, "--screenshot", "4:\(screenshot)",
      ])
    defer { app.stop() }
    let window = app.window

    // A click on the fourth row (44 pt rows), held still.
    var input = ["mousemove", "--window", window, "200", "150", "sleep", "0.3", "click", "1", "sleep", "1"]
    // The thumb sits at the top right, 40 pt long: grab it and drag it 300 px down, slowly.
    input += ["mousemove", "--window", window, "395", "20", "sleep", "0.3", "mousedown", "1"]
    for step in 1...15 {
      input += ["sleep", "0.05", "mousemove", "--window", window, "395", "\(20 + step * 20)"]
    }
    input += ["sleep", "2", "mouseup", "1", "sleep", "0.5"]
    input += ["windowfocus", "--sync", window, "key", "--clearmodifiers", "Escape"]
    try app.xdotool(input)
    #expect(try app.ended() == 0)

    let frames = try TraceReader.frames(at: trace)
    let grabbed = try #require(
      frames.firstIndex { $0.scrollbar == "dragging" }, "the thumb was never grabbed")
    let beforeGrab = frames[..<grabbed]
    #expect(beforeGrab.allSatisfy { $0.offset == 0 }, "the click scrolled")
    #expect(beforeGrab.last?.selectedRow.row == 3, "the click did not select the fourth row")
    #expect(frames.allSatisfy { $0.header == "idle" }, "the header moved")
    #expect(frames.allSatisfy { $0.pullDistance <= 0 }, "the header showed")
    let moved = frames.map { $0.offset }.max() ?? 0
    // 300 of the thumb's 654 pt of travel over 43,300 pt of content: about 19,860 pt.
    #expect(moved > 15_000, "the thumb moved the list \(moved) pt")
    let last = try #require(frames.last)
    #expect(abs(last.offset - moved) < 0.5, "the list stays where the thumb left it")

    // While held, the widened thumb is drawn where the pointer holds it.
    let image = try PixelImage(contentsOf: screenshot)
    var darkInBand = 0
    for y in 300..<360 {
      for x in 388..<398 where image[x, y].red < 200 { darkInBand += 1 }
    }
    #expect(darkInBand > 100, "no thumb under the pointer: \(darkInBand) dark pixels")
  }

  /// Issue 11 with real X input: a slow drag up the middle of a 1,000-row list, let go while
  /// still moving, coasts at the drag's own speed and nowhere near the 8,000 pt/s cap. xdotool
  /// paces its steps only roughly (each step costs a little more than its sleep, more on a
  /// loaded machine), so the drag's true speed is read from the trace, where the content follows
  /// the finger one to one. The release is held to it within 20 %: the speed is a fit over the
  /// frames the loaded machine happened to draw, and the first coasting frame has already lost
  /// up to a frame's friction (3 % at 60 Hz). Runs here land within 3 %.
  @Test func aSlowRealDragReleasesAtItsOwnSpeed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let trace = folder.file("trace.jsonl")

    let display = try VirtualDisplay()
    defer { display.stop() }
    let app = try AppWindow.start(
      on: display,
      arguments: [
        "--size", "400x700", "--rows", "1000", "--page-size", "1000", "--total", "1000",
        "--seed", "3", "--lang", "en", "--trace", trace,
      ])
    defer { app.stop() }
    let window = app.window

    // 2 px every 10 ms up the window, about 200 pt/s, the content scrolling down the list; the
    // mouse goes up right after the last step, still moving.
    var input = ["mousemove", "--window", window, "200", "600", "sleep", "0.3", "mousedown", "1"]
    for step in 1...150 {
      input += ["sleep", "0.01", "mousemove", "--window", window, "200", "\(600 - step * 2)"]
    }
    input += ["mouseup", "1", "sleep", "1"]
    input += ["windowfocus", "--sync", window, "key", "--clearmodifiers", "Escape"]
    try app.xdotool(input)
    #expect(try app.ended() == 0)

    let frames = try TraceReader.frames(at: trace)
    let dragged = frames.indices.filter { frames[$0].dragging }
    let lastHeld = try #require(dragged.last, "the drag never showed")
    let released = try #require(frames.indices.last.map { min(lastHeld + 1, $0) })
    try #require(released > lastHeld, "no frame after the release")
    // The drag's speed over its last 300 ms, by least squares over the frames drawn then.
    let end = frames[lastHeld].t
    let recent = dragged.map { frames[$0] }.filter { $0.t >= end - 0.3 }
    let points = recent.map { ($0.t, $0.offset) }
    try #require(points.count >= 5, "only \(points.count) frames in the drag's last 300 ms")
    let meanT = points.map(\.0).reduce(0, +) / Double(points.count)
    let meanX = points.map(\.1).reduce(0, +) / Double(points.count)
    let covariance = points.map { ($0.0 - meanT) * ($0.1 - meanX) }.reduce(0, +)
    let variance = points.map { ($0.0 - meanT) * ($0.0 - meanT) }.reduce(0, +)
    let dragSpeed = covariance / variance
    #expect(dragSpeed > 100 && dragSpeed < 300, "xdotool dragged at \(dragSpeed) pt/s")
    let release = frames[released].velocity
    #expect(
      abs(release - dragSpeed) <= 0.2 * dragSpeed,
      "released at \(release) pt/s after a drag at \(dragSpeed) pt/s")
  }
}
