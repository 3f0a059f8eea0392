import Foundation
import TestKit
import Testing

/// Issue 41's bad recordings, each from the real program: one line on standard error naming
/// the file and what is wrong, exit 1, nothing on standard output and nothing written (the
/// runs ask for `--write` and `--plot` too).
@Suite struct FitBadInputTests {
  /// What `refresh-lab fit` did with one input, and the files it wrote.
  struct Outcome {
    var errors: String
    var output: String
    var status: Int32
    var wrote: [String]
  }

  /// Runs `refresh-lab fit NAME --json --write tuning.json --plot plot.png` in `folder`.
  func fit(_ name: String, in folder: TemporaryFolder) throws -> Outcome {
    let run = try ProgramRun.lab(
      ["fit", name, "--json", "--write", "tuning.json", "--plot", "plot.png"], in: folder.path, within: 60)
    let wrote = ["tuning.json", "plot.png"].filter { FileManager.default.fileExists(atPath: folder.file($0)) }
    return Outcome(errors: run.errors, output: run.output, status: run.status, wrote: wrote)
  }

  /// `name` in `folder` is refused in one line naming it and saying `reason` (a part of it).
  func expectRefusal(
    _ name: String, in folder: TemporaryFolder, saying reason: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let outcome = try fit(name, in: folder)
    #expect(outcome.status == 1, "fit \(name) exited \(outcome.status)", sourceLocation: sourceLocation)
    #expect(
      outcome.errors.hasPrefix("refresh-lab: \(name): ") && outcome.errors.hasSuffix("\n")
        && outcome.errors.dropLast().contains("\n") == false,
      "fit \(name) said \(outcome.errors.debugDescription), not one line naming the file",
      sourceLocation: sourceLocation)
    #expect(
      outcome.errors.contains(reason), "fit \(name): \(outcome.errors) does not say \"\(reason)\"",
      sourceLocation: sourceLocation)
    #expect(
      outcome.output.isEmpty, "fit \(name) printed \(outcome.output.prefix(80))",
      sourceLocation: sourceLocation)
    #expect(outcome.wrote.isEmpty, "fit \(name) wrote \(outcome.wrote)", sourceLocation: sourceLocation)
  }

  static func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: RepositoryFile.path("Tests/Fixtures/recordings/" + name)))
  }

  @Test func aFileThatIsNotARecording() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("{\"t\":0,\"type\":\"down\"}\n", to: "script.gif")
    try expectRefusal("script.gif", in: folder, saying: "cannot read")
    _ = try folder.write("plain notes\n", to: "notes.txt")
    try expectRefusal("notes.txt", in: folder, saying: "cannot read")
  }

  @Test func aZeroByteFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("", to: "empty.gif")
    try expectRefusal("empty.gif", in: folder, saying: "empty")
  }

  @Test func aTruncatedGIF() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // A real recording cut a third of the way into its frames.
    let whole = try Self.fixture("mjrefresh-default.gif")
    try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: folder.file("cut.gif")))
    try expectRefusal("cut.gif", in: folder, saying: "truncated")
  }

  @Test func aCorruptGIF() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // The header and screen descriptor kept, everything after them overwritten.
    var bytes = [UInt8](try Self.fixture("mjrefresh-default.gif"))
    for index in 13..<min(bytes.count, 4096) { bytes[index] = UInt8(truncatingIfNeeded: index &* 131) }
    try Data(bytes).write(to: URL(fileURLWithPath: folder.file("corrupt.gif")))
    try expectRefusal("corrupt.gif", in: folder, saying: "cannot read")
  }

  @Test func aCorruptMP4() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // An MP4's first box (ftyp) followed by bytes that are no box at all.
    var bytes: [UInt8] = [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8)
    bytes += (0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
    try Data(bytes).write(to: URL(fileURLWithPath: folder.file("corrupt.mp4")))
    try expectRefusal("corrupt.mp4", in: folder, saying: "cannot read")
  }

  @Test func aFolderWithNoFrames() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.file("frames"), withIntermediateDirectories: false)
    _ = try folder.write("not a frame\n", to: "frames/readme.txt")
    try expectRefusal("frames", in: folder, saying: "no numbered PNG frames")
  }

  @Test func aMissingFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try expectRefusal("nowhere.mp4", in: folder, saying: "no such file")
  }

  @Test func aRecordingWithNoListOrPull() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // Three frames of one still picture: the first frame of a real recording, repeated.
    let convert = try LocalTool.find("convert")
    let first = RepositoryFile.path("Tests/Fixtures/recordings/mjrefresh-default.gif") + "[0]"
    let made = try LocalTool.run(
      convert, [first, first, first, "-set", "delay", "10", folder.file("still.gif")])
    #expect(made.status == 0, "convert could not make the still recording")
    try expectRefusal("still.gif", in: folder, saying: "no list")
  }

  /// A number flag out of its range is refused in one line naming the flag and its range, exit
  /// 1, nothing written, before the recording is read: `--fps 0` once said "between 0 and
  /// 1000", which 0 itself is not.
  @Test(arguments: [
    (["--fps", "0"], "--fps: must be more than 0 and at most 1000 frames per second"),
    (["--fps", "2000"], "--fps: must be more than 0 and at most 1000 frames per second"),
    (["--scale", "0"], "--scale: must be more than 0 recording pixels per point"),
    (["--width-pt=-360"], "--width-pt: must be more than 0 points"),
  ])
  func aNumberFlagOutOfRange(flags: [String], line: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // A recording that is not there: the flag is refused before the file is looked for.
    let run = try ProgramRun.lab(
      ["fit", "nowhere.gif", "--write", "tuning.json"] + flags, in: folder.path, within: 60)
    #expect(run.status == 1, "fit \(flags) exited \(run.status)")
    #expect(run.errors == "refresh-lab: \(line)\n", "fit \(flags) said \(run.errors.debugDescription)")
    #expect(
      !FileManager.default.fileExists(atPath: folder.file("tuning.json")), "fit \(flags) wrote a tuning")
  }
}
