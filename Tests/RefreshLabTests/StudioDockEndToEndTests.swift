import Foundation
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// Issue 19 with real X input: `?` shows every key over the window and Esc takes it away; Tab
/// docks the tuning panel beside the list, widening the window, so not one of the list's pixels
/// is covered, and the list still scrolls beside it.
@Suite(.serialized) struct StudioDockEndToEndTests {
  @Test func theKeysShowOnQuestionMarkAndThePanelDocksBesideTheList() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let trace = folder.file("trace.jsonl")

    let display = try VirtualDisplay(framebufferFolder: folder.path)
    defer { display.stop() }
    let app = try AppWindow.start(
      on: display,
      arguments: [
        "--size", "400x700", "--seed", "3", "--lang", "en", "--trace", trace,
        "--output-dir", folder.path,
      ])
    defer { app.stop() }
    let window = app.window
    let watch = app.watch(screen: folder.file("Xvfb_screen0"))

    func width() throws -> Int? {
      let geometry = try display.run("xdotool", ["getwindowgeometry", "--shell", window])
      return geometry.split(separator: "\n").first { $0.hasPrefix("WIDTH=") }.flatMap { Int($0.dropFirst(6)) }
    }
    // The start hint ("? keys · Tab studio") near the bottom, gone after the first key.
    let ground = (red: UInt8(20), green: UInt8(24), blue: UInt8(30))
    let isGround = { (pixel: (red: UInt8, green: UInt8, blue: UInt8)) in pixel == ground }
    // The hint's label sits in its own row above the status line, which spans the window: a
    // pixel row dark in the middle and light at the edge is the label's.
    let showsHint = { (screen: ScreenDump) in
      (560..<700).contains { row in
        screen.count(in: (150..<250, row..<row + 1), where: isGround) > 50
          && screen.count(in: (0..<20, row..<row + 1), where: isGround) == 0
      }
    }
    let hint = try watch.screen(within: 20) { showsHint($0) }
    // Shift alone is an input: the hint goes. The bare list is the one at rest: the same
    // picture for half a second (nothing scrolled, so no scrollbar shows).
    try app.xdotool(["windowfocus", "--sync", window, "key", "shift"])
    var bare = try watch.screen(within: 10) { !showsHint($0) }
    let list = (x: 0..<400, y: 0..<(700 - 2 * Int(PanelLayout.statusHeight)))
    var unchanged = 0
    var looks = 0
    // 60 s at most: under AddressSanitizer with the whole suite running, each look at the
    // screen is slow and the app draws late.
    let settled = try WindowWatch.poll(within: 60, on: display) {
      looks += 1
      let now = try ScreenDump(contentsOf: watch.screen, origin: watch.origin)
      unchanged = now.same(as: bare, in: list) ? unchanged + 1 : 0
      bare = now
      return unchanged >= 5
    }
    #expect(settled, "the list never came to rest after the first key (\(looks) looks)")
    try app.xdotool(["key", "--clearmodifiers", "question"])
    let keys = try watch.screen(within: 10) { $0.count(in: (100..<300, 350..<351), where: isGround) > 100 }
    try app.xdotool(["key", "Escape"])
    let cardGone = try WindowWatch.poll(within: 10, on: display) {
      try ScreenDump(contentsOf: watch.screen, origin: watch.origin).same(as: bare, in: list)
    }
    #expect(cardGone, "Esc did not take the keys card away")
    #expect(try width() == 400, "the keys overlay changed the window")
    try app.xdotool(["key", "Tab"])
    try WindowWatch.poll(within: 10, on: display) { try width() == 780 }
    let dockedWidth = try width()
    // A window widened past the screen's edge is moved back in: look where it is now.
    var dockedWatch = watch
    var docked = try ScreenDump(contentsOf: watch.screen, origin: watch.origin)
    try WindowWatch.poll(within: 10, on: display) {
      dockedWatch = WindowWatch(
        display: display, screen: watch.screen, origin: try AppWindow.position(of: window, on: display))
      docked = try ScreenDump(contentsOf: dockedWatch.screen, origin: dockedWatch.origin)
      // The panel shows, and the list's frame after it has reached the screen too: under a
      // sanitizer the window moved back onto the screen can show a frame of the list late.
      return docked.count(in: (400..<780, 350..<351), where: isGround) > 200
        && docked.same(as: bare, in: list)
    }
    // The wheel over the list beside the open panel scrolls it.
    try app.xdotool(["mousemove", "--window", window, "200", "350"])
    try app.xdotool(["click", "--repeat", "5", "--delay", "60", "5"])
    let scrolled = try dockedWatch.screen(within: 10) { !$0.same(as: docked, in: list) }
    #expect(!scrolled.same(as: docked, in: list), "the wheel beside the panel moved nothing")
    try app.xdotool(["key", "Escape"])
    try WindowWatch.poll(within: 10, on: display) { try width() == 400 }
    let closedWidth = try width()
    try app.xdotool(["key", "Escape"])
    #expect(try app.ended() == 0)
    #expect(dockedWidth == 780, "the window did not widen by the panel's 380 pt")
    #expect(closedWidth == 400, "the window did not give the panel's width back")

    #expect(showsHint(hint), "no hint at the start")
    #expect(!showsHint(bare), "the hint outlived the first key")
    // The overlay's card: the panel's opaque ground across the middle of the window.
    let card = keys.count(in: (100..<300, 350..<351), where: isGround)
    #expect(card > 100, "no keys card in the middle of the window (\(card) pixels)")
    // Every pixel of the list is as it was before the panel opened, above the status line,
    // which runs across the bottom of the whole window and comes and goes on its own (it names
    // the output folder at start).
    #expect(docked.same(as: bare, in: list), "the list's pixels changed when the panel opened")
    let panel = docked.count(in: (400..<780, 350..<351), where: isGround)
    #expect(panel > 200, "no opaque panel beside the list (\(panel) pixels)")

    // The wheel over the list beside the open panel scrolled it.
    let frames = try TraceReader.frames(at: trace)
    let offsets = frames.map { $0.offset }
    #expect((offsets.max() ?? 0) > 100, "the wheel beside the panel moved the list \(offsets.max() ?? 0) pt")
  }
}
