import Foundation
import TestKit
import Testing

/// Issue 41's `refresh-lab fit`, from the real program: bad recordings refused in one line with
/// exit 1 and nothing written, and a round trip: the lab's own recording of a preset's refresh
/// (headless screenshots made into a GIF and an MP4 by the ffmpeg CLI) fitted back to it.
@Suite(.serialized) struct FitCommandTests {
  typealias Outcome = ProgramRun

  static func run(_ executable: String, _ arguments: [String], in folder: String) throws -> Outcome {
    try ProgramRun.run(executable, arguments, in: folder)
  }

  static func lab(_ arguments: [String], in folder: String) throws -> Outcome {
    try ProgramRun.lab(arguments, in: folder)
  }

  /// FFmpeg and libxml2 are opened by the commands that read videos and layouts, GIO when a bus
  /// is asked for and SDL_image when a picture is read or written, not at start: linked, they
  /// (and the hundred libraries FFmpeg's codecs bring, GIO's and the image formats') were mapped
  /// into every window. (GLib itself stays: HarfBuzz, under SDL_ttf, links it.)
  @Test func theProgramLinksNoLibraryItOpensWhenUsed() throws {
    let (libraries, status) = try LocalTool.run("/usr/bin/ldd", [AppWindow.appPath])
    #expect(status == 0)
    #expect(libraries.contains("libSDL2"), "ldd listed no SDL: \(libraries)")
    for name in [
      "libavformat", "libavcodec", "libswscale", "libxml2", "libgio-2.0", "libSDL2_image",
    ] {
      #expect(!libraries.contains(name), "refresh-lab links \(name) at start")
    }
  }

  static func ffmpeg(_ arguments: [String], in folder: String) throws {
    let outcome = try run(
      "/usr/bin/ffmpeg", ["-nostdin", "-loglevel", "error", "-y"] + arguments, in: folder)
    #expect(outcome.status == 0, "ffmpeg \(arguments): \(outcome.errors)")
  }

  /// A pull to about 90 pt on a 200×300 list, the finger still for a quarter second before it
  /// lifts, then the lab's one-second refresh and its collapse.
  static let pull: String = {
    var lines = pullingDown(from: 0.1)
    for i in 1...12 { lines.append(#"{"t":\#(0.5 + 0.02 * Double(i)),"type":"move","x":100,"y":210}"#) }
    lines.append(#"{"t":0.75,"type":"up","x":100,"y":210}"#)
    lines.append(#"{"t":2.8,"type":"end"}"#)
    return lines.joined(separator: "\n") + "\n"
  }()

  /// A finger down at 40 pt on a 200×300 list at `start`, drawn down 170 pt in 0.4 s, slowing.
  static func pullingDown(from start: Double) -> [String] {
    var lines = [#"{"t":\#(start),"type":"down","x":100,"y":40}"#]
    for i in 1...40 {
      let f = Double(i) / 40
      lines.append(
        #"{"t":\#(start + 0.4 * f),"type":"move","x":100,"y":\#(40 + 170 * (1 - (1 - f) * (1 - f)))}"#)
    }
    return lines
  }

  @Test func badRecordingsAreRefusedInOneLine() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("hello\n", to: "notes.txt")
    _ = try folder.write("", to: "empty.gif")
    _ = try folder.write("GIF89a\u{10}\u{00}", to: "cut.gif")
    _ = try folder.write("\u{00}\u{00}\u{00}\u{18}ftypmp42", to: "cut.mp4")
    try FileManager.default.createDirectory(atPath: folder.file("frames"), withIntermediateDirectories: false)
    try Self.ffmpeg(
      ["-f", "lavfi", "-i", "color=white:s=64x96:d=1", "-r", "10", "still.mp4"], in: folder.path)
    // Longer than fit reads: refused by its container's duration, before a frame is decoded.
    try Self.ffmpeg(
      ["-f", "lavfi", "-i", "color=white:s=32x48:d=130", "-r", "2", "long.mp4"], in: folder.path)
    let cases: [(String, String)] = [
      ("notes.txt", "notes.txt: cannot read: it is not a video or image FFmpeg can open"),
      ("empty.gif", "empty.gif: cannot read: it is empty (0 bytes)"),
      ("cut.gif", "cut.gif: cannot read: it ends inside its GIF header (truncated)"),
      ("cut.mp4", "cut.mp4: cannot read: it is not a video or image FFmpeg can open"),
      (
        "long.mp4",
        "long.mp4: cannot read: it lasts 131 s, over the 120 s fit reads; cut the refresh out "
          + "(ffmpeg -ss START -t SECONDS -i IN OUT.mp4) and fit that"
      ),
      (
        "frames",
        "frames: cannot read: the folder holds no numbered PNG frames (name them 001.png, 002.png, …)"
      ),
      (
        "still.mp4",
        "still.mp4: cannot read: nothing in it moves, so there is no list to track; record a pull, or give "
          + "--region X,Y,W,H"
      ),
    ]
    for (name, line) in cases {
      let outcome = try Self.lab(["fit", name, "--write", "out.json", "--plot", "out.png"], in: folder.path)
      #expect(outcome.errors == "refresh-lab: \(line)\n", "\(name)")
      #expect(outcome.status == 1, "\(name)")
      #expect(!FileManager.default.fileExists(atPath: folder.file("out.json")), "\(name) wrote a tuning")
      #expect(!FileManager.default.fileExists(atPath: folder.file("out.png")), "\(name) wrote a plot")
    }
  }

  /// The lab's 1000 fps trace of the same refresh: the hold, and the contract's durations.
  static func truth(_ trace: String, release: Double) throws -> (
    hold: Double, release: Double, collapse: Double
  ) {
    let rows = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let t = rows.map { $0["t"] as? Double ?? 0 }
    let x = rows.map { -($0["offset"] as? Double ?? 0) }
    let hold = rows.map { $0["insetTop"] as? Double ?? 0 }.max() ?? 0
    let held = rows.indices.filter { ["refreshing", "finishing"].contains(rows[$0]["header"] as? String) }
    let last = try #require(held.last { abs(x[$0] - hold) <= 0.5 })
    let settled = try #require((0..<last).last { abs(x[$0] - hold) > 0.5 }) + 1
    let rest = try #require((last..<x.count).first { x[$0] <= 0.5 })
    return (hold, t[settled] - release, t[rest] - t[last])
  }

  @Test(arguments: ["ios", "smart"])
  func roundTrip(_ preset: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write(Self.pull, to: "pull.jsonl")
    try FileManager.default.createDirectory(atPath: folder.file("f"), withIntermediateDirectories: false)
    let frames = 84
    var shots: [String] = []
    for k in 0..<frames {
      shots += ["--screenshot", "\(Double(k) / 30):f/\(String(1000 + k).dropFirst()).png"]
    }
    let common = ["--headless", "--replay", "pull.jsonl", "--size", "200x300", "--preset", preset]
    let render = try Self.lab(common + ["--fps", "30", "--show-touches"] + shots, in: folder.path)
    #expect(render.status == 0, "the lab's frames: \(render.errors)")
    let traced = try Self.lab(common + ["--fps", "1000", "--trace", "trace.jsonl"], in: folder.path)
    #expect(traced.status == 0, "the lab's trace: \(traced.errors)")
    try Self.ffmpeg(
      [
        "-framerate", "30", "-i", "f/%03d.png", "-vf",
        "split[a][b];[a]palettegen[p];[b][p]paletteuse=dither=none", "r.gif",
      ],
      in: folder.path)
    try Self.ffmpeg(
      [
        "-framerate", "30", "-i", "f/%03d.png", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18",
        "r.mp4",
      ],
      in: folder.path)
    let truth = try Self.truth(folder.file("trace.jsonl"), release: 0.75)
    for recording in ["r.gif", "r.mp4"] {
      let fit = try Self.lab(["fit", recording, "--json", "--write", "fitted.json"], in: folder.path)
      #expect(fit.status == 0, "\(recording): \(fit.errors)")
      let report = try #require(JSONSerialization.jsonObject(with: Data(fit.output.utf8)) as? [String: Any])
      #expect(report["closestPreset"] as? String == preset, "\(recording)")
      let hold = try #require(report["hold"] as? Double)
      #expect(abs(hold - truth.hold) <= 1, "\(recording): hold \(hold), traced \(truth.hold)")
      let release = try #require(report["releaseDuration"] as? Double)
      #expect(
        abs(release - truth.release) <= 0.05 * truth.release,
        "\(recording): release \(release) s, traced \(truth.release) s")
      let collapse = try #require(report["collapseDuration"] as? Double)
      #expect(
        abs(collapse - truth.collapse) <= 0.05 * truth.collapse,
        "\(recording): collapse \(collapse) s, traced \(truth.collapse) s")
      let residuals = try #require(report["residuals"] as? [String: Any])
      let replay = try #require(residuals["replay"] as? Double, "\(recording): no finger replay")
      #expect(replay < 1, "\(recording): the fitted tuning on the recorded finger is \(replay) pt RMS off")
      // The written tuning loads as a tuning file.
      let loads = try Self.lab(common + ["--tuning", "fitted.json", "--fps", "30"], in: folder.path)
      #expect(loads.status == 0, "\(recording): fitted.json does not load: \(loads.errors)")
      // The report's hold and durations are the written tuning's own: the same pull replayed
      // with it shows them within half a frame of the recording (a 0.5 pt band for the hold).
      let replayed = try Self.lab(
        common + ["--tuning", "fitted.json", "--fps", "1000", "--trace", "written.jsonl"], in: folder.path)
      #expect(replayed.status == 0, "\(recording): the written tuning's trace: \(replayed.errors)")
      let written = try Self.truth(folder.file("written.jsonl"), release: 0.75)
      #expect(
        abs(hold - written.hold) <= 0.5, "\(recording): hold \(hold), the written tuning's \(written.hold)")
      #expect(
        abs(release - written.release) <= 0.5 / 30,
        "\(recording): release \(release) s, the written tuning's \(written.release) s")
      #expect(
        abs(collapse - written.collapse) <= 0.5 / 30,
        "\(recording): collapse \(collapse) s, the written tuning's \(written.collapse) s")
    }
  }
}

extension FitCommandTests {
  /// A scroll down and back to the top, then two pulls a few seconds apart, on a 200×300 list:
  /// the lab's one-second refresh each time, its rows replaced as each refresh ends.
  static let scrollThenTwoPulls: String = {
    var lines = [#"{"t":0.1,"type":"down","x":100,"y":250}"#]
    for i in 1...20 {
      lines.append(
        #"{"t":\#(0.1 + 0.25 * Double(i) / 20),"type":"move","x":100,"y":\#(250 - 9.5 * Double(i))}"#)
    }
    lines.append(#"{"t":0.36,"type":"up","x":100,"y":60}"#)
    lines.append(#"{"t":1.0,"type":"down","x":100,"y":60}"#)
    for i in 1...20 {
      lines.append(#"{"t":\#(1.0 + 0.3 * Double(i) / 20),"type":"move","x":100,"y":\#(60 + 11 * Double(i))}"#)
    }
    lines.append(#"{"t":1.32,"type":"up","x":100,"y":280}"#)
    for start in [2.4, 5.4] {
      lines += pullingDown(from: start)
      lines.append(#"{"t":\#(start + 0.65),"type":"up","x":100,"y":210}"#)
    }
    lines.append(#"{"t":8.2,"type":"end"}"#)
    return lines.joined(separator: "\n") + "\n"
  }()

  /// The lab's `material` preset replaying `gesture` into a 20 fps MP4 (`r.mp4` in `folder`),
  /// and the most its trace holds the badge out while finishing (`headerTravel`).
  static func materialRecording(
    _ gesture: String, frames: Int, size: String = "200x300", in folder: TemporaryFolder
  ) throws -> Double {
    _ = try folder.write(gesture, to: "gesture.jsonl")
    try FileManager.default.createDirectory(atPath: folder.file("f"), withIntermediateDirectories: false)
    var shots: [String] = []
    for k in 0..<frames {
      shots += ["--screenshot", "\((Double(k) + 0.5) / 20):f/\(String(1000 + k).dropFirst()).png"]
    }
    let render = try Self.lab(
      [
        "--headless", "--replay", "gesture.jsonl", "--size", size, "--preset", "material", "--fps",
        "1000",
        "--trace", "trace.jsonl",
      ] + shots, in: folder.path)
    #expect(render.status == 0, "the lab's frames: \(render.errors)")
    try Self.ffmpeg(
      [
        "-framerate", "20", "-i", "f/%03d.png", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18",
        "r.mp4",
      ],
      in: folder.path)
    let rows = try String(contentsOfFile: folder.file("trace.jsonl"), encoding: .utf8).split(separator: "\n")
      .map {
        try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
    let held = rows.filter { $0["header"] as? String == "finishing" }.compactMap {
      $0["headerTravel"] as? Double
    }
    return try #require(held.max(), "the trace shows no finishing badge")
  }

  /// SmartRefreshLayout's classic demo (a corpus recording, 50 fps) looped at its hold: its first
  /// 110 frames, then all 224 again, as PNG frames. The jump from the hold back to rest is said
  /// as a cut, in the summary and in the JSON, the first refresh held to it; read through, it was
  /// a collapse of one frame, and the written motion lay 6.2 pt RMS from the track.
  @Test func aRecordingLoopedAtItsHoldIsSaidToCut() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let gif = RepositoryFile.path("Tests/Fixtures/recordings/smartrefreshlayout-classics.gif")
    try FileManager.default.createDirectory(atPath: folder.file("all"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: folder.file("loop"), withIntermediateDirectories: true)
    try Self.ffmpeg(["-i", gif, "-vsync", "0", "all/%03d.png"], in: folder.path)
    let order = Array(1...110) + Array(1...224)
    for (k, frame) in order.enumerated() {
      try FileManager.default.createSymbolicLink(
        atPath: folder.file(String(format: "loop/%03d.png", k + 1)),
        withDestinationPath: folder.file(String(format: "all/%03d.png", frame)))
    }
    let summary = try Self.lab(["fit", "loop", "--fps", "50"], in: folder.path)
    #expect(summary.status == 0, "fit: \(summary.errors)")
    #expect(summary.output.contains("the recording cuts at 2.2 s"), "\(summary.output)")
    #expect(summary.output.contains("to the cut at 2.2 s"), "\(summary.output)")
    let fit = try Self.lab(["fit", "loop", "--fps", "50", "--json"], in: folder.path)
    let report = try #require(JSONSerialization.jsonObject(with: Data(fit.output.utf8)) as? [String: Any])
    #expect(report["cuts"] as? [Double] == [2.2], "cuts \(report["cuts"] ?? "none")")
    let refreshes = try #require(report["refreshes"] as? [[String: Any]])
    #expect(refreshes.count == 2, "\(refreshes.count) refreshes, two pulled")
    let residual = try #require(report["residual"] as? Double, "no motion written")
    #expect(residual <= 1, "the written motion lies \(residual) pt RMS from the track")
    #expect((report["disagreements"] as? [String])?.isEmpty == true, "\(report["disagreements"] ?? "")")
  }

  /// Material's badge pulled once over content that never moves, in the round trip's window size:
  /// followed from the list's top down, the top rows it crosses in place kept in the region
  /// (they change only in place, as a bar's do, and left out the badge's hold read 42 pt for 64).
  @Test func aBadgeOverStillContentIsFollowedFromTheTop() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var lines = Self.pullingDown(from: 0.3)
    lines.append(#"{"t":0.95,"type":"up","x":100,"y":210}"#)
    lines.append(#"{"t":3.0,"type":"end"}"#)
    let truth = try Self.materialRecording(
      lines.joined(separator: "\n") + "\n", frames: 60, size: "360x640", in: folder)
    let fit = try Self.lab(["fit", "r.mp4", "--json"], in: folder.path)
    #expect(fit.status == 0, "fit: \(fit.errors)")
    let report = try #require(JSONSerialization.jsonObject(with: Data(fit.output.utf8)) as? [String: Any])
    #expect(report["followsIndicator"] as? Bool == true, "the badge was not followed")
    let refreshes = try #require(report["refreshes"] as? [[String: Any]])
    #expect(refreshes.count == 1, "\(refreshes.count) refreshes found, one pulled")
    let hold = try #require(refreshes.first?["hold"] as? Double, "no refresh found")
    #expect(abs(hold - truth) <= 1, "held at \(hold) pt, the trace's badge at \(truth)")
  }

  /// Material's badge pulled twice over a list that was scrolled first: the indicator is followed
  /// wherever the content stands still at rest, not only over a still first stretch (the list
  /// moves from the first frame here, and no refresh was found), each refresh found and held
  /// where the lab's trace holds the badge (its `headerTravel` while finishing); across the
  /// rows the first refresh replaced, the second badge is read against a frame without one.
  @Test func aBadgePulledTwiceAfterAScrollIsFollowed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let truth = try Self.materialRecording(Self.scrollThenTwoPulls, frames: 164, in: folder)
    let fit = try Self.lab(["fit", "r.mp4", "--json"], in: folder.path)
    #expect(fit.status == 0, "fit: \(fit.errors)")
    let report = try #require(JSONSerialization.jsonObject(with: Data(fit.output.utf8)) as? [String: Any])
    #expect(report["followsIndicator"] as? Bool == true, "the badge was not followed")
    let spans = try #require(report["indicatorSpans"] as? [[Double]])
    #expect(
      spans.count == 1 && spans[0][0] > 1.3 && spans[0][0] < 2.4,
      "followed over \(spans), where the list stood still from about 1.9 s")
    let refreshes = try #require(report["refreshes"] as? [[String: Any]])
    #expect(refreshes.count == 2, "\(refreshes.count) refreshes found, two pulled")
    for (i, r) in refreshes.enumerated() {
      let hold = try #require(r["hold"] as? Double)
      #expect(abs(hold - truth) <= 1, "refresh \(i + 1) held at \(hold) pt, the trace's badge at \(truth)")
    }
    let summary = try Self.lab(["fit", "r.mp4"], in: folder.path)
    #expect(summary.output.contains("the content stays still from "), "\(summary.output)")
  }
}
