import RefreshCore

/// SmartRefreshLayout's layout XML (attributes in dp and ms; one point is one dp).
struct SmartExport {
  let tuning: Tuning
  let source: String

  var text: String {
    var sheet = ExportSheet(tuning)
    let t = tuning
    let n = ExportSheet.number
    var attributes: [(String, String)] = [
      ("android:layout_width", "match_parent"), ("android:layout_height", "match_parent"),
      ("app:srlHeaderHeight", n(t.headerHeight) + "dp"), ("app:srlFooterHeight", n(t.footerHeight) + "dp"),
      ("app:srlHeaderTriggerRate", n(t.refreshThreshold / t.headerHeight)),
    ]
    var notes: [String] = []
    sheet.express("headerHeight", "footerHeight", "refreshThreshold")
    switch t.resistanceCurve {
    case .smartDamping:
      attributes += [
        ("app:srlDragRate", n(t.dragRate)), ("app:srlHeaderMaxDragRate", n(t.maxDragRate)),
        ("app:srlFooterMaxDragRate", n(t.maxDragRate)),
        ("app:srlReboundDuration", ExportSheet.milliseconds(t.reboundDuration)),
      ]
      sheet.express("resistanceCurve", "dragRate", "maxDragRate", "reboundDuration")
    case .iosRubberBand, .flutterFriction, .materialTension:
      notes.append(
        "resistanceCurve = \(t.resistanceCurve.rawValue): SmartRefreshLayout always damps with its own curve; "
          + "its srlDragRate and srlHeaderMaxDragRate defaults stay")
    }
    switch t.footerMode {
    case .automatic:
      attributes.append(("app:srlEnableAutoLoadMore", "true"))
      sheet.express("footerMode", "preloadDistance")
      if t.preloadDistance != 0 {
        notes.append(
          "preloadDistance = \(n(t.preloadDistance)): SmartRefreshLayout loads when the footer appears, not before"
        )
      }
    case .releaseToLoad:
      attributes += [
        ("app:srlEnableAutoLoadMore", "false"),
        ("app:srlFooterTriggerRate", n(t.loadMoreThreshold / t.footerHeight)),
      ]
      sheet.express("footerMode", "loadMoreThreshold")
    }
    if t.minimumSpinnerTime == TuningPreset.smart.tuning.minimumSpinnerTime {
      notes.append(
        "minimumSpinnerTime = \(n(t.minimumSpinnerTime)): SmartRefreshLayout's own minimum, nothing to set")
      sheet.express("minimumSpinnerTime")
    }

    var header: [(String, String)] = [
      ("android:layout_width", "match_parent"), ("android:layout_height", "wrap_content"),
    ]
    let headerClass: String
    switch t.headerStyle {
    case .overlay:
      headerClass = "com.scwang.smart.refresh.header.MaterialHeader"
    case .translate, .fixedBehind, .scale:
      headerClass = "com.scwang.smart.refresh.header.ClassicsHeader"
      let style =
        switch t.headerStyle {
        case .fixedBehind: "FixedBehind"
        case .scale: "Scale"
        case .translate, .overlay: "Translate"
        }
      header += [
        ("app:srlClassicsSpinnerStyle", style),
        ("app:srlFinishDuration", ExportSheet.milliseconds(t.finishingHoldDuration)),
      ]
      sheet.express("finishingHoldDuration")
    }
    sheet.express("headerStyle")

    var lines = [
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
      "<!-- SmartRefreshLayout exported by refresh-lab from \(source). Sizes in dp, durations in ms. -->",
      "<com.scwang.smart.refresh.layout.SmartRefreshLayout",
      "    xmlns:android=\"http://schemas.android.com/apk/res/android\"",
      "    xmlns:app=\"http://schemas.android.com/apk/res-auto\"",
    ]
    lines += attributes.map { "    \($0.0)=\"\($0.1)\"" }
    lines[lines.count - 1] += ">"
    lines += notes.map { "    <!-- \($0) -->" }
    lines += sheet.leftOver(unsupported: "SmartRefreshLayout has no setting for this").map {
      "    <!-- \($0) -->"
    }
    lines.append("    <\(headerClass)")
    lines += header.map { "        \($0.0)=\"\($0.1)\"" }
    lines[lines.count - 1] += " />"
    lines += [
      "    <androidx.recyclerview.widget.RecyclerView",
      "        android:layout_width=\"match_parent\"",
      "        android:layout_height=\"match_parent\" />",
      "    <com.scwang.smart.refresh.footer.ClassicsFooter",
      "        android:layout_width=\"match_parent\"",
      "        android:layout_height=\"wrap_content\" />",
      "</com.scwang.smart.refresh.layout.SmartRefreshLayout>",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
