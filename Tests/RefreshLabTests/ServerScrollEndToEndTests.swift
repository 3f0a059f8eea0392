import Foundation
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// Issue 26 in a real X window: frames of content that only moved are scrolled on the X server
/// (`XCopyArea`) and only what came into view is sent, while the status line is drawn over the
/// list and then goes. The picture the server holds once the list is at rest, put together from
/// those copies and strips, must be the very picture of a frame drawn whole: the lab's own
/// screenshot later in the same run, which is drawn whole and sent whole.
@Suite(.serialized) struct ServerScrollEndToEndTests {
  /// Two flings toward the end (of 200 rows, far from either edge, so no refresh or bounce
  /// draws the list whole) while the start note still shows, then rest; a screenshot at 11 s
  /// (late enough that a sanitizer's slower run has come to rest and been looked at), the end at
  /// 13 s.
  static let script = """
    {"t":1.5,"type":"down","x":200,"y":300}
    {"t":1.55,"type":"move","x":200,"y":240}
    {"t":1.6,"type":"move","x":200,"y":160}
    {"t":1.62,"type":"up","x":200,"y":150}
    {"t":2.4,"type":"down","x":200,"y":300}
    {"t":2.45,"type":"move","x":200,"y":250}
    {"t":2.5,"type":"move","x":200,"y":190}
    {"t":2.52,"type":"up","x":200,"y":180}
    {"t":13,"type":"end"}

    """

  @Test func theServersPictureAtRestIsTheWholeFramesPicture() throws {
    try flingAndCompare(covered: false)
  }

  /// Another window covers the list's lower part while the content moves up: the server has
  /// no pixels there to copy (it says so with GraphicsExpose), and the frame after is drawn
  /// whole, so the visible part never shows the other window's pixels.
  @Test func aCopyFromACoveredPartIsDrawnAgain() throws {
    try flingAndCompare(covered: true)
  }

  func flingAndCompare(covered: Bool) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let script = folder.file("flings.jsonl")
    try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
    let shot = folder.file("whole.png")
    let output = folder.file("stats.txt")
    let trace = folder.file("trace.jsonl")

    let display = try VirtualDisplay(framebufferFolder: folder.path)
    defer { display.stop() }
    let launched = Date()
    let app = try AppWindow.start(
      on: display,
      arguments: [
        "--size", "400x600", "--rows", "200", "--total", "200", "--seed", "3", "--lang", "en",
        "--replay", script, "--screenshot", "11:\(shot)", "--stats", "--output-dir", folder.path,
        "--trace", trace,
      ], output: output)
    defer { app.stop() }
    var cover: Process?
    defer {
      if let cover, cover.isRunning { kill(cover.processIdentifier, SIGKILL) }
    }
    let watch = app.watch(screen: folder.file("Xvfb_screen0"))
    let window = (x: 0..<400, y: 0..<(covered ? 350 : 600))
    // The window's bytes on the screen, compared whole: each look must be quick, or the list
    // comes to rest unseen before the whole frame is drawn.
    func look() throws -> (dump: ScreenDump, bytes: Data) {
      let dump = try ScreenDump(contentsOf: watch.screen, origin: watch.origin)
      var bytes = Data(capacity: window.x.count * window.y.count * 4)
      for y in window.y {
        let start = dump.pixelStart + (dump.origin.y + y) * dump.bytesPerLine + dump.origin.x * 4
        bytes.append(contentsOf: dump.bytes[start..<start + window.x.count * 4])
      }
      return (dump, bytes)
    }
    var first = try look()
    if covered {
      // The app's first frame on the screen: a picture that is not one colour, the same twice.
      let drawn = try WindowWatch.poll(within: 30, on: display) {
        let now = try look()
        defer { first = now }
        let pixels = now.bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        return now.bytes == first.bytes && pixels.contains { $0 != pixels.first }
      }
      #expect(drawn, "the app's window showed no steady picture within 30 s")
      // xev's window over the list's lower 250 points (no window manager moves it), started once
      // the app's window shows (the wait names it if it never does).
      let geometry = "400x250+\(app.origin.x)+\(app.origin.y + 350)"
      cover = try display.start(
        "/usr/bin/xev", ready: "xdotool search --onlyvisible --name '^Event Tester$'",
        arguments: ["-geometry", geometry], output: "/dev/null")
      // The cover counts only if it was there before the flings moved the list: the part
      // above it still shows the picture from before the cover, whatever the clock says.
      let covering = try look()
      #expect(
        covering.bytes == first.bytes,
        "the list had already moved when the covering window showed: the copies were not from a covered part")
    }

    // At rest: after the start note has gone (4 s), the same picture for a second (the scroll
    // indicator stays half a second after the content stops, then fades).
    var rest = first
    var unchanged = 0
    let settled = try WindowWatch.poll(within: 60, on: display) {
      let now = try look()
      // The picture must be the server's, put together from copies and strips: looked at
      // before the whole frame of 11 s reached the screen. The app writes that frame's
      // screenshot before presenting it, so no screenshot yet after a look means the look came
      // first.
      guard !FileManager.default.fileExists(atPath: shot) else {
        throw EndToEndError.failed(
          "the whole frame of 11 s reached the screen before the list was seen at rest"
            + " (the same picture for \(unchanged) looks)")
      }
      unchanged = now.bytes == rest.bytes ? unchanged + 1 : 0
      rest = now
      return unchanged >= 10 && Date().timeIntervalSince(launched) > 5.5
    }
    #expect(settled, "the list never came to rest after the flings (waited 60 s)")
    #expect(rest.bytes != first.bytes, "the flings did not move the list")

    // The whole frame of 11 s reaches the screen, then the run ends.
    let shown = try WindowWatch.poll(within: 30, on: display) {
      FileManager.default.fileExists(atPath: shot)
    }
    #expect(shown, "no screenshot at 11 s")
    #expect(try app.ended(within: 30) == 0)
    let whole = try PixelImage(contentsOf: shot)
    var differing = 0
    for y in window.y {
      for x in window.x {
        let color = whole[x, y]
        if rest.dump[x, y] != (color.red, color.green, color.blue) { differing += 1 }
      }
    }
    #expect(differing == 0, "\(differing) pixels of the server's picture differ from the whole frame's")

    // The program's own account: the list had come to rest before the screenshot's frame, the
    // last frame drawn before it still, where the screenshot's frame shows it.
    let frames = try TraceReader.frames(at: trace).map(\.primary)
    let atShot = try #require(frames.first { $0.t >= 11 }, "no frame at 11 s in the trace")
    let before = try #require(frames.last { $0.t < 11 }, "no frame before 11 s in the trace")
    #expect(
      !before.dragging && !before.animating && before.velocity == 0 && before.offset == atShot.offset,
      "the list still moved at \(before.t) s: offset \(before.offset) at \(before.velocity) pt/s")
    #expect(atShot.offset > frames[0].offset, "the trace shows the flings moved nothing")

    // The frames were drawn as changes: content moved on the server, and the display got far
    // less than whole frames.
    let stats = try String(contentsOfFile: output, encoding: .utf8)
    func figure(_ key: String) -> Double? {
      stats.split(separator: " ").first { $0.hasPrefix(key + "=") }
        .flatMap { Double($0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
    let copied = try #require(figure("pixels_copied_per_frame"), "no stats in: \(stats)")
    let presented = try #require(figure("pixels_presented_per_frame"))
    #expect(copied > 0, "no pixels were moved")
    if !covered { #expect(presented < 400 * 600 / 2, "\(presented) pixels presented per frame") }
  }
}
