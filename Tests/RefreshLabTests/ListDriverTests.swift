import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// The step function: script events and data-source answers reach the controller at their own
/// times, whatever the frame rate.
@Suite struct ListDriverTests {
  /// A pull far past the threshold, released at 0.6 s: it refreshes.
  static let pull = GestureScript(
    events: [ScriptEvent(time: 0, action: .down(x: 200, y: 100))]
      + (1...6).map { ScriptEvent(time: Double($0) * 0.05, action: .move(x: 200, y: 100 + Double($0) * 40)) }
      + [ScriptEvent(time: 0.6, action: .up(x: 200, y: 340)), ScriptEvent(time: 4, action: .end)])

  func session(latency: Double = 1, script: GestureScript = pull) -> ListDriver {
    ListDriver(
      tuning: Tuning(), data: DataSourceConfiguration(latency: latency),
      viewport: Rect(x: 0, y: 0, width: 400, height: 700), rowHeight: 44, script: script)
  }

  /// Runs frames at `fps` to `end`, returning each frame's trace line.
  func frames(_ session: inout ListDriver, fps: Double, until end: Double) -> [TraceFrame] {
    FrameLoop.times(hz: fps, through: end).map { t in
      session.step(to: t)
      return session.traceFrame(session.controller.snapshot, at: t)
    }
  }

  @Test func aPullRefreshesAndTheAnswerArrivesAfterTheLatency() {
    var lab = session(latency: 1)
    let trace = frames(&lab, fps: 60, until: 4)
    #expect(trace.contains { $0.header == "armed" })
    let refreshing = trace.filter { $0.header == "refreshing" }
    #expect(refreshing.first.map { abs($0.t - 0.6) < 0.02 } == true)
    let refreshed = trace.first { $0.generation == 1 }
    #expect(refreshed.map { $0.t >= 1.6 && $0.t < 1.6 + 1.0 / 60 + 1e-9 } == true)
    #expect(trace.last?.header == "idle")
    #expect(trace.last?.insetTop == 0)
    #expect(lab.reachedScriptEnd)
  }

  /// Stepping in uneven, coarse frames must give exactly the state of fine frames at the same
  /// times: events and answers are not rounded to frames.
  @Test func theStateAtATimeDoesNotDependOnTheFramesBeforeIt() {
    var fine = session(latency: 0.37)
    var coarse = session(latency: 0.37)
    let fineTrace = frames(&fine, fps: 240, until: 4)
    // Skip 1, 2, 3, 5, 8, 13 frames in turn, so coarse frames fall at uneven common times.
    let skips = [1, 2, 3, 5, 8, 13]
    var frame = 0
    var compared = 0
    for turn in 0... {
      frame += skips[turn % skips.count]
      guard frame < fineTrace.count else { break }
      let t = Double(frame) / 240
      coarse.step(to: t)
      #expect(coarse.traceFrame(coarse.controller.snapshot, at: t) == fineTrace[frame], "at \(t) s")
      compared += 1
    }
    #expect(compared > 100)
  }

  @Test func answersAreNotDelayedToTheNextFrame() {
    // At 2 fps, a refresh released at 0.6 s with 0.3 s latency is answered at 0.9 s: the frame
    // at 1.0 s must already show the success hold that began at 0.9, not one that begins at 1.0.
    var slow = session(latency: 0.3)
    var fast = session(latency: 0.3)
    for t in [0.0, 0.5, 1.0] { slow.step(to: t) }
    _ = frames(&fast, fps: 1000, until: 1.0)
    #expect(
      slow.traceFrame(slow.controller.snapshot, at: 1) == fast.traceFrame(fast.controller.snapshot, at: 1))
    #expect(slow.dataSource.generation == 1)
    #expect(slow.controller.snapshot.lastUpdated.map { abs($0 - 0.9) < 1e-9 } == true)
  }

  @Test func windowYIsMeasuredFromTheTableTop() {
    var lab = ListDriver(
      tuning: Tuning(), data: DataSourceConfiguration(),
      viewport: Rect(x: 0, y: 100, width: 400, height: 600), rowHeight: 44)
    #expect(lab.handle(.mouseDown(x: 10, y: 150, button: .left), at: 1) == .input(.down(y: 50, time: 1)))
    #expect(lab.controller.snapshot.isDragging)
    // A script's up away from the last position moves there first, as SDL would report.
    #expect(
      lab.shellEvents(for: .up(x: 10, y: 170))
        == [.mouseMove(x: 10, y: 170, buttonHeld: true), .mouseUp(x: 10, y: 170, button: .left)])
    #expect(lab.shellEvents(for: .up(x: nil, y: nil)) == [.mouseUp(x: 10, y: 150, button: .left)])
    #expect(
      lab.shellEvents(for: .key(.controlR)) == [.key(.r, modifiers: .control, isRepeat: false)])
    #expect(
      lab.shellEvents(for: .wheel(dy: -1, precise: false, x: nil, y: nil))
        == [.wheel(dy: -1, precise: false, x: 200, y: 400)])
  }

  /// A table placed elsewhere in the window (the right side of `--compare`) still takes its
  /// events in table coordinates, and a new layout moves and resizes its list.
  @Test func tableCoordinatesFollowTheTableWhereverItSits() {
    var lab = ListDriver(
      tuning: Tuning(), data: DataSourceConfiguration(),
      viewport: Rect(x: 0, y: 0, width: 400, height: 600), rowHeight: 44,
      origin: Point(x: 400, y: 24))
    #expect(lab.list.frame == Rect(x: 400, y: 24, width: 400, height: 600))
    #expect(lab.handle(.mouseDown(x: 10, y: 150, button: .left), at: 1) == .input(.down(y: 150, time: 1)))
    lab.handle(.mouseUp(x: 10, y: 150, button: .left), at: 1.1)
    lab.place(in: Rect(x: 500, y: 24, width: 500, height: 476), at: 2)
    #expect(lab.list.frame == Rect(x: 500, y: 24, width: 500, height: 476))
    #expect(lab.viewport == Rect(x: 0, y: 0, width: 500, height: 476))
    #expect(lab.controller.snapshot.viewportHeight == 476)
    #expect(
      lab.shellEvents(for: .wheel(dy: -1, precise: false, x: nil, y: nil))
        == [.wheel(dy: -1, precise: false, x: 250, y: 238)])
  }

  @Test func aScriptDragAndTheSameLiveDragGiveTheSameState() {
    var replayed = session(latency: 1)
    var live = session(latency: 1, script: GestureScript(events: []))
    var frame = 0
    for event in Self.pull.events {
      while Double(frame) / 60 < event.time {
        replayed.step(to: Double(frame) / 60)
        live.step(to: Double(frame) / 60)
        frame += 1
      }
      for shellEvent in live.shellEvents(for: event.action) { live.handle(shellEvent, at: event.time) }
    }
    replayed.step(to: 4)
    live.step(to: 4)
    #expect(
      replayed.traceFrame(replayed.controller.snapshot, at: 4)
        == live.traceFrame(live.controller.snapshot, at: 4))
    #expect(live.dataSource.generation == 1)
  }

  @Test func idleOnlyWhenNothingIsPending() {
    var lab = session(latency: 1)
    lab.step(to: 0)
    #expect(!lab.isIdle)
    #expect(lab.nextDueTime == 0.05)
    _ = frames(&lab, fps: 60, until: 0.7)
    #expect(lab.dataSource.hasPendingRequests)
    #expect(lab.nextDueTime.map { abs($0 - 1.6) < 1e-9 } == true)
  }
}
