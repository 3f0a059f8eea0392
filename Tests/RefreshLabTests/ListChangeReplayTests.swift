import Foundation
import RefreshCore
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// Issue 25's changes through the lab, headless: rows inserted above what the person reads do
/// not move it, and a change animates identically at any frame rate.
@MainActor @Suite(.serialized) struct ListChangeReplayTests {
  func run(_ folder: TemporaryFolder, script: String, extra: [String]) throws -> [StudioTraceFrame] {
    try HeadlessReplay.frames(
      scriptText: script, ["--rows", "100", "--total", "200"] + extra, in: folder,
      trace: "trace-\(extra.joined().hashValue).jsonl")
  }

  /// A wheel down to row 50 (44 pt rows: 2,200 pt), then five rows inserted at the top.
  static let scrollThenInsert = """
    {"t":0.2,"type":"wheel","dy":-14}
    {"t":0.6,"type":"wheel","dy":-14}
    {"t":1.0,"type":"wheel","dy":-14}
    {"t":1.4,"type":"wheel","dy":-13}
    {"t":2.5,"type":"insert","at":0,"count":5}
    {"t":3.0,"type":"remove","at":1,"count":3}
    {"t":3.5,"type":"end"}

    """

  @Test func rowsInsertedAboveMoveNothingShown() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let frames = try run(folder, script: Self.scrollThenInsert, extra: [])
    let before = try #require(frames.last { $0.t < 2.5 - 1e-9 })
    let inserted = try #require(frames.first { $0.t >= 2.5 - 1e-9 })
    #expect((before.firstRow.row ?? 0) >= 45, "the wheel brought row \(before.firstRow.row ?? -1) to the top")
    #expect(inserted.firstRow.row == before.firstRow.row.map { $0 + 5 })
    #expect(abs((inserted.firstRowY.value ?? 99) - (before.firstRowY.value ?? 0)) <= 0.5)
    #expect(inserted.rows == before.rows + 5)
    let removed = try #require(frames.first { $0.t >= 3 - 1e-9 })
    #expect(removed.firstRow.row == inserted.firstRow.row.map { $0 - 3 })
    #expect(abs((removed.firstRowY.value ?? 99) - (before.firstRowY.value ?? 0)) <= 0.5)
  }

  @Test func anInsertAnimatesTheSameAtAnyFrameRate() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let script = """
      {"t":1.0,"type":"insert","at":2,"count":2}
      {"t":2.0,"type":"end"}

      """
    var shots: [Data] = []
    // 7/6 s is a frame time at 30, 60 and 144 frames a second: mid-animation (0.3 s long).
    for fps in [30, 60, 144] {
      let shot = folder.file("mid-\(fps).png")
      _ = try run(folder, script: script, extra: ["--fps", "\(fps)", "--screenshot", "1.1667:\(shot)"])
      shots.append(try Data(contentsOf: URL(fileURLWithPath: shot)))
    }
    #expect(shots[0] == shots[1] && shots[1] == shots[2], "the frames at 7/6 s differ between rates")
    let rest = folder.file("rest.png")
    _ = try run(folder, script: script, extra: ["--screenshot", "1.9:\(rest)"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: rest)) != shots[0], "no animation shows")
  }

  /// A chat: the newest row at the bottom. The wheel turned toward the top (older rows) brings
  /// row 50 to the bottom edge and on to the end, where older rows load; five new rows arrive
  /// at the bottom (row 0) while they load: the row read keeps its place.
  static let chatScroll = """
    {"t":0.2,"type":"wheel","dy":14}
    {"t":0.6,"type":"wheel","dy":14}
    {"t":1.0,"type":"wheel","dy":14}
    {"t":1.4,"type":"wheel","dy":13}
    {"t":2.5,"type":"insert","at":0,"count":5}
    {"t":3.0,"type":"wheel","dy":40}
    {"t":3.3,"type":"wheel","dy":40}
    {"t":3.6,"type":"insert","at":0,"count":5}
    {"t":5.5,"type":"end"}

    """

  @Test func aChatKeepsTheReadersPlaceWhileOlderRowsLoadAtTheTop() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let shot = folder.file("loading-older.png")
    let frames = try run(
      folder, script: Self.chatScroll,
      extra: ["--orientation", "chat", "--screenshot", "3.5:\(shot)"])
    let before = try #require(frames.last { $0.t < 2.5 - 1e-9 })
    let inserted = try #require(frames.first { $0.t >= 2.5 - 1e-9 })
    #expect((before.firstRow.row ?? 0) >= 45, "the wheel brought row \(before.firstRow.row ?? -1)")
    #expect(inserted.firstRow.row == before.firstRow.row.map { $0 + 5 })
    #expect(abs((inserted.firstRowY.value ?? 99) - (before.firstRowY.value ?? 0)) <= 0.5)
    // Older rows load at the top (the load-more machine) while new ones arrive at the bottom.
    let loading = try #require(frames.last { $0.t < 3.6 - 1e-9 })
    let arrived = try #require(frames.first { $0.t >= 3.6 - 1e-9 })
    #expect(loading.footer == "loading", "older rows are not loading at 3.6 s: \(loading.footer)")
    #expect(arrived.firstRow.row == loading.firstRow.row.map { $0 + 5 })
    #expect(abs((arrived.firstRowY.value ?? 99) - (loading.firstRowY.value ?? 0)) <= 0.5)
    #expect(FileManager.default.fileExists(atPath: shot))
  }
}

/// Issue 25's horizontal lists, headless: a drag to the right past the first column refreshes,
/// End and a drag to the left past the last column show the footer there.
@MainActor @Suite(.serialized) struct HorizontalListReplayTests {
  func run(_ folder: TemporaryFolder, script: String, extra: [String] = []) throws -> [StudioTraceFrame] {
    try HeadlessReplay.frames(
      script: RepositoryFile.path("docs/scripts/\(script)"),
      ["--axis", "horizontal", "--size", "600x300", "--rows", "20", "--total", "20"] + extra, in: folder,
      trace: "h-\(extra.count).jsonl")
  }

  @Test func aDragRightPastTheFirstColumnRefreshes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let frames = try run(folder, script: "horizontal-pull.jsonl")
    #expect(frames.contains { $0.header == "armed" })
    #expect(frames.contains { $0.header == "refreshing" })
    // The fling to the left that follows scrolls the columns: the first shown moves on.
    #expect((frames.last?.firstRow.row ?? 0) > 3)
  }

  @Test func theEndAndADragLeftShowTheFooterPastTheLastColumn() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let frames = try run(folder, script: "horizontal-end.jsonl")
    #expect(frames.contains { $0.footer == "loading" })
    #expect(frames.contains { $0.footer == "noMoreData" })
    let end = frames.filter { $0.footer == "noMoreData" }.map(\.offset).max() ?? 0
    let rest = frames.last?.offset ?? 0
    #expect(end > rest + 20, "the drag did not pull past the end (\(end) against \(rest) at rest)")
  }
}
