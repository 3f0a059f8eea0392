import Foundation
import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// `--record`: what the table understood is written as a script that replays the same.
@Suite struct ScriptRecorderTests {
  @Test func keepsMeaningfulEventsAndEndsWithEnd() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var recorder = ScriptRecorder(path: folder.file("drag.jsonl"))
    var mapper = GestureMapper(viewport: Rect(x: 0, y: 0, width: 400, height: 700))
    let events: [TimedEvent] = [
      TimedEvent(.mouseMove(x: 5, y: 5, buttonHeld: false), time: 0.1),  // hover: ignored
      TimedEvent(.mouseDown(x: 200, y: 100, button: .left), time: 0.2),
      TimedEvent(.mouseMove(x: 200, y: 160.5, buttonHeld: true), time: 0.2500004),
      TimedEvent(.mouseUp(x: 200, y: 160.5, button: .left), time: 0.3),
      TimedEvent(.key(.r, modifiers: .control, isRepeat: false), time: 0.4),
      TimedEvent(.key(.tab, modifiers: [], isRepeat: false), time: 0.5),  // not the table's
      TimedEvent(.wheel(dy: 0.5, precise: true, x: 20, y: 30), time: 0.6),
      TimedEvent(.touchDown(x: 100, y: 300, finger: 7), time: 0.65),
      TimedEvent(.touchDown(x: 150, y: 300, finger: 8), time: 0.66),  // a second finger: ignored
      TimedEvent(.touchMove(x: 100, y: 340, finger: 7), time: 0.7),
      TimedEvent(.touchUp(x: 100, y: 340, finger: 7), time: 0.75),
      TimedEvent(.touchUp(x: 150, y: 300, finger: 8), time: 0.76),
      // The scrollbar's thumb, grabbed at the top right, dragged and let go.
      TimedEvent(.mouseDown(x: 395, y: 10, button: .left), time: 0.8),
      TimedEvent(.mouseMove(x: 395, y: 60, buttonHeld: true), time: 0.82),
      TimedEvent(.mouseUp(x: 395, y: 60, button: .left), time: 0.84),
      TimedEvent(.quit, time: 0.9),
    ]
    let shown = RefreshController(viewportHeight: 700, contentHeight: 44_000).snapshot
    for timed in events {
      recorder.record(
        timed.event, at: timed.time, meaning: mapper.translate(timed.event, at: timed.time, showing: shown))
    }
    try recorder.save(endingAt: 0.9)
    let script = try GestureScript.load(folder.file("drag.jsonl"))
    #expect(
      script.events == [
        ScriptEvent(time: 0.2, action: .down(x: 200, y: 100, touch: false)),
        ScriptEvent(time: 0.25, action: .move(x: 200, y: 160.5, touch: false)),
        ScriptEvent(time: 0.3, action: .up(x: 200, y: 160.5, touch: false)),
        ScriptEvent(time: 0.4, action: .key(.controlR)),
        ScriptEvent(time: 0.6, action: .wheel(dy: 0.5, precise: true, x: 20, y: 30)),
        ScriptEvent(time: 0.65, action: .down(x: 100, y: 300, touch: true)),
        ScriptEvent(time: 0.7, action: .move(x: 100, y: 340, touch: true)),
        ScriptEvent(time: 0.75, action: .up(x: 100, y: 340, touch: true)),
        ScriptEvent(time: 0.8, action: .down(x: 395, y: 10, touch: false)),
        ScriptEvent(time: 0.82, action: .move(x: 395, y: 60, touch: false)),
        ScriptEvent(time: 0.84, action: .up(x: 395, y: 60, touch: false)),
        ScriptEvent(time: 0.9, action: .end),
      ])
    #expect(try folder.contents() == ["drag.jsonl"])
    let text = String(decoding: script.encoded(), as: UTF8.self)
    #expect(text.contains(#"{"t":0.65,"touch":true,"type":"down","x":100,"y":300}"#))
    #expect(text.contains(#"{"dy":0.5,"precise":true,"t":0.6,"type":"wheel","x":20,"y":30}"#))
  }

  /// Issue 55: a recording that waited 4.2 s for its first touch plays from it: the first line
  /// within 0.2 s of the start, the lines as far apart as they were, the end as far after.
  @Test func theWaitBeforeTheFirstTouchIsTrimmed() {
    var mapper = GestureMapper(viewport: Rect(x: 0, y: 0, width: 400, height: 700))
    let shown = RefreshController(viewportHeight: 700, contentHeight: 44_000).snapshot
    var recorder = ScriptRecorder(path: "unused.jsonl")
    for (event, time) in [
      (ShellEvent.mouseDown(x: 200, y: 100, button: .left), 4.2),
      (.mouseMove(x: 200, y: 180, buttonHeld: true), 4.35),
      (.mouseUp(x: 200, y: 180, button: .left), 4.5),
    ] {
      recorder.record(event, at: time, meaning: mapper.translate(event, at: time, showing: shown))
    }
    let script = recorder.script(endingAt: 6)
    #expect(script.events.map(\.time) == [0.2, 0.35, 0.5, 2])
    #expect((script.events.first?.time ?? 1) <= ScriptRecorder.leadIn)
  }

  @Test func scriptKeysMatchTheWindowsKeyNames() {
    for key in ScriptKey.allCases {
      #expect(ScriptKey(key.shellKey, modifiers: key.modifiers) == key)
    }
    #expect(ScriptKey(.f5, modifiers: .control) == nil)
    #expect(ScriptKey(.q, modifiers: []) == nil)
  }
}
