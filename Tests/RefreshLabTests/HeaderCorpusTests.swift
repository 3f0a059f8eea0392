import Foundation
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// The committed subset of the animated-header corpus (Tests/Fixtures/HeaderCorpus: GIFs with
/// disposal none, background and previous, frames at offsets, interlacing; Lottie files from
/// rlottie and lottie-android), checked as `make header-corpus` checks the whole corpus: by the
/// `header-corpus` checker, against ImageMagick's `-coalesce` frames and rlottie's own render.
@Suite(.serialized) struct HeaderCorpusTests {
  static let fixtures: String = {
    let checkout = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
      .joined(separator: "/")
    return checkout + "/Tests/Fixtures/HeaderCorpus"
  }()

  /// The fixtures of `kind`, each a path. A folder that is missing, unreadable or empty is one
  /// case that fails naming it (`requirePresent`), not zero cases that pass.
  static func files(_ kind: String) -> [String] {
    let folder = fixtures + "/" + kind
    do {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { !$0.hasPrefix(".") }
      guard !names.isEmpty else { return [missing + folder + " holds no fixtures"] }
      return names.sorted().map { folder + "/" + $0 }
    } catch {
      return [missing + folder + " cannot be listed: \(error)"]
    }
  }

  /// What `files` lists in place of a missing folder's fixtures.
  static let missing = "no fixtures: "

  /// Fails naming the folder when `file` stands for a folder with no fixtures.
  static func requirePresent(_ file: String) throws {
    guard file.hasPrefix(missing) else { return }
    throw HeaderCorpusError(file)
  }

  /// A corpus folder without its fixtures.
  struct HeaderCorpusError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// Each kind's folder is there with fixtures: the parameterised tests below run a case a file.
  @Test(arguments: ["gif", "lottie"])
  func theCorpusFolderHasFixtures(kind: String) throws {
    let listed = Self.files(kind)
    for file in listed { try Self.requirePresent(file) }
    #expect(listed.count >= 2, "\(Self.fixtures)/\(kind) holds \(listed.count) fixtures")
  }

  func result(_ line: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return try #require(object as? [String: Any], "the checker printed \(line)")
  }

  @Test(arguments: files("gif"))
  func everyFrameMatchesImageMagicksCoalescedFrames(file: String) throws {
    try Self.requirePresent(file)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let reference = folder.file("reference.rgba")
    let convert = try LocalTool.find("convert")
    #expect(try LocalTool.run(convert, [file, "-coalesce", "-depth", "8", "rgba:" + reference]).status == 0)
    let line = try LocalTool.run(AppWindow.sibling("header-corpus"), ["check", file, reference]).output
    let fields = try result(line)
    #expect(fields["result"] as? String == "match", "\(line)")
    #expect(fields["frames"] as? Int == fields["referenceFrames"] as? Int, "\(line)")
    #expect((fields["compared"] as? Int ?? 0) >= 1)
  }

  /// The frames' delays are ImageMagick's (`%T`, hundredths), and the header's refresh loop
  /// plays them in order at those delays and comes round again.
  @Test(arguments: files("gif"))
  @MainActor func theRefreshLoopPlaysTheFilesDelays(file: String) throws {
    try Self.requirePresent(file)
    let convert = try LocalTool.find("identify")
    let hundredths = try LocalTool.run(convert, ["-format", "%T ", file]).output.split(separator: " ")
      .compactMap { Double($0) }
    let gif = try GIFAnimation(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: file))))
    #expect(gif.delays == hundredths.map { $0 <= 1 ? 0.1 : $0 / 100 })
    let header = AnimatedHeaderRenderer(.gif(gif))
    var start = 0.0
    for (index, delay) in gif.delays.enumerated() {
      #expect(header.timeline.loopFrame(at: start + delay / 2) == index)
      start += delay
    }
    #expect(header.timeline.loopFrame(at: start + gif.delays[0] / 2) == 0, "round again")
  }

  @Test(arguments: files("lottie").filter { !$0.contains("infinite_loop") })
  func framesMatchRlottiesOwnRender(file: String) throws {
    try Self.requirePresent(file)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let checker = AppWindow.sibling("header-corpus")
    let plan = try LocalTool.run(checker, ["plan", file]).output.split(separator: " ").map(String.init)
    #expect(plan.count == 7, "the checker planned \(plan)")
    let reference = folder.file("reference.rgba")
    let program = folder.file("lottie-reference")
    let source = Self.fixtures + "/../../../benchmarks/header-corpus/lottie-reference.c"
    let compiler = try LocalTool.find("clang", "cc")
    #expect(try LocalTool.run(compiler, ["-O1", "-o", program, source, "-lrlottie"]).status == 0)
    #expect(
      try LocalTool.run(
        program, [file] + plan.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }, output: reference
      )
      .status == 0)
    let line = try LocalTool.run(checker, ["check", file, reference]).output
    #expect(try result(line)["result"] as? String == "match", "\(line)")
  }

  /// rlottie's own repro file loops forever on its sixth frame: the render job is refused
  /// within its budget, with one line, and the checker ends (within the run's 60 s limit).
  @Test func theFileThatHangsRlottieIsRefusedWithinTheBudget() throws {
    let file = try #require(Self.files("lottie").first { $0.contains("infinite_loop") })
    let line = try LocalTool.run(AppWindow.sibling("header-corpus"), ["check", file, "/dev/null"]).output
    let fields = try result(line)
    #expect(fields["result"] as? String == "refused")
    let reason = fields["reason"] as? String ?? ""
    #expect(reason.contains("did not render within 5 s"), "\(reason)")
    #expect(!reason.contains("\n"))
  }
}

/// A header file that hangs rlottie, in the window under Xvfb: the window keeps its pace while
/// the file renders and is refused, says why in one line, and goes on with the classic header.
@Suite(.serialized) struct HangingHeaderWindowTests {
  @Test func theWindowKeepsItsPaceWhileTheFileIsRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let checkout = HeaderCorpusTests.fixtures + "/../../.."
    let header = try #require(HeaderCorpusTests.files("lottie").first { $0.contains("infinite_loop") })
    let trace = folder.file("trace.jsonl")
    let display = try VirtualDisplay()
    defer { display.stop() }
    // Eight seconds of a pull that keeps moving, so that every frame has something to draw.
    let run = try AppRun.start(
      [
        "--size", "400x700", "--replay", checkout + "/docs/scripts/pull-wiggle.jsonl", "--header",
        header, "--trace", trace,
      ], display: display)
    let (status, errors) = try run.finish()
    #expect(status == 0, "\(errors)")
    let lines = errors.split(separator: "\n")
    #expect(lines.count == 1, "\(errors)")
    #expect(
      errors.contains("did not render within 5 s") && errors.contains("the classic header shows instead"),
      "\(errors)")
    let times = try TraceReader.frames(at: trace).map(\.t)
    // From the first move past the touch slop to the release, through the 5 s the render is
    // given and after it: no frame waited for rlottie (a frame is due every 1/60 s).
    let moving = times.filter { $0 > 0.5 && $0 < 7.9 }
    #expect(moving.count > 300, "\(moving.count) frames in 7.4 s")
    let gaps = zip(moving, moving.dropFirst()).map { $1 - $0 }
    #expect((gaps.max() ?? 1) < 0.1, "the longest gap between frames was \(gaps.max() ?? 1) s")
  }
}
