import RefreshCore

/// flutter pull_to_refresh 2.0's `RefreshConfiguration` around a `SmartRefresher` (logical
/// pixels, which are points), as `lib/src/smart_refresher.dart` and
/// `lib/src/internals/refresh_physics.dart` read them.
struct FlutterExport {
  let tuning: Tuning
  let source: String

  /// `ScrollDecelerationRate.fast`, UIScrollView's fast rate (UIScrollView.DecelerationRate.fast).
  static let fastDeceleration = 0.99
  /// BouncingScrollPhysics' friction, which `dragSpeedRatio` multiplies (`RefreshPhysics`).
  static let bouncingFriction = 0.52

  var text: String { rendered.text }
  var sheet: ExportSheet { rendered.sheet }

  private var rendered: (text: String, sheet: ExportSheet) {
    var sheet = ExportSheet(tuning)
    let t = tuning
    let own = TuningPreset.flutter.tuning
    let n = ExportSheet.number
    let real = ExportSheet.real
    var settings: [String] = ["headerTriggerDistance: \(real(t.refreshThreshold)),"]
    sheet.express("refreshThreshold")
    // SpringDescription takes the damping coefficient: 2·ratio·√(stiffness·mass).
    let damping = 2 * t.springDampingRatio * (t.springStiffness * t.springMass).squareRoot()
    settings.append(
      "springDescription: SpringDescription(mass: \(real(t.springMass)), stiffness: \(real(t.springStiffness)), "
        + "damping: \(real(damping))), // damping ratio \(n(t.springDampingRatio))")
    sheet.express("springMass", "springStiffness", "springDampingRatio")

    // RefreshPhysics multiplies BouncingScrollPhysics' 0.52·(1 − overscroll/viewport)² by
    // dragSpeedRatio, which for a steady pull is the iOS band with c = 0.52·ratio; the limits
    // default to infinity only under bouncing physics (60 otherwise), so they are always set.
    switch t.resistanceCurve {
    case .iosRubberBand, .flutterFriction:
      let c = t.resistanceCurve == .iosRubberBand ? t.rubberBandConstant : t.frictionFactor
      settings += [
        "dragSpeedRatio: \(real(c / Self.bouncingFriction)), // friction \(n(c)) = 0.52 × ratio",
        "maxOverScrollExtent: double.infinity,", "maxUnderScrollExtent: double.infinity,",
      ]
      sheet.express(
        "resistanceCurve", t.resistanceCurve == .iosRubberBand ? "rubberBandConstant" : "frictionFactor")
    case .smartDamping:
      settings += [
        "dragSpeedRatio: \(real(t.dragRate / Self.bouncingFriction)), // starts at dragRate \(n(t.dragRate))",
        "maxOverScrollExtent: \(real(t.maxDrag(over: t.headerHeight))),",
        "maxUnderScrollExtent: \(real(t.maxDrag(over: t.footerHeight))),",
      ]
      sheet.express("maxDragRate")
      sheet.note("resistanceCurve", "approximated by dragSpeedRatio and the two limits")
      sheet.note(
        "dragRate", "the pull starts at this share of the finger (dragSpeedRatio), then bounces' friction")
    case .materialTension:
      settings += [
        "dragSpeedRatio: \(real(t.dragRate / Self.bouncingFriction)), // starts at dragRate \(n(t.dragRate))",
        "maxOverScrollExtent: \(real(2 * t.refreshThreshold)),",
        "maxUnderScrollExtent: \(real(2 * t.loadMoreThreshold)),",
      ]
      sheet.note("resistanceCurve", "approximated by dragSpeedRatio and the two limits")
      sheet.note(
        "dragRate", "the pull starts at this share of the finger (dragSpeedRatio), then bounces' friction")
    }
    if t.maxSpringTransferVelocity == own.maxSpringTransferVelocity {
      sheet.express("maxSpringTransferVelocity")
    }
    if t.decelerationRate == own.decelerationRate || t.decelerationRate == Self.fastDeceleration {
      let name = t.decelerationRate == Self.fastDeceleration ? "fast" : "normal"
      sheet.note(
        "decelerationRate",
        "give list BouncingScrollPhysics(decelerationRate: ScrollDecelerationRate.\(name))")
    }
    switch t.footerMode {
    case .automatic:
      // The footer is part of the scroll extent under LoadStyle.ShowAlways, so the distance is
      // measured from the footer's end: the lab's preloadDistance plus the footer's height.
      settings += [
        "footerTriggerDistance: \(real(t.preloadDistance + t.footerHeight)), // preloadDistance + footer height",
        "enableBallisticLoad: true,",
      ]
      sheet.express("footerMode", "preloadDistance")
    case .releaseToLoad:
      sheet.note("footerMode", "pull_to_refresh loads as the end comes near, never on release")
    }

    let header: String
    switch t.headerStyle {
    case .overlay:
      header = "MaterialClassicHeader(height: \(real(t.headerHeight)))"
      sheet.express("headerHeight", "headerStyle")
    case .translate, .fixedBehind, .scale:
      let style = t.headerStyle == .fixedBehind ? "Behind" : "Follow"
      header =
        "ClassicHeader(height: \(real(t.headerHeight)), refreshStyle: RefreshStyle.\(style), "
        + "completeDuration: Duration(milliseconds: \(ExportSheet.milliseconds(t.finishingHoldDuration))))"
      sheet.express("headerHeight", "finishingHoldDuration")
      if t.headerStyle == .scale {
        sheet.note("headerStyle", "pull_to_refresh has no growing header; ClassicHeader follows the content")
      } else {
        sheet.express("headerStyle")
      }
    }
    sheet.express("footerHeight")
    if !t.hidesFooterWhenNoMoreData { sheet.express("hidesFooterWhenNoMoreData") }

    // pull_to_refresh's second floor (`SmartRefresher.enableTwoLevel`, `RefreshConfiguration.
    // twiceTriggerDistance`, `lib/src/internals/indicator_wrap.dart`): a release past that many
    // pixels calls onTwoLevel, which opens the floor (RefreshController.requestTwoLevel takes its
    // own duration, so twoLevelFloorDuration stays with the caller); under an overlay header the
    // lab opens no floor.
    let floor = t.twoLevelFloorRate > 0 && t.headerStyle != .overlay
    if floor {
      settings.append(
        "twiceTriggerDistance: \(real(t.twoLevelFloorRate * t.headerHeight)), // twoLevelFloorRate × header height"
      )
      sheet.express("twoLevelFloorRate")
    } else if t.twoLevelFloorRate > 0 {
      sheet.note("twoLevelFloorRate", "the lab opens no second floor under an overlay header")
    }
    var supplied = "list (the scrollable)"
    if floor { supplied += ", onTwoLevel (opens the floor with refreshController.requestTwoLevel())" }
    var lines = [
      "// pull_to_refresh 2.0 configuration exported by refresh-lab from \(source).",
      "// Sizes are logical pixels; durations milliseconds. You supply: refreshController (a RefreshController),",
      "// onRefresh and onLoading (callbacks that end with refreshCompleted() / loadComplete()), \(supplied).",
      "RefreshConfiguration(",
    ]
    lines += settings.map { "  " + $0 }
    lines += [
      "  child: SmartRefresher(",
      "    controller: refreshController,",
      "    enablePullUp: true,",
      "    header: \(header),",
      "    footer: ClassicFooter(height: \(real(t.footerHeight)), loadStyle: LoadStyle.ShowAlways),",
      "    onRefresh: onRefresh,",
      "    onLoading: onLoading,",
    ]
    if floor { lines += ["    enableTwoLevel: true,", "    onTwoLevel: onTwoLevel,"] }
    lines += ["    child: list,", "  ),", ")"]
    let closing = sheet.closing(target: "pull_to_refresh")
    if !closing.isEmpty {
      lines.append("")
      lines += closing.map { "// " + $0 }
    }
    return (lines.joined(separator: "\n") + "\n", sheet)
  }
}
