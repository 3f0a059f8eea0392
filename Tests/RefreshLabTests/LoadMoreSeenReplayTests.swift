import Foundation
import RefreshCore
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// Issue 29: load-more reached with End or with the wheel happened off screen, the footer saying
/// "Loading" just below the last visible pixel for the whole load. The automatic footer now keeps
/// its height inside the scrollable extent, and a movement no finger holds fires it once it is
/// whole at the latest, so the standard replays that press End and that wheel to the end show
/// the loading footer whole in every frame of the load, for every preset.
@MainActor @Suite(.serialized) struct LoadMoreSeenReplayTests {
  func frames(_ script: String, preset: TuningPreset) throws -> [StudioTraceFrame] {
    try HeadlessReplay.frames(
      script: RepositoryFile.path("docs/scripts/\(script).jsonl"), ["--preset", preset.rawValue])
  }

  @Test(arguments: ["end-key-load", "wheel-to-end"], TuningPreset.allCases)
  func theLoadingFooterIsWholeOnScreen(script: String, preset: TuningPreset) throws {
    let footerHeight = preset.tuning.footerHeight
    let loading = try frames(script, preset: preset).filter { $0.footer == "loading" }
    #expect(loading.count >= 30, "\(script) \(preset): \(loading.count) frames of the load")
    for frame in loading {
      #expect(frame.contentHeight > frame.viewportHeight, "a long list, its footer after the rows")
      let top = frame.contentHeight - frame.offset
      let whole = top >= -0.5 && top + footerHeight <= frame.viewportHeight + 0.5
      #expect(
        whole, "\(script) \(preset) at \(frame.t): the footer's top at \(top) of \(frame.viewportHeight)")
    }
    #expect(loading.contains { !$0.animating }, "\(script) \(preset): the movement never arrived")
  }
}
