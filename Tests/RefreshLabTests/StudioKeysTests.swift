import Foundation
import RefreshSDL
import Testing

@testable import RefreshLab

/// The record and replay keys, and the plot key.
@Suite struct StudioKeysTests {
  @Test func keysMapToCommands() {
    #expect(StudioCommand(.key(Key(rawValue: "P"), modifiers: [], isRepeat: false)) == .togglePlot)
    #expect(StudioCommand(.key(.r, modifiers: [], isRepeat: false)) == .toggleRecording)
    #expect(StudioCommand(.key(.r, modifiers: .shift, isRepeat: false)) == .replayRecording)
    #expect(StudioCommand(.key(.r, modifiers: .control, isRepeat: false)) == nil, "Ctrl+R refreshes")
    #expect(StudioCommand(.key(.r, modifiers: [], isRepeat: true)) == nil)
    #expect(StudioCommand(.mouseDown(x: 1, y: 1, button: .left)) == nil)
  }

  @Test func aRecordingCountsFromItsStartAndIsWrittenWhenStopped() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var control = RecordingControl(recordPath: folder.file("take.jsonl"))
    #expect(control.isRecording, "--record records from the start")
    _ = try control.stop(at: 1)
    #expect(!control.isRecording)
    control.start(at: 10)
    let down = ShellEvent.mouseDown(x: 200, y: 100, button: .left)
    control.record(down, at: 10.5, meaning: .input(.down(y: 100, time: 10.5)))
    control.record(.mouseMove(x: 5, y: 5, buttonHeld: false), at: 10.6, meaning: .ignored)
    let script = try #require(try control.stop(at: 12))
    #expect(
      script.events == [
        ScriptEvent(time: 0.5, action: .down(x: 200, y: 100)), ScriptEvent(time: 2, action: .end),
      ])
    #expect(try GestureScript.load(folder.file("take.jsonl")) == script)
    #expect(try control.scriptToReplay() == script)
  }

  @Test func aReplayWithoutARecordingFallsBackToTheFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(
      "{\"t\":0,\"type\":\"down\",\"x\":1,\"y\":2}\n{\"t\":1,\"type\":\"end\"}\n", to: "earlier.jsonl")
    let control = RecordingControl(recordPath: path)
    #expect(
      try control.scriptToReplay()
        == GestureScript(events: [
          ScriptEvent(time: 0, action: .down(x: 1, y: 2)), ScriptEvent(time: 1, action: .end),
        ]))
    #expect(try RecordingControl(recordPath: folder.file("none.jsonl")).scriptToReplay() == nil)
    let plain = RecordingControl(recordPath: nil)
    #expect(plain.path == RecordingControl.defaultPath)
    #expect(!plain.isRecording, "without --record, recording waits for R")
  }
}
