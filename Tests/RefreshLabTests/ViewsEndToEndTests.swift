import Foundation
import TestKit
import Testing

@testable import RefreshLab

/// Issue 45 in the real window: what the lab draws over its list covers no row at rest, and the
/// keys overlay keeps the clicks made on it.
@Suite struct ViewsEndToEndTests {
  typealias Pixel = (red: UInt8, green: UInt8, blue: UInt8)
  static let white: Pixel = (255, 255, 255)
  static let separator: Pixel = (0xDD, 0xE1, 0xE6)
  static let selected: Pixel = (0xCD, 0xEF, 0xF4)

  /// A chat opens on its newest row, at the bottom: with the status line and the start hint
  /// showing, that row is whole above them (a separator 44 points above the strip they take,
  /// the row's own white between), not cut by them.
  @Test func aChatAtStartShowsItsNewestRowWhole() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let display = try VirtualDisplay(framebufferFolder: folder.path)
    defer { display.stop() }
    let app = try AppWindow.start(
      on: display,
      arguments: [
        "--size", "400x700", "--seed", "3", "--lang", "en", "--orientation", "chat", "--output-dir",
        folder.path,
      ])
    defer { app.stop() }
    let watch = app.watch(screen: folder.file("Xvfb_screen0"))
    let ground: Pixel = (20, 24, 30)
    // The start: the status line's dark strip at the bottom.
    let start = try watch.screen(within: 20) { $0[3, 695] == ground }
    #expect(start[3, 695] == ground, "no status line at the start")
    // The strip's top: the first pixel row, going up from the bottom, whose left edge is white
    // (a row's ground; the strip and the hint's row are not).
    var top = 699
    while top > 400 && start[3, top - 1] != Self.white { top -= 1 }
    let rowHeight = 44
    #expect(start[200, top - 1] == Self.separator, "the newest row does not end at the strip (y \(top))")
    #expect(
      start[200, top - 1 - rowHeight] == Self.separator,
      "no separator a row's height above the strip: the newest row is cut (strip at y \(top))")
    let rowIsWhole = (top - rowHeight..<top).allSatisfy { start[3, $0] == Self.white }
    #expect(rowIsWhole, "the newest row's edge is not white all the way down to the strip")
    _ = try app.quit()
  }

  /// With the keys overlay up, a click on the row under it selects nothing; once the overlay
  /// is gone, the same click selects the row.
  @Test func theKeysOverlayTakesTheClicksMadeOnIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let display = try VirtualDisplay(framebufferFolder: folder.path)
    defer { display.stop() }
    let app = try AppWindow.start(
      on: display,
      arguments: ["--size", "400x700", "--seed", "3", "--lang", "en", "--output-dir", folder.path])
    defer { app.stop() }
    let watch = app.watch(screen: folder.file("Xvfb_screen0"))
    let window = app.window
    // The fifth row, under the overlay's card.
    let row = (x: 300, y: 4 * 44 + 22)
    let click = ["mousemove", "--window", window, "\(row.x)", "\(row.y)", "click", "1"]
    try app.xdotool(["windowfocus", "--sync", window, "key", "--clearmodifiers", "question"] + click)
    try app.xdotool(["key", "--clearmodifiers", "question"])
    // The overlay gone, the list is drawn again: the row is white unless the click reached it.
    let after = try watch.screen(within: 20) {
      $0[row.x, row.y] == Self.white || $0[row.x, row.y] == Self.selected
    }
    #expect(after[row.x, row.y] == Self.white, "a click on the keys overlay selected the row under it")
    try app.xdotool(click)
    let selected = try watch.screen(within: 20) { $0[row.x, row.y] == Self.selected }
    #expect(selected[row.x, row.y] == Self.selected, "a click on the bare list did not select its row")
    _ = try app.quit()
  }
}
