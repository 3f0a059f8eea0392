import Foundation
import RefreshSDL
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
      TimedEvent(.quit, time: 0.9),
    ]
    for timed in events {
      recorder.record(timed.event, at: timed.time, meaning: mapper.translate(timed.event, at: timed.time))
    }
    try recorder.save(endingAt: 0.9)
    let script = try GestureScript.load(folder.file("drag.jsonl"))
    #expect(
      script.events == [
        ScriptEvent(time: 0.2, action: .down(x: 200, y: 100)),
        ScriptEvent(time: 0.25, action: .move(x: 200, y: 160.5)),
        ScriptEvent(time: 0.3, action: .up(x: 200, y: 160.5)),
        ScriptEvent(time: 0.4, action: .key(.controlR)),
        ScriptEvent(time: 0.6, action: .wheel(dy: 0.5, precise: true, x: 20, y: 30)),
        ScriptEvent(time: 0.9, action: .end),
      ])
    #expect(try folder.contents() == ["drag.jsonl"])
  }

  @Test func scriptKeysMatchTheWindowsKeyNames() {
    for key in ScriptKey.allCases {
      #expect(ScriptKey(key.shellKey, modifiers: key.modifiers) == key)
    }
    #expect(ScriptKey(.f5, modifiers: .control) == nil)
    #expect(ScriptKey(.q, modifiers: []) == nil)
  }
}
