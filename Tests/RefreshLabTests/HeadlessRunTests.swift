import Foundation
import RefreshCore
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// `--headless` end to end with the shell's software renderer: the same replay gives the same
/// bytes, and the motion does not depend on the frame rate.
@MainActor @Suite(.serialized) struct HeadlessRunTests {
  static let script = """
    {"t":0,"type":"down","x":200,"y":100}
    {"t":0.05,"type":"move","x":200,"y":140}
    {"t":0.1,"type":"move","x":200,"y":190}
    {"t":0.15,"type":"move","x":200,"y":240}
    {"t":0.2,"type":"move","x":200,"y":290}
    {"t":0.25,"type":"move","x":200,"y":330}
    {"t":0.5,"type":"up","x":200,"y":330}
    {"t":2.5,"type":"down","x":200,"y":450}
    {"t":2.52,"type":"move","x":200,"y":410}
    {"t":2.54,"type":"move","x":200,"y":330}
    {"t":2.56,"type":"move","x":200,"y":230}
    {"t":2.58,"type":"up","x":200,"y":150}
    {"t":6,"type":"end"}

    """

  func run(_ folder: TemporaryFolder, fps: Int, trace: String, extra: [String] = []) throws -> [String] {
    try HeadlessReplay.lines(
      scriptText: Self.script,
      ["--fps", "\(fps)", "--latency", "0.8", "--rows", "30", "--total", "60", "--size", "320x480"] + extra,
      in: folder, trace: trace)
  }

  func decode(_ lines: [String]) throws -> [StudioTraceFrame] {
    try TraceReader.frames(lines: lines, of: "trace.jsonl")
  }

  @Test func theSameReplayGivesTheSameBytes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let first = try run(
      folder, fps: 60, trace: "a.jsonl", extra: ["--screenshot", "0.4:" + folder.file("a.png")])
    let second = try run(
      folder, fps: 60, trace: "b.jsonl", extra: ["--screenshot", "0.4:" + folder.file("b.png")])
    #expect(first.count == 361)
    #expect(first == second)
    let pngA = try Data(contentsOf: URL(fileURLWithPath: folder.file("a.png")))
    let pngB = try Data(contentsOf: URL(fileURLWithPath: folder.file("b.png")))
    #expect(pngA == pngB)
    #expect(pngA.starts(with: [0x89, 0x50, 0x4E, 0x47]))

    let frames = try decode(first)
    #expect(frames.contains { $0.header == "armed" })
    #expect(frames.contains { $0.header == "refreshing" })
    #expect(frames.contains { $0.footer == "loading" })
    #expect(frames.last?.header == "idle")
    #expect(frames.last?.rows == 40, "refresh gave 20 rows, the push loaded 20 more")
  }

  @Test func offsetsAtThirtyAndAHundredFortyFourHertzAgree() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let slow = try decode(run(folder, fps: 30, trace: "30.jsonl"))
    let fast = try decode(run(folder, fps: 144, trace: "144.jsonl"))
    // Frame k at 30 Hz and frame 4.8k at 144 Hz share a time when k is a multiple of 5.
    var compared = 0
    for (k, line) in slow.enumerated() where k % 5 == 0 {
      let other = fast[k / 5 * 24]
      #expect(abs(other.t - line.t) < 1e-9)
      #expect(abs(other.offset - line.offset) <= 0.01, "at \(line.t) s: \(line.offset) vs \(other.offset)")
      compared += 1
    }
    #expect(compared == 37)
  }

  /// Issue 44: the standard replays (every script in docs/scripts), with the default tuning and
  /// Smart's rebound, at 30 and at 144 frames a second: at every time the two rates share
  /// (every sixth of a second), the offset and both insets within 0.01 pt.
  @Test(arguments: ["", "smart"])
  func everyStandardReplayIsTheSameAtThirtyAndAHundredFortyFour(preset: String) throws {
    let scripts = try FileManager.default.contentsOfDirectory(atPath: RepositoryFile.path("docs/scripts"))
      .filter { $0.hasSuffix(".jsonl") }.sorted()
    #expect(scripts.count >= 20, "docs/scripts holds \(scripts.count) scripts")
    let extra = preset.isEmpty ? [] : ["--preset", preset]
    for name in scripts {
      let script = RepositoryFile.path("docs/scripts/" + name)
      let slow = try HeadlessReplay.frames(script: script, ["--fps", "30"] + extra)
      let fast = try HeadlessReplay.frames(script: script, ["--fps", "144"] + extra)
      var compared = 0
      var worst = 0.0
      for (k, frame) in slow.enumerated() where k % 5 == 0 && k / 5 * 24 < fast.count {
        let other = fast[k / 5 * 24]
        #expect(abs(other.t - frame.t) < 1e-9)
        for (a, b) in [
          (frame.offset, other.offset), (frame.insetTop, other.insetTop),
          (frame.insetBottom, other.insetBottom),
        ] {
          worst = max(worst, abs(a - b))
        }
        compared += 1
      }
      #expect(compared >= 5, "\(name): only \(compared) shared frames")
      #expect(worst <= 0.01, "\(name) \(preset): 30 and 144 fps differ by \(worst) pt")
    }
  }

  @Test func aScreenshotPastTheEndIsReported() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(throws: LabError.self) {
      _ = try run(folder, fps: 30, trace: "t.jsonl", extra: ["--screenshot", "9:" + folder.file("late.png")])
    }
    #expect(!FileManager.default.fileExists(atPath: folder.file("late.png")))
  }
}

/// `--stats` counts the snapshots each frame computed: one per table, shared by the drawing,
/// the trace and the plot.
@MainActor @Suite struct FrameSnapshotTests {
  @Test(arguments: [false, true])
  func eachFrameComputesOneSnapshotPerTable(comparing: Bool) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let script = try folder.write(HeadlessRunTests.script, to: "drag.jsonl")
    var arguments = [
      "--headless", "--replay", script, "--stats", "--trace", folder.file("t.jsonl"), "--plot",
      folder.file("p.png"),
    ]
    if comparing {
      arguments += ["--compare", RepositoryFile.path("docs/tunings/mjrefresh.json")]
    }
    let app = Process()
    app.executableURL = URL(fileURLWithPath: AppWindow.appPath)
    app.arguments = arguments
    let output = Pipe()
    app.standardOutput = output
    try app.run()
    // `--stats` prints one line: read once the run has ended, 60 s at most.
    try app.wait(for: "the headless run with --stats", within: 60)
    let text = String(
      decoding: try output.fileHandleForReading.readToEnd(of: "the --stats line", within: 10), as: UTF8.self)
    #expect(app.terminationStatus == 0)
    let field = text.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("snapshots_per_frame=") }
    let value = try #require(field.flatMap { Double($0.dropFirst("snapshots_per_frame=".count)) })
    #expect(value == (comparing ? 2 : 1))
  }
}
