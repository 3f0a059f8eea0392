/// Slow motion for the window, like the simulator's slow animations: the session's clock runs at
/// `factor` times the wall clock's rate.
///
/// Every time the core and the data source see (input timestamps included) is session time,
/// so the physics, each animation and the simulated latency all slow together and a gesture's
/// velocity is measured on the same clock it then flings on. Session time accumulates piecewise:
/// a change of speed re-anchors the mapping at the wall time it happens, so session time never
/// jumps or runs backwards.
struct SlowMotionClock: Sendable, Equatable {
  /// The speeds, fastest first: `S` steps right (slower), Shift+S left, both wrapping around.
  static let factors: [Double] = [1, 0.5, 0.25, 0.1]

  /// Index into `factors`.
  private(set) var index = 0
  private var wallAnchor = 0.0
  private var sessionAnchor = 0.0

  /// Session seconds per wall second.
  var factor: Double { Self.factors[index] }

  /// Whether time runs slower than real.
  var isSlowed: Bool { index != 0 }

  /// The session time at wall time `wall` (both on the window's clock, whose zero is the run's
  /// start, so the two agree until the first change of speed).
  func sessionTime(atWall wall: Double) -> Double {
    sessionAnchor + (wall - wallAnchor) * factor
  }

  /// How long in wall seconds `interval` session seconds take: how long the window may sleep
  /// before something due on the session clock.
  func wallInterval(forSessionInterval interval: Double) -> Double {
    interval / factor
  }

  /// One step slower (after 0.1× comes 1× again), from wall time `wall` on.
  mutating func slower(atWall wall: Double) { shift(by: 1, atWall: wall) }

  /// One step faster (before 1× comes 0.1×), from wall time `wall` on.
  mutating func faster(atWall wall: Double) { shift(by: -1, atWall: wall) }

  private mutating func shift(by steps: Int, atWall wall: Double) {
    sessionAnchor = sessionTime(atWall: wall)
    wallAnchor = wall
    let count = Self.factors.count
    index = ((index + steps) % count + count) % count
  }

  /// "0.25×", as the status line shows it.
  var label: String {
    PanelFormat.number(factor, step: 0.01) + "×"
  }
}
