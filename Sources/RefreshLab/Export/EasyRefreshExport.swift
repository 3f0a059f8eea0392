import RefreshCore

/// easy_refresh 3.x's `EasyRefresh` with a `ClassicHeader` (`MaterialHeader` for the overlay
/// style) and a `ClassicFooter`, in logical pixels, as `lib/src/easy_refresh.dart`,
/// `lib/src/indicator/indicator.dart` and `lib/src/physics/scroll_physics.dart` read them.
///
/// easy_refresh's physics extends BouncingScrollPhysics: a `frictionFactor` closure gets the
/// overscroll as a fraction of the viewport and returns how far the content moves per point of
/// finger, so each lab curve is written as its own slope at the distance shown.
struct EasyRefreshExport {
  let tuning: Tuning
  let source: String

  /// `ωT` at which a critical spring has covered 99 % of its way: `e^(−ωT)(1 + ωT) = 0.01`.
  static let criticalSettle = 6.638

  var text: String { rendered.text }
  var sheet: ExportSheet { rendered.sheet }

  /// A critical spring (mass 1) that covers 99 % of its way in `seconds`.
  static func spring(settlingIn seconds: Double) -> String {
    let omega = criticalSettle / max(seconds, 0.01)
    let r = ExportSheet.real
    return "SpringDescription(mass: 1.0, stiffness: \(r(omega * omega)), damping: \(r(2 * omega)))"
  }

  /// The `frictionFactor` closure of the tuning's curve for a bar whose curve reaches `reach`
  /// points (SmartRefreshLayout's `M`, SwipeRefreshLayout's trigger `T`); nil for the curves
  /// that need none per bar.
  func friction(reach: Double) -> String? {
    let t = tuning
    let r = ExportSheet.real
    switch t.resistanceCurve {
    case .iosRubberBand, .flutterFriction:
      return nil
    case .smartDamping:
      // y = M(1 − 100^(−x′/H)), x′ = dragRate·x, H the viewport: dy/dx = dragRate·ln 100·(M − y)/H.
      return
        "(f) => \(r(t.dragRate)) * math.max(0.0, math.min(1.0, 4.605 * (\(r(reach)) / viewportHeight - f))),"
    case .materialTension:
      // s = dragRate·x up to T, then T + u − u²/(4T) up to 2T: dy/dx = dragRate·√(2 − y/T).
      return "(f) => f * viewportHeight < \(r(reach)) ? \(r(t.dragRate)) : "
        + "\(r(t.dragRate)) * math.sqrt(math.max(0.0, 2 - f * viewportHeight / \(r(reach)))),"
    }
  }

  /// The `SecondaryBuilderHeader` arguments of the second floor (`lib/src/indicator/header/header.dart`,
  /// `indicator.dart`), empty when it is off. What differs from the lab: easy_refresh opens the
  /// floor at a speed (`secondaryVelocity`, px/s) where the lab takes `twoLevelFloorDuration`
  /// whatever the distance, so the speed written crosses the whole viewport in that time; it
  /// closes the floor after a drag up of `secondaryCloseTriggerOffset` (70 px, left at its
  /// default) where the lab's starts in the floor's bottom sixth; and it needs the floor beyond
  /// the trigger (`secondaryTriggerOffset > triggerOffset`) and no overlay header.
  func secondary(_ sheet: inout ExportSheet) -> [String] {
    let t = tuning
    let r = ExportSheet.real
    guard t.twoLevelFloorRate > 0 else { return [] }
    let trigger = t.twoLevelFloorRate * t.headerHeight
    guard t.headerStyle != .overlay else {
      sheet.note("twoLevelFloorRate", "the lab opens no second floor under an overlay header")
      return []
    }
    guard trigger > t.refreshThreshold else {
      sheet.note("twoLevelFloorRate", "easy_refresh needs the floor beyond the refresh trigger")
      return []
    }
    sheet.express("twoLevelFloorRate")
    sheet.note(
      "twoLevelFloorDuration", "secondaryVelocity opens at the speed that crosses the viewport in that time")
    return [
      "secondaryTriggerOffset: \(r(trigger)), // twoLevelFloorRate × header height",
      "secondaryVelocity: viewportHeight / \(r(t.twoLevelFloorDuration)), // crosses the viewport in twoLevelFloorDuration",
      "builder: secondaryBuilder,",
    ]
  }

  private var rendered: (text: String, sheet: ExportSheet) {
    var sheet = ExportSheet(tuning)
    let t = tuning
    let n = ExportSheet.number
    let r = ExportSheet.real
    let ms = ExportSheet.milliseconds
    var top: [String] = ["simultaneously: \(t.allowsSimultaneousRefreshAndLoad),"]
    sheet.express("allowsSimultaneousRefreshAndLoad")
    let usesViewport = t.resistanceCurve == .smartDamping || t.resistanceCurve == .materialTension
    switch t.resistanceCurve {
    case .iosRubberBand, .flutterFriction:
      // BouncingScrollPhysics' form c·(1 − f)² is the iOS band's slope at the distance shown.
      let c = t.resistanceCurve == .iosRubberBand ? t.rubberBandConstant : t.frictionFactor
      top += [
        "frictionFactor: (f) => \(r(c)) * math.pow(1 - f, 2),",
        "spring: SpringDescription(mass: \(r(t.springMass)), stiffness: \(r(t.springStiffness)), damping: "
          + "\(r(2 * t.springDampingRatio * (t.springStiffness * t.springMass).squareRoot()))), "
          + "// damping ratio \(n(t.springDampingRatio))",
      ]
      sheet.express(
        "resistanceCurve", t.resistanceCurve == .iosRubberBand ? "rubberBandConstant" : "frictionFactor",
        "springMass", "springStiffness", "springDampingRatio")
    case .smartDamping, .materialTension:
      top.append("spring: \(Self.spring(settlingIn: t.reboundDuration)), // settles in reboundDuration")
      sheet.express("resistanceCurve", "dragRate")
      if t.resistanceCurve == .smartDamping { sheet.express("maxDragRate") }
      sheet.note(
        "reboundDuration", "a critical spring settling in that time stands for the viscous-fluid rebound")
    }
    // BouncingScrollSimulation's own cap, which easy_refresh keeps.
    if t.maxSpringTransferVelocity == TuningPreset.flutter.tuning.maxSpringTransferVelocity {
      sheet.express("maxSpringTransferVelocity")
    }

    // The header: the inset it holds is its trigger offset in easy_refresh.
    let overlay = t.headerStyle == .overlay
    var header: [String] = [
      "triggerOffset: \(r(t.refreshThreshold)),",
      "clamping: \(overlay),",
    ]
    if !overlay {
      header.append("position: IndicatorPosition.\(t.headerStyle == .fixedBehind ? "behind" : "above"),")
    }
    header += [
      "processedDuration: Duration(milliseconds: \(ms(t.finishingHoldDuration))),",
      "readySpringBuilder: ({required mode, required offset, required actualTriggerOffset, required velocity}) =>",
      "    \(Self.spring(settlingIn: t.openDuration)), // opens in openDuration",
      "springRebound: false,",
    ]
    sheet.express("refreshThreshold", "finishingHoldDuration")
    sheet.note("openDuration", "readySpringBuilder's critical spring covers 99 % of the way in that time")
    if t.headerHeight == t.refreshThreshold {
      sheet.express("headerHeight")
    } else {
      sheet.note("headerHeight", "easy_refresh holds the header open at its triggerOffset")
    }
    if t.headerStyle == .scale {
      sheet.note("headerStyle", "easy_refresh's ClassicHeader does not grow; it follows the content")
    } else {
      sheet.express("headerStyle")
    }

    var footer: [String] = []
    switch t.footerMode {
    case .automatic:
      // easy_refresh loads once the content's end is nearer than infiniteOffset (≥ 0).
      footer += ["triggerOffset: \(r(t.footerHeight)),", "infiniteOffset: \(r(max(0, t.preloadDistance))),"]
      sheet.express("footerMode", "footerHeight")
      if t.preloadDistance >= 0 {
        sheet.express("preloadDistance")
      } else {
        sheet.note(
          "preloadDistance", "easy_refresh's infiniteOffset cannot wait for part of the footer to show")
      }
    case .releaseToLoad:
      footer += ["triggerOffset: \(r(t.loadMoreThreshold)),", "infiniteOffset: null,"]
      sheet.express("footerMode", "loadMoreThreshold", "preloadDistance")
      if t.footerHeight == t.loadMoreThreshold {
        sheet.express("footerHeight")
      } else {
        sheet.note("footerHeight", "easy_refresh holds the footer open at its triggerOffset")
      }
    }
    footer.append(
      "readySpringBuilder: ({required mode, required offset, required actualTriggerOffset, required velocity}) =>"
    )
    footer.append("    \(Self.spring(settlingIn: t.openDuration)),")
    footer.append("springRebound: false,")

    let floor = secondary(&sheet)
    switch t.resistanceCurve {
    case .smartDamping:
      // With the floor on, the header's pull reaches twoLevelMaxRate header heights instead.
      let headerReach = floor.isEmpty ? t.maxDrag(over: t.headerHeight) : t.twoLevelMaxRate * t.headerHeight
      if !floor.isEmpty { sheet.express("twoLevelMaxRate") }
      if let f = friction(reach: headerReach) { header.append("frictionFactor: \(f)") }
      if let f = friction(reach: t.maxDrag(over: t.footerHeight)) { footer.append("frictionFactor: \(f)") }
      header.append("maxOverOffset: \(r(headerReach)),")
      footer.append("maxOverOffset: \(r(t.maxDrag(over: t.footerHeight))),")
    case .materialTension:
      if let f = friction(reach: t.refreshThreshold) { header.append("frictionFactor: \(f)") }
      if let f = friction(reach: t.loadMoreThreshold) { footer.append("frictionFactor: \(f)") }
      header.append("maxOverOffset: \(r(2 * t.refreshThreshold)),")
      footer.append("maxOverOffset: \(r(2 * t.loadMoreThreshold)),")
    case .iosRubberBand, .flutterFriction:
      break
    }
    if !t.hidesFooterWhenNoMoreData { sheet.express("hidesFooterWhenNoMoreData") }

    var supplied =
      "controller (an EasyRefreshController), onRefresh and onLoad (async callbacks returning an "
      + "IndicatorResult), list (the scrollable)"
    if usesViewport || !floor.isEmpty { supplied += ", viewportHeight (the list's height)" }
    if !floor.isEmpty { supplied += ", secondaryBuilder (draws the header and the second floor)" }
    var lines = [
      "// easy_refresh 3.x set-up exported by refresh-lab from \(source). Sizes are logical pixels.",
      "// Needs import 'dart:math' as math; and import 'package:easy_refresh/easy_refresh.dart';.",
      "// You supply: \(supplied).",
      "EasyRefresh(",
      "  controller: controller,",
    ]
    lines += top.map { "  " + $0 }
    if floor.isEmpty {
      lines.append("  header: \(overlay ? "MaterialHeader" : "ClassicHeader")(")
      lines += header.map { "    " + $0 }
      lines.append("  ),")
    } else {
      // The floor wraps the header, as easy_refresh's secondary sample does.
      lines += ["  header: SecondaryBuilderHeader(", "    header: ClassicHeader("]
      lines += header.map { "      " + $0 }
      lines.append("    ),")
      lines += floor.map { "    " + $0 }
      lines.append("  ),")
    }
    lines.append("  footer: ClassicFooter(")
    lines += footer.map { "    " + $0 }
    lines += ["  ),", "  onRefresh: onRefresh,", "  onLoad: onLoad,", "  child: list,", ")"]
    let closing = sheet.closing(target: "easy_refresh")
    if !closing.isEmpty {
      lines.append("")
      lines += closing.map { "// " + $0 }
    }
    return (lines.joined(separator: "\n") + "\n", sheet)
  }
}
