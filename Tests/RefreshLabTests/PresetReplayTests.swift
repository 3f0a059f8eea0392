import RefreshCore
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// Issue 4's acceptance: one slow pull replayed with `--preset ego` and `--preset mjrefresh`
/// arms at each preset's distance (within 3 pt) and holds its header open at its height (within
/// 1 pt), read from the trace.
@MainActor @Suite(.serialized) struct PresetReplayTests {
  static let slowPull = RepositoryFile.path("docs/scripts/slow-pull.jsonl")

  @Test(arguments: [(TuningPreset.ego, 65.0, 60.0), (.mjrefresh, 54, 54)])
  func aSlowPullArmsAndHoldsAtThePresetsNumbers(preset: TuningPreset, arms: Double, holds: Double) throws {
    #expect(preset.tuning.refreshThreshold == arms)
    #expect(preset.tuning.headerHeight == holds)
    let frames = try HeadlessReplay.frames(script: Self.slowPull, ["--preset", preset.rawValue])

    let armed = try #require(frames.first { $0.header == "armed" })
    #expect(armed.pullDistance >= arms && armed.pullDistance <= arms + 3, "armed at \(armed.pullDistance) pt")
    let before = try #require(frames.last { $0.t < armed.t })
    #expect(before.header == "pulling" && before.pullDistance < arms)

    let refreshing = frames.filter { $0.header == "refreshing" }
    let opened = try #require(refreshing.first).t + preset.tuning.openDuration
    let held = refreshing.filter { $0.t >= opened }
    #expect(held.count > 20, "the refresh stays open long enough to measure")
    for frame in held {
      #expect(abs(frame.insetTop - holds) <= 1, "insetTop \(frame.insetTop) at \(frame.t) s")
    }
    let settled = try #require(held.last)
    #expect(abs(settled.offset + holds) <= 1, "the header rests fully open: offset \(settled.offset)")
    #expect(frames.allSatisfy { $0.insetTop <= holds + 1 })
  }
}
