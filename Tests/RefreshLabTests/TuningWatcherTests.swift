import Foundation
import RefreshCore
import TestKit
import Testing

@testable import RefreshLab

/// Watching and saving the tuning file: real file writes, time passed in by hand.
@Suite struct TuningWatcherTests {
  @Test func anOutsideEditAppliesAtTheNextPoll() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(#"{"headerHeight": 70}"#, to: "t.json")
    var watcher = TuningWatcher(path: path, content: try FileReading.read(path), now: 0)
    #expect(watcher.poll(at: 0.3, over: nil) == nil, "the file the run loaded is no change")

    _ = try folder.write(#"{"headerHeight": 90}"#, to: "t.json")
    let edited = 0.31
    #expect(watcher.poll(at: edited, over: nil) == nil, "polls stay at least an interval apart")
    var applied: Double?
    var t = edited
    var poll = 0
    // The window loop polls whenever it wakes, which is at least every interval.
    while applied == nil && t < edited + 2 {
      poll += 1
      t = edited + Double(poll) / 100
      if case .changed(let tuning) = watcher.poll(at: t, over: nil) {
        #expect(tuning.headerHeight == 90)
        applied = t
      }
    }
    let delay = try #require(applied) - edited
    #expect(delay <= TuningWatcher.interval + 1e-9, "applied \(delay) s after the edit")
    #expect(watcher.poll(at: t + 1, over: nil) == nil, "an edit applies once")
  }

  @Test func aBadEditIsReportedWhenItStaysAndTheNextGoodOneApplies() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("{}", to: "t.json")
    var watcher = TuningWatcher(path: path, content: try FileReading.read(path), now: 0)

    _ = try folder.write(#"{"headerHeight": 5}"#, to: "t.json")
    #expect(watcher.poll(at: 1, over: nil) == nil, "a bad file is confirmed by a second poll")
    guard case .refused(let error) = watcher.poll(at: 1.25, over: nil) else {
      Issue.record("an out-of-range value was not refused")
      return
    }
    #expect(error.description == path + #": key "headerHeight": 5.0 is out of range; allowed 20.0…200.0"#)
    #expect(watcher.poll(at: 2, over: nil) == nil, "the same bad file is reported once")

    _ = try folder.write(#"{"headerHieght": 80}"#, to: "t.json")
    #expect(watcher.poll(at: 3, over: nil) == nil)
    guard case .refused(let unknown) = watcher.poll(at: 3.25, over: nil) else {
      Issue.record("an unknown key was dropped silently")
      return
    }
    #expect(unknown.description.hasPrefix(path + #": unknown key "headerHieght""#))

    _ = try folder.write(#"{"headerHeight": 80}"#, to: "t.json")
    guard case .changed(let tuning) = watcher.poll(at: 4, over: nil) else {
      Issue.record("the fixed file did not apply")
      return
    }
    #expect(tuning.headerHeight == 80)
  }

  /// An editor saving in place empties the file before writing it; a poll in between must not
  /// report the empty file when the next one finds the edit whole.
  @Test func aHalfWrittenFileIsNotReportedWhenTheEditCompletes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(#"{"headerHeight": 70}"#, to: "t.json")
    var watcher = TuningWatcher(path: path, content: try FileReading.read(path), now: 0)
    _ = try folder.write("", to: "t.json")
    #expect(watcher.poll(at: 1, over: nil) == nil)
    _ = try folder.write(#"{"headerHeight": 90}"#, to: "t.json")
    guard case .changed(let tuning) = watcher.poll(at: 1.25, over: nil) else {
      Issue.record("the completed edit did not apply")
      return
    }
    #expect(tuning.headerHeight == 90)
    #expect(watcher.poll(at: 1.5, over: nil) == nil, "the empty moment is never reported")
  }

  @Test func missingKeysComeFromThePreset() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("{}", to: "t.json")
    var watcher = TuningWatcher(path: path, content: Data("{}".utf8), now: 0)
    _ = try folder.write(#"{"headerHeight": 70}"#, to: "t.json")
    var expected = TuningPreset.ego.tuning
    expected.headerHeight = 70
    #expect(watcher.poll(at: 1, over: .ego) == .changed(expected))
  }

  @Test func aFileThatVanishesIsReportedAndAppliesAgainWhenBack() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(#"{"headerHeight": 70}"#, to: "t.json")
    var watcher = TuningWatcher(path: path, content: try FileReading.read(path), now: 0)
    try FileManager.default.removeItem(atPath: path)
    #expect(watcher.poll(at: 1, over: nil) == nil, "an editor may be between delete and write")
    guard case .refused(let error) = watcher.poll(at: 1.25, over: nil) else {
      Issue.record("a vanished file was not reported")
      return
    }
    #expect(error == .unreadableFile(path: path, reason: "No such file or directory"))
    _ = try folder.write(#"{"headerHeight": 70}"#, to: "t.json")
    #expect(watcher.poll(at: 2, over: nil) == .changed(try TuningFile.load(path)))
  }

  @Test func theAppsOwnSaveIsNoOutsideEdit() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("t.json")
    try TuningFile.save(Tuning(), to: path)
    var link = TuningFileLink(path: path, preset: nil, now: 0)
    var tuning = Tuning()
    tuning.collapseDuration = 0.6
    let saved = link.save(tuning, at: 1)
    #expect(saved.kind == .info)
    #expect(saved.text == "Saved \(path)")
    #expect(link.poll(at: 2) == nil)
    #expect(try TuningFile.load(path) == tuning)
  }

  @Test func withoutAFileTheFirstSaveMakesTheDefaultOneInTheOutputFolderAndWatchesIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let fallback = folder.file("data/" + TuningFileLink.defaultPath)
    var link = TuningFileLink(
      path: nil, preset: .ego, now: 0, folder: OutputFolder(path: folder.file("data")))
    #expect(link.poll(at: 1) == nil)
    #expect(link.timeUntilPoll(at: 1) == nil, "nothing to wake up for")
    let saved = link.save(TuningPreset.ego.tuning, at: 2)
    #expect(saved.kind == .info)
    #expect(saved.text == "Saved \(fallback) (no --tuning was given); watching it")
    #expect(link.path == fallback)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("data")) == [TuningFileLink.defaultPath]
    )
    #expect(link.timeUntilPoll(at: 2) == TuningWatcher.interval)

    _ = try folder.write(#"{"headerHeight": 99}"#, to: "data/" + TuningFileLink.defaultPath)
    var expected = TuningPreset.ego.tuning
    expected.headerHeight = 99
    #expect(link.poll(at: 3) == .changed(expected))
  }
}
