/// Places each drain of SDL's events on the high-resolution clock.
///
/// SDL stamps an event with `SDL_GetTicks` (whole milliseconds) when it reads it from the
/// system, and that is usually the drain itself: a loop busy drawing (or blocked in a vsync'd
/// present) reads everything that came meanwhile at once. Stamping each with the drain's clock
/// puts them microseconds apart: the velocity fit then reads a frame's travel as if it took
/// microseconds, and a touchpad gesture looks silent for the whole frame, so a frame longer than
/// `touchpadReleaseDelay` lets its fingers go mid-gesture. The truest guess for such fresh events
/// is that they came evenly over the time the queue went unread: since the previous drain, or
/// since a wait for events ended (`queueStayedEmpty(until:)`), at most `longestSpread`. The
/// newest lands on the drain's own time, so an event that wakes an idle loop alone keeps its
/// exact microsecond. An event SDL read a few milliseconds before the drain (stale) is given the
/// latest time its stamp allows: SDL read it before its millisecond ended, so at least `age − 1`
/// whole milliseconds before the drain. Times never run backward and never pass the drain.
package struct EventTimeline: Sendable, Equatable {
  /// The longest time one drain's fresh events are spread over: a stalled frame, not an idle
  /// wait (that is told with `queueStayedEmpty(until:)`).
  package static let longestSpread = 0.5
  /// The time given to the latest event, seconds on the high-resolution clock.
  private var _latest = -Double.infinity
  /// When the queue was last known empty: the previous drain, or the end of a wait.
  private var _lastDrain = -Double.infinity

  /// A timeline with no events yet.
  package init() {}

  /// Tells that the queue stayed empty until `time` (seconds): a wait for events blocked until
  /// then, so events found after it came after it.
  package mutating func queueStayedEmpty(until time: Double) {
    _lastDrain = max(_lastDrain, time)
  }

  /// The times of one drain's events, in queue order, stamped `ticks` by SDL, drained when
  /// `SDL_GetTicks` read `ticksNow` and the high-resolution clock read `now` (seconds). Call it
  /// for every drain, also an empty one: it tells when the queue was last seen empty.
  package mutating func times(ofEventTicks ticks: [UInt32], ticksNow: UInt32, now: Double) -> [Double] {
    var times: [Double] = []
    times.reserveCapacity(ticks.count)
    let fresh = ticks.count { Self._age($0, ticksNow) <= 1 }
    let earliest = max(_lastDrain, now - Self.longestSpread)
    var start: Double?
    var placed = 0
    for stamp in ticks {
      let age = Self._age(stamp, ticksNow)
      var time: Double
      if age <= 1 {
        let from = start ?? max(earliest, _latest)
        start = from
        placed += 1
        time = from + (now - from) * Double(placed) / Double(fresh)
      } else {
        time = now - Double(age - 1) / 1000
      }
      time = min(now, max(_latest, time))
      _latest = time
      times.append(time)
    }
    _lastDrain = now
    return times
  }

  /// Whole milliseconds from `stamp` to `ticksNow`; wrapping, as SDL's ticks wrap after 49
  /// days. A stamp from the future (another clock's) counts as fresh.
  private static func _age(_ stamp: UInt32, _ ticksNow: UInt32) -> UInt32 {
    let age = ticksNow &- stamp
    return age > UInt32.max / 2 ? 0 : age
  }
}
