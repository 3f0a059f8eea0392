/// Which curve family turns a finger's travel past an edge into the distance the content shows,
/// and how content returns to rest from there.
///
/// Each band is a function of the finger's total travel past the edge `x`, never applied per
/// delta, so the same finger position always shows the same offset at any frame rate, and each
/// has an inverse, so grabbing content that is already out of bounds never makes it jump. Each
/// family is one type (`_ScrollPhysics`) holding its closed forms and its motions.
public enum ResistanceCurve: String, Codable, Sendable, CaseIterable {
  /// iOS's rubber band `x·d·c / (d + c·x)`, `c` = `rubberBandConstant`, `d` the viewport; a
  /// spring back to rest.
  case iosRubberBand
  /// Flutter's BouncingScrollPhysics, the iOS form with `c` = `frictionFactor`; a spring back
  /// to rest that a fling hands at most `maxSpringTransferVelocity`.
  case flutterFriction
  /// SmartRefreshLayout's `y = min(M·(1 − 100^(−x′/H)), x′)`, `x′ = dragRate·x`,
  /// `M = maxDragRate·header height`; a fixed-length viscous-fluid rebound.
  case smartDamping
  /// SwipeRefreshLayout's badge: one to one up to the trigger `T`, then a tension that stops at
  /// `2T`; a fixed-length viscous-fluid rebound.
  case materialTension

  /// The family's physics: the one place a curve's name meets its type.
  var _physics: any _ScrollPhysics.Type {
    switch self {
    case .iosRubberBand: IOSRubberBandPhysics.self
    case .flutterFriction: FlutterFrictionPhysics.self
    case .smartDamping: SmartDampingPhysics.self
    case .materialTension: MaterialTensionPhysics.self
    }
  }
}
