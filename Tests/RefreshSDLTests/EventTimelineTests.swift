import RefreshCore
import RefreshSDL
import Testing

/// One drain of SDL's events at a time, placed on the high-resolution clock.
@Suite struct EventTimelineTests {
  /// A frame's moves drained at once (SDL read them all this millisecond or the last) are
  /// spread over the time since the previous drain, the newest at the drain's own time; before,
  /// they were microseconds apart and a slow drag released at a steep local slope.
  @Test func aDrainsBurstIsSpreadOverItsFrame() {
    var timeline = EventTimeline()
    _ = timeline.times(ofEventTicks: [], ticksNow: 1_000, now: 2.0)
    let times = timeline.times(
      ofEventTicks: [1_016, 1_016, 1_017, 1_017], ticksNow: 1_017, now: 2.016)
    #expect(times.count == 4)
    for (index, time) in times.enumerated() {
      #expect(abs(time - (2.0 + 0.004 * Double(index + 1))) < 1e-9, "\(times)")
    }
  }

  /// An event that wakes an idle loop alone keeps the drain's exact time; a burst that wakes a
  /// loop waiting for events is placed after the wait, not spread over it; a stalled loop's
  /// burst is spread over at most `longestSpread`.
  @Test func anIdleLoopSpreadsOnlyOverTheTimeAfterItsWait() {
    var timeline = EventTimeline()
    _ = timeline.times(ofEventTicks: [], ticksNow: 0, now: 1.0)
    #expect(timeline.times(ofEventTicks: [5_000], ticksNow: 5_000, now: 6.0) == [6.0])
    timeline.queueStayedEmpty(until: 9.998)
    let burst = timeline.times(ofEventTicks: [9_000, 9_000], ticksNow: 9_000, now: 10.0)
    #expect(abs(burst[0] - 9.999) < 1e-9 && burst[1] == 10.0, "\(burst)")
    let stalled = timeline.times(ofEventTicks: [20_000, 20_000], ticksNow: 20_000, now: 20.0)
    #expect(abs(stalled[0] - (20.0 - EventTimeline.longestSpread / 2)) < 1e-9 && stalled[1] == 20.0)
  }

  /// Events SDL read a frame or two before the drain keep their spacing, to the millisecond:
  /// each gets the latest time its stamp allows.
  @Test func staleEventsKeepTheirSpacing() {
    var timeline = EventTimeline()
    let times = timeline.times(ofEventTicks: [960, 977, 1_000], ticksNow: 1_000, now: 3.0)
    #expect(abs(times[0] - (3.0 - 0.039)) < 1e-9 && abs(times[1] - (3.0 - 0.022)) < 1e-9)
    #expect(times[2] == 3.0)
  }

  /// Times never run backward (a stamp older than the event before it) nor pass the drain's
  /// clock; a stamp from the future, or across the 49-day wrap, is read as fresh or stale as
  /// its wrapped age says.
  @Test func timesStayOrderedAndNeverPassNow() {
    var timeline = EventTimeline()
    let late = timeline.times(ofEventTicks: [990], ticksNow: 1_000, now: 2.0)[0]
    #expect(timeline.times(ofEventTicks: [900], ticksNow: 1_000, now: 2.000_001) == [late])
    #expect(timeline.times(ofEventTicks: [1_200], ticksNow: 1_000, now: 2.1) == [2.1])
    #expect(timeline.times(ofEventTicks: [UInt32.max - 2], ticksNow: 5, now: 2.2) == [2.2 - 0.007])
  }
}

/// The timeline and the core together: a slow drag from a 1000 Hz mouse on a 60 Hz display
/// that blocks in vsync, each frame's 16 moves drained at once, releases at its true speed.
@Suite struct BlockedDisplayDragTests {
  @Test(arguments: [4, 16])
  func aDragDrainedOnceAFrameReleasesAtItsSpeed(perFrame: Int) {
    var timeline = EventTimeline()
    var view = RefreshController(viewportHeight: 700, contentHeight: 44_000)
    let frame = 1.0 / 60
    let speed = 200.0
    _ = view.handle(.down(y: 600, time: 0))
    _ = timeline.times(ofEventTicks: [], ticksNow: 0, now: 0)
    for k in 1...30 {
      let drain = Double(k) * frame
      // SDL reads the whole frame's moves during the drain: one millisecond stamp for all.
      let ticks = UInt32(drain * 1000)
      let times = timeline.times(
        ofEventTicks: Array(repeating: ticks, count: perFrame), ticksNow: ticks, now: drain)
      for (j, time) in times.enumerated() {
        let happened = drain - frame + frame * Double(j + 1) / Double(perFrame)
        _ = view.handle(.move(y: 600 - speed * happened, time: time))
      }
    }
    _ = view.handle(.up(time: 30 * frame))
    let velocity = view.snapshot.velocity
    #expect(abs(velocity - speed) <= speed * 0.10, "released at \(velocity) pt/s")
  }
}

/// The timeline and the core together: a loop whose frame takes 100 ms (longer than the
/// touchpad's release delay) drains a touchpad's events, 10 ms apart, ten at a time. The
/// gesture is under way all along and must never be let go before its events stop.
@Suite struct SlowFrameTouchpadTests {
  @Test func aSlowFrameNeverReleasesATouchpadGestureUnderWay() {
    var timeline = EventTimeline()
    var view = RefreshController(viewportHeight: 600, contentHeight: 40_000)
    let frame = 0.1
    var released: [Double] = []
    _ = timeline.times(ofEventTicks: [], ticksNow: 1_000, now: 1.0)
    for k in 1...10 {
      let drain = 1.0 + Double(k) * frame
      // SDL reads the frame's ten events during the drain: one millisecond stamp for all.
      let ticks = UInt32(drain * 1000)
      let times = timeline.times(
        ofEventTicks: Array(repeating: ticks, count: 10), ticksNow: ticks, now: drain)
      for time in times {
        // Up to the event, the fingers are still down: nothing may have let go in between.
        _ = view.advance(to: time)
        if k > 1 && !view.snapshot.isDragging { released.append(time) }
        _ = view.handle(.wheel(dy: -4, precise: true, time: time))
      }
      _ = view.advance(to: drain)
      if !view.snapshot.isDragging { released.append(drain) }
    }
    #expect(released.isEmpty, "let go at \(released)")
  }
}
