import RefreshCore

/// MJRefresh (3.6.0 or later: per-component animation durations) header and footer set up in
/// Swift, in points, as `MJRefreshComponent.h`, `MJRefreshAutoFooter.h` and
/// `MJRefreshNormalHeader.m` read them.
struct MJRefreshExport {
  let tuning: Tuning
  let source: String

  /// UIScrollView's own bounce: the iOS rubber band's constant.
  static let bounceConstant = 0.55
  /// UIScrollView.DecelerationRate's named rates.
  static let decelerationRates: [(rate: Double, name: String)] = [(0.998, ".normal"), (0.99, ".fast")]

  var text: String { rendered.text }
  var sheet: ExportSheet { rendered.sheet }

  private var rendered: (text: String, sheet: ExportSheet) {
    var sheet = ExportSheet(tuning)
    let t = tuning
    let n = ExportSheet.number
    let rate =
      Self.decelerationRates.first { $0.rate == t.decelerationRate }?.name
      ?? "UIScrollView.DecelerationRate(rawValue: \(n(t.decelerationRate)))"
    var body = [
      "tableView.decelerationRate = \(rate)",
      "let header = MJRefreshNormalHeader(refreshingBlock: refresh)",
      "header.mj_h = \(n(t.headerHeight))",
      // The header opens and flips its arrow over fastAnimationDuration, collapses over slow.
      "header.fastAnimationDuration = \(n(t.openDuration))",
      "header.slowAnimationDuration = \(n(t.collapseDuration))",
      "tableView.mj_header = header",
    ]
    sheet.express("decelerationRate", "headerHeight", "openDuration", "collapseDuration")
    if t.refreshThreshold == t.headerHeight {
      sheet.express("refreshThreshold")
    } else {
      sheet.note(
        "refreshThreshold", "MJRefresh arms once the header shows its full height (\(n(t.headerHeight)))")
    }
    if t.arrowFlipDuration == t.openDuration {
      sheet.express("arrowFlipDuration")
    } else {
      sheet.note("arrowFlipDuration", "MJRefreshNormalHeader flips its arrow over fastAnimationDuration")
    }
    switch t.footerMode {
    case .automatic:
      // The auto footer fires once this share of it shows: 1 when it is fully shown, 0 at the
      // end of the content; a negative share fires before the end.
      let percent = -t.preloadDistance / t.footerHeight
      body += [
        "let footer = MJRefreshAutoNormalFooter(refreshingBlock: loadMore)",
        "footer.triggerAutomaticallyRefreshPercent = \(n(percent))",
        "footer.autoTriggerTimes = 1",
      ]
      sheet.express("preloadDistance")
    case .releaseToLoad:
      body.append("let footer = MJRefreshBackNormalFooter(refreshingBlock: loadMore)")
      sheet.express("preloadDistance")
      if t.loadMoreThreshold == t.footerHeight {
        sheet.express("loadMoreThreshold")
      } else {
        sheet.note(
          "loadMoreThreshold", "MJRefresh's back footer arms at its full height (\(n(t.footerHeight)))")
      }
    }
    body += [
      "footer.mj_h = \(n(t.footerHeight))",
      "footer.fastAnimationDuration = \(n(t.openDuration))",
      "footer.slowAnimationDuration = \(n(t.collapseDuration))",
      "tableView.mj_footer = footer",
    ]
    sheet.express("footerMode", "footerHeight")
    if t.hidesFooterWhenNoMoreData {
      sheet.note(
        "hidesFooterWhenNoMoreData",
        "set tableView.mj_footer?.isHidden = true after endRefreshingWithNoMoreData()")
    } else {
      sheet.express("hidesFooterWhenNoMoreData")
    }
    if t.resistanceCurve == .iosRubberBand && t.rubberBandConstant == Self.bounceConstant {
      sheet.express("resistanceCurve", "rubberBandConstant")
    } else if t.resistanceCurve != .iosRubberBand {
      sheet.note("resistanceCurve", "UIScrollView always bounces with its own rubber band")
    }
    if t.headerStyle == .translate { sheet.express("headerStyle") }

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
    let closing = sheet.closing(target: "MJRefresh")
    if !closing.isEmpty {
      lines.append("")
      lines += closing.map { "// " + $0 }
    }
    return (lines.joined(separator: "\n") + "\n", sheet)
  }
}
