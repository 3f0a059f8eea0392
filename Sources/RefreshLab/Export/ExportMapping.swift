import RefreshCore

/// `docs/exports/MAPPING.md`, written from the exporters' tables: what each export maps every
/// lab key to, one table per library, the keys no library has a setting for, and what the
/// rows cannot say alone. `MappingTests` fails when the file in the repository is not this
/// text; `make mapping` writes it.
enum ExportMapping {
  /// The libraries in the order the document shows them.
  static let exporters: [any TableExporter.Type] = [
    SmartExport.self, FlutterExport.self, MJRefreshExport.self, EasyRefreshExport.self,
  ]

  /// The whole document.
  static func markdown() -> String {
    var parts = [
      """
      # What each export maps a tuning key to

      <!-- Written by `make mapping` from the exporters' tables (Sources/RefreshLab/Export); \
      edit those, not this file. -->

      `refresh-lab export --format smart|flutter|mjrefresh|easyrefresh` writes each lab key as the
      target's own setting where it has one, as a note where it is approximated, and otherwise in one
      closing list ("No setting in …"). The tables below are the exporters' own: each row is one
      setting of the library (or one behaviour of it a key maps to), the lab keys it carries, how a
      value converts, what it means there, and the library's file it was read from. Lab units: points
      (pt), seconds (s); one point is one dp (Android) and one logical pixel (Flutter).
      """,
      keyTable(),
    ]
    for exporter in exporters {
      parts.append(section(exporter))
    }
    parts.append(unmapped())
    parts.append(SmartImport.mappingRemarks)
    parts.append(sources)
    return parts.joined(separator: "\n\n") + "\n"
  }

  /// The keys the document covers: every tuning key but those only a program's own family reads.
  /// A program registers its family while it runs (the tests register theirs), and the
  /// document, written once into the repository, is the built-in families'.
  static var documentedKeys: [String] {
    let builtIns = CurveFamily.builtIns
    let builtInNames = Set(builtIns.map(\.name))
    let builtInKeys = Set(builtIns.flatMap { $0.parameters.map(\.key) })
    let programKeys = Set(
      CurveFamily.registered.filter { !builtInNames.contains($0.name) }.flatMap { $0.parameters.map(\.key) })
    return Tuning.allKeys.filter { !programKeys.contains($0) || builtInKeys.contains($0) }
  }

  /// Every lab key against every library: the settings that carry it.
  static func keyTable() -> String {
    var lines = [
      "## Every key",
      "",
      "| lab key | " + exporters.map { $0.heading }.joined(separator: " | ") + " |",
      "|---|" + String(repeating: "---|", count: exporters.count),
    ]
    for key in documentedKeys {
      let cells = exporters.map { exporter in
        let settings = exporter.rules.filter { $0.keys.contains(key) }.map { "`\($0.setting)`" }
        return settings.isEmpty ? "—" : settings.joined(separator: "; ")
      }
      lines.append("| `\(key)` | " + cells.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  /// One library's table and its remarks.
  static func section(_ exporter: any TableExporter.Type) -> String {
    var lines = [
      "## " + exporter.heading,
      "",
      "| setting | lab keys | conversion | meaning | read from |",
      "|---|---|---|---|---|",
    ]
    for rule in exporter.rules {
      let keys = rule.keys.isEmpty ? "—" : rule.keys.map { "`\($0)`" }.joined(separator: ", ")
      lines.append(
        "| `\(cell(rule.setting))` | \(keys) | \(cell(rule.conversion)) | \(cell(rule.meaning)) | `\(rule.source)` |"
      )
    }
    if !exporter.remarks.isEmpty { lines += ["", exporter.remarks] }
    return lines.joined(separator: "\n")
  }

  /// The keys no library's table names.
  static func unmapped() -> String {
    let named = Set(exporters.flatMap { $0.rules.flatMap { rule in rule.keys } })
    let keys = documentedKeys.filter { !named.contains($0) }.map { "`\($0)`" }
    guard !keys.isEmpty else { return "Every key has a setting in at least one library." }
    return "No target has a setting for " + keys.joined(separator: ", ")
      + "; each export lists them in its closing block."
  }

  /// Text safe inside a table cell.
  private static func cell(_ text: String) -> String {
    text.isEmpty ? "—" : text.replacing("|", with: "\\|")
  }

  static let sources = """
    ## Sources read

    | library | repository, commit (version) | files |
    |---|---|---|
    | SmartRefreshLayout | scwang90/SmartRefreshLayout `224db48f` (2024-11-26; README names 3.0.0) | `refresh-layout-kernel/src/main/res/values/attrs.xml`; `refresh-layout-kernel/src/main/java/com/scwang/smart/refresh/layout/SmartRefreshLayout.java` (attribute reading, `moveSpinnerInfinitely`, `finishRefresh`'s 300 ms); `refresh-header-classics/src/main/res/values/attrs.xml`, `…/header/ClassicsHeader.java`; `refresh-header-material/src/main/res/values/attrs.xml`; `refresh-header-two-level/src/main/res/values/attrs.xml`, `…/header/TwoLevelHeader.java` (`mFloorRate` 1.9, `mMaxRate` 2.5, `mRefreshRate` 1, `mFloorDuration` 1000, `onInitialized`, `onMoving`) |
    | pull_to_refresh | peng8350/flutter_pulltorefresh `0be096c1` (2.0.0, 2021-05-07) | `lib/src/smart_refresher.dart` (`RefreshConfiguration`, `RefreshStyle`, `LoadStyle`, `maxOverScrollExtent` default), `lib/src/internals/refresh_physics.dart` (`dragSpeedRatio` × 0.52 friction), `lib/src/internals/indicator_wrap.dart` (`_checkIfCanLoading`), `lib/src/indicator/classic_indicator.dart`, `lib/src/indicator/material_indicator.dart`, `lib/src/indicator/twolevel_indicator.dart`, `lib/src/smart_refresher.dart` (`enableTwoLevel`, `twiceTriggerDistance`, `requestTwoLevel`) |
    | MJRefresh | CoderMJLee/MJRefresh `5647d82c` (3.7.9) | `MJRefresh/Base/MJRefreshComponent.h` and `.m`, `MJRefreshHeader.m`, `MJRefreshAutoFooter.h`, `MJRefreshBackFooter.m`, `MJRefresh/Custom/Header/MJRefreshNormalHeader.m`, `MJRefresh/MJRefreshConst.h`; no file in the repository mentions a two-level or second floor |
    | easy_refresh | xuelongqy/flutter_easy_refresh `37b43d91` (3.3.4) | `lib/src/easy_refresh.dart`, `lib/src/indicator/indicator.dart` (`Indicator`, `SpringBuilder`, `IndicatorPosition`), `lib/src/physics/scroll_physics.dart` (`FrictionFactor`), `lib/src/notifier/indicator_notifier.dart` (footer `edgeOffset` against `infiniteOffset`), `lib/src/styles/classic/header/classic_header.dart`, `lib/src/styles/classic/footer/classic_footer.dart`, `lib/src/styles/material/header/material_header.dart`, `lib/src/indicator/header/header.dart` (`SecondaryBuilderHeader`), `lib/src/notifier/indicator_notifier.dart` (secondary modes) |
    """
}
