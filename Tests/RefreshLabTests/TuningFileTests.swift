import Foundation
import RefreshCore
import TestKit
import Testing

@testable import RefreshLab

/// Tuning files: errors name the file, line and key; saves are atomic.
@Suite struct TuningFileTests {
  @Test func loadsTheKeysGivenAndKeepsDefaultsForTheRest() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(#"{"headerHeight": 80, "easing": "linear"}"#, to: "t.json")
    var expected = Tuning()
    expected.headerHeight = 80
    expected.easing = .linear
    #expect(try TuningFile.load(path) == expected)
  }

  @Test func aFileIsLaidOverThePreset() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(#"{"headerHeight": 70}"#, to: "t.json")
    var expected = TuningPreset.ego.tuning
    expected.headerHeight = 70
    #expect(try TuningFile.load(path, over: .ego) == expected)
    #expect(expected.refreshThreshold == 65)
  }

  @Test(arguments: [
    (
      #"{"headerHeight": 5}"#,
      "t.json: key \"headerHeight\": 5.0 is out of range; allowed 20.0…200.0"
    ),
    (#"{"headerHieght": 60}"#, "t.json: unknown key \"headerHieght\"; did you mean headerHeight?"),
    (#"{"maxDragRat": 2}"#, "t.json: unknown key \"maxDragRat\"; did you mean maxDragRate?"),
    (#"{"colour": 1}"#, "t.json: unknown key \"colour\"; known keys: headerHeight,"),
    (#"{"easing": "bouncy"}"#, "t.json: key \"easing\": expected one of"),
    ("{\n  \"headerHeight\": 60,\n  \"refreshThreshold\": ,\n}", "t.json:3: not valid JSON"),
    ("", "t.json:1: not valid JSON: the file is empty"),
    ("[60]", "t.json: expected an object of tuning keys"),
  ])
  func badFilesNameTheFileAndKeyOrLine(text: String, message: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(text, to: "t.json")
    do {
      _ = try TuningFile.load(path)
      Issue.record("accepted \(text)")
    } catch {
      let shown = error.description.replacingOccurrences(of: folder.path + "/", with: "")
      #expect(shown.hasPrefix(message), "got \(shown)")
      #expect(!shown.contains("\n"))
    }
  }

  @Test func aMissingFileIsNamed() {
    #expect(throws: LabError.unreadableFile(path: "/nonexistent/t.json", reason: "No such file or directory"))
    {
      try TuningFile.load("/nonexistent/t.json")
    }
  }

  @Test func saveWritesWhatLoadReads() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var tuning = TuningPreset.flutter.tuning
    tuning.collapseDuration = 0.42
    let path = folder.file("t.json")
    try TuningFile.save(tuning, to: path)
    try TuningFile.save(tuning, to: path)
    #expect(try TuningFile.load(path) == tuning)
    #expect(try folder.contents() == ["t.json"], "a temporary file was left behind")
  }

  @Test func aSaveWhoseFolderIsAFileFailsAndSaysWhere() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let notAFolder = try folder.write("keep", to: "plain")
    let path = notAFolder + "/t.json"
    #expect(throws: LabError.self) { try TuningFile.save(Tuning(), to: path) }
    do {
      try TuningFile.save(Tuning(), to: path)
    } catch {
      #expect(error.description.hasPrefix(path + ": cannot write: "))
      #expect(error.description.hasSuffix("the file was left as it was"))
    }
    #expect(try String(contentsOfFile: notAFolder, encoding: .utf8) == "keep")
  }

  /// A save into a folder that refuses new files (even to root: the immutable attribute) must
  /// fail and leave the old file whole. Writing in place would succeed here and overwrite it,
  /// so this fails on a non-atomic save. The window's Ctrl+S (`TuningFileLink`) must say so in
  /// the status line, naming the file, and keep the link as it was.
  @Test(.enabled(if: ImmutableFolder.isSupported, "needs chattr and a file system with +i"))
  func aFailedSaveLeavesTheOldFileWhole() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var old = Tuning()
    old.headerHeight = 99
    let path = folder.file("t.json")
    try TuningFile.save(old, to: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    var link = TuningFileLink(path: path, preset: nil, now: 0)

    try ImmutableFolder.set(folder.path, immutable: true)
    defer { try? ImmutableFolder.set(folder.path, immutable: false) }
    #expect(throws: LabError.self) { try TuningFile.save(Tuning(), to: path) }
    let reported = link.save(Tuning(), at: 1)
    try ImmutableFolder.set(folder.path, immutable: false)

    #expect(reported.kind == .error)
    #expect(reported.text.hasPrefix(path + ": cannot write: "), "got \(reported.text)")
    #expect(reported.text.hasSuffix("the file was left as it was"))
    #expect(link.path == path)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try folder.contents() == ["t.json"])
    #expect(link.poll(at: 2) == nil, "the untouched file is no outside edit")
  }
}

/// The ext2/3/4 immutable attribute, through `chattr`: a folder no process may add files to,
/// root included (root ignores permission bits, so `chmod` cannot make such a folder). Other
/// users cannot set the attribute, but for them a folder without write permission does the same.
enum ImmutableFolder {
  static func set(_ path: String, immutable: Bool) throws {
    if geteuid() != 0 {
      guard chmod(path, immutable ? 0o555 : 0o755) == 0 else { throw CocoaError(.fileWriteNoPermission) }
      return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    process.arguments = [immutable ? "+i" : "-i", path]
    process.standardError = FileHandle.nullDevice
    try process.run()
    try process.wait(for: "chattr \(immutable ? "+i" : "-i") \(path)", within: 30)
    guard process.terminationStatus == 0 else {
      throw CocoaError(.fileWriteNoPermission)
    }
  }

  /// Whether this machine can make such a folder, and it then really refuses a new file.
  static let isSupported: Bool = {
    guard let folder = try? TemporaryFolder() else { return false }
    defer {
      try? set(folder.path, immutable: false)
      folder.remove()
    }
    guard (try? set(folder.path, immutable: true)) != nil else { return false }
    return !FileManager.default.createFile(atPath: folder.file("probe"), contents: Data())
  }()
}
