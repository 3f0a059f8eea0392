import RefreshCore

/// flutter pull_to_refresh 2.0's `RefreshConfiguration` around a `SmartRefresher` (logical
/// pixels, which are points), as `lib/src/smart_refresher.dart` and
/// `lib/src/internals/refresh_physics.dart` read them.
enum FlutterExport {
  /// `ScrollDecelerationRate.fast`, UIScrollView's fast rate (UIScrollView.DecelerationRate.fast).
  static let fastDeceleration = 0.99
  /// BouncingScrollPhysics' friction, which `dragSpeedRatio` multiplies (`RefreshPhysics`).
  static let bouncingFriction = 0.52

  /// The library's files the rows were read from.
  static let configuration = "lib/src/smart_refresher.dart"
  static let physics = "lib/src/internals/refresh_physics.dart"
  static let indicators = "lib/src/indicator/classic_indicator.dart"
  static let wrap = "lib/src/internals/indicator_wrap.dart"

  /// A `name: value,` argument line, with an optional trailing comment.
  static func argument(_ name: String, _ value: String, _ comment: String? = nil) -> String {
    "\(name): \(value)," + (comment.map { " // " + $0 } ?? "")
  }

  /// The export target's name, as a curve family's `exports` key it.
  static let target = ExportFormat.flutter.rawValue

  /// How the tuning's curve family says pull_to_refresh carries it.
  static func form(_ t: Tuning) -> CurveExportForm { t.resistanceCurve.family.exportForm(for: target) }
}

extension FlutterExport: TableExporter {
  static let library = "pull_to_refresh"
  static let heading = "pull_to_refresh 2.0 (Dart)"

  static let rules: [ExportRule] = [
    ExportRule(
      "headerTriggerDistance", keys: ["refreshThreshold"], conversion: "px = pt",
      meaning: "how far a pull goes before it arms", source: configuration
    ) { rule, t, out in
      out.add("settings", argument(rule.setting, ExportSheet.real(t.refreshThreshold)))
      out.express("refreshThreshold")
    },
    // SpringDescription takes the damping coefficient: 2·ratio·√(stiffness·mass).
    ExportRule(
      "springDescription", keys: ["springMass", "springStiffness", "springDampingRatio"],
      conversion: "SpringDescription(mass, stiffness, damping = 2ζ√(km))",
      meaning: "the spring the content returns on", source: configuration
    ) { rule, t, out in
      let r = ExportSheet.real
      let damping = 2 * t.springDampingRatio * (t.springStiffness * t.springMass).squareRoot()
      out.add(
        "settings",
        "\(rule.setting): SpringDescription(mass: \(r(t.springMass)), stiffness: \(r(t.springStiffness)), "
          + "damping: \(r(damping))), // damping ratio \(ExportSheet.number(t.springDampingRatio))")
      out.express("springMass", "springStiffness", "springDampingRatio")
    },
    ExportRule(
      "springDescription", keys: ["armedRelease"], conversion: "family only",
      meaning: "a release past the trigger springs to the held height", source: physics
    ) { _, t, out in
      if t.armedRelease == .family {
        out.express("armedRelease")
      } else {
        out.note(
          "armedRelease",
          "pull_to_refresh springs to the held height (springDescription), not an eased animation")
      }
    },
    // RefreshPhysics multiplies BouncingScrollPhysics' 0.52·(1 − overscroll/viewport)² by
    // dragSpeedRatio, which for a steady pull is the iOS band with c = 0.52·ratio.
    ExportRule(
      "dragSpeedRatio", keys: ["resistanceCurve", "rubberBandConstant", "frictionFactor", "dragRate"],
      conversion: "= c ÷ 0.52 for the band curves; dragRate ÷ 0.52 at the edge for the others (a note)",
      meaning: "the multiple of BouncingScrollPhysics' friction a pull meets", source: physics
    ) { rule, t, out in
      let r = ExportSheet.real
      let n = ExportSheet.number
      switch form(t) {
      case .rubberBand(let constant):
        let c = t[parameter: constant]
        out.add(
          "settings", argument(rule.setting, r(c / bouncingFriction), "friction \(n(c)) = 0.52 × ratio"))
        out.express("resistanceCurve", constant)
      case .damped(let rate, let reach, _):
        let value = t[parameter: rate]
        out.add(
          "settings", argument(rule.setting, r(value / bouncingFriction), "starts at \(rate) \(n(value))"))
        if case .barHeights(let key) = reach { out.express(key) }
        out.note("resistanceCurve", "approximated by dragSpeedRatio and the two limits")
        out.note(
          rate, "the pull starts at this share of the finger (dragSpeedRatio), then bounces' friction")
      case .native: out.express("resistanceCurve")
      case .noted(let why), .refused(let why): out.note("resistanceCurve", why)
      }
    },
    // The limits default to infinity only under bouncing physics (60 otherwise), so they are
    // always set.
    extent("maxOverScrollExtent", of: "header"),
    extent("maxUnderScrollExtent", of: "footer"),
    ExportRule(
      "BouncingScrollSimulation's cap", keys: ["maxSpringTransferVelocity"], conversion: "5000 only",
      meaning: "the fastest a fling hands to the spring at an edge", source: physics
    ) { _, t, out in
      if t.maxSpringTransferVelocity == TuningPreset.flutter.tuning.maxSpringTransferVelocity {
        out.express("maxSpringTransferVelocity")
      }
    },
    ExportRule(
      "BouncingScrollPhysics(decelerationRate:)", keys: ["decelerationRate"],
      conversion: "0.998 normal, 0.99 fast: a note",
      meaning: "the list's own physics, which the reader gives it", source: physics
    ) { _, t, out in
      let own = TuningPreset.flutter.tuning.decelerationRate
      if t.decelerationRate == own || t.decelerationRate == fastDeceleration {
        let name = t.decelerationRate == fastDeceleration ? "fast" : "normal"
        out.note(
          "decelerationRate",
          "give list BouncingScrollPhysics(decelerationRate: ScrollDecelerationRate.\(name))")
      }
    },
    // The footer is part of the scroll extent under LoadStyle.ShowAlways, so the distance is
    // measured from the footer's end: the lab's preloadDistance plus the footer's height.
    ExportRule(
      "footerTriggerDistance, enableBallisticLoad", keys: ["footerMode", "preloadDistance"],
      conversion: "automatic: px = preloadDistance + footerHeight; release-to-load has none (a note)",
      meaning: "how near the end a load starts, from the footer's end under LoadStyle.ShowAlways",
      source: configuration
    ) { _, t, out in
      switch t.footerMode {
      case .automatic:
        out.add(
          "settings",
          argument(
            "footerTriggerDistance", ExportSheet.real(t.preloadDistance + t.footerHeight),
            "preloadDistance + footer height"))
        out.add("settings", argument("enableBallisticLoad", "true"))
        out.express("footerMode", "preloadDistance")
      case .releaseToLoad:
        out.note("footerMode", "pull_to_refresh loads as the end comes near, never on release")
      }
    },
    ExportRule(
      "ClassicHeader / MaterialClassicHeader",
      keys: ["headerHeight", "headerStyle", "finishingHoldDuration"],
      conversion:
        "height: px; RefreshStyle.Follow / Behind; overlay is MaterialClassicHeader; completeDuration: ms",
      meaning: "the header, how it moves, and how long its result shows", source: indicators
    ) { _, t, out in
      let r = ExportSheet.real
      switch t.headerStyle {
      case .overlay:
        out.add("header", "MaterialClassicHeader(height: \(r(t.headerHeight)))")
        out.express("headerHeight", "headerStyle")
      case .translate, .fixedBehind, .scale:
        let style = t.headerStyle == .fixedBehind ? "Behind" : "Follow"
        out.add(
          "header",
          "ClassicHeader(height: \(r(t.headerHeight)), refreshStyle: RefreshStyle.\(style), "
            + "completeDuration: Duration(milliseconds: \(ExportSheet.milliseconds(t.finishingHoldDuration))))"
        )
        out.express("headerHeight", "finishingHoldDuration")
        if t.headerStyle == .scale {
          out.note("headerStyle", "pull_to_refresh has no growing header; ClassicHeader follows the content")
        } else {
          out.express("headerStyle")
        }
      }
    },
    ExportRule(
      "ClassicFooter(height:)", keys: ["footerHeight", "hidesFooterWhenNoMoreData"],
      conversion: "px = pt; the footer stays after the last page (false only)", meaning: "the footer",
      source: indicators
    ) { _, t, out in
      out.express("footerHeight")
      if !t.hidesFooterWhenNoMoreData { out.express("hidesFooterWhenNoMoreData") }
    },
    // The second floor (SmartRefresher.enableTwoLevel, RefreshConfiguration.twiceTriggerDistance):
    // a release past that many pixels calls onTwoLevel, which opens the floor
    // (RefreshController.requestTwoLevel takes its own duration, so twoLevelFloorDuration stays
    // with the caller); under an overlay header the lab opens no floor.
    ExportRule(
      "twiceTriggerDistance", keys: ["twoLevelFloorRate"],
      conversion: "px = twoLevelFloorRate × headerHeight",
      meaning: "a release past it calls onTwoLevel, which opens the floor", source: wrap
    ) { rule, t, out in
      if hasFloor(t) {
        out.add(
          "settings",
          argument(
            rule.setting, ExportSheet.real(t.twoLevelFloorRate * t.headerHeight),
            "twoLevelFloorRate × header height"))
        out.express("twoLevelFloorRate")
      } else if t.twoLevelFloorRate > 0 {
        out.note("twoLevelFloorRate", "the lab opens no second floor under an overlay header")
      }
    },
  ]

  /// Whether the tuning has a floor the export writes.
  static func hasFloor(_ t: Tuning) -> Bool { t.twoLevelFloorRate > 0 && t.headerStyle != .overlay }

  /// How far the header (or the footer) can be pulled: unbounded on the band curves (the limits
  /// default to infinity only under bouncing physics, 60 otherwise, so they are always set), the
  /// curve's reach on the others.
  static func extent(_ setting: String, of bar: String) -> ExportRule {
    let header = bar == "header"
    return ExportRule(
      setting, keys: ["maxDragRate"],
      conversion: header
        ? "band curves: infinity; smart: maxDragRate × headerHeight; material: 2 × refreshThreshold"
        : "band curves: infinity; smart: maxDragRate × footerHeight; material: 2 × loadMoreThreshold",
      meaning: "how far the \(bar) can be pulled (px)", source: configuration
    ) { rule, t, out in
      let value: String =
        if case .damped(_, let reach, _) = form(t) {
          ExportSheet.real(
            reach.points(
              t, height: header ? t.headerHeight : t.footerHeight,
              threshold: header ? t.refreshThreshold : t.loadMoreThreshold))
        } else {
          "double.infinity"
        }
      out.add("settings", argument(rule.setting, value))
    }
  }

  static let remarks = """
    pull_to_refresh opens the second floor in the app's `onTwoLevel`
    (`refreshController.requestTwoLevel()`), so its duration is the caller's. With the floor on,
    see [flutter-two-level.dart](flutter-two-level.dart).
    """

  static func text(of draft: ExportDraft, tuning t: Tuning, source: String) -> String {
    let floor = hasFloor(t)
    var supplied = "list (the scrollable)"
    if floor { supplied += ", onTwoLevel (opens the floor with refreshController.requestTwoLevel())" }
    var lines = [
      "// pull_to_refresh 2.0 configuration exported by refresh-lab from \(source).",
      "// Sizes are logical pixels; durations milliseconds. You supply: refreshController (a RefreshController),",
      "// onRefresh and onLoading (callbacks that end with refreshCompleted() / loadComplete()), \(supplied).",
      "RefreshConfiguration(",
    ]
    lines += draft.lines("settings").map { "  " + $0 }
    lines += [
      "  child: SmartRefresher(",
      "    controller: refreshController,",
      "    enablePullUp: true,",
      "    header: \(draft.lines("header").first ?? ""),",
      "    footer: ClassicFooter(height: \(ExportSheet.real(t.footerHeight)), loadStyle: LoadStyle.ShowAlways),",
      "    onRefresh: onRefresh,",
      "    onLoading: onLoading,",
    ]
    if floor { lines += ["    enableTwoLevel: true,", "    onTwoLevel: onTwoLevel,"] }
    lines += ["    child: list,", "  ),", ")"]
    let closing = draft.sheet.closing(target: library)
    if !closing.isEmpty {
      lines.append("")
      lines += closing.map { "// " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
