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
    let match = try MatchRecording.load(
      Self.recording, tableWidth: Double(WindowSize.standard.width), baseTuning: .init())
    // What was measured in the recording without the fitter (docs/fit-corpus.md), in points
    // at the table's width.
    let data = try Data(
      contentsOf: URL(fileURLWithPath: RepositoryFile.path("Tests/Fixtures/recordings/measured.json")))
    let all = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
    let measured = try #require((all["mjrefresh-default.gif"]?["refreshes"] as? [[String: Any]])?.first)
    let pointsPerPixel = Double(WindowSize.standard.width) / Double(match.recordingSize.width)
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
    #expect(image.width == 2 * WindowSize.standard.width, "the window is not two tables wide")
    let sample = image[image.width * 3 / 4, 200]
    let x = recordedFirst.width / 2
    let y = Int(
      Double(match.region.y) + 176 * Double(recordedFirst.width) / Double(WindowSize.standard.width))
    let recorded = recordedFirst[x, min(recordedFirst.height - 1, y)]
    let red = abs(Int(sample.red) - Int(recorded.red))
    let green = abs(Int(sample.green) - Int(recorded.green))
    let blue = abs(Int(sample.blue) - Int(recorded.blue))
    #expect(
      red + green + blue < 60,
      "the right half at (\(image.width * 3 / 4), 200) is \(sample), the recording's pixel there \(recorded)")
  }
}
