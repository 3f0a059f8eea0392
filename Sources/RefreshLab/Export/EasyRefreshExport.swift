import RefreshCore

/// easy_refresh 3.x's `EasyRefresh` with a `ClassicHeader` (`MaterialHeader` for the overlay
/// style) and a `ClassicFooter`, in logical pixels, as `lib/src/easy_refresh.dart`,
/// `lib/src/indicator/indicator.dart` and `lib/src/physics/scroll_physics.dart` read them.
///
/// easy_refresh's physics extends BouncingScrollPhysics: a `frictionFactor` closure gets the
/// overscroll as a fraction of the viewport and returns how far the content moves per point of
/// finger, so each lab curve is written as its own slope at the distance shown.
enum EasyRefreshExport {
  /// `ωT` at which a critical spring has covered 99 % of its way: `e^(−ωT)(1 + ωT) = 0.01`.
  static let criticalSettle = 6.638

  /// A critical spring (mass 1) that covers 99 % of its way in `seconds`.
  static func spring(settlingIn seconds: Double) -> String {
    let omega = criticalSettle / max(seconds, 0.01)
    let r = ExportSheet.real
    return "SpringDescription(mass: 1.0, stiffness: \(r(omega * omega)), damping: \(r(2 * omega)))"
  }

  /// The `frictionFactor` closure of the tuning's curve for a bar whose curve reaches `reach`
  /// points and arms at `threshold`: the family's own code for easy_refresh, with the numbers in
  /// place; nil for the curves that need none per bar.
  static func friction(_ t: Tuning, reach: Double, threshold: Double) -> String? {
    guard case .damped(let rate, _, let slope?) = form(t) else { return nil }
    let r = ExportSheet.real
    return slope.replacing("{rate}", with: r(t[parameter: rate])).replacing("{reach}", with: r(reach))
      .replacing("{threshold}", with: r(threshold))
  }

  /// The export target's name, as a curve family's `exports` key it.
  static let target = ExportFormat.easyrefresh.rawValue

  /// How the tuning's curve family says easy_refresh carries it.
  static func form(_ t: Tuning) -> CurveExportForm { t.resistanceCurve.family.exportForm(for: target) }

  /// The header's reach of a damped curve: with the floor open, the floor's reach for a curve
  /// that reaches in bar heights (SmartRefreshLayout's TwoLevelHeader).
  static func reach(_ t: Tuning, header: Bool) -> Double? {
    guard case .damped(_, let reach, _) = form(t) else { return nil }
    if header, floorOpens(t), case .barHeights = reach { return smartHeaderReach(t) }
    return reach.points(
      t, height: header ? t.headerHeight : t.footerHeight,
      threshold: header ? t.refreshThreshold : t.loadMoreThreshold)
  }

  /// The library's files the rows were read from.
  static let easyRefresh = "lib/src/easy_refresh.dart"
  static let indicator = "lib/src/indicator/indicator.dart"
  static let scrollPhysics = "lib/src/physics/scroll_physics.dart"
  static let headers = "lib/src/indicator/header/header.dart"

  /// A `name: value,` argument line, with an optional trailing comment.
  static func argument(_ name: String, _ value: String, _ comment: String? = nil) -> String {
    "\(name): \(value)," + (comment.map { " // " + $0 } ?? "")
  }

  /// A rule that writes one argument into `place` and expresses `keys`.
  static func setting(
    _ name: String, in place: String, keys: [String], conversion: String, meaning: String,
    source: String = indicator, value: @escaping @Sendable (Tuning) -> String
  ) -> ExportRule {
    ExportRule(name, keys: keys, conversion: conversion, meaning: meaning, source: source) { rule, t, out in
      out.add(place, argument(rule.setting, value(t)))
      for key in rule.keys { out.express(key) }
    }
  }

  static func isBand(_ t: Tuning) -> Bool {
    if case .rubberBand = form(t) { true } else { false }
  }

  /// The `SecondaryBuilderHeader` arguments of the second floor (`lib/src/indicator/header/header.dart`,
  /// `indicator.dart`), empty when it is off. What differs from the lab: easy_refresh opens the
  /// floor at a speed (`secondaryVelocity`, px/s) where the lab takes `twoLevelFloorDuration`
  /// whatever the distance, so the speed written crosses the whole viewport in that time; it
  /// closes the floor after a drag up of `secondaryCloseTriggerOffset` (70 px, left at its
  /// default) where the lab's starts in the floor's bottom sixth; and it needs the floor beyond
  /// the trigger (`secondaryTriggerOffset > triggerOffset`) and no overlay header.
  /// How far the smart curve lets the header be pulled: twoLevelMaxRate header heights with the
  /// floor on, maxDragRate's reach otherwise.
  static func smartHeaderReach(_ t: Tuning) -> Double {
    floorOpens(t) ? t.twoLevelMaxRate * t.headerHeight : t.maxDrag(over: t.headerHeight)
  }

  static func floorOpens(_ t: Tuning) -> Bool {
    t.twoLevelFloorRate > 0 && t.headerStyle != .overlay
      && t.twoLevelFloorRate * t.headerHeight > t.refreshThreshold
  }
}

extension EasyRefreshExport: TableExporter {
  static let library = "easy_refresh"
  static let heading = "easy_refresh 3.x (Dart)"

  /// The ready spring's two lines: a critical spring that opens in `openDuration`.
  static func readySpring(_ t: Tuning, comment: Bool) -> [String] {
    [
      "readySpringBuilder: ({required mode, required offset, required actualTriggerOffset, required velocity}) =>",
      "    \(spring(settlingIn: t.openDuration))" + (comment ? ", // opens in openDuration" : ","),
    ]
  }

  static let rules: [ExportRule] = [
    setting(
      "simultaneously", in: "top", keys: ["allowsSimultaneousRefreshAndLoad"], conversion: "bool",
      meaning: "whether a refresh and a load may run at once", source: easyRefresh
    ) { String($0.allowsSimultaneousRefreshAndLoad) },
    // BouncingScrollPhysics' form c·(1 − f)² is the iOS band's slope at the distance shown.
    ExportRule(
      "frictionFactor", keys: ["resistanceCurve", "rubberBandConstant", "frictionFactor"],
      conversion: "band curves: (f) => c * math.pow(1 - f, 2); smart and material: per bar (below)",
      meaning: "how far the content moves per point of finger, at overscroll fraction f",
      source: scrollPhysics
    ) { rule, t, out in
      guard case .rubberBand(let constant) = form(t) else { return }
      let c = t[parameter: constant]
      out.add("top", argument(rule.setting, "(f) => \(ExportSheet.real(c)) * math.pow(1 - f, 2)"))
      out.express("resistanceCurve", constant)
    },
    ExportRule(
      "spring", keys: ["springMass", "springStiffness", "springDampingRatio", "reboundDuration", "dragRate"],
      conversion:
        "band curves: SpringDescription(mass, stiffness, damping = 2ζ√(km)); smart and material: a critical spring settling in reboundDuration (a note)",
      meaning: "the spring the content returns on", source: scrollPhysics
    ) { rule, t, out in
      let r = ExportSheet.real
      if isBand(t) {
        out.add(
          "top",
          "\(rule.setting): SpringDescription(mass: \(r(t.springMass)), stiffness: \(r(t.springStiffness)), damping: "
            + "\(r(2 * t.springDampingRatio * (t.springStiffness * t.springMass).squareRoot()))), "
            + "// damping ratio \(ExportSheet.number(t.springDampingRatio))")
        out.express("springMass", "springStiffness", "springDampingRatio")
      } else if case .damped(let rate, let reach, _) = form(t) {
        out.add(
          "top", argument(rule.setting, spring(settlingIn: t.reboundDuration), "settles in reboundDuration"))
        out.express("resistanceCurve", rate)
        if case .barHeights(let key) = reach { out.express(key) }
        out.note(
          "reboundDuration", "a critical spring settling in that time stands for the viscous-fluid rebound")
      } else if case .noted(let why) = form(t) {
        out.note("resistanceCurve", why)
      }
    },
    // BouncingScrollSimulation's own cap, which easy_refresh keeps.
    ExportRule(
      "BouncingScrollSimulation's cap", keys: ["maxSpringTransferVelocity"], conversion: "5000 only",
      meaning: "the fastest a fling hands to the spring at an edge", source: scrollPhysics
    ) { _, t, out in
      if t.maxSpringTransferVelocity == TuningPreset.flutter.tuning.maxSpringTransferVelocity {
        out.express("maxSpringTransferVelocity")
      }
    },
    // The header: the inset it holds is its trigger offset in easy_refresh.
    setting(
      "triggerOffset", in: "header", keys: ["refreshThreshold"], conversion: "px = pt",
      meaning: "where the header arms, and the height it holds open"
    ) { ExportSheet.real($0.refreshThreshold) },
    ExportRule(
      "clamping, position", keys: ["headerStyle"],
      conversion: "IndicatorPosition.above / behind; overlay is MaterialHeader with clamping: true",
      meaning: "whether the header rides above the content, stays behind it, or floats over it",
      source: indicator
    ) { _, t, out in
      let overlay = t.headerStyle == .overlay
      out.add("header", argument("clamping", String(overlay)))
      if !overlay {
        out.add(
          "header",
          argument("position", "IndicatorPosition.\(t.headerStyle == .fixedBehind ? "behind" : "above")"))
      }
    },
    setting(
      "processedDuration", in: "header", keys: ["finishingHoldDuration"],
      conversion: "Duration(milliseconds:)",
      meaning: "how long the result shows"
    ) { "Duration(milliseconds: \(ExportSheet.milliseconds($0.finishingHoldDuration)))" },
    ExportRule(
      "readySpringBuilder", keys: ["openDuration"],
      conversion: "a critical spring covering 99 % of the way in openDuration (a note)",
      meaning: "the spring the header opens on", source: indicator
    ) { _, t, out in
      for line in readySpring(t, comment: true) { out.add("header", line) }
      out.add("header", argument("springRebound", "false"))
      out.note("openDuration", "readySpringBuilder's critical spring covers 99 % of the way in that time")
    },
    ExportRule(
      "readySpringBuilder", keys: ["armedRelease"], conversion: "family only",
      meaning: "a release past the trigger springs to the held height", source: indicator
    ) { _, t, out in
      if t.armedRelease == .family {
        out.express("armedRelease")
      } else {
        out.note(
          "armedRelease",
          "easy_refresh springs to the held height on readySpringBuilder, not an eased animation")
      }
    },
    ExportRule(
      "none apart from triggerOffset", keys: ["headerHeight"], conversion: "= refreshThreshold only",
      meaning: "easy_refresh holds the header open at its trigger", source: indicator
    ) { _, t, out in
      if t.headerHeight == t.refreshThreshold {
        out.express("headerHeight")
      } else {
        out.note("headerHeight", "easy_refresh holds the header open at its triggerOffset")
      }
    },
    ExportRule(
      "ClassicHeader's movement", keys: ["headerStyle"], conversion: "scale has none (a note)",
      meaning: "ClassicHeader follows the content; it does not grow", source: headers
    ) { _, t, out in
      if t.headerStyle == .scale {
        out.note("headerStyle", "easy_refresh's ClassicHeader does not grow; it follows the content")
      } else {
        out.express("headerStyle")
      }
    },
    // easy_refresh loads once the content's end is nearer than infiniteOffset (≥ 0).
    ExportRule(
      "footer triggerOffset, infiniteOffset",
      keys: ["footerMode", "footerHeight", "loadMoreThreshold", "preloadDistance"],
      conversion:
        "automatic: triggerOffset = footerHeight, infiniteOffset = preloadDistance (≥ 0); release-to-load: triggerOffset = loadMoreThreshold, infiniteOffset: null",
      meaning: "a footer that loads as the end nears, or one pulled and released", source: indicator
    ) { _, t, out in
      let r = ExportSheet.real
      switch t.footerMode {
      case .automatic:
        out.add("footer", argument("triggerOffset", r(t.footerHeight)))
        out.add("footer", argument("infiniteOffset", r(max(0, t.preloadDistance))))
        out.express("footerMode", "footerHeight")
        if t.preloadDistance >= 0 {
          out.express("preloadDistance")
        } else {
          out.note(
            "preloadDistance", "easy_refresh's infiniteOffset cannot wait for part of the footer to show")
        }
      case .releaseToLoad:
        out.add("footer", argument("triggerOffset", r(t.loadMoreThreshold)))
        out.add("footer", argument("infiniteOffset", "null"))
        out.express("footerMode", "loadMoreThreshold", "preloadDistance")
        if t.footerHeight == t.loadMoreThreshold {
          out.express("footerHeight")
        } else {
          out.note("footerHeight", "easy_refresh holds the footer open at its triggerOffset")
        }
      }
    },
    ExportRule(
      "footer readySpringBuilder", keys: [], conversion: "= the header's",
      meaning: "the spring the footer opens on", source: indicator
    ) { _, t, out in
      for line in readySpring(t, comment: false) { out.add("footer", line) }
      out.add("footer", argument("springRebound", "false"))
    },
    ExportRule(
      "SecondaryBuilderHeader", keys: ["twoLevelFloorRate", "twoLevelFloorDuration"],
      conversion:
        "secondaryTriggerOffset = twoLevelFloorRate × headerHeight (px); secondaryVelocity = viewportHeight ÷ twoLevelFloorDuration (px/s, a note)",
      meaning: "the second floor around the header", source: headers
    ) { _, t, out in
      let r = ExportSheet.real
      guard t.twoLevelFloorRate > 0 else { return }
      let trigger = t.twoLevelFloorRate * t.headerHeight
      guard t.headerStyle != .overlay else {
        out.note("twoLevelFloorRate", "the lab opens no second floor under an overlay header")
        return
      }
      guard trigger > t.refreshThreshold else {
        out.note("twoLevelFloorRate", "easy_refresh needs the floor beyond the refresh trigger")
        return
      }
      out.express("twoLevelFloorRate")
      out.note(
        "twoLevelFloorDuration", "secondaryVelocity opens at the speed that crosses the viewport in that time"
      )
      out.add("floor", argument("secondaryTriggerOffset", r(trigger), "twoLevelFloorRate × header height"))
      out.add(
        "floor",
        argument(
          "secondaryVelocity", "viewportHeight / \(r(t.twoLevelFloorDuration))",
          "crosses the viewport in twoLevelFloorDuration"))
      out.add("floor", argument("builder", "secondaryBuilder"))
    },
    ExportRule(
      "header and footer frictionFactor", keys: ["dragRate", "maxDragRate", "twoLevelMaxRate"],
      conversion:
        "smart and material: the curve's slope at the distance shown, reaching the bar's maxOverOffset",
      meaning: "the curve per bar", source: scrollPhysics
    ) { _, t, out in
      guard let header = reach(t, header: true), let footer = reach(t, header: false) else { return }
      if case .damped(_, .barHeights, _) = form(t), floorOpens(t) { out.express("twoLevelMaxRate") }
      if let f = friction(t, reach: header, threshold: t.refreshThreshold) {
        out.add("header", "frictionFactor: \(f)")
      }
      if let f = friction(t, reach: footer, threshold: t.loadMoreThreshold) {
        out.add("footer", "frictionFactor: \(f)")
      }
    },
    ExportRule(
      "maxOverOffset", keys: ["maxDragRate", "twoLevelMaxRate"],
      conversion:
        "smart: maxDragRate × height (twoLevelMaxRate × headerHeight with the floor); material: 2 × threshold",
      meaning: "how far each bar can be pulled (px)", source: indicator
    ) { rule, t, out in
      let r = ExportSheet.real
      guard let header = reach(t, header: true), let footer = reach(t, header: false) else { return }
      out.add("header", argument(rule.setting, r(header)))
      out.add("footer", argument(rule.setting, r(footer)))
    },
    ExportRule(
      "none: the footer stays after the last page", keys: ["hidesFooterWhenNoMoreData"],
      conversion: "false only",
      meaning: "ClassicFooter shows no more data and stays", source: indicator
    ) { _, t, out in
      if !t.hidesFooterWhenNoMoreData { out.express("hidesFooterWhenNoMoreData") }
    },
  ]

  static let remarks = """
    What differs for the second floor: easy_refresh opens it at a speed (`secondaryVelocity`)
    where the lab takes `twoLevelFloorDuration` whatever the distance, and closes it after a drag up
    of `secondaryCloseTriggerOffset` (70 px, left at its default) where the lab's drag starts in the
    floor's bottom sixth; it also refuses a floor at or below the trigger. With the floor on, see
    [easyrefresh-two-level.dart](easyrefresh-two-level.dart).
    """

  static func text(of draft: ExportDraft, tuning t: Tuning, source: String) -> String {
    let floor = draft.lines("floor")
    let overlay = t.headerStyle == .overlay
    let usesViewport = !isBand(t)
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
    lines += draft.lines("top").map { "  " + $0 }
    let header = draft.lines("header")
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
    lines += draft.lines("footer").map { "    " + $0 }
    lines += ["  ),", "  onRefresh: onRefresh,", "  onLoad: onLoad,", "  child: list,", ")"]
    let closing = draft.sheet.closing(target: library)
    if !closing.isEmpty {
      lines.append("")
      lines += closing.map { "// " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
