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
    let refresh = try #require(match.fit.refreshes.first, "the fit found no refresh")
    let collapse = try #require(refresh.collapseStart, "the fit found no collapse")
    // Held: the live list shows the recording's held height (points at the table's width).
    let held = frames.filter {
      $0.header == "refreshing" && $0.t > refresh.holdStart + 0.1 && $0.t < collapse - 0.1
    }
    #expect(!held.isEmpty, "the live list never refreshed while the recording held")
    for frame in held {
      #expect(
        abs(-frame.offset - refresh.hold) <= 1,
        "live held at \(-frame.offset) pt at \(frame.t) s, recording \(refresh.hold) pt")
    }
    // The live list leaves its hold (finishing) when the recording starts collapsing, within a
    // recording frame (0.1 s) and the tuning's finishing hold.
    let finished = try #require(
      frames.first { $0.header == "finishing" || ($0.t > refresh.holdStart && $0.header == "idle") })
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
