import Foundation
import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// `--compare`: two tables side by side, each with its own tuning, driven by the same gesture.
@MainActor @Suite(.serialized) struct CompareTests {
  static let mjrefresh = RepositoryFile.path("docs/tunings/mjrefresh.json")

  @Test func theWindowHoldsTwoTablesOfTheAskedSizeUnderCaptions() {
    let layout = CompareLayout(isComparing: true)
    #expect(
      layout.windowSize(forTable: WindowSize(width: 400, height: 700)) == WindowSize(width: 800, height: 724))
    let frames = layout.tableFrames(width: 800, height: 724)
    #expect(
      frames == [Rect(x: 0, y: 24, width: 400, height: 700), Rect(x: 400, y: 24, width: 400, height: 700)])
    #expect(layout.tableViewport(width: 800, height: 724) == Rect(x: 0, y: 0, width: 400, height: 700))
    #expect(layout.captionFrames(width: 800, height: 724).map(\.maxY) == [24, 24])

    let single = CompareLayout(isComparing: false)
    #expect(
      single.windowSize(forTable: WindowSize(width: 400, height: 700)) == WindowSize(width: 400, height: 700))
    #expect(
      single.tableEvent(.mouseDown(x: 600, y: 124, button: .left), windowWidth: 400)
        == .mouseDown(x: 600, y: 124, button: .left))
  }

  @Test func aPointerOverEitherTableLandsAtTheSameSpotOfBoth() {
    let layout = CompareLayout(isComparing: true)
    let left = layout.tableEvent(.mouseDown(x: 200, y: 124, button: .left), windowWidth: 800)
    let right = layout.tableEvent(.mouseDown(x: 600, y: 124, button: .left), windowWidth: 800)
    #expect(left == .mouseDown(x: 200, y: 100, button: .left))
    #expect(right == left)
    #expect(
      layout.tableEvent(.wheel(dy: 1, precise: false, x: 700, y: 30), windowWidth: 800)
        == .wheel(dy: 1, precise: false, x: 300, y: 6))
    #expect(
      layout.tableEvent(.resize(width: 1000, height: 824), windowWidth: 800)
        == .resize(width: 500, height: 800))
    // A press on a caption is above both tables, so neither takes it.
    var mapper = GestureMapper(viewport: layout.tableViewport(width: 800, height: 724))
    #expect(
      mapper.translate(
        layout.tableEvent(.mouseDown(x: 600, y: 10, button: .left), windowWidth: 800), at: 0,
        showing: RefreshController(viewportHeight: 700).snapshot) == .ignored)
  }

  @Test func theDocsMJRefreshFileIsThePreset() throws {
    #expect(try TuningFile.load(Self.mjrefresh) == TuningPreset.mjrefresh.tuning)
  }

  func run(_ arguments: [String], in folder: TemporaryFolder, trace: String) throws -> [StudioTraceFrame] {
    try HeadlessReplay.frames(script: PresetReplayTests.slowPull, arguments, in: folder, trace: trace)
  }

  @Test func bothTablesTakeTheSameDragAndArmAtTheirOwnDistances() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let frames = try run(["--preset", "ego", "--compare", Self.mjrefresh], in: folder, trace: "both.jsonl")
    let compared = frames.compactMap(\.compare)
    #expect(compared.count == frames.count, "every line carries the compared table")
    for (left, right) in zip(frames, compared) {
      #expect(left.dragging == right.dragging, "at \(left.t) s")
    }
    // Both tunings share the physics, so until either arms the two tables move as one.
    let release = try #require(frames.last { $0.dragging }).t
    for (left, right) in zip(frames, compared) where left.t <= release {
      #expect(abs(left.offset - right.offset) < 1e-9, "at \(left.t) s")
    }
    let leftArmed = try #require(frames.first { $0.header == "armed" })
    let rightArmed = try #require(frames.first { $0.compare?.header == "armed" })
    #expect(leftArmed.pullDistance >= 65 && leftArmed.pullDistance <= 68)
    #expect(rightArmed.pullDistance >= 54 && rightArmed.pullDistance <= 57)
    #expect(rightArmed.t < leftArmed.t)
    // Mid-pull, between the two thresholds: armed on the right, still pulling on the left.
    #expect(frames.contains { $0.header == "pulling" && $0.compare?.header == "armed" })
    #expect(compared.contains { $0.header == "refreshing" && abs($0.insetTop - 54) < 1e-9 })
    #expect(frames.contains { $0.header == "refreshing" && abs($0.insetTop - 60) < 1e-9 })
  }

  @Test func theLeftTableTracesExactlyAsItWouldAlone() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try run(["--preset", "ego", "--compare", Self.mjrefresh], in: folder, trace: "both.jsonl")
    _ = try run(["--preset", "ego"], in: folder, trace: "alone.jsonl")
    let alone = try String(contentsOfFile: folder.file("alone.jsonl"), encoding: .utf8).split(separator: "\n")
    let both = try String(contentsOfFile: folder.file("both.jsonl"), encoding: .utf8).split(separator: "\n")
    #expect(alone.count == both.count)
    for (single, pair) in zip(alone, both) {
      // Keys are sorted, so "compare" (an object of plain values) follows "animating".
      var left = String(pair)
      let start = try #require(left.range(of: "\"compare\":{"))
      let end = try #require(left[start.upperBound...].range(of: "},"))
      left.removeSubrange(start.lowerBound..<end.upperBound)
      #expect(left == String(single))
    }
  }

  @Test func aScreenshotShowsBothTables() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let png = folder.file("both.png")
    _ = try run(
      ["--preset", "ego", "--compare", Self.mjrefresh, "--size", "320x480", "--screenshot", "1.2:" + png],
      in: folder, trace: "t.jsonl")
    let data = try Data(contentsOf: URL(fileURLWithPath: png))
    let bytes = [UInt8](data.prefix(24))
    func number(at index: Int) -> Int { bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) } }
    #expect(number(at: 16) == 640)
    #expect(number(at: 20) == 480 + Int(CompareLayout.captionHeight))
  }
}
