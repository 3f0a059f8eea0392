import RefreshCore

/// SmartRefreshLayout's layout XML (attributes in dp and ms; one point is one dp), as
/// `refresh-layout-kernel/src/main/res/values/attrs.xml` and `SmartRefreshLayout.java` read them.
enum SmartExport {
  /// The export target's name, as a curve family's `exports` key it.
  static let target = ExportFormat.smart.rawValue
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

  /// The library's files the rows were read from.
  static let attrs = "refresh-layout-kernel/src/main/res/values/attrs.xml"
  static let layout = "refresh-layout-kernel/…/SmartRefreshLayout.java"
  static let classics = "refresh-header-classics/src/main/res/values/attrs.xml"
  static let twoLevelAttrs = "refresh-header-two-level/src/main/res/values/attrs.xml"

  /// An attribute line: `app:name="value"`.
  static func attribute(_ name: String, _ value: String) -> String { "\(name)=\"\(value)\"" }

  /// A rule that writes `setting` into the layout's attributes and expresses `keys`.
  static func layoutAttribute(
    _ setting: String, keys: [String], conversion: String, meaning: String, source: String = attrs,
    value: @escaping @Sendable (Tuning) -> String
  ) -> ExportRule {
    ExportRule(setting, keys: keys, conversion: conversion, meaning: meaning, source: source) {
      rule, t, out in
      out.add("layout", attribute(rule.setting, value(t)))
      for key in rule.keys { out.express(key) }
    }
  }

  /// A key the library carries as a behaviour of its own when the tuning matches it, else a note.
  static func behaviour(
    _ setting: String, key: String, meaning: String, source: String = layout, note: String,
    when matches: @escaping @Sendable (Tuning) -> Bool
  ) -> ExportRule {
    ExportRule(setting, keys: [key], conversion: "", meaning: meaning, source: source) { _, t, out in
      if matches(t) { out.express(key) } else { out.note(key, note) }
    }
  }
}

extension SmartExport: TableExporter {
  static let library = "SmartRefreshLayout"
  static let heading = "SmartRefreshLayout (XML)"

  static let rules: [ExportRule] =
    [
      layoutAttribute(
        "app:srlHeaderHeight", keys: ["headerHeight"], conversion: "dp = pt",
        meaning: "the header's height, held open while refreshing"
      ) { ExportSheet.number($0.headerHeight) + "dp" },
      layoutAttribute(
        "app:srlFooterHeight", keys: ["footerHeight"], conversion: "dp = pt", meaning: "the footer's height"
      ) { ExportSheet.number($0.footerHeight) + "dp" },
      layoutAttribute(
        "app:srlHeaderTriggerRate", keys: ["refreshThreshold"],
        conversion: "= refreshThreshold ÷ headerHeight",
        meaning: "where a pull arms, as a ratio of the header's height"
      ) { ExportSheet.number($0.refreshThreshold / $0.headerHeight) },
      layoutAttribute(
        "app:srlFooterTriggerRate", keys: ["loadMoreThreshold"],
        conversion: "= loadMoreThreshold ÷ footerHeight",
        meaning: "where a pull up arms, as a ratio of the footer's height"
      ) { ExportSheet.number($0.loadMoreThreshold / $0.footerHeight) },
      layoutAttribute(
        "app:srlDragRate", keys: ["dragRate"], conversion: "= dragRate",
        meaning: "the share of the finger a pull follows"
      ) { ExportSheet.number($0.dragRate) },
      // Below 10 both are ratios of the bar's height, as the lab's maxDragRate always is.
      layoutAttribute(
        "app:srlHeaderMaxDragRate", keys: ["maxDragRate"],
        conversion: "= maxDragRate (a ratio below 10; 10 or more would be pixels)",
        meaning: "how far the header can be pulled, in header heights"
      ) { ExportSheet.number($0.maxDragRate) },
      layoutAttribute(
        "app:srlFooterMaxDragRate", keys: ["maxDragRate"], conversion: "= maxDragRate",
        meaning: "how far the footer can be pulled, in footer heights"
      ) { ExportSheet.number($0.maxDragRate) },
      layoutAttribute(
        "app:srlReboundDuration", keys: ["reboundDuration"], conversion: "ms = s × 1000",
        meaning: "the rebound's duration, which also times opening and collapsing"
      ) { ExportSheet.milliseconds($0.reboundDuration) },
      layoutAttribute(
        "app:srlEnableAutoLoadMore", keys: ["footerMode"], conversion: "true for automatic",
        meaning: "load as the end comes into view"
      ) { String($0.footerMode == .automatic) },
      layoutAttribute(
        "app:srlEnableFooterFollowWhenNoMoreData", keys: ["hidesFooterWhenNoMoreData"],
        conversion: "= not hidesFooterWhenNoMoreData", meaning: "the footer stays after the last page"
      ) { String(!$0.hidesFooterWhenNoMoreData) },
    ]
    + fixedSwitches.map { fixed in
      ExportRule(
        "app:" + fixed.attribute, keys: [], conversion: "always true", meaning: fixed.meaning, source: attrs
      ) { rule, _, out in out.add("layout", attribute(rule.setting, "true")) }
    } + [
      ExportRule(
        "srlDragRate and srlHeaderMaxDragRate's damping", keys: ["resistanceCurve"], conversion: "",
        meaning: "SmartRefreshLayout's own curve: smartDamping exactly, the others a note", source: layout
      ) { _, t, out in
        switch t.resistanceCurve.family.exportForm(for: target) {
        case .native: out.express("resistanceCurve")
        case .noted(let why), .refused(let why): out.note("resistanceCurve", why)
        case .rubberBand, .damped:
          out.note(
            "resistanceCurve",
            "SmartRefreshLayout always damps with its own curve (srlDragRate, srlHeaderMaxDragRate)")
        }
      },
      behaviour(
        "app:srlReboundDuration", key: "openDuration", meaning: "opening takes the rebound's duration",
        note: "SmartRefreshLayout opens and collapses over srlReboundDuration too"
      ) { $0.openDuration == $0.reboundDuration },
      behaviour(
        "app:srlReboundDuration", key: "collapseDuration", meaning: "collapsing takes the rebound's duration",
        note: "SmartRefreshLayout opens and collapses over srlReboundDuration too"
      ) { $0.collapseDuration == $0.reboundDuration },
      behaviour(
        "app:srlReboundDuration", key: "armedRelease",
        meaning: "a release past the trigger rebounds to the header's height (the family's motion)",
        note: "SmartRefreshLayout rebounds to the header's height over srlReboundDuration"
      ) { $0.armedRelease == .family },
      behaviour(
        "none: loads as the footer appears", key: "preloadDistance",
        meaning: "0 only (any value under release-to-load)",
        note: "SmartRefreshLayout loads when the footer appears, not before"
      ) { $0.footerMode == .releaseToLoad || $0.preloadDistance == 0 },
      ExportRule(
        "finishRefresh's 300 ms", keys: ["minimumSpinnerTime"], conversion: "0.3 s only",
        meaning: "finishRefresh keeps the spinner 300 ms", source: layout
      ) { _, t, out in
        if t.minimumSpinnerTime * 1000 == minimumSpinnerMilliseconds { out.express("minimumSpinnerTime") }
      },
      ExportRule(
        "none: refresh and load exclude each other", keys: ["allowsSimultaneousRefreshAndLoad"],
        conversion: "false only", meaning: "SmartRefreshLayout never refreshes and loads at once",
        source: layout
      ) { _, t, out in
        if !t.allowsSimultaneousRefreshAndLoad { out.express("allowsSimultaneousRefreshAndLoad") }
      },
      ExportRule(
        "ClassicsHeader app:srlClassicsSpinnerStyle", keys: ["headerStyle"],
        conversion: "Translate, Scale, FixedBehind; overlay is MaterialHeader",
        meaning: "how the header moves with the pull", source: classics
      ) { rule, t, out in
        if let style = spinnerStyles.first(where: { $0.style == t.headerStyle }) {
          out.add("headerClass", "com.scwang.smart.refresh.header.ClassicsHeader")
          out.add("header", attribute("app:srlClassicsSpinnerStyle", style.name))
        } else {
          out.add("headerClass", "com.scwang.smart.refresh.header.MaterialHeader")
        }
        out.express("headerStyle")
      },
      ExportRule(
        "ClassicsHeader app:srlFinishDuration", keys: ["finishingHoldDuration"], conversion: "ms = s × 1000",
        meaning: "how long the result shows before the header closes", source: classics
      ) { rule, t, out in
        guard spinnerStyles.contains(where: { $0.style == t.headerStyle }) else { return }
        out.add(
          "header", attribute("app:srlFinishDuration", ExportSheet.milliseconds(t.finishingHoldDuration)))
        out.express("finishingHoldDuration")
      },
      // The floor: a TwoLevelHeader wrapping the header, as the library's two-level sample does.
      // srlFloorRate, srlMaxRate and srlRefreshRate are ratios of the header's height as the
      // lab's rates are; srlMaxRate replaces srlHeaderMaxDragRate (TwoLevelHeader.onInitialized),
      // as twoLevelMaxRate replaces maxDragRate for the header while the floor is on; a pull that
      // came back from past the floor disarms below srlRefreshRate, the lab's trigger.
      ExportRule(
        "TwoLevelHeader app:srlFloorRate", keys: ["twoLevelFloorRate"],
        conversion: "= twoLevelFloorRate (0: no TwoLevelHeader)",
        meaning: "where a release opens the second floor, in header heights", source: twoLevelAttrs
      ) { rule, t, out in
        guard t.twoLevelFloorRate > 0 else { return }
        guard t.headerStyle != .overlay else {
          out.note("twoLevelFloorRate", "the lab opens no second floor under an overlay header")
          return
        }
        out.add("floor", attribute("app:srlFloorRate", ExportSheet.number(t.twoLevelFloorRate)))
        out.express("twoLevelFloorRate")
      },
      floorAttribute(
        "app:srlMaxRate", keys: ["twoLevelMaxRate"],
        conversion: "= twoLevelMaxRate, in place of srlHeaderMaxDragRate",
        meaning: "how far the header can be pulled while the floor is on"
      ) { ExportSheet.number($0.twoLevelMaxRate) },
      floorAttribute(
        "app:srlRefreshRate", keys: [], conversion: "= refreshThreshold ÷ headerHeight",
        meaning: "below it, a pull back from past the floor disarms"
      ) { ExportSheet.number($0.refreshThreshold / $0.headerHeight) },
      floorAttribute(
        "app:srlFloorDuration", keys: ["twoLevelFloorDuration"], conversion: "ms = s × 1000",
        meaning: "how long the floor takes to open"
      ) { ExportSheet.milliseconds($0.twoLevelFloorDuration) },
    ]
    + twoLevelSwitches.map { fixed in
      floorAttribute(
        "app:" + fixed.attribute, keys: [], conversion: "always true with the floor", meaning: fixed.meaning
      ) { _ in "true" }
    }

  /// Whether the tuning has a floor the export writes.
  static func hasFloor(_ t: Tuning) -> Bool { t.twoLevelFloorRate > 0 && t.headerStyle != .overlay }

  /// A rule that writes `setting` into the TwoLevelHeader's attributes when there is a floor.
  static func floorAttribute(
    _ setting: String, keys: [String], conversion: String, meaning: String,
    value: @escaping @Sendable (Tuning) -> String
  ) -> ExportRule {
    ExportRule(setting, keys: keys, conversion: conversion, meaning: meaning, source: twoLevelAttrs) {
      rule, t, out in
      guard hasFloor(t) else { return }
      out.add("floor", attribute(rule.setting, value(t)))
      for key in rule.keys { out.express(key) }
    }
  }

  static func text(of draft: ExportDraft, tuning: Tuning, source: String) -> String {
    let size = [
      attribute("android:layout_width", "match_parent"), attribute("android:layout_height", "match_parent"),
    ]
    let wrapped = [
      attribute("android:layout_width", "match_parent"), attribute("android:layout_height", "wrap_content"),
    ]
    let floor = draft.lines("floor")
    var lines = [
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
      "<!-- SmartRefreshLayout (com.scwang.smart, 2.0 or later) exported by refresh-lab from "
        + "\(comment(source)). Sizes in dp, durations in ms. You supply the RecyclerView's adapter and "
        + "the OnRefreshListener / OnLoadMoreListener. -->",
      "<com.scwang.smart.refresh.layout.SmartRefreshLayout",
      "    xmlns:android=\"http://schemas.android.com/apk/res/android\"",
      "    xmlns:app=\"http://schemas.android.com/apk/res-auto\"",
    ]
    lines += (size + draft.lines("layout")).map { "    " + $0 }
    lines[lines.count - 1] += ">"
    let indent = floor.isEmpty ? "    " : "        "
    if !floor.isEmpty {
      lines.append("    <com.scwang.smart.refresh.header.TwoLevelHeader")
      lines += (wrapped + floor).map { "        " + $0 }
      lines[lines.count - 1] += ">"
    }
    lines.append(indent + "<" + (draft.lines("headerClass").first ?? ""))
    lines += (wrapped + draft.lines("header")).map { indent + "    " + $0 }
    lines[lines.count - 1] += " />"
    if !floor.isEmpty { lines.append("    </com.scwang.smart.refresh.header.TwoLevelHeader>") }
    lines += [
      "    <androidx.recyclerview.widget.RecyclerView",
      "        android:layout_width=\"match_parent\"",
      "        android:layout_height=\"match_parent\" />",
      "    <com.scwang.smart.refresh.footer.ClassicsFooter",
      "        android:layout_width=\"match_parent\"",
      "        android:layout_height=\"wrap_content\" />",
    ]
    let closing = draft.sheet.closing(target: library)
    if !closing.isEmpty {
      lines.append("    <!--")
      lines += closing.map { "      " + comment($0) }
      lines.append("    -->")
    }
    lines.append("</com.scwang.smart.refresh.layout.SmartRefreshLayout>")
    return lines.joined(separator: "\n") + "\n"
  }

  static let remarks = """
    The fixed switches are written as `true` in every export and refused as `false` by the
    import; `srlEnableTwoLevel="false"` imports as the floor off. `srlBottomPullUpToCloseRate` is
    left at its 1/6, the lab's bottom sixth. With the floor on, see
    [smart-two-level.xml](smart-two-level.xml) (`docs/tunings/two-level.json` over the `smart`
    preset).
    """

  /// `text` made safe inside an XML comment, which may hold neither `--` nor end in `-`.
  static func comment(_ text: String) -> String {
    var safe = text
    while safe.contains("--") { safe = safe.replacing("--", with: "- -") }
    return safe.hasSuffix("-") ? safe + " " : safe
  }
}
