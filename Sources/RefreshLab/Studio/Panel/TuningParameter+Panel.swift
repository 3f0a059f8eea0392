import RefreshCore

/// How the studio shows each of the core's tuning parameters: its group, unit and slider
/// step. The core knows a parameter's key and allowed range; how it reads in a panel is the
/// lab's business.
extension TuningParameter {
  /// The panel group the parameter sits in.
  var group: TuningGroup { _panelPresentation.group }
  /// Unit shown beside the value ("pt", "s", "pt/s", or empty): the panel's, else the
  /// definition's (`unit`, which a curve family's parameter brings).
  var panelUnit: String { _panelPresentation.unit }
  /// A comfortable slider step.
  var step: Double { _panelPresentation.step }

  /// A parameter the table does not list (a curve family's, a program's included) still gets a
  /// row: among the physics, in the unit its definition gives, a hundredth of its range per step.
  var _panelPresentation: PanelPresentation {
    Self._panelPresentations[key]
      ?? PanelPresentation(group: .physics, unit: unit, step: (range.upperBound - range.lowerBound) / 100)
  }

  static let _panelPresentations: [String: PanelPresentation] = [
    "headerHeight": PanelPresentation(group: .sizes, unit: "pt", step: 1),
    "refreshThreshold": PanelPresentation(group: .sizes, unit: "pt", step: 1),
    "footerHeight": PanelPresentation(group: .sizes, unit: "pt", step: 1),
    "loadMoreThreshold": PanelPresentation(group: .sizes, unit: "pt", step: 1),
    "rubberBandConstant": PanelPresentation(group: .physics, unit: "", step: 0.01),
    "frictionFactor": PanelPresentation(group: .physics, unit: "", step: 0.01),
    "maxSpringTransferVelocity": PanelPresentation(group: .physics, unit: "pt/s", step: 100),
    "dragRate": PanelPresentation(group: .physics, unit: "", step: 0.01),
    "maxDragRate": PanelPresentation(group: .physics, unit: "", step: 0.05),
    "reboundDuration": PanelPresentation(group: .physics, unit: "s", step: 0.01),
    "decelerationRate": PanelPresentation(group: .physics, unit: "/ms", step: 0.0005),
    "springMass": PanelPresentation(group: .physics, unit: "", step: 0.1),
    "springStiffness": PanelPresentation(group: .physics, unit: "", step: 5),
    "springDampingRatio": PanelPresentation(group: .physics, unit: "", step: 0.05),
    "minimumFlingVelocity": PanelPresentation(group: .physics, unit: "pt/s", step: 10),
    "maximumFlingVelocity": PanelPresentation(group: .physics, unit: "pt/s", step: 100),
    "wheelLineDistance": PanelPresentation(group: .physics, unit: "pt", step: 1),
    "keyLineDistance": PanelPresentation(group: .physics, unit: "pt", step: 1),
    "openDuration": PanelPresentation(group: .animation, unit: "s", step: 0.01),
    "collapseDuration": PanelPresentation(group: .animation, unit: "s", step: 0.01),
    "arrowFlipDuration": PanelPresentation(group: .animation, unit: "s", step: 0.01),
    "scrollAnimationDuration": PanelPresentation(group: .animation, unit: "s", step: 0.01),
    "spinnerPeriod": PanelPresentation(group: .animation, unit: "s", step: 0.05),
    "minimumSpinnerTime": PanelPresentation(group: .animation, unit: "s", step: 0.05),
    "finishingHoldDuration": PanelPresentation(group: .animation, unit: "s", step: 0.05),
    "twoLevelFloorRate": PanelPresentation(group: .sizes, unit: "×", step: 0.1),
    "twoLevelMaxRate": PanelPresentation(group: .sizes, unit: "×", step: 0.1),
    "twoLevelFloorDuration": PanelPresentation(group: .animation, unit: "s", step: 0.05),
    "preloadDistance": PanelPresentation(group: .footer, unit: "pt", step: 5),
    "tapSlop": PanelPresentation(group: .input, unit: "pt", step: 1),
    "touchpadReleaseDelay": PanelPresentation(group: .input, unit: "s", step: 0.005),
  ]
}

/// A tuning parameter's look in the panel.
struct PanelPresentation: Sendable {
  var group: TuningGroup
  var unit: String
  var step: Double
}
