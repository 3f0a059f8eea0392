/// Places SDL's events on the high-resolution clock.
///
/// SDL stamps an event with `SDL_GetTicks` (whole milliseconds) when it takes it from the
/// system, which may be well before the app drains it; the drain itself is stamped on the
/// high-resolution clock. An event is given the latest time its whole-millisecond stamp
/// allows: SDL read it before the end of its millisecond, so `age − 1` whole milliseconds
/// before the drain at least. Events taken from the system during this drain (age 0 or 1) so
/// read as the drain's own time, exact to the microsecond, and a stale one keeps its true order
/// and spacing to a millisecond. Times never run backward, so gestures stay ordered; the
/// velocity fit merges samples under a millisecond apart (one drain's burst of moves).
public struct EventTimeline: Sendable, Equatable {
  /// The time given to the latest event, seconds on the high-resolution clock.
  public private(set) var latest = -Double.infinity

  /// A timeline with no events yet.
  public init() {}

  /// The time of an event SDL stamped `eventTicks`, drained when `SDL_GetTicks` read
  /// `ticksNow` and the high-resolution clock read `now` (seconds).
  public mutating func time(ofEventTicks eventTicks: UInt32, ticksNow: UInt32, now: Double) -> Double {
    // Wrapping subtraction: SDL's ticks wrap after 49 days. A stamp from the future (another
    // clock's) counts as fresh.
    let age = ticksNow &- eventTicks
    let lag = age > UInt32.max / 2 ? 0 : Double(max(age, 1) - 1) / 1000
    let time = min(now, max(latest, now - lag))
    latest = time
    return time
  }
}
