/// The release motion of the spring families (iOS, Flutter): back to the edge with a spring that
/// carries the current velocity, and a fling meeting an edge bounces off it the same way.
enum _SpringBack {
  static func motion(
    from position: Double, velocity: Double, to target: Double, at start: Double, tuning: Tuning
  ) -> _ScrollDriver {
    let parameters = SpringParameters(
      mass: tuning.springMass, stiffness: tuning.springStiffness,
      dampingRatio: tuning.springDampingRatio)
    return .spring(
      SpringMotion(from: position, velocity: velocity, to: target, parameters: parameters),
      start: start)
  }
}
