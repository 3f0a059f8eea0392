import Foundation
import RefreshSDL
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
    let (before, keys, docked) = (
      folder.file("before.png"), folder.file("keys.png"), folder.file("docked.png")
    )
    let start = folder.file("start.png")

    let display = try VirtualDisplay()
    defer { display.stop() }
    let app = try display.launch(
      EndToEndTests.appPath,
      arguments: [
        "--size", "400x700", "--seed", "3", "--lang", "en", "--trace", trace,
        "--screenshot", "0.1:\(start)", "--screenshot", "3:\(before)", "--screenshot", "6:\(keys)",
        "--screenshot", "9.5:\(docked)",
      ])
    defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
    let window = try #require(
      try display.run(
        "timeout", ["20", "xdotool", "search", "--sync", "--onlyvisible", "--name", "RefreshLab"]
      ).split(separator: "\n").first.map(String.init), "the window never appeared")

    func width() throws -> Int? {
      let geometry = try display.run("xdotool", ["getwindowgeometry", "--shell", window])
      return geometry.split(separator: "\n").first { $0.hasPrefix("WIDTH=") }.flatMap { Int($0.dropFirst(6)) }
    }
    // Shift alone is an input: the start hint goes, so "before" shows the bare list.
    _ = try display.run("xdotool", ["windowfocus", "--sync", window, "key", "shift", "sleep", "3.5"])
    _ = try display.run("xdotool", ["key", "--clearmodifiers", "question", "sleep", "2.5", "key", "Escape"])
    #expect(try width() == 400, "the keys overlay changed the window")
    _ = try display.run("xdotool", ["key", "Tab", "sleep", "1"])
    let dockedWidth = try width()
    // The screenshot at 9.5 s is taken before the wheel below moves the list.
    _ = try display.run("xdotool", ["sleep", "2.5", "mousemove", "--window", window, "200", "350"])
    _ = try display.run("xdotool", ["click", "--repeat", "5", "--delay", "60", "5", "sleep", "1.5"])
    _ = try display.run("xdotool", ["key", "Escape", "sleep", "1"])
    let closedWidth = try width()
    _ = try display.run("xdotool", ["key", "Escape"])
    app.waitUntilExit()
    #expect(app.terminationStatus == 0)
    #expect(dockedWidth == 780, "the window did not widen by the panel's 380 pt")
    #expect(closedWidth == 400, "the window did not give the panel's width back")

    let bare = try PixelImage(contentsOf: before)
    let shown = try PixelImage(contentsOf: keys)
    let withPanel = try PixelImage(contentsOf: docked)
    #expect(bare.width == 400 && withPanel.width == 780)
    // The start hint ("? keys · Tab studio") near the bottom, gone after the first key.
    let ground = Color(red: 20, green: 24, blue: 30, alpha: 255)
    let hintRow = 700 - 64 + 2
    let hint = try PixelImage(contentsOf: start)
    #expect((150..<250).filter { hint[$0, hintRow] == ground }.count > 50, "no hint at the start")
    #expect((150..<250).allSatisfy { bare[$0, hintRow] != ground }, "the hint outlived the first key")
    // The overlay's card: the panel's opaque ground across the middle of the window.
    let card = (100..<300).filter { shown[$0, 350] == ground }.count
    #expect(card > 100, "no keys card in the middle of the window (\(card) pixels)")
    // Every pixel of the list is as it was before the panel opened, above the status line,
    // which runs across the bottom of the whole window and comes and goes on its own (it names
    // the output folder at start).
    var covered = 0
    for y in 0..<(bare.height - 2 * Int(PanelLayout.statusHeight)) {
      for x in 0..<bare.width where withPanel[x, y] != bare[x, y] { covered += 1 }
    }
    #expect(covered == 0, "\(covered) of the list's pixels changed when the panel opened")
    let panel = (400..<780).filter { withPanel[$0, 350] == ground }.count
    #expect(panel > 200, "no opaque panel beside the list (\(panel) pixels)")

    // The wheel over the list beside the open panel scrolled it.
    let frames = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
      .map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
    let offsets = frames.map { $0["offset"] as? Double ?? 0 }
    #expect((offsets.max() ?? 0) > 100, "the wheel beside the panel moved the list \(offsets.max() ?? 0) pt")
  }
}
