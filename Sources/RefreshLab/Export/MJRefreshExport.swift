import RefreshCore

/// MJRefresh's `MJRefreshNormalHeader` and a normal footer set up in Swift (points).
struct MJRefreshExport {
  let tuning: Tuning
  let source: String

  /// MJRefresh's global animation durations (MJRefreshConst), which no view can change.
  static let fastDuration = 0.25
  static let slowDuration = 0.4

  var text: String {
    var sheet = ExportSheet(tuning)
    let t = tuning
    let n = ExportSheet.number
    var notes: [String] = []
    var body = [
      "let header = MJRefreshNormalHeader(refreshingBlock: refresh)",
      "header.mj_h = \(n(t.headerHeight))",
      "tableView.mj_header = header",
    ]
    sheet.express("headerHeight")
    if t.refreshThreshold == t.headerHeight {
      sheet.express("refreshThreshold")
    } else {
      notes.append(
        "refreshThreshold = \(n(t.refreshThreshold)): MJRefresh arms once the header is pulled its full height "
          + "(\(n(t.headerHeight)))")
      sheet.express("refreshThreshold")
    }
    switch t.footerMode {
    case .automatic:
      // MJRefresh fires once this share of the footer shows; a negative share fires earlier.
      let percent = -t.preloadDistance / t.footerHeight
      body += [
        "let footer = MJRefreshAutoNormalFooter(refreshingBlock: loadMore)",
        "footer.mj_h = \(n(t.footerHeight))",
        "footer.isAutomaticallyRefresh = true",
        "footer.triggerAutomaticallyRefreshPercent = \(n((percent * 1000).rounded() / 1000))"
          + "  // preloadDistance \(n(t.preloadDistance)) over the footer's height",
      ]
      sheet.express("footerMode", "footerHeight", "preloadDistance")
    case .releaseToLoad:
      body += [
        "let footer = MJRefreshBackNormalFooter(refreshingBlock: loadMore)",
        "footer.mj_h = \(n(t.footerHeight))",
      ]
      sheet.express("footerMode", "footerHeight")
      if t.loadMoreThreshold != t.footerHeight {
        notes.append(
          "loadMoreThreshold = \(n(t.loadMoreThreshold)): MJRefresh's back footer arms at its full height")
      }
      sheet.express("loadMoreThreshold")
    }
    body.append("tableView.mj_footer = footer")

    notes.append(
      "MJRefresh's animation durations are global constants, not per view: MJRefreshFastAnimationDuration "
        + "\(n(Self.fastDuration)) s, MJRefreshSlowAnimationDuration \(n(Self.slowDuration)) s")
    for (key, value, constant) in [
      ("openDuration", t.openDuration, Self.fastDuration),
      ("arrowFlipDuration", t.arrowFlipDuration, Self.fastDuration),
      ("collapseDuration", t.collapseDuration, Self.slowDuration),
    ] {
      let verdict = value == constant ? "matches it" : "cannot be set per view"
      notes.append("\(key) = \(n(value)): \(verdict)")
      sheet.express(key)
    }
    if t.resistanceCurve == .iosRubberBand && t.rubberBandConstant == 0.55 {
      notes.append(
        "resistanceCurve = iosRubberBand, rubberBandConstant = 0.55: UIScrollView's own bounce, nothing to set"
      )
      sheet.express("resistanceCurve", "rubberBandConstant")
    }
    if t.headerStyle == .translate {
      sheet.express("headerStyle")
    }

    var lines = [
      "// MJRefresh set-up exported by refresh-lab from \(source). Sizes are points.",
      "import MJRefresh",
      "import UIKit",
      "",
    ]
    lines += notes.map { "// \($0)" }
    lines += sheet.leftOver(unsupported: "MJRefresh has no setting for this").map { "// \($0)" }
    lines += [
      "func installRefresh(",
      "  on tableView: UITableView, refresh: @escaping () -> Void, loadMore: @escaping () -> Void",
      ") {",
    ]
    lines += body.map { "  " + $0 }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}
