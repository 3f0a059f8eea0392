import Foundation
import RefreshCore
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// `--rows-style varied` and `--sections` end to end, headless: rows measured as they show,
/// the same bytes every run, at any frame rate the same places, and a row that changes height
/// above the viewport (`rowHeight` lines) moves nothing the person reads.
@MainActor @Suite(.serialized) struct VariedFeedReplayTests {
  /// A fling toward the end, then row 1 (above the viewport by then) grows, then row 40.
  static let script = """
    {"t":0.2,"type":"down","x":200,"y":600}
    {"t":0.25,"type":"move","x":200,"y":500}
    {"t":0.3,"type":"move","x":200,"y":380}
    {"t":0.32,"type":"up","x":200,"y":350}
    {"t":0.5,"type":"rowHeight","row":1,"height":400}
    {"t":4,"type":"rowHeight","row":2,"height":20}
    {"t":4.5,"type":"rowHeight","row":40,"height":300}
    {"t":5,"type":"end"}

    """

  func run(
    _ folder: TemporaryFolder, fps: Int = 60, trace: String, extra: [String] = []
  ) throws -> [StudioTraceFrame] {
    try frames(lines(folder, fps: fps, trace: trace, extra: extra), trace)
  }

  func frames(_ lines: [String], _ trace: String) throws -> [StudioTraceFrame] {
    try TraceReader.frames(lines: lines, of: trace)
  }

  func lines(
    _ folder: TemporaryFolder, fps: Int = 60, trace: String, extra: [String] = []
  ) throws -> [String] {
    try HeadlessReplay.lines(
      scriptText: Self.script,
      ["--fps", "\(fps)", "--rows-style", "varied", "--rows", "60", "--total", "200"] + extra,
      in: folder, trace: trace)
  }

  @Test func rowsAboveChangingHeightMoveNothingShown() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let text = try lines(folder, trace: "a.jsonl")
    #expect(try lines(folder, trace: "b.jsonl") == text)
    let frames = try frames(text, "a.jsonl")
    // The feed's rows are not all one height: the content is not 60 rows of the estimate.
    #expect(frames.first.map { $0.contentHeight != 60 * 96 } == true)
    for time in [0.5, 4.0, 4.5] {
      guard let index = frames.firstIndex(where: { $0.t >= time - 1e-9 }), index > 0 else {
        Issue.record("no frame at \(time)")
        continue
      }
      let before = frames[index - 1]
      let after = frames[index]
      // At rest (or mid-fling, moved by exactly the shift), the first row keeps its place.
      if before.animating == false || time == 0.5 {
        #expect(after.firstRow.row == before.firstRow.row, "first row at \(time)")
      }
      if !before.animating {
        #expect(
          abs((after.firstRowY.value ?? 0) - (before.firstRowY.value ?? 0)) <= 0.5,
          "first row moved at \(time): \(before.firstRowY.value ?? 0) → \(after.firstRowY.value ?? 0)")
      }
    }
    // Content height is the sum of the rows: a row that grew by h adds h.
    let at4 = frames.firstIndex { $0.t >= 4 - 1e-9 }!
    #expect(frames[at4].contentHeight < frames[at4 - 1].contentHeight)
  }

  @Test func theSamePlacesAtAnyFrameRate() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let at60 = try run(folder, fps: 60, trace: "60.jsonl")
    let at144 = try run(folder, fps: 144, trace: "144.jsonl")
    for second in [1.0, 2.0, 4.25, 4.75] {
      let a = at60.first { abs($0.t - second) < 1e-6 }
      let b = at144.first { abs($0.t - second) < 1e-6 }
      #expect(a != nil && b != nil)
      #expect(abs((a?.offset ?? 0) - (b?.offset ?? 1)) < 1e-6, "offset at \(second)")
      #expect(a?.firstRow == b?.firstRow && a?.contentHeight == b?.contentHeight)
    }
  }

  @Test func sectionsCountTheirHeadersAndStayPinned() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let frames = try run(
      folder, trace: "s.jsonl", extra: ["--sections", "5", "--screenshot", "3:" + folder.file("s.png")])
    // Rows 0...59 of 200 in sections of 40: two headers and a third section begun.
    #expect(frames.last?.rows == 60)
    #expect(FileManager.default.fileExists(atPath: folder.file("s.png")))
  }
}
