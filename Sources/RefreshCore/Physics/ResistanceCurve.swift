/// The names of the built-in curve families, as tuning files and the command line spell them:
/// which family turns a finger's travel past an edge into the distance the content shows, and
/// how content returns to rest from there.
///
/// Each name stands for one ``ScrollPhysics`` value built from a tuning's constants
/// (``physics(for:)``); a program's own family goes in ``Tuning/customPhysics`` instead.
public enum ResistanceCurve: String, Codable, Sendable, CaseIterable {
  /// iOS's rubber band `x·d·c / (d + c·x)`, `c` = `rubberBandConstant`, `d` the viewport; a
  /// spring back to rest (``IOSRubberBandPhysics``).
  case iosRubberBand
  /// Flutter's BouncingScrollPhysics, the iOS form with `c` = `frictionFactor`; a spring back
  /// to rest that a fling hands at most `maxSpringTransferVelocity` (``FlutterFrictionPhysics``).
  case flutterFriction
  /// SmartRefreshLayout's `y = min(M·(1 − 100^(−x′/H)), x′)`, `x′ = dragRate·x`,
  /// `M = maxDragRate·header height`; a fixed-length viscous-fluid rebound
  /// (``SmartDampingPhysics``).
  case smartDamping
  /// SwipeRefreshLayout's badge: one to one up to the trigger `T`, then a tension that stops at
  /// `2T`; a fixed-length viscous-fluid rebound (``MaterialTensionPhysics``).
  case materialTension

  /// The family this name stands for, with the constants `tuning` gives it: the one place a
  /// curve's name meets its type.
  public func physics(for tuning: Tuning) -> any ScrollPhysics {
    switch self {
    case .iosRubberBand: IOSRubberBandPhysics(tuning: tuning)
    case .flutterFriction: FlutterFrictionPhysics(tuning: tuning)
    case .smartDamping: SmartDampingPhysics(tuning: tuning)
    case .materialTension: MaterialTensionPhysics(tuning: tuning)
    }
  }
}
