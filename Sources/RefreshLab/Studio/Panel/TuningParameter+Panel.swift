import RefreshCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the studio shows each of the core's tuning parameters: its group, unit, what it does in
/// one line and its slider step. The core knows a parameter's key and allowed range; how it
/// reads in a panel is the lab's business.
extension TuningParameter {
  /// The panel group the parameter sits in.
  var group: TuningGroup { _panelPresentation.group }
  /// Unit shown beside the value ("pt", "s", "pt/s", or empty): the panel's, else the
  /// definition's (`unit`, which a curve family's parameter brings).
  var panelUnit: String { _panelPresentation.unit }
  /// What the setting does, in which phase of a pull, in which unit: one line.
  var panelMeaning: String { _panelPresentation.meaning }
  /// The arrow keys' step: about a hundredth of the range, rounded down to 1, 2 or 5 times a
  /// power of ten, so ten steps (Shift) move a tenth of the way across the slider whatever the
  /// setting.
  var step: Double { Self.step(for: range) }

  /// A hundredth of `range`, rounded down to 1, 2 or 5 times a power of ten.
  static func step(for range: ClosedRange<Double>) -> Double {
    let hundredth = (range.upperBound - range.lowerBound) / 100
    guard hundredth > 0, hundredth.isFinite else { return 1 }
    let power = pow(10, (log10(hundredth) + 1e-9).rounded(.down))
    let mantissa = hundredth / power
    return (mantissa >= 5 - 1e-9 ? 5 : mantissa >= 2 - 1e-9 ? 2 : 1) * power
  }

  /// A parameter the table does not list (a curve family's, a program's included) still gets a
  /// row: among the physics, in the unit and with the meaning its definition gives.
  var _panelPresentation: PanelPresentation {
    Self._panelPresentations[key]
      ?? PanelPresentation(group: .physics, unit: unit, meaning: Self.definedMeaning(of: self))
  }

  /// A definition's meaning as the panel's lines read: its phase first ("Release: …"), then
  /// what it does, then its unit.
  static func definedMeaning(of parameter: TuningParameter) -> String {
    let phase =
      switch parameter.phase {
      case .pull: "Pull"
      case .release: "Release"
      case .fling: "Fling"
      case .any: "Motion"
      }
    return "\(phase): \(parameter.meaning)" + (parameter.unit.isEmpty ? "" : ", \(parameter.unit)")
  }

  static let _panelPresentations: [String: PanelPresentation] = [
    "headerHeight": .init(.sizes, "pt", "Refresh: the header's height, held open while refreshing, pt"),
    "refreshThreshold": .init(.sizes, "pt", "Pull: content travel at which the header arms, pt"),
    "footerHeight": .init(.sizes, "pt", "Load: the footer's height, held open while loading, pt"),
    "loadMoreThreshold": .init(.sizes, "pt", "Pull up: travel past the end that arms the footer, pt"),
    "rubberBandConstant": .init(.physics, "", "Pull: the band's give; lower is firmer (iOS 0.55)"),
    "frictionFactor": .init(.physics, "", "Pull: Flutter's friction; lower is firmer (0.52)"),
    "maxSpringTransferVelocity": .init(.physics, "pt/s", "Fling: most speed handed to the edge spring, pt/s"),
    "dragRate": .init(.physics, "", "Pull: share of finger travel the content follows, ratio"),
    "maxDragRate": .init(.physics, "", "Pull: the most the pull shows, in header heights"),
    "reboundDuration": .init(.physics, "s", "Release: time the rebound takes back to rest, s"),
    "decelerationRate": .init(.physics, "/ms", "Fling: share of speed kept per millisecond"),
    "springMass": .init(.physics, "", "Release: the spring's mass; heavier is slower"),
    "springStiffness": .init(.physics, "", "Release: the spring's stiffness; stiffer is quicker"),
    "springDampingRatio": .init(.physics, "", "Release: damping, 1 critical; below 1 overshoots"),
    "minimumFlingVelocity": .init(.physics, "pt/s", "Lift: slower releases are no fling, pt/s"),
    "maximumFlingVelocity": .init(.physics, "pt/s", "Lift: release speeds are capped at this, pt/s"),
    "wheelLineDistance": .init(.physics, "pt", "Wheel: distance one notch scrolls, pt"),
    "keyLineDistance": .init(.physics, "pt", "Keys: distance an arrow key scrolls, pt"),
    "openDuration": .init(.animation, "s", "Release: time the header's inset takes to open, s"),
    "collapseDuration": .init(.animation, "s", "Collapse: time the header takes to close, s"),
    "arrowFlipDuration": .init(.animation, "s", "Arming: time the arrow takes to turn, s"),
    "scrollAnimationDuration": .init(.animation, "s", "Keys and wheel: time a scroll takes, s"),
    "spinnerPeriod": .init(.animation, "s", "Refresh: time of one turn of the spinner, s"),
    "minimumSpinnerTime": .init(.animation, "s", "Refresh: least time the spinner shows, s"),
    "finishingHoldDuration": .init(.animation, "s", "Finish: time the result shows before collapse, s"),
    "twoLevelFloorRate": .init(.sizes, "×", "Pull: header heights that open the floor; 0 is off"),
    "twoLevelMaxRate": .init(.sizes, "×", "Pull, floor on: the most it shows, header heights"),
    "twoLevelFloorDuration": .init(.animation, "s", "Floor: time it takes to open and close, s"),
    "preloadDistance": .init(.footer, "pt", "Scroll: distance before the end loading starts, pt"),
    "tapSlop": .init(.input, "pt", "Press: travel before the content moves, pt"),
    "touchpadReleaseDelay": .init(.input, "s", "Touchpad: silence that counts as lifting, s"),
  ]
}

/// A tuning parameter's look in the panel.
struct PanelPresentation: Sendable {
  var group: TuningGroup
  var unit: String
  var meaning: String

  init(group: TuningGroup, unit: String, meaning: String) {
    self.group = group
    self.unit = unit
    self.meaning = meaning
  }

  init(_ group: TuningGroup, _ unit: String, _ meaning: String) {
    self.init(group: group, unit: unit, meaning: meaning)
  }
}
