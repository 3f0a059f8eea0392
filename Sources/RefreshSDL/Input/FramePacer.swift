/// Keeps frames at least one display refresh apart, so the window never draws faster than the
/// display shows. The window uses it even with vsync: a software OpenGL (llvmpipe under Xvfb)
/// reports vsync and presents at once, and SDL's software renderer has none.
public struct FramePacer: Sendable, Equatable {
  /// Seconds between frames.
  public let interval: Double
  /// When the next frame may be drawn.
  public private(set) var nextFrame: Double

  /// A pacer for a display refreshing `refreshRate` times a second, first frame due at `start`.
  public init(refreshRate: Double, start: Double = 0) {
    interval = 1 / (refreshRate.isFinite && refreshRate > 0 ? refreshRate : 60)
    nextFrame = start
  }

  /// Whether a frame may be drawn at `now`.
  public func isDue(at now: Double) -> Bool { now >= nextFrame }

  /// Seconds to wait from `now` until a frame may be drawn, 0 if one may be drawn now.
  public func timeUntilDue(at now: Double) -> Double { max(0, nextFrame - now) }

  /// Records a frame drawn at `now`. Frames keep to a fixed schedule, so a little lateness is
  /// absorbed and the average rate is the display's; a frame more than an interval late moves
  /// the schedule instead of being followed by a burst of catch-up frames.
  public mutating func frameDrawn(at now: Double) {
    nextFrame += interval
    if nextFrame < now { nextFrame = now + interval }
  }
}
