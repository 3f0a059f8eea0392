/// The frames a test steps through, and the loop that plays timed events into them: the one
/// per-frame loop the suites share, whatever they step (a controller, a list driver).
public enum FrameLoop {
  /// Frame times at `hz` from `start` through `end`, each computed from the start (never
  /// summed, so rounding cannot add a sliver of a frame).
  public static func times(hz: Double, from start: Double = 0, through end: Double) -> [Double] {
    (0...Int((end - start) * hz)).map { start + Double($0) / hz }
  }

  /// Plays `events` (in time order) into frames at `frames`: before each frame every event due
  /// by then goes to `deliver`, then `frame` steps to that time.
  public static func play<Event>(
    _ events: some Sequence<Event>, time: (Event) -> Double, frames: [Double],
    deliver: (Event) -> Void, frame: (Double) -> Void
  ) {
    var pending = Array(events)[...]
    for t in frames {
      while let next = pending.first, time(next) <= t {
        deliver(next)
        pending = pending.dropFirst()
      }
      frame(t)
    }
  }
}
