/// The groups of the tuning panel.
enum TuningGroup: String, Sendable, CaseIterable {
  /// Header and footer sizes and thresholds.
  case sizes = "Sizes and thresholds"
  /// Scroll physics.
  case physics = "Physics"
  /// Durations of animations.
  case animation = "Animation"
  /// Load-more footer behaviour.
  case footer = "Footer"
  /// How presses, touchpads and touches are read.
  case input = "Input"
}
