import RefreshCore

/// The bounce spring as designers set it: a duration and a bounce (Apple's
/// `Spring(duration:bounce:)`, Figma's spring), shown beside the core's mass, stiffness and
/// damping ratio and kept in step with them: moving one writes the other three.
enum SpringField: String, Sendable, CaseIterable {
  /// The undamped period, seconds: stiffness follows, mass and damping stay.
  case springDuration
  /// 0 is critical damping, up to 0.9 bouncier, below 0 creeping: the damping ratio follows.
  case springBounce

  var key: String { rawValue }

  var unit: String {
    switch self {
    case .springDuration: "s"
    case .springBounce: ""
    }
  }

  var range: ClosedRange<Double> {
    switch self {
    case .springDuration: 0.2...2
    case .springBounce: -0.5...0.9
    }
  }

  var step: Double { TuningParameter.step(for: range) }

  var meaning: String {
    switch self {
    case .springDuration: "Release: the spring's period, as Apple's Spring(duration:), s"
    case .springBounce: "Release: 0 settles without overshoot; up to 0.9 bouncier"
    }
  }

  func value(in tuning: Tuning) -> Double {
    switch self {
    case .springDuration: tuning.springParameters.duration
    case .springBounce: tuning.springParameters.bounce
    }
  }

  /// `tuning` with this field at `value`: the spring's mass kept, its stiffness and damping
  /// ratio set from the duration and bounce. A duration the stiffness cannot reach at this mass
  /// is refused naming the duration and the span it can take.
  func setting(_ value: Double, in tuning: Tuning) throws(TuningError) -> Tuning {
    let spring = tuning.springParameters
    var duration = spring.duration
    var bounce = spring.bounce
    switch self {
    case .springDuration: duration = value
    case .springBounce: bounce = value
    }
    let set = SpringParameters(duration: duration, bounce: bounce, mass: spring.mass)
    var tuning = tuning
    tuning.springStiffness = set.stiffness
    tuning.springDampingRatio = set.dampingRatio
    do throws(TuningError) {
      try tuning.validate()
    } catch {
      let stiffness = Tuning.parameters.first { $0.key == "springStiffness" }?.range ?? 1...1000
      let shortest = SpringParameters(mass: spring.mass, stiffness: stiffness.upperBound, dampingRatio: 1)
        .duration
      let longest = SpringParameters(mass: spring.mass, stiffness: stiffness.lowerBound, dampingRatio: 1)
        .duration
      let reach =
        max(shortest, range.lowerBound)...max(max(shortest, range.lowerBound), min(longest, range.upperBound))
      throw .outOfRange(key: key, value: value, range: reach)
    }
    return tuning
  }
}
