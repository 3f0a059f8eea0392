import Foundation
import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// The record and replay keys, and the plot key.
@Suite struct StudioKeysTests {
  func command(_ key: Key, _ modifiers: KeyModifiers = [], panelOpen: Bool = false) -> WindowCommand? {
    WindowCommand(.key(key, modifiers: modifiers, isRepeat: false), panelOpen: panelOpen)
  }

  @Test func keysMapToCommands() {
    #expect(command(Key(rawValue: "P")) == .bench(.togglePlot))
    #expect(command(.r) == .bench(.toggleTake))
    #expect(command(.r, .shift) == .bench(.replayTake))
    #expect(command(.r, .control) == nil, "Ctrl+R refreshes")
    #expect(WindowCommand(.mouseDown(x: 1, y: 1, button: .left), panelOpen: false) == nil)
    #expect(command(.escape) == .quit)
    #expect(command(.escape, panelOpen: true) == .panel(.close), "Esc closes the panel first")
    #expect(WindowCommand(.quit, panelOpen: true) == .quit)
    #expect(command(.tab) == .togglePanel)
    #expect(command(.s, .control) == .saveTuning)
    #expect(command(.s, .shift) == .slowMotion(faster: true))
    #expect(command(WindowCommand.slashKey, .shift) == .toggleKeys, "? is Shift and the slash key")
    #expect(command(WindowCommand.questionKey) == .toggleKeys)
    #expect(command(WindowCommand.slashKey) == nil, "/ is nothing while the panel is closed")
    #expect(command(WindowCommand.slashKey, panelOpen: true) == .panel(.startFilter))
  }

  /// Esc closes what is on top first: the keys, then the panel; only then does it quit.
  @Test func escapeClosesTheKeysThenThePanel() {
    let escape = ShellEvent.key(.escape, modifiers: [], isRepeat: false)
    #expect(WindowCommand(escape, context: .init(panelOpen: true, keysShown: true)) == .toggleKeys)
    #expect(WindowCommand(escape, context: .init(panelOpen: true)) == .panel(.close))
    #expect(WindowCommand(escape, context: .init()) == .quit)
  }

  /// While the filter takes typing, letters are the filter's, not E's export or S's slow motion;
  /// the arrows still pick a row.
  @Test func theFilterTakesLettersWhileTyping() {
    let typing = WindowCommand.Context(panelOpen: true, filtering: true)
    func key(_ name: String) -> WindowCommand? {
      WindowCommand(.key(Key(rawValue: name), modifiers: [], isRepeat: false), context: typing)
    }
    #expect(key("E") == .panel(.type("e")))
    #expect(key("S") == .panel(.type("s")))
    #expect(key("3") == .panel(.type("3")))
    #expect(key("Backspace") == .panel(.erase))
    #expect(key("Return") == .panel(.endFilter))
    #expect(key("Escape") == .panel(.clearFilter))
    #expect(key("Down") == .panel(.nextRow))
    #expect(key("Tab") == .togglePanel)
  }

  /// One key map: no key the window claims is one the list acts on, except the arrows the
  /// open panel takes for its rows (the list's own keys are `GestureMapper`'s).
  @Test func theWindowsKeysAndTheListsNeverOverlap() {
    let keys: [Key] = [
      .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .f5, .r, .s, .tab, .f1, .escape,
      .q, Key(rawValue: "P"), Key(rawValue: "E"), WindowCommand.slashKey, WindowCommand.questionKey,
    ]
    let shown = RefreshController(viewportHeight: 600, contentHeight: 4000).snapshot
    for key in keys {
      for modifiers: KeyModifiers in [[], .shift, .control] {
        var mapper = GestureMapper(viewport: Rect(x: 0, y: 0, width: 400, height: 600))
        let list = mapper.translate(.key(key, modifiers: modifiers, isRepeat: false), at: 0, showing: shown)
        let window = command(key, modifiers)
        #expect(window == nil || list == .ignored, "\(key.rawValue) \(modifiers) is claimed twice")
        let panel = command(key, modifiers, panelOpen: true)
        if case .panel = panel {
          #expect([.up, .down, .left, .right, .escape, WindowCommand.slashKey].contains(key))
        }
      }
    }
  }

  @Test func aRecordingCountsFromItsStartAndIsWrittenWhenStopped() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var control = TakeControl(recordPath: folder.file("take.jsonl"))
    #expect(control.isTaking, "--record records from the start")
    _ = try control.stop(at: 1)
    #expect(!control.isTaking)
    control.start(at: 10)
    let down = ShellEvent.mouseDown(x: 200, y: 100, button: .left)
    control.record(down, at: 10.5, meaning: .input(.down(y: 100, time: 10.5)))
    control.record(.mouseMove(x: 5, y: 5, buttonHeld: false), at: 10.6, meaning: .ignored)
    #expect(try control.stop(at: 12) == .written(events: 1))
    let script = try #require(control.lastScript)
    // The half second before the first touch is trimmed to the lead-in (issue 55).
    #expect(
      script.events == [
        ScriptEvent(time: 0.2, action: .down(x: 200, y: 100)), ScriptEvent(time: 1.7, action: .end),
      ])
    #expect(try GestureScript.load(folder.file("take.jsonl")) == script)
    #expect(try control.scriptToReplay() == script)
  }

  @Test func aReplayWithoutARecordingFallsBackToTheFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(
      "{\"t\":0,\"type\":\"down\",\"x\":1,\"y\":2}\n{\"t\":1,\"type\":\"end\"}\n", to: "earlier.jsonl")
    let control = TakeControl(recordPath: path)
    #expect(
      try control.scriptToReplay()
        == GestureScript(events: [
          ScriptEvent(time: 0, action: .down(x: 1, y: 2)), ScriptEvent(time: 1, action: .end),
        ]))
    #expect(try TakeControl(recordPath: folder.file("none.jsonl")).scriptToReplay() == nil)
    let plain = TakeControl(recordPath: nil, folder: OutputFolder(path: folder.file("data")))
    #expect(plain.path == folder.file("data/" + TakeControl.defaultName))
    #expect(!plain.isTaking, "without --record, recording waits for R")
  }

  /// R pressed twice by mistake (a stop and a start, then a stop with nothing in between) must
  /// not replace the take just written with an empty one; a real take still replaces it.
  @Test func rPressedTwiceKeepsTheFirstRecording() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var control = TakeControl(recordPath: nil, folder: OutputFolder(path: folder.file("data")))
    control.start(at: 0)
    for step in 0..<5 {
      let time = 0.1 + Double(step) / 10
      control.record(
        .mouseMove(x: 200, y: 100 + Double(step), buttonHeld: true), at: time,
        meaning: .input(.move(y: 100 + Double(step), time: time)))
    }
    #expect(try control.stop(at: 1) == .written(events: 5))
    let first = try GestureScript.load(control.path)
    #expect(first.events.count == 6, "five moves and the end")

    control.start(at: 1.1)
    #expect(try control.stop(at: 1.2) == .keptEarlier)
    #expect(try GestureScript.load(control.path) == first)
    #expect(try control.scriptToReplay() == first, "Shift+R replays the kept take")

    control.start(at: 2)
    control.record(
      .mouseDown(x: 10, y: 20, button: .left), at: 2.5, meaning: .input(.down(y: 20, time: 2.5)))
    #expect(try control.stop(at: 3) == .written(events: 1))
    #expect(try GestureScript.load(control.path).events.count == 2, "a real take replaces it")
  }
}
