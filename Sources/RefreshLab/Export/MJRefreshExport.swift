import RefreshCore

/// MJRefresh (3.6.0 or later: per-component animation durations) header and footer set up in
/// Swift, in points, as `MJRefreshComponent.h`, `MJRefreshAutoFooter.h` and
/// `MJRefreshNormalHeader.m` read them.
enum MJRefreshExport {
  /// UIScrollView's own bounce: the iOS rubber band's constant.
  static let bounceConstant = 0.55
  /// The export target's name, as a curve family's `exports` key it.
  static let target = ExportFormat.mjrefresh.rawValue
  /// UIScrollView.DecelerationRate's named rates.
  static let decelerationRates: [(rate: Double, name: String)] = [(0.998, ".normal"), (0.99, ".fast")]

  /// The library's files the rows were read from.
  static let component = "MJRefresh/Base/MJRefreshComponent.h"
  static let autoFooter = "MJRefresh/Base/MJRefreshAutoFooter.h"
  static let normalHeader = "MJRefresh/Custom/Header/MJRefreshNormalHeader.m"
  static let header = "MJRefresh/Base/MJRefreshHeader.m"
  static let scrollView = "UIKit: UIScrollView"

  /// A rule that writes `setting = value` into `place` and expresses `keys`.
  static func assignment(
    _ setting: String, in place: String, keys: [String], conversion: String, meaning: String,
    source: String = component, value: @escaping @Sendable (Tuning) -> String
  ) -> ExportRule {
    ExportRule(setting, keys: keys, conversion: conversion, meaning: meaning, source: source) {
      rule, t, out in
      out.add(place, "\(rule.setting) = \(value(t))")
      for key in rule.keys { out.express(key) }
    }
  }
}

extension MJRefreshExport: TableExporter {
  static let library = "MJRefresh"
  static let heading = "MJRefresh 3.6+ (Swift)"

  static let rules: [ExportRule] = [
    assignment(
      "tableView.decelerationRate", in: "table", keys: ["decelerationRate"],
      conversion: ".normal (0.998), .fast (0.99), else DecelerationRate(rawValue:)",
      meaning: "how fast a fling slows, per millisecond", source: scrollView
    ) { t in
      decelerationRates.first { $0.rate == t.decelerationRate }?.name
        ?? "UIScrollView.DecelerationRate(rawValue: \(ExportSheet.number(t.decelerationRate)))"
    },
    assignment(
      "header.mj_h", in: "header", keys: ["headerHeight"], conversion: "pt", meaning: "the header's height"
    ) { ExportSheet.number($0.headerHeight) },
    // The header opens and flips its arrow over fastAnimationDuration, collapses over slow.
    assignment(
      "header.fastAnimationDuration", in: "header", keys: ["openDuration"], conversion: "s",
      meaning: "opening, and the arrow's flip", source: normalHeader
    ) { ExportSheet.number($0.openDuration) },
    assignment(
      "header.slowAnimationDuration", in: "header", keys: ["collapseDuration"], conversion: "s",
      meaning: "collapsing after a refresh"
    ) { ExportSheet.number($0.collapseDuration) },
    ExportRule(
      "none: arms at the header's full height", keys: ["refreshThreshold"], conversion: "= headerHeight only",
      meaning: "MJRefresh arms once the whole header shows", source: component
    ) { _, t, out in
      if t.refreshThreshold == t.headerHeight {
        out.express("refreshThreshold")
      } else {
        out.note(
          "refreshThreshold",
          "MJRefresh arms once the header shows its full height (\(ExportSheet.number(t.headerHeight)))")
      }
    },
    ExportRule(
      "header.fastAnimationDuration", keys: ["arrowFlipDuration"], conversion: "= openDuration only",
      meaning: "the arrow flips over the opening's duration", source: normalHeader
    ) { _, t, out in
      if t.arrowFlipDuration == t.openDuration {
        out.express("arrowFlipDuration")
      } else {
        out.note("arrowFlipDuration", "MJRefreshNormalHeader flips its arrow over fastAnimationDuration")
      }
    },
    // The auto footer fires once this share of it shows: 1 when it is fully shown, 0 at the
    // end of the content; a negative share fires before the end.
    ExportRule(
      "MJRefreshAutoNormalFooter / MJRefreshBackNormalFooter", keys: ["footerMode", "preloadDistance"],
      conversion:
        "automatic: the auto footer, triggerAutomaticallyRefreshPercent = −preloadDistance ÷ footerHeight",
      meaning: "a footer that loads as it shows, or one pulled and released", source: autoFooter
    ) { _, t, out in
      switch t.footerMode {
      case .automatic:
        out.add("footerClass", "MJRefreshAutoNormalFooter")
        out.add(
          "footerTrigger",
          "footer.triggerAutomaticallyRefreshPercent = \(ExportSheet.number(-t.preloadDistance / t.footerHeight))"
        )
        out.add("footerTrigger", "footer.autoTriggerTimes = 1")
      case .releaseToLoad:
        out.add("footerClass", "MJRefreshBackNormalFooter")
      }
      out.express("preloadDistance")
    },
    ExportRule(
      "none: the back footer arms at its full height", keys: ["loadMoreThreshold"],
      conversion: "= footerHeight only", meaning: "MJRefresh's back footer arms once it shows whole",
      source: component
    ) { _, t, out in
      guard t.footerMode == .releaseToLoad else { return }
      if t.loadMoreThreshold == t.footerHeight {
        out.express("loadMoreThreshold")
      } else {
        out.note(
          "loadMoreThreshold",
          "MJRefresh's back footer arms at its full height (\(ExportSheet.number(t.footerHeight)))")
      }
    },
    assignment(
      "footer.mj_h", in: "footer", keys: ["footerMode", "footerHeight"], conversion: "pt",
      meaning: "the footer's height"
    ) { ExportSheet.number($0.footerHeight) },
    assignment(
      "footer.fastAnimationDuration", in: "footer", keys: [], conversion: "= openDuration (s)",
      meaning: "the footer's opening"
    ) { ExportSheet.number($0.openDuration) },
    assignment(
      "footer.slowAnimationDuration", in: "footer", keys: [], conversion: "= collapseDuration (s)",
      meaning: "the footer's collapse"
    ) { ExportSheet.number($0.collapseDuration) },
    ExportRule(
      "none: hide the footer yourself", keys: ["hidesFooterWhenNoMoreData"], conversion: "false only",
      meaning: "the footer stays after endRefreshingWithNoMoreData()", source: component
    ) { _, t, out in
      if t.hidesFooterWhenNoMoreData {
        out.note(
          "hidesFooterWhenNoMoreData",
          "set tableView.mj_footer?.isHidden = true after endRefreshingWithNoMoreData()")
      } else {
        out.express("hidesFooterWhenNoMoreData")
      }
    },
    ExportRule(
      "UIScrollView's bounce", keys: ["resistanceCurve", "rubberBandConstant"],
      conversion: "iosRubberBand at c 0.55 only",
      meaning: "UIScrollView always bounces with its own rubber band",
      source: scrollView
    ) { _, t, out in
      switch t.resistanceCurve.family.exportForm(for: target) {
      case .rubberBand(let constant):
        if t[parameter: constant] == bounceConstant { out.express("resistanceCurve", constant) }
      case .native: out.express("resistanceCurve")
      case .damped: out.note("resistanceCurve", "UIScrollView always bounces with its own rubber band")
      case .noted(let why), .refused(let why): out.note("resistanceCurve", why)
      }
    },
    ExportRule(
      "header.fastAnimationDuration", keys: ["armedRelease"], conversion: "eased only",
      meaning: "a release past the trigger eases the inset and the content to the hold in one animation",
      source: header
    ) { _, t, out in
      if t.armedRelease == .eased {
        out.express("armedRelease")
      } else {
        out.note(
          "armedRelease",
          "MJRefresh eases the content to the held height in one fastAnimationDuration animation, "
            + "not on the scroll view's bounce")
      }
    },
    ExportRule(
      "none: the header rides above the content", keys: ["headerStyle"], conversion: "translate only",
      meaning: "MJRefresh's header scrolls with the content", source: component
    ) { _, t, out in
      if t.headerStyle == .translate { out.express("headerStyle") }
    },
  ]

  static let remarks = """
    MJRefresh has no second floor: no file in its repository mentions one.
    """

  static func text(of draft: ExportDraft, tuning: Tuning, source: String) -> String {
    var body = draft.lines("table")
    body.append("let header = MJRefreshNormalHeader(refreshingBlock: refresh)")
    body += draft.lines("header")
    body.append("tableView.mj_header = header")
    body.append(
      "let footer = \(draft.lines("footerClass").first ?? "MJRefreshAutoNormalFooter")(refreshingBlock: loadMore)"
    )
    body += draft.lines("footerTrigger")
    body += draft.lines("footer")
    body.append("tableView.mj_footer = footer")
    var lines = [
      "// MJRefresh 3.6.0+ set-up exported by refresh-lab from \(source). Sizes are points, durations seconds.",
      "// You supply: tableView (a UITableView), refresh and loadMore (called to start loading; end them with",
      "// endRefreshing() and endRefreshing() / endRefreshingWithNoMoreData()).",
      "import MJRefresh",
      "import UIKit",
      "",
      "func installRefresh(",
      "  on tableView: UITableView, refresh: @escaping () -> Void, loadMore: @escaping () -> Void",
      ") {",
    ]
    lines += body.map { "  " + $0 }
    lines.append("}")
    let closing = draft.sheet.closing(target: library)
    if !closing.isEmpty {
      lines.append("")
      lines += closing.map { "// " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
