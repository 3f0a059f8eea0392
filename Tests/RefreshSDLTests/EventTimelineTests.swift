import RefreshSDL
import Testing

/// SDL's whole-millisecond event stamps placed on the high-resolution clock.
@Suite struct EventTimelineTests {
  /// Moves SDL read during this drain (stamped this millisecond or the one before) are the
  /// drain's: a millisecond boundary crossed mid-drain must not open a false 1 ms gap.
  @Test func eventsReadDuringTheDrainHaveTheDrainsTime() {
    var timeline = EventTimeline()
    #expect(timeline.time(ofEventTicks: 5_000, ticksNow: 5_001, now: 7.000_010) == 7.000_010)
    #expect(timeline.time(ofEventTicks: 5_001, ticksNow: 5_001, now: 7.000_020) == 7.000_020)
  }

  /// Events SDL read a frame or two before the drain keep their spacing, to the millisecond.
  @Test func staleEventsKeepTheirSpacing() {
    var timeline = EventTimeline()
    let first = timeline.time(ofEventTicks: 960, ticksNow: 1_000, now: 3.0)
    let second = timeline.time(ofEventTicks: 977, ticksNow: 1_000, now: 3.000_005)
    let third = timeline.time(ofEventTicks: 1_000, ticksNow: 1_000, now: 3.000_010)
    #expect(abs((second - first) - 0.017) < 0.001 && abs((third - second) - 0.023) < 0.001)
    // The latest time the stamp allows: SDL read it before its millisecond ended.
    #expect(abs(first - (3.0 - 0.039)) < 1e-9)
  }

  /// Times never run backward (a stamp older than the event before it) nor pass the drain's
  /// clock; a stamp from the future, or across the 49-day wrap, is read as fresh.
  @Test func timesStayOrderedAndNeverPassNow() {
    var timeline = EventTimeline()
    let late = timeline.time(ofEventTicks: 990, ticksNow: 1_000, now: 2.0)
    #expect(timeline.time(ofEventTicks: 900, ticksNow: 1_000, now: 2.000_001) == late)
    #expect(timeline.time(ofEventTicks: 1_200, ticksNow: 1_000, now: 2.000_002) == 2.000_002)
    #expect(timeline.time(ofEventTicks: UInt32.max - 2, ticksNow: 5, now: 2.1) == 2.1 - 0.007)
  }
}
