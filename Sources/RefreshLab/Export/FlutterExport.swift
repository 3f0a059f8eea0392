import RefreshCore

/// flutter pull_to_refresh's `RefreshConfiguration` around a `SmartRefresher` (logical pixels,
/// which are points).
struct FlutterExport {
  let tuning: Tuning
  let source: String

  /// `ScrollDecelerationRate.fast`, UIScrollView's fast rate (UIScrollView.DecelerationRate.fast).
  static let fastDeceleration = 0.99

  var text: String {
    var sheet = ExportSheet(tuning)
    let t = tuning
    // What Flutter does on its own, as the flutter preset carries it.
    let own = TuningPreset.flutter.tuning
    let n = ExportSheet.number
    func real(_ value: Double) -> String {
      let text = n(value)
      return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
    var settings: [String] = [
      "headerTriggerDistance: \(real(t.refreshThreshold)),"
    ]
    var notes: [String] = []
    sheet.express("refreshThreshold")
    // SpringDescription takes the damping coefficient: 2·ratio·√(stiffness·mass).
    let damping = 2 * t.springDampingRatio * (t.springStiffness * t.springMass).squareRoot()
    settings.append(
      "springDescription: SpringDescription(mass: \(real(t.springMass)), stiffness: \(real(t.springStiffness)), "
        + "damping: \(real((damping * 1000).rounded() / 1000))), // damping ratio \(n(t.springDampingRatio))")
    sheet.express("springMass", "springStiffness", "springDampingRatio")
    switch t.resistanceCurve {
    case .smartDamping:
      settings.append("dragSpeedRatio: \(real(t.dragRate)),")
      settings.append("maxOverScrollExtent: \(real(t.maxDrag(over: t.headerHeight))),")
      settings.append("maxUnderScrollExtent: \(real(t.maxDrag(over: t.footerHeight))),")
      sheet.express("dragRate", "maxDragRate")
      notes.append("resistanceCurve = smartDamping: the drag ratio and the limits above approximate it")
    case .materialTension:
      settings.append("dragSpeedRatio: \(real(t.dragRate)),")
      settings.append("maxOverScrollExtent: \(real(2 * t.refreshThreshold)),")
      sheet.express("dragRate")
      notes.append("resistanceCurve = materialTension: the drag ratio and the limit above approximate it")
    case .flutterFriction:
      notes.append(
        "maxOverScrollExtent left unset: the friction curve nears the viewport's height and has no limit of its own"
      )
      if t.frictionFactor == own.frictionFactor {
        notes.append(
          "resistanceCurve = flutterFriction, frictionFactor = \(n(t.frictionFactor)): BouncingScrollPhysics' own "
            + "friction, nothing to set")
        sheet.express("frictionFactor")
      }
    case .iosRubberBand:
      notes.append(
        "resistanceCurve = iosRubberBand: Flutter has no iOS band; BouncingScrollPhysics (friction "
          + "\(n(own.frictionFactor))), what Flutter uses on iOS, is the closest"
      )
    }
    sheet.express("resistanceCurve")
    if t.resistanceCurve == .flutterFriction, t.maxSpringTransferVelocity == own.maxSpringTransferVelocity {
      notes.append(
        "maxSpringTransferVelocity = \(n(t.maxSpringTransferVelocity)): BouncingScrollSimulation's own constant, "
          + "nothing to set")
      sheet.express("maxSpringTransferVelocity")
    }
    if t.decelerationRate == own.decelerationRate || t.decelerationRate == Self.fastDeceleration {
      notes.append(
        "decelerationRate = \(n(t.decelerationRate)): use BouncingScrollPhysics(decelerationRate: "
          + "ScrollDecelerationRate.\(t.decelerationRate == Self.fastDeceleration ? "fast" : "normal")) as the list's physics"
      )
      sheet.express("decelerationRate")
    }
    switch t.footerMode {
    case .automatic:
      settings.append("footerTriggerDistance: \(real(t.preloadDistance)),")
      settings.append("enableBallisticLoad: true,")
      sheet.express("footerMode", "preloadDistance")
    case .releaseToLoad:
      notes.append(
        "footerMode = releaseToLoad: pull_to_refresh loads as the end comes near, never on release")
      sheet.express("footerMode")
    }

    let header: String
    switch t.headerStyle {
    case .overlay:
      header = "MaterialClassicHeader(height: \(real(t.headerHeight)))"
      sheet.express("headerHeight")
    case .translate, .fixedBehind:
      let style = t.headerStyle == .translate ? "Follow" : "Behind"
      header =
        "ClassicHeader(height: \(real(t.headerHeight)), refreshStyle: RefreshStyle.\(style), "
        + "completeDuration: Duration(milliseconds: \(ExportSheet.milliseconds(t.finishingHoldDuration))))"
      sheet.express("headerHeight", "finishingHoldDuration")
    case .scale:
      header =
        "ClassicHeader(height: \(real(t.headerHeight)), "
        + "completeDuration: Duration(milliseconds: \(ExportSheet.milliseconds(t.finishingHoldDuration))))"
      sheet.express("headerHeight", "finishingHoldDuration")
      notes.append(
        "headerStyle = scale: pull_to_refresh has no growing header; ClassicHeader follows the content")
    }
    if t.headerStyle != .scale { sheet.express("headerStyle") }
    sheet.express("footerHeight")

    var lines = [
      "// pull_to_refresh configuration exported by refresh-lab from \(source).",
      "// Sizes are logical pixels; durations milliseconds.",
    ]
    lines += notes.map { "// \($0)" }
    lines += sheet.leftOver(unsupported: "pull_to_refresh has no setting for this").map { "// \($0)" }
    lines.append("RefreshConfiguration(")
    lines += settings.map { "  " + $0 }
    lines += [
      "  child: SmartRefresher(",
      "    controller: refreshController,",
      "    enablePullUp: true,",
      "    header: \(header),",
      "    footer: ClassicFooter(height: \(real(t.footerHeight))),",
      "    onRefresh: onRefresh,",
      "    onLoading: onLoading,",
      "    child: list,",
      "  ),",
      ")",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
