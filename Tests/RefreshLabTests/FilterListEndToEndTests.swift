import Foundation
import RefreshSDL
import TestKit
import Testing

/// The second example host, `filter-list`, which opens SDL, its window and renderer itself and
/// runs its own event loop, in a real X server: xdotool types into its search field (SDL text
/// input filters the rows), pulls the list (a refresh, the host's own pixels untouched), and
/// flings the list to its end while the pointer keeps moving over it (the next page arrives,
/// once). The pixels are the X server's own screen (Xvfb's `-fbdir` file).
extension EndToEndTests {
  @Test func aHostWithItsOwnLoopFiltersRefreshesAndLoadsMore() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let output = folder.file("output.txt")
    let errors = folder.file("errors.txt")
    let display = try VirtualDisplay(framebufferFolder: folder.path)
    defer { display.stop() }
    let app = try AppWindow.start(
      AppWindow.sibling("filter-list"), title: "Filter list", on: display, arguments: [],
      output: output, errors: errors)
    defer { app.stop() }
    let window = app.window
    let origin = app.origin
    let screen = folder.file("Xvfb_screen0")

    let list = (x: 260..<760, y: 0..<480)
    // The host's panel around its field (the field's border shows where the keys go).
    let panelTop = (x: 0..<260, y: 0..<50)
    let panelBottom = (x: 0..<260, y: 100..<480)
    let panelFill: (UInt8, UInt8, UInt8) = (38, 50, 56)
    let watch = WindowWatch(display: display, screen: screen, origin: origin)
    /// The example's lines so far, once one ends with `suffix` (or after `seconds`).
    func lines(within seconds: Double, untilOneEndsWith suffix: String) throws -> [String] {
      var lines: [String] = []
      try WindowWatch.poll(within: seconds, on: display) {
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        lines = text.split(separator: "\n").map(String.init)
        return lines.contains { $0.hasSuffix(suffix) }
      }
      return lines
    }

    let before = try watch.screen(within: 10) {
      $0.count(in: panelBottom) { $0 == panelFill } > 60_000
        && $0.count(in: list) { $0 == (255, 255, 255) } > 100_000
    }
    _ = try display.run(
      "xdotool", ["windowfocus", "--sync", window, "type", "--delay", "80", "ap"])
    let typed = try lines(within: 10, untilOneEndsWith: "\"ap\" matches 120, showing 20")
    #expect(typed.contains("filter-list: \"a\" matches 180, showing 20"), "\(typed)")
    #expect(typed.last == "filter-list: \"ap\" matches 120, showing 20", "\(typed)")
    let filtered = try watch.screen(within: 5) { !$0.same(as: before, in: list) }
    #expect(!filtered.same(as: before, in: list), "the rows shown changed")

    // A slow pull of 300 px inside the list, held, then let go.
    var pull = ["mousemove", "--window", window, "500", "60", "mousedown", "1"]
    for step in 1...15 {
      pull += ["sleep", "0.03", "mousemove", "--window", window, "500", "\(60 + step * 20)"]
    }
    try app.xdotool(pull + ["sleep", "0.3"])
    let held = try watch.screen(within: 5) { $0.count(in: list, where: Self.isCyan) > 20_000 }
    try app.xdotool(["mouseup", "1"])
    let refreshed = try lines(within: 10, untilOneEndsWith: "refreshed, showing 20 of 120")
    let after = try watch.screen(within: 10) { $0.count(in: list, where: Self.isCyan) == 0 }
    #expect(held.count(in: list, where: Self.isCyan) > 20_000, "the header shows while pulled")
    #expect(refreshed.filter { $0.contains("refreshed") }.count == 1, "one refresh: \(refreshed)")
    #expect(after.count(in: list, where: Self.isCyan) == 0, "the header closed")
    for (name, region) in [("above", panelTop), ("below", panelBottom)] {
      #expect(held.same(as: filtered, in: region), "the host's panel \(name) its field changed in the pull")
      #expect(
        after.same(as: filtered, in: region), "the host's panel \(name) its field changed in the refresh")
    }

    // A quick flick toward the end, then the pointer wanders over the list while it coasts:
    // every move carries the list's clock, and the one that crosses the trigger must not lose
    // the load-more (issue 14).
    var fling = ["mousemove", "--window", window, "500", "440", "mousedown", "1"]
    for step in 1...5 {
      fling += ["sleep", "0.01", "mousemove", "--window", window, "500", "\(440 - step * 75)"]
    }
    fling += ["mouseup", "1"]
    // Several moves a frame, so that one of them, not a frame, most likely carries the
    // list's clock over the trigger.
    for step in 0..<300 {
      fling += ["sleep", "0.004", "mousemove", "--window", window, "\(300 + (step % 20) * 20)", "200"]
    }
    try app.xdotool(fling)
    let loaded = try lines(within: 10, untilOneEndsWith: "loaded a page, showing 40 of 120")
    #expect(
      loaded.filter { $0.contains("loaded a page") } == ["filter-list: loaded a page, showing 40 of 120"],
      "one page for one fling: \(loaded)")

    // The list has the keys since the pull; Escape is not one of its keys, so the host quits.
    let status = try app.quit()
    let complaints = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    #expect(status == 0, "filter-list: \(complaints)")
  }
}
