extension TuningParameter {
  /// The bounce spring's constants, shared by the families that return by it (iOS's and
  /// Flutter's): a release past an edge, and a fling meeting one, settle on this spring.
  public static let bounceSpring: [TuningParameter] = [
    .init(
      key: "springMass", range: 0.1...10, keyPath: \.springMass,
      meaning: "mass of the spring content returns on", phase: .release),
    .init(
      key: "springStiffness", range: 1...1000, keyPath: \.springStiffness,
      meaning: "stiffness of the spring content returns on", phase: .release),
    .init(
      key: "springDampingRatio", range: 0.1...3, keyPath: \.springDampingRatio,
      meaning: "damping ratio of the return spring (1 critical, below 1 it overshoots)",
      phase: .release),
  ]
}
