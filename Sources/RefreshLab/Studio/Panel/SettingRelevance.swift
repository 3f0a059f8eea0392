import RefreshCore

/// Whether a setting acts under a tuning: the one place the studio decides which settings it
/// shows, which it greys and why.
///
/// A setting another curve family uses is not shown at all: the core's own declaration says
/// which families a parameter belongs to (`TuningParameter.applies(to:)`, its `curves`), and the
/// panel's rows follow it. A setting the family uses but the tuning's modes leave idle (the
/// footer's threshold in automatic mode, the second floor's settings with the floor off, the
/// bounce spring under a family that releases by a rebound) is shown greyed with the reason.
/// When the core declares more precisely which family uses what, the rows follow it here
/// without another change.
enum SettingRelevance: Sendable, Equatable {
  /// The setting changes the motion.
  case acts
  /// The setting changes nothing under this tuning; `reason` says which mode would make it act.
  case idle(reason: String)

  var isActing: Bool { self == .acts }

  /// The reason it is idle, nil when it acts.
  var reason: String? {
    if case .idle(let reason) = self { return reason }
    return nil
  }

  /// Whether the row of `parameter` is shown at all under `curve`: the family uses it.
  static func isShown(_ parameter: TuningParameter, under curve: ResistanceCurve) -> Bool {
    parameter.applies(to: curve)
  }

  /// How the setting `key` stands under `tuning`. Keys the studio does not know act.
  static func of(key: String, in tuning: Tuning) -> SettingRelevance {
    let curveName = Self.name(of: tuning.resistanceCurve)
    switch key {
    case "loadMoreThreshold":
      // A family whose band reads the threshold (Material's tension) uses it in either mode.
      return tuning.footerMode == .releaseToLoad || bandReadsThreshold(tuning)
        ? .acts : .idle(reason: "footer mode is automatic")
    case "openDuration":
      // An overlay header's badge moves over still content: no inset opens, and the content's
      // release is the family's own unless it is eased.
      return tuning.headerStyle == .overlay && tuning.armedRelease == .family
        ? .idle(reason: "an overlay header opens no inset") : .acts
    case "preloadDistance":
      return tuning.footerMode == .automatic ? .acts : .idle(reason: "footer mode is release to load")
    case "springMass", "springStiffness", "springDampingRatio", "springDuration", "springBounce":
      return releasesBySpring(tuning)
        ? .acts : .idle(reason: "the \(curveName) curve releases by a rebound, not a spring")
    case "twoLevelFloorRate":
      return tuning.headerStyle == .overlay ? .idle(reason: "an overlay header has no second floor") : .acts
    case "twoLevelFloorDuration", "twoLevelMaxRate":
      if tuning.headerStyle == .overlay { return .idle(reason: "an overlay header has no second floor") }
      if tuning.twoLevelFloorRate <= 0 { return .idle(reason: "two-level is off (twoLevelFloorRate 0)") }
      if key == "twoLevelMaxRate", tuning.resistanceCurve != .smartDamping {
        return .idle(reason: "only the smart curve caps the pull by it")
      }
      return .acts
    default:
      return .acts
    }
  }

  /// A curve family as a sentence names it: its definition's label.
  static func name(of curve: ResistanceCurve) -> String { curve.family.label }

  /// Whether the tuning's curve family damps a pull past the end by the footer's threshold
  /// (asked of the family: the same travel past two thresholds shows differently).
  static func bandReadsThreshold(_ tuning: Tuning) -> Bool {
    let physics = tuning.physics
    let near = OverscrollEdge(
      side: .bottom, viewportHeight: 700, barHeight: tuning.footerHeight, threshold: 40)
    var far = near
    far.threshold = 120
    return [30.0, 90, 200].contains {
      abs(physics.displacement(forTravel: $0, past: near) - physics.displacement(forTravel: $0, past: far))
        > 1e-9
    }
  }

  /// Whether the tuning's curve family returns content let go past an edge by a spring (iOS,
  /// Flutter), rather than by a rebound of fixed duration (Smart, Material): asked of the family
  /// itself, so a family defined elsewhere answers for itself.
  static func releasesBySpring(_ tuning: Tuning) -> Bool {
    tuning.physics.releaseMotion(from: -100, velocity: 0, to: 0) is SpringMotion
  }
}
