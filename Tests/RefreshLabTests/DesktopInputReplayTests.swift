import Foundation
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// Issue 8's headless acceptance, from the scripts in `docs/scripts/` replayed with
/// `--headless --replay --trace`: a touchpad pull refreshes once after the fingers stop and comes
/// back to the baseline, a short one springs back, a swipe coasts after its last event, a touch
/// drag refreshes, a click selects without scrolling, all alike at 30 and 144 fps.
@MainActor @Suite(.serialized) struct DesktopInputReplayTests {
  func replay(_ script: String, fps: Int = 60) throws -> [StudioTraceFrame] {
    try HeadlessReplay.frames(
      script: RepositoryFile.path("docs/scripts/\(script).jsonl"),
      ["--fps", "\(fps)", "--rows", "100", "--total", "100", "--latency", "1"])
  }

  /// How many times the header went into `refreshing`.
  func refreshes(_ frames: [StudioTraceFrame]) -> Int {
    zip(frames, frames.dropFirst()).filter { $1.header == "refreshing" && $0.header != "refreshing" }.count
  }

  @Test func aLongTouchpadPullRefreshesOnceAfterTheFingersStop() throws {
    let frames = try replay("touchpad-pull")
    // The last of 50 events comes at 0.59 s; the fingers count as lifted 60 ms later.
    let armed = try #require(frames.first { $0.header == "armed" })
    #expect(armed.t < 0.59 && armed.dragging)
    #expect(frames.filter { $0.t < 0.649 }.allSatisfy { $0.header != "refreshing" })
    let refreshing = try #require(frames.first { $0.header == "refreshing" })
    #expect(refreshing.t > 0.649 && refreshing.t < 0.67, "refreshing from \(refreshing.t) s")
    #expect(refreshes(frames) == 1)
    #expect(frames.map(\.offset).min()! < -150, "overscrolled through the band")
    let last = try #require(frames.last)
    #expect(last.header == "idle" && last.generation == 1)
    #expect(last.offset == 0 && last.insetTop == 0, "back at rest with the baseline inset")
  }

  @Test func aShortTouchpadPullSpringsBack() throws {
    let frames = try replay("touchpad-short-pull")
    #expect(frames.map(\.offset).min()! < -30)
    #expect(frames.allSatisfy { $0.header != "armed" && $0.header != "refreshing" })
    let last = try #require(frames.last)
    #expect(last.offset == 0 && last.generation == 0)
  }

  @Test func aTouchpadSwipeInTheMiddleCoastsAfterItsLastEvent() throws {
    let frames = try replay("touchpad-swipe")
    // The last event is at 1.14 s, with the content at 1,552 (two pages of 556 and 15 × 16);
    // it holds still until the fingers count as lifted, 60 ms later.
    let lastEvent = try #require(frames.first { $0.t > 1.14 })
    #expect(abs(lastEvent.offset - 1552) < 0.5)
    #expect(frames.filter { $0.t > 1.14 && $0.t < 1.199 }.allSatisfy { $0.offset == lastEvent.offset })
    let later = try #require(frames.first { $0.t >= 2 })
    #expect(later.offset > lastEvent.offset + 500, "coasted to \(later.offset)")
    #expect(!later.dragging)
    #expect(frames.allSatisfy { $0.header == "idle" })
  }

  @Test func aTouchscreenDragRefreshes() throws {
    let frames = try replay("touch-pull")
    #expect(frames.contains { $0.header == "armed" })
    #expect(refreshes(frames) == 1)
    #expect(frames.last?.offset == 0)
  }

  @Test func aClickSelectsARowAndScrollsNothing() throws {
    let frames = try replay("click-select")
    #expect(frames.allSatisfy { $0.offset == 0 })
    // y 150 falls on the fourth row (44 pt each); Down twice moves to the sixth.
    #expect(frames.first { $0.t >= 0.3 && $0.t < 0.6 }?.selectedRow.row == 3)
    #expect(frames.last?.selectedRow.row == 5)
    #expect(frames.first?.selectedRow.row == nil)
    #expect(frames.allSatisfy { $0.scrollbar != "dragging" })
  }

  @Test(arguments: ["touchpad-pull", "touchpad-swipe", "touch-pull"])
  func thirtyAndOneFortyFourFramesPerSecondAgree(script: String) throws {
    let slow = try replay(script, fps: 30)
    let fast = try replay(script, fps: 144)
    var compared = 0
    // Frame k at 30 fps and frame 4.8k at 144 fps share a time when k is a multiple of 5.
    for (k, frame) in slow.enumerated() where k % 5 == 0 && k / 5 * 24 < fast.count {
      let other = fast[k / 5 * 24]
      #expect(abs(other.offset - frame.offset) <= 0.01, "\(script) at \(frame.t) s")
      compared += 1
    }
    #expect(compared > 20)
  }
}
