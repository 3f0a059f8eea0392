import Foundation
import RefreshCore
import TestKit
import Testing

@testable import RefreshLab

/// Issue 29, as a person meets it: a setting changed in the window, then Q. The change is kept
/// (never dropped) and the next window opens with it: shown here by Ctrl+0 in that next window,
/// which is a change only if the kept tuning was in use.
@Suite(.serialized) struct SettingsEndToEndTests {
  @Test func aChangeThenQIsKeptAndTheNextWindowOpensWithIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let display = try VirtualDisplay()
    defer { display.stop() }
    let kept = display.dataFolder + "/refresh-lab/" + TuningFileLink.defaultPath

    // Tab opens the studio on its first row, the preset; Right picks the next one; Q quits.
    let first = folder.file("first.log")
    let app = try AppWindow.start(on: display, arguments: ["--size", "400x700"], errors: first)
    defer { app.stop() }
    try app.xdotool([
      "windowfocus", "--sync", app.window, "key", "--clearmodifiers", "Tab", "sleep", "0.3", "key", "Right",
      "sleep", "0.3", "key", "q",
    ])
    #expect(try app.ended(within: 30) == 0)
    let said = try String(contentsOfFile: first, encoding: .utf8)
    #expect(said.contains("kept the tuning's unsaved changes in \(kept)"), "it said: \(said)")
    let changed = try TuningFile.load(kept)
    #expect(changed != Tuning(), "the preset picked was kept")

    // The next window: Ctrl+0 goes back to the defaults, a change from what it opened with.
    let second = folder.file("second.log")
    let again = try AppWindow.start(on: display, arguments: ["--size", "400x700"], errors: second)
    defer { again.stop() }
    try again.xdotool([
      "windowfocus", "--sync", again.window, "key", "--clearmodifiers", "ctrl+0", "sleep", "0.3", "key", "q",
    ])
    #expect(try again.ended(within: 30) == 0)
    let saidAgain = try String(contentsOfFile: second, encoding: .utf8)
    #expect(saidAgain.contains("kept the tuning's unsaved changes in \(kept)"), "it said: \(saidAgain)")
    #expect(try TuningFile.load(kept) == Tuning(), "the reset was from the kept tuning")
  }
}
