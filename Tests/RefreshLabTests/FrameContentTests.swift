import RefreshCore
import RefreshSDL
import Testing

@testable import RefreshLab

/// The window skips a frame whose content equals the last one drawn: equal must mean "looks the
/// same", no more (a skipped change would freeze the screen) and no less (a clock in the
/// comparison would redraw a list at rest sixty times a second).
@Suite struct FrameContentTests {
  static let fling = GestureScript(
    events: [ScriptEvent(time: 0, action: .down(x: 200, y: 600))]
      + (1...5).map { ScriptEvent(time: Double($0) * 0.01, action: .move(x: 200, y: 600 - Double($0) * 60)) }
      + [ScriptEvent(time: 0.05, action: .up(x: 200, y: 300)), ScriptEvent(time: 9, action: .end)])

  func content(
    _ session: ListDriver, status: String? = nil, width: Double = 400, spinnerSteps: Int? = nil
  ) -> FrameContent {
    FrameContent(
      FrameSnapshots(session, companion: nil, at: session.controller.time), of: session, companion: nil,
      status: status, slowMotion: 1, width: width, height: 700, scale: 1, spinnerSteps: spinnerSteps)
  }

  func session() -> ListDriver {
    ListDriver(
      tuning: Tuning(), data: DataSourceConfiguration(initialRows: 1000, pageSize: 20, total: 1000),
      viewport: Rect(x: 0, y: 0, width: 400, height: 700), rowHeight: 44, script: Self.fling)
  }

  /// A session at rest until `time`, when a refresh begins whose rows take `latency` seconds.
  func refreshing(at time: Double, latency: Double) -> ListDriver {
    var lab = session()
    var data = lab.dataSource.configuration
    data.latency = latency
    lab.setDataConfiguration(data, time: 0)
    lab.step(to: time)
    lab.send(.beginRefreshing(time: time))
    return lab
  }

  @Test func aMovingListChangesEveryFrameAndASettledOneNever() {
    var lab = session()
    lab.step(to: 0.1)
    let early = content(lab)
    lab.step(to: 0.1 + 1 / 60.0)
    #expect(content(lab) != early, "a fling in progress moved, so the frame must be drawn")
    lab.step(to: 8)
    #expect(lab.controller.isSettled)
    let rest = content(lab)
    lab.step(to: 8.5)
    #expect(content(lab) == rest, "only the clock moved: nothing to draw")
  }

  @Test func theHoldBeforeTheIndicatorFadesDrawsNothing() {
    var lab = session()
    // Frames until the fling has come to rest; the indicator then waits before it fades.
    var frame = 0
    var time = 0.1
    repeat {
      frame += 1
      time = 0.1 + Double(frame) / 60
      lab.step(to: time)
    } while lab.controller.snapshot.isAnimating && time < 8
    let stopped = content(lab)
    #expect(!lab.controller.isSettled, "the indicator is still up, so the window keeps ticking")
    lab.step(to: time + 0.2)
    #expect(content(lab) == stopped)
    lab.step(to: time + 0.7)
    #expect(content(lab) != stopped, "the indicator fades, and that is drawn")
  }

  @Test func newRowsTheStatusLineAndTheSizeAllCount() {
    var lab = session()
    lab.step(to: 8)
    let before = content(lab)
    #expect(content(lab, status: "Saved") != before)
    #expect(content(lab, width: 500) != before)
    lab.send(.beginRefreshing(time: 8))
    lab.step(to: 12)
    #expect(lab.dataSource.generation == 1)
    lab.step(to: 20)
    var same = before
    same.table = content(lab).table
    #expect(content(lab) != same, "the same offset over a fresh generation of rows is a new frame")
  }

  /// Refreshing at rest, the built-in spinner changes only when it steps to its next spoke:
  /// frames within a spoke are the same frame, twelve a turn drawn instead of every one. A
  /// header of the host's own may draw every phase, so without steps each phase counts.
  @Test func aRefreshAtRestDrawsTheSpinnerOnlyWhenItSteps() {
    var lab = refreshing(at: 8, latency: 5)
    lab.step(to: 10)
    #expect(lab.controller.snapshot.header == .refreshing)
    #expect(!lab.controller.snapshot.isAnimating, "the header has come to rest")
    var drawn = 0
    var changes = 0
    var last = content(lab, spinnerSteps: 12)
    var lastExact = content(lab)
    for frame in 1...60 {
      lab.step(to: 10 + Double(frame) / 60)
      let now = content(lab, spinnerSteps: 12)
      if now != last { drawn += 1 }
      if content(lab) != lastExact { changes += 1 }
      last = now
      lastExact = content(lab)
    }
    let turns = 1 / lab.controller.tuning.spinnerPeriod
    #expect(Double(drawn) <= turns * 12 + 1, "drew \(drawn) frames in a second")
    #expect(drawn >= 1, "the spinner still turns")
    #expect(changes == 60, "without steps every phase is a new frame")
  }

  /// The window sleeps until a still list's next change (`RefreshList.nextChangeTime`): through
  /// a refresh at rest, its result's hold and the collapse, no frame between two wakes differs
  /// from the one at the first, and each wake of a still list finds a new frame.
  @Test func aStillListChangesOnlyWhenItSaysItWill() {
    var lab = refreshing(at: 8, latency: 2)
    var time = 8.0
    var stillWakes = 0
    var wasted = 0
    while time < 12 {
      let shown = content(lab, spinnerSteps: 12)
      let next = lab.list.nextChangeTime(spinnerSteps: 12)
      #expect(next >= lab.controller.time)
      // Moving: frame by frame, as the window draws it.
      guard next > lab.controller.time else {
        time += 1 / 60.0
        lab.step(to: time)
        continue
      }
      // The window wakes for the data source's answer as well.
      let wake = min(next, lab.nextDueTime ?? next, 12)
      for fraction in [0.05, 0.3, 0.6, 0.95] {
        var later = lab
        later.step(to: time + (wake - time) * fraction)
        #expect(
          content(later, spinnerSteps: 12) == shown,
          "changed at \(time + (wake - time) * fraction), before the \(next) it said")
      }
      time = wake
      lab.step(to: time)
      stillWakes += 1
      if content(lab, spinnerSteps: 12) == shown { wasted += 1 }
    }
    #expect(lab.controller.snapshot.header == .idle, "refreshed and collapsed")
    // Two seconds of a one-second turn, less the header's way to rest: a wake a step.
    #expect(stillWakes >= 18, "the spinner's steps woke the loop: \(stillWakes)")
    #expect(wasted <= 2, "\(wasted) of \(stillWakes) wakes found the same frame")
  }
}
