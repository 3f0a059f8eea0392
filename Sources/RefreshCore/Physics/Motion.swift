/// A one-dimensional motion in closed form: where it is and how fast it moves at any elapsed time.
///
/// Every behaviour of the scroll view (fling, bounce, eased animation) is one small value that
/// answers these questions for an arbitrary `t`, so a gesture lands on the same positions whether
/// frames come at 30, 60 or 144 Hz. Composite motion hands the exact position and velocity of one
/// motion to the next (see `ScrollDriver`).
public protocol Motion: Sendable {
  /// Position at `t` seconds after the motion started.
  func position(at t: Double) -> Double
  /// Velocity in points per second at `t` seconds after the motion started.
  func velocity(at t: Double) -> Double
  /// Whether the motion has come to rest by `t`.
  func isDone(at t: Double) -> Bool
  /// The same motion `distance` points further along the axis: every position moved by
  /// `distance`, every velocity and time the same (rows above the viewport changed height, and
  /// the content moves with them so that what shows stays put).
  func shifted(by distance: Double) -> Self
}
