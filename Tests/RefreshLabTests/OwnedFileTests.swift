import Foundation
import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// Writes that keep what the person owns, on real files: a link stays a link, a private file
/// stays private and keeps its owner, a refused edit is not overwritten without asking, and
/// every error names the file the person gave, the real one behind it and the system's reason.
@Suite struct OwnedFileTests {
  /// `folder/link.json` → `real/t.json` (a relative link), the target private (0600).
  func linkedPrivateFile(in folder: TemporaryFolder) throws -> (link: String, target: String) {
    try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: false)
    let target = try folder.write(#"{"headerHeight": 70}"#, to: "real/t.json")
    #expect(chmod(target, 0o600) == 0)
    let link = folder.file("link.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/t.json")
    return (link, target)
  }

  static func mode(_ path: String) -> mode_t {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
  }

  @Test func aSaveThroughALinkKeepsTheLinkAndReplacesItsTargetWithItsMode() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (link, target) = try linkedPrivateFile(in: folder)
    var tuning = Tuning()
    tuning.headerHeight = 88
    try TuningFile.save(tuning, to: link)

    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/t.json", "still the same link")
    #expect(try TuningFile.load(target) == tuning, "the target holds the save")
    #expect(Self.mode(target) == 0o600, "the target stays private")
    #expect(try folder.contents() == ["link.json", "real"], "no temporary file beside the link")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("real")) == ["t.json"])
  }

  @Test(.enabled(if: geteuid() == 0, "only root may give a file to another owner"))
  func aSaveKeepsTheReplacedFilesOwner() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("{}", to: "t.json")
    #expect(chown(path, 4321, 4322) == 0)
    try TuningFile.save(Tuning(), to: path)
    var status = stat()
    #expect(stat(path, &status) == 0)
    #expect(status.st_uid == 4321 && status.st_gid == 4322)
  }

  @Test func aNewFileGetsTheUsualModeAndATraceThroughALinkKeepsItToo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (link, target) = try linkedPrivateFile(in: folder)
    let trace = try TraceWriter(path: link)
    try trace.write(["t": 0])
    try trace.finish()
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "{\"t\":0}\n")
    #expect(Self.mode(target) == 0o600)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/t.json")

    let mask = umask(0o022)
    umask(mask)
    let fresh = folder.file("fresh.json")
    try AtomicFile.write(Data("{}".utf8), to: fresh)
    #expect(Self.mode(fresh) == 0o666 & ~mask)
  }

  @Test func aWriteErrorNamesTheGivenFileTheRealOneAndTheReason() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let link = folder.file("link.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "gone/t.json")
    #expect {
      try AtomicFile.write(Data("{}".utf8), to: link)
    } throws: { error in
      (error as? LabError)?.description
        == "\(link): cannot write: \(folder.path)/gone/t.json: No such file or directory; the file was left as it was"
    }
    let loop = folder.file("loop.json")
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop.json")
    #expect {
      try AtomicFile.write(Data("{}".utf8), to: loop)
    } throws: { error in
      (error as? LabError)?.description
        == "\(loop): cannot write: Too many levels of symbolic links; the file was left as it was"
    }
  }

  /// A screenshot or plot goes through the same writer: the error names the PNG's path and the
  /// reason, never a temporary name.
  @MainActor @Test func aScreenshotErrorNamesTheFileAndTheReason() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let notAFolder = try folder.write("keep", to: "shots")
    let surface = try TableCanvas(
      options: LabOptions(), clock: LastUpdatedClock(origin: nil, language: .english))
    let path = notAFolder + "/s.png"
    #expect {
      try surface.save(to: path)
    } throws: { error in
      (error as? LabError)?.description
        == "\(path): cannot write: Not a directory; the file was left as it was"
    }
    #expect(try folder.contents() == ["shots"])
  }

  /// After the watcher refused an edit, the first Ctrl+S says so and writes nothing; the second
  /// overwrites. A new bad edit after the warning is warned about again.
  @Test func aRefusedEditIsOverwrittenOnlyByASecondSave() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(#"{"headerHeight": 70}"#, to: "t.json")
    var link = TuningFileLink(path: path, preset: nil, now: 0)
    let edit = #"{"headerHeight": 5, "refreshThreshold": 80}"#
    _ = try folder.write(edit, to: "t.json")
    #expect(link.poll(at: 1) == nil)
    guard case .refused = link.poll(at: 1.25) else {
      Issue.record("the bad edit was not refused")
      return
    }

    let first = link.save(Tuning(), at: 2)
    #expect(first.kind == .error)
    #expect(
      first.text
        == "\(path) holds an edit that was refused; press Ctrl+S again to replace it with the tuning shown")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == edit, "the edit is untouched")

    let second = link.save(Tuning(), at: 3)
    #expect(second == ("Saved \(path)", .info))
    #expect(try TuningFile.load(path) == Tuning())

    // Edited again, badly, right before a save (no poll in between): asked again.
    _ = try folder.write(#"{"headerHeight": 6}"#, to: "t.json")
    #expect(link.save(Tuning(), at: 4).kind == .error)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == #"{"headerHeight": 6}"#)
    // A good edit is no refusal: it saves at once.
    _ = try folder.write(#"{"headerHeight": 60}"#, to: "t.json")
    #expect(link.save(Tuning(), at: 5).kind == .info)
  }

  @Test func theOutputFolderIsTheXDGDataFolder() {
    #expect(
      OutputFolder.standard(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]) == "/x/data/refresh-lab")
    #expect(
      OutputFolder.standard(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"])
        == "/h/.local/share/refresh-lab", "XDG ignores a relative path")
    #expect(OutputFolder.standard(environment: ["HOME": "/h/"]) == "/h/.local/share/refresh-lab")
    #expect(OutputFolder.standard(environment: [:]) == nil)
  }

  @Test func theOutputFolderIsMadeAtTheFirstWrite() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let output = OutputFolder(path: folder.file("a/b/refresh-lab"))
    try output.create()
    try output.create()
    #expect(Self.mode(folder.file("a/b/refresh-lab")) == 0o700)
    _ = try folder.write("x", to: "file")
    let under = folder.file("file/refresh-lab")
    #expect(throws: LabError.unwritableFile(path: under, reason: "Not a directory")) {
      try OutputFolder(path: under).create()
    }
  }
}

/// The window's notes: where the keys write, said at start, and the path of each file written.
@MainActor @Suite(.serialized) struct OutputNoteTests {
  func options(_ folder: TemporaryFolder, _ arguments: [String] = []) throws -> LabOptions {
    try LabCommand.parse(["--size", "400x300", "--output-dir", folder.path] + arguments)
      .resolve(environment: [:])
  }

  @Test func theStatusLineSaysWhereTheKeysWriteAndWhereAnExportWent() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let options = try options(folder)
    let surface = try TableCanvas(options: options, clock: LastUpdatedClock(origin: nil, language: .english))
    let controls = try StudioControls(options: options, tuning: Tuning(), surface: surface, now: 0)
    #expect(controls.status.text == "Tuning: the iOS defaults · E, R and Ctrl+S write into \(folder.path)")

    var session = ListDriver(
      tuning: Tuning(), data: options.data, viewport: surface.tableRect, rowHeight: surface.rowHeight)
    controls.perform(.export, isRepeat: false, atWall: 1, session: &session)
    let exported = folder.file("refresh-lab-export.json")
    #expect(controls.status.text == "Exported json to \(exported)")
    #expect(try TuningFile.load(exported) == Tuning())

    controls.perform(.saveTuning, isRepeat: false, atWall: 2, session: &session)
    let saved = folder.file(TuningFileLink.defaultPath)
    #expect(controls.status.text == "Saved \(saved) (no --tuning was given); watching it")
    #expect(try folder.contents() == ["refresh-lab-export.json", TuningFileLink.defaultPath])
  }

  @Test func rSaysWhereTheRecordingGoesAndWhereItWent() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let options = try options(folder)
    let surface = try TableCanvas(options: options, clock: LastUpdatedClock(origin: nil, language: .english))
    var bench = try StudioInstruments(
      options: options, surface: surface, compareTuning: nil, script: nil, viewport: surface.tableRect,
      rowHeight: surface.rowHeight, sampleCapacity: 16, recordKeys: true)
    var session = ListDriver(
      tuning: Tuning(), data: options.data, viewport: surface.tableRect, rowHeight: surface.rowHeight)
    let path = folder.file(TakeControl.defaultName)
    let started = bench.perform(.toggleTake, at: 1, primary: &session)
    #expect(started == StatusLine.Note("Recording to \(path): press R to stop", kind: .info))
    let down = ShellEvent.mouseDown(x: 200, y: 100, button: .left)
    bench.mirror(down, at: 1.5, meaning: session.handle(down, at: 1.5))
    let stopped = bench.perform(.toggleTake, at: 2, primary: &session)
    #expect(stopped == StatusLine.Note("Recorded 1 event to \(path)", kind: .info))
    _ = bench.perform(.toggleTake, at: 2.1, primary: &session)
    let empty = bench.perform(.toggleTake, at: 2.2, primary: &session)
    #expect(
      empty == StatusLine.Note("Nothing recorded since R; \(path) keeps the last recording", kind: .info))
    #expect(try GestureScript.load(path).events.count == 2)
  }
}
