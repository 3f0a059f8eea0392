import RefreshCore

/// SmartRefreshLayout's layout XML (attributes in dp and ms; one point is one dp), as
/// `refresh-layout-kernel/src/main/res/values/attrs.xml` and `SmartRefreshLayout.java` read them.
struct SmartExport {
  let tuning: Tuning
  let source: String

  /// The behaviours every lab tuning has, as SmartRefreshLayout's switches: a fling bounces at
  /// the edges, the content can be dragged past them, and a short list can still load.
  static let fixedSwitches: [(attribute: String, meaning: String)] = [
    ("srlEnableOverScrollBounce", "a fling bounces at the edges"),
    ("srlEnableOverScrollDrag", "the content can be dragged past the edges"),
    ("srlEnableLoadMoreWhenContentNotFull", "a list shorter than the view can load more"),
  ]

  /// SmartRefreshLayout's least time a spinner shows (`finishRefresh`: 300 ms, fixed).
  static let minimumSpinnerMilliseconds = 300.0

  /// The spinner styles `srlClassicsSpinnerStyle` names, by the header style each draws.
  static let spinnerStyles: [(style: HeaderStyle, name: String)] = [
    (.translate, "Translate"), (.scale, "Scale"), (.fixedBehind, "FixedBehind"),
  ]

  /// `TwoLevelHeader`'s switches as the lab's second floor behaves: a release between the
  /// trigger and the floor still refreshes, the floor can open, and a drag up from its bottom
  /// sixth (`srlBottomPullUpToCloseRate`'s 1/6, left at its default) closes it
  /// (`refresh-header-two-level/src/main/res/values/attrs.xml`, `TwoLevelHeader.java`).
  static let twoLevelSwitches: [(attribute: String, meaning: String)] = [
    ("srlEnableRefresh", "a release short of the floor refreshes"),
    ("srlEnableTwoLevel", "a release past srlFloorRate opens the floor"),
    ("srlEnablePullToCloseTwoLevel", "a drag up from the floor's bottom closes it"),
  ]

  var text: String { rendered.text }
  var sheet: ExportSheet { rendered.sheet }

  private var rendered: (text: String, sheet: ExportSheet) {
    var sheet = ExportSheet(tuning)
    let t = tuning
    let n = ExportSheet.number
    var attributes: [(String, String)] = [
      ("android:layout_width", "match_parent"), ("android:layout_height", "match_parent"),
      ("app:srlHeaderHeight", n(t.headerHeight) + "dp"), ("app:srlFooterHeight", n(t.footerHeight) + "dp"),
      ("app:srlHeaderTriggerRate", n(t.refreshThreshold / t.headerHeight)),
      ("app:srlFooterTriggerRate", n(t.loadMoreThreshold / t.footerHeight)),
      ("app:srlDragRate", n(t.dragRate)),
      // Below 10 both are ratios of the bar's height, as the lab's maxDragRate always is.
      ("app:srlHeaderMaxDragRate", n(t.maxDragRate)), ("app:srlFooterMaxDragRate", n(t.maxDragRate)),
      ("app:srlReboundDuration", ExportSheet.milliseconds(t.reboundDuration)),
      ("app:srlEnableAutoLoadMore", String(t.footerMode == .automatic)),
      ("app:srlEnableFooterFollowWhenNoMoreData", String(!t.hidesFooterWhenNoMoreData)),
    ]
    attributes += Self.fixedSwitches.map { ("app:\($0.attribute)", "true") }
    sheet.express(
      "headerHeight", "footerHeight", "refreshThreshold", "loadMoreThreshold", "dragRate", "maxDragRate",
      "reboundDuration", "footerMode", "hidesFooterWhenNoMoreData")

    if t.resistanceCurve == .smartDamping {
      sheet.express("resistanceCurve")
    } else {
      sheet.note(
        "resistanceCurve",
        "SmartRefreshLayout always damps with its own curve (srlDragRate, srlHeaderMaxDragRate)")
    }
    // srlReboundDuration also times the header and footer opening and collapsing.
    for key in ["openDuration", "collapseDuration"] {
      let value = key == "openDuration" ? t.openDuration : t.collapseDuration
      if value == t.reboundDuration {
        sheet.express(key)
      } else {
        sheet.note(key, "SmartRefreshLayout opens and collapses over srlReboundDuration too")
      }
    }
    if t.footerMode == .releaseToLoad || t.preloadDistance == 0 {
      sheet.express("preloadDistance")
    } else {
      sheet.note("preloadDistance", "SmartRefreshLayout loads when the footer appears, not before")
    }
    if t.minimumSpinnerTime * 1000 == Self.minimumSpinnerMilliseconds { sheet.express("minimumSpinnerTime") }
    // SmartRefreshLayout never refreshes and loads at once.
    if !t.allowsSimultaneousRefreshAndLoad { sheet.express("allowsSimultaneousRefreshAndLoad") }

    var header: [(String, String)] = [
      ("android:layout_width", "match_parent"), ("android:layout_height", "wrap_content"),
    ]
    let headerClass: String
    if let style = Self.spinnerStyles.first(where: { $0.style == t.headerStyle }) {
      headerClass = "com.scwang.smart.refresh.header.ClassicsHeader"
      header += [
        ("app:srlClassicsSpinnerStyle", style.name),
        ("app:srlFinishDuration", ExportSheet.milliseconds(t.finishingHoldDuration)),
      ]
      sheet.express("finishingHoldDuration")
    } else {
      headerClass = "com.scwang.smart.refresh.header.MaterialHeader"
    }
    sheet.express("headerStyle")
    let twoLevel = twoLevelAttributes(&sheet)

    var lines = [
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
      "<!-- SmartRefreshLayout (com.scwang.smart, 2.0 or later) exported by refresh-lab from "
        + "\(Self.comment(source)). Sizes in dp, durations in ms. You supply the RecyclerView's adapter and "
        + "the OnRefreshListener / OnLoadMoreListener. -->",
      "<com.scwang.smart.refresh.layout.SmartRefreshLayout",
      "    xmlns:android=\"http://schemas.android.com/apk/res/android\"",
      "    xmlns:app=\"http://schemas.android.com/apk/res-auto\"",
    ]
    lines += attributes.map { "    \($0.0)=\"\($0.1)\"" }
    lines[lines.count - 1] += ">"
    // The floor wraps the header in a TwoLevelHeader, as the library's two-level sample does.
    let indent = twoLevel.isEmpty ? "    " : "        "
    if !twoLevel.isEmpty {
      lines.append("    <com.scwang.smart.refresh.header.TwoLevelHeader")
      lines += twoLevel.map { "        \($0.0)=\"\($0.1)\"" }
      lines[lines.count - 1] += ">"
    }
    lines.append(indent + "<\(headerClass)")
    lines += header.map { indent + "    \($0.0)=\"\($0.1)\"" }
    lines[lines.count - 1] += " />"
    if !twoLevel.isEmpty { lines.append("    </com.scwang.smart.refresh.header.TwoLevelHeader>") }
    lines += [
      "    <androidx.recyclerview.widget.RecyclerView",
      "        android:layout_width=\"match_parent\"",
      "        android:layout_height=\"match_parent\" />",
      "    <com.scwang.smart.refresh.footer.ClassicsFooter",
      "        android:layout_width=\"match_parent\"",
      "        android:layout_height=\"wrap_content\" />",
    ]
    let closing = sheet.closing(target: "SmartRefreshLayout")
    if !closing.isEmpty {
      lines.append("    <!--")
      lines += closing.map { "      " + Self.comment($0) }
      lines.append("    -->")
    }
    lines.append("</com.scwang.smart.refresh.layout.SmartRefreshLayout>")
    return (lines.joined(separator: "\n") + "\n", sheet)
  }

  /// The `TwoLevelHeader` attributes of the second floor, empty when it is off (or under an
  /// overlay header, where the lab never opens it). `srlFloorRate`, `srlMaxRate` and
  /// `srlRefreshRate` are ratios of the header's height as the lab's rates are; `srlMaxRate`
  /// replaces `srlHeaderMaxDragRate` (`TwoLevelHeader.onInitialized`), as `twoLevelMaxRate`
  /// replaces `maxDragRate` for the header while the floor is on; a pull that came back from
  /// past the floor disarms below `srlRefreshRate`, the lab's trigger.
  private func twoLevelAttributes(_ sheet: inout ExportSheet) -> [(String, String)] {
    let t = tuning
    let n = ExportSheet.number
    guard t.twoLevelFloorRate > 0 else { return [] }
    guard t.headerStyle != .overlay else {
      sheet.note("twoLevelFloorRate", "the lab opens no second floor under an overlay header")
      return []
    }
    sheet.express("twoLevelFloorRate", "twoLevelMaxRate", "twoLevelFloorDuration")
    return [
      ("android:layout_width", "match_parent"), ("android:layout_height", "wrap_content"),
      ("app:srlFloorRate", n(t.twoLevelFloorRate)), ("app:srlMaxRate", n(t.twoLevelMaxRate)),
      ("app:srlRefreshRate", n(t.refreshThreshold / t.headerHeight)),
      ("app:srlFloorDuration", ExportSheet.milliseconds(t.twoLevelFloorDuration)),
    ] + Self.twoLevelSwitches.map { ("app:\($0.attribute)", "true") }
  }

  /// `text` made safe inside an XML comment, which may hold neither `--` nor end in `-`.
  static func comment(_ text: String) -> String {
    var safe = text
    while safe.contains("--") { safe = safe.replacing("--", with: "- -") }
    return safe.hasSuffix("-") ? safe + " " : safe
  }
}
