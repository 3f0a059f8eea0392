import Foundation
import RefreshSDL
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// `--match`: the live list moves as the recording did, and the recording shows beside it.
@MainActor
@Suite(.serialized)
struct MatchTests {
  static let recording = RepositoryFile.path("Tests/Fixtures/recordings/mjrefresh-default.gif")

  @Test func theLiveListHoldsAndCollapsesAsTheRecordingDid() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let shot = folder.file("match.png")
    let trace = folder.file("trace.jsonl")
    let options = try LabCommand.parse([
      "--match", Self.recording, "--headless", "--trace", trace, "--screenshot", "1.5:" + shot,
    ]).resolve(environment: [:])
    try AppLaunch(options: options).run()
    let frames = try TraceReader.frames(at: trace)
    let match = try MatchRecording.load(Self.recording, baseTuning: .init())
    // What was measured in the recording without the fitter (docs/fit-corpus.md), in the fit's
    // points.
    let data = try Data(
      contentsOf: URL(fileURLWithPath: RepositoryFile.path("Tests/Fixtures/recordings/measured.json")))
    let all = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
    let measured = try #require((all["mjrefresh-default.gif"]?["refreshes"] as? [[String: Any]])?.first)
    let pointsPerPixel = 1 / match.scale
    let hold = try #require(measured["hold"] as? Double) * pointsPerPixel
    let holdStart = try #require(measured["holdStart"] as? Double)
    let collapse = try #require(measured["collapseStart"] as? Double)
    // Held: once settled (the second half of the recording's hold: the live release may be
    // slower, which the window shows), the live list holds at the recording's held height,
    // within the measure's and the fit's 1.5 px each.
    let settled = holdStart + (collapse - holdStart) / 2
    let held = frames.filter {
      ["refreshing", "finishing"].contains($0.header) && $0.t > settled && $0.t < collapse - 0.1
    }
    #expect(!held.isEmpty, "the live list never refreshed while the recording held")
    for frame in held {
      #expect(
        abs(-frame.offset - hold) <= 3 * pointsPerPixel,
        "live held at \(-frame.offset) pt at \(frame.t) s, the recording at \(hold) pt")
    }
    // The live list leaves its hold when the recording starts collapsing: within a recording
    // frame (0.1 s) and a half.
    let finished = try #require(
      frames.first { $0.t > holdStart && ($0.header == "finishing" || $0.header == "idle") },
      "the live refresh never finished")
    #expect(
      abs(finished.t + match.tuning.finishingHoldDuration - collapse) <= 0.15,
      "the live refresh finished at \(finished.t) s; the recording collapses at \(collapse) s")
    // The recording is drawn in the right half: its list's pixels, not the lab's cyan header.
    let image = try PixelImage(contentsOf: shot)
    let recordedFirst = match.frames[match.frameIndex(at: 1.5)]
    #expect(image.width == 2 * match.sizeInPoints.width, "the window is not two recordings wide")
    // 176 pt below the tables' top, which lie under the plot strip and the captions.
    let top = CompareLayout(isComparing: true, plotHeight: MatchView.plotHeight).tablesTop
    let sample = image[image.width * 3 / 4, Int(top) + 176]
    let kept = Double(recordedFirst.width) / Double(match.recordingSize.width)
    let x = recordedFirst.width / 2
    let y = Int((Double(match.region.y) + 176 * match.scale) * kept)
    let recorded = recordedFirst[x, min(recordedFirst.height - 1, y)]
    let red = abs(Int(sample.red) - Int(recorded.red))
    let green = abs(Int(sample.green) - Int(recorded.green))
    let blue = abs(Int(sample.blue) - Int(recorded.blue))
    #expect(
      red + green + blue < 60,
      "the right half at (\(image.width * 3 / 4), \(Int(top) + 176)) is \(sample), the recording's pixel there \(recorded)"
    )
  }

  /// A video shows as the GIF it was made from: the same frames, at the same times, in colour
  /// (FFmpeg's decoder through the media target), and the window runs on it.
  @Test func aVideoShowsAsTheGIFItWasMadeFrom() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let video = folder.file("mjrefresh-default.mp4")
    // Lossless-looking H.264 at the GIF's own 10 fps, so each video frame is one GIF frame.
    try FitCommandTests.ffmpeg(
      ["-i", Self.recording, "-vf", "fps=10,format=yuv444p", "-c:v", "libx264", "-crf", "4", video],
      in: folder.path)
    let gif = try MatchRecording.load(Self.recording, baseTuning: .init())
    let mp4 = try MatchRecording.load(video, baseTuning: .init())
    #expect(
      mp4.frames.count == gif.frames.count,
      "the video shows \(mp4.frames.count) frames, the GIF \(gif.frames.count)")
    for (a, b) in zip(mp4.frameTimes, gif.frameTimes) {
      #expect(abs(a - b) < 0.011, "a video frame shows at \(a) s, the GIF's at \(b) s")
    }
    // The frame at the hold, pixel by pixel at the GIF's size: within the codec's loss.
    let index = gif.frameIndex(at: 1.5)
    let a = mp4.frames[mp4.frameIndex(at: 1.5)].fitted(
      within: (gif.frames[index].width, gif.frames[index].height))
    let b = gif.frames[index]
    #expect(
      a.width == b.width && a.height == b.height,
      "the video frame is \(a.width)×\(a.height), the GIF's \(b.width)×\(b.height)")
    var difference = 0
    for y in stride(from: 0, to: min(a.height, b.height), by: 4) {
      for x in stride(from: 0, to: min(a.width, b.width), by: 4) {
        let p = a[x, y]
        let q = b[x, y]
        difference +=
          abs(Int(p.red) - Int(q.red)) + abs(Int(p.green) - Int(q.green)) + abs(Int(p.blue) - Int(q.blue))
      }
    }
    let samples = ((b.height + 3) / 4) * ((b.width + 3) / 4)
    #expect(
      Double(difference) / Double(samples) < 5,
      "the video's frame differs from the GIF's by \(Double(difference) / Double(samples)) a pixel")
    // The window runs on the video, held and collapsing as on the GIF.
    let trace = folder.file("trace.jsonl")
    let options = try LabCommand.parse(["--match", video, "--headless", "--trace", trace]).resolve(
      environment: [:])
    try AppLaunch(options: options).run()
    let headers = Set(try TraceReader.frames(at: trace).map(\.header))
    #expect(headers.contains("refreshing"), "the live list never refreshed on the video's match: \(headers)")
  }

  /// `--match` shows the figures `refresh-lab fit` prints for the same file (it fits it the same
  /// way, at the same scale), its live list holds at the fitted hold, and the list driven by the
  /// fitter's own inputs (`RefreshReplay`) moves as the fitted motion through the release.
  @Test func theMatchShowsFitsNumbersAndMovesAsTheFittedMotion() throws {
    let recording = RepositoryFile.path("Tests/Fixtures/recordings/smartrefreshlayout-dropbox.gif")
    // What `refresh-lab fit RECORDING` prints (FitCommand fits through RecordingFitting too).
    let printed = FitReport.summary(try RecordingFitting.fit(recording).fit, path: recording) + "\n"
    let match = try MatchRecording.load(recording, baseTuning: .init())
    let figures = FitReport.figures(match.fit)
    #expect(!figures.isEmpty)
    for line in figures {
      #expect(printed.contains(line + "\n"), "fit did not print \"\(line)\"; it printed:\n\(printed)")
    }
    let hold = try #require(match.fit.hold)
    #expect(printed.contains("hold \(FitReport.rounded(hold, 3)) pt"))
    #expect(
      abs(match.tuning.headerHeight - hold) < 0.05, "the live list holds \(match.tuning.headerHeight) pt")
    let renderer = try Renderer(session: try SDLSession(mode: .headless), headlessWidth: 600, height: 800)
    let view = try MatchView(recording: match, renderer: renderer, session: try SDLSession(mode: .headless))
    let caption = view.caption
    let words = [caption.title ?? "", caption.subtitle ?? ""].joined(separator: " · ")
    for line in figures {
      #expect(words.contains(line), "the match plot does not say \"\(line)\": \(words)")
    }
    #expect(view.captions(liveTuning: match.tuning)[0].contains("holds \(StudioNames.points(hold)) pt"))

    // The live list, driven at 60 fps, against the fitter's own motion from the release until
    // the collapse: the same inputs into the same controller.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let trace = folder.file("trace.jsonl")
    let options = try LabCommand.parse(["--match", recording, "--headless", "--trace", trace]).resolve(
      environment: [:])
    try AppLaunch(options: options).run()
    let frames = try TraceReader.frames(at: trace)
    let refresh = try #require(match.fit.refreshes.first)
    let collapse = try #require(refresh.collapseStart)
    var compared = 0
    for (point, fitted) in zip(match.fit.track.points, match.fit.fittedOffsets) {
      guard let fitted, point.t > refresh.release + 0.05, point.t < collapse - 0.2 else { continue }
      guard let frame = frames.min(by: { abs($0.t - point.t) < abs($1.t - point.t) }) else { continue }
      compared += 1
      #expect(
        abs(-frame.offset - fitted) < 4,
        "at \(point.t) s the live list shows \(-frame.offset) pt, the fitted motion \(fitted) pt")
    }
    #expect(compared > 20, "only \(compared) frames compared")
  }

  /// `--match`'s plot has a strip of its own above the captions and the tables: no table frame
  /// reaches into it, and as the window's bottom strip comes and goes (the status line, the
  /// start hint) the tables change height while the plot stays where it was. Space plays the
  /// recording again.
  @Test func thePlotHasAStripOfItsOwnThatNothingMoves() throws {
    let options = try LabCommand.parse(["--match", Self.recording]).resolve(environment: [:])
    let layout = CompareLayout(options)
    #expect(layout.plotHeight == MatchView.plotHeight)
    let plot = layout.plotFrame(width: 720)
    for height in [700.0, 640, 560] {
      let tables = layout.tableFrames(width: 720, height: height)
      #expect(tables.count == 2)
      for table in tables {
        #expect(table.y >= plot.maxY + CompareLayout.captionHeight, "a table at \(table.y) under the plot")
      }
      #expect(layout.plotFrame(width: 720) == plot)
    }
    let window = layout.windowSize(forTable: WindowSize(width: 360, height: 640))
    #expect(window.height == 640 + Int(MatchView.plotHeight + CompareLayout.captionHeight))
    let space = ShellEvent.key(.space, modifiers: [], isRepeat: false)
    #expect(WindowCommand(space, context: .init()) == .bench(.playMatchAgain))
  }
}
