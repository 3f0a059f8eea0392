import Foundation
import RefreshCore
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `refresh-lab export`: each format pinned against the file checked in under docs/exports, the
/// smart output read back as XML, the JSON loaded back into the same replay, and nothing of the
/// tuning dropped without a comment.
@MainActor @Suite(.serialized) struct ExportTests {
  func export(_ arguments: [String]) throws -> String {
    let command = try #require(try RefreshLabCommand.parseAsRoot(["export"] + arguments) as? ExportCommand)
    return try command.render().text
  }

  @Test(arguments: [
    ("smart", "smart", "docs/exports/smart.xml"), ("flutter", "flutter", "docs/exports/flutter.dart"),
    ("mjrefresh", "mjrefresh", "docs/exports/mjrefresh.swift"),
    ("easyrefresh", "flutter", "docs/exports/easyrefresh.dart"),
    ("json", "material", "docs/exports/material.json"),
  ])
  func eachFormatIsPinned(format: String, preset: String, pinned: String) throws {
    try expectPinned(["--format", format, "--preset", preset], pinned)
    // The file is what `refresh-lab export` writes, so it pins the output but proves nothing
    // about it: it must also hold the lines worked out by hand.
    let checked = try Self.handChecked(
      #require(ExportFormat(rawValue: format)), #require(TuningPreset(rawValue: preset)))
    let lines = Self.lines(try String(contentsOfFile: RepositoryFile.path(pinned), encoding: .utf8))
    for line in checked.lines {
      let written = lines.contains(line)
      #expect(written, "\(pinned) has no line \"\(line)\"")
    }
  }

  /// The second floor (docs/tunings/two-level.json over the smart preset) in each format that
  /// has one.
  @Test(arguments: [
    ("smart", "docs/exports/smart-two-level.xml"), ("flutter", "docs/exports/flutter-two-level.dart"),
    ("easyrefresh", "docs/exports/easyrefresh-two-level.dart"),
  ])
  func theSecondFloorIsPinned(format: String, pinned: String) throws {
    let tuning = RepositoryFile.path("docs/tunings/two-level.json")
    try expectPinned(["--format", format, "--preset", "smart", "--tuning", tuning], pinned)
  }

  func expectPinned(_ arguments: [String], _ pinned: String) throws {
    let text = try export(arguments)
    let expected = try String(contentsOfFile: RepositoryFile.path(pinned), encoding: .utf8)
    #expect(text == expected, "regenerate \(pinned) with refresh-lab export if the change is meant")
  }

  /// The lines of `text` trimmed of indentation and of a tag's closing `>` or ` />`.
  static func lines(_ text: String) -> Set<String> {
    Set(
      text.split(separator: "\n").map { line in
        var trimmed = line.drop { $0 == " " }
        for end in [" />", ">"] where trimmed.hasSuffix(end) { trimmed = trimmed.dropLast(end.count) }
        return String(trimmed)
      })
  }

  /// The closing block's entries: `key = value: why` notes and `key value` list items.
  static func closingKeys(_ text: String, marker: String) -> (noted: [String], listed: [String]) {
    var noted: [String] = []
    var listed: [String] = []
    var listIndent: Int?
    for raw in text.split(separator: "\n") {
      var line = Substring(raw)
      if !marker.isEmpty {
        guard line.hasPrefix(marker) else { continue }
        line = line.dropFirst(marker.count)
      }
      let indent = line.prefix { $0 == " " }.count
      let content = String(line.dropFirst(indent))
      if let listIndent, indent > listIndent {
        listed += Self.items(content)
      } else if content.hasPrefix("No setting in ") || content.hasPrefix("Not used by "),
        let colon = content.firstIndex(of: ":")
      {
        listIndent = indent
        listed += Self.items(String(content[content.index(after: colon)...]))
      } else {
        listIndent = nil
        if let equals = content.firstRange(of: " = "), !content[..<equals.lowerBound].contains(" ") {
          noted.append(String(content[..<equals.lowerBound]))
        }
      }
    }
    return (noted, listed)
  }

  static func items(_ text: String) -> [String] {
    text.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) }
  }

  /// Every key is accounted for exactly once: carried as a setting, noted with why, or named
  /// in the closing list; and the list names exactly the keys neither carried nor noted.
  @Test(arguments: [ExportFormat.smart, .flutter, .mjrefresh, .easyrefresh], TuningPreset.allCases)
  func everyKeyIsAccountedForOnce(format: ExportFormat, preset: TuningPreset) {
    Self.expectEveryKeyAccountedForOnce(format, preset.tuning, "preset \(preset.rawValue)")
  }

  /// A tuning with the second floor on, over each preset.
  static func withFloor(_ preset: TuningPreset) -> Tuning {
    var tuning = preset.tuning
    tuning.twoLevelFloorRate = 2.2
    tuning.twoLevelMaxRate = 3.1
    tuning.twoLevelFloorDuration = 0.75
    return tuning
  }

  /// With the floor on, the two-level keys are carried, noted or listed once like every other,
  /// and those a target carries are whole lines with their values.
  @Test(arguments: [ExportFormat.smart, .flutter, .mjrefresh, .easyrefresh], TuningPreset.allCases)
  func theSecondFloorIsAccountedForAndCarried(format: ExportFormat, preset: TuningPreset) {
    let tuning = Self.withFloor(preset)
    Self.expectEveryKeyAccountedForOnce(format, tuning, "preset \(preset.rawValue) with the floor")
    let lines = Self.lines(TuningExport.text(of: tuning, as: format, source: "floor"))
    let expressed = TuningExport.expressedKeys(of: tuning, as: format)
    let (expected, keys) = Self.handCheckedFloor(format, preset)
    for line in expected {
      let written = lines.contains(line)
      #expect(written, "\(format) from \(preset): no line \"\(line)\"")
    }
    // The keys the target has a floor setting for: carried unless the header is the overlay.
    let floorKeys: [String] =
      switch format {
      case .smart: ["twoLevelFloorRate", "twoLevelMaxRate", "twoLevelFloorDuration"]
      case .flutter, .easyrefresh: ["twoLevelFloorRate"]
      case .mjrefresh, .json, .web: []
      }
    for key in floorKeys {
      #expect(
        expressed.contains(key) == keys.contains(key),
        "\(format) from \(preset): \(key) carried \(expressed.contains(key))")
    }
    #expect(keys.allSatisfy { floorKeys.contains($0) })
    if preset == .material {
      #expect(!lines.contains { $0.contains("srlFloorRate") || $0.contains("twiceTrigger") })
    }
  }

  static func expectEveryKeyAccountedForOnce(_ format: ExportFormat, _ tuning: Tuning, _ label: String) {
    let text = TuningExport.text(of: tuning, as: format, source: label)
    let expressed = TuningExport.expressedKeys(of: tuning, as: format)
    let block =
      format == .smart
      ? String(text[(text.firstRange(of: "<!--\n")?.upperBound ?? text.endIndex)...])
      : text
    let (noted, listed) = Self.closingKeys(block, marker: format == .smart ? "" : "//")
    // Every key of the built-in families and the general ones: a family another test of the
    // same process registered is not the preset's, and its keys are written only for its own.
    for key in ExportMapping.documentedKeys {
      let count =
        (expressed.contains(key) ? 1 : 0) + noted.filter { $0 == key }.count
        + listed.filter { $0 == key }.count
      #expect(count == 1, "\(format) from \(label): \(key) accounted for \(count) times")
    }
    #expect(
      Set(noted + listed).isSubset(of: Set(Tuning.allKeys)), "\(format) from \(label) names no other key")
  }

  /// The whole lines each target must write for a preset, and the keys those lines carry, worked
  /// out by hand from the libraries' units and the tunings' numbers (Tuning+Presets.swift), not
  /// from the exporter: a conversion wrong in the exporter cannot be wrong here the same way.
  /// `ios` is the default tuning (`Tuning()`). Numbers show at most three decimals, Dart doubles
  /// with a point.
  static func handChecked(_ format: ExportFormat, _ preset: TuningPreset) -> (lines: [String], keys: [String])
  {
    switch format {
    case .smart: smartLines(preset)
    case .mjrefresh: mjrefreshLines(preset)
    case .flutter: flutterLines(preset)
    case .easyrefresh: easyRefreshLines(preset)
    case .json, .web: ([], [])
    }
  }

  /// SmartRefreshLayout (attrs.xml): sizes in dp at one dp a point, trigger rates as the
  /// threshold over the bar's height, durations in ms.
  static func smartLines(_ preset: TuningPreset) -> (lines: [String], keys: [String]) {
    // Every preset keeps drag rate 0.5, max drag rate 2.5 and the 0.3 s rebound (300 ms), loads
    // automatically, keeps the footer after the last page, and arms the footer at its height
    // (loadMoreThreshold = footerHeight: rate 1).
    let common = [
      "app:srlDragRate=\"0.5\"", "app:srlHeaderMaxDragRate=\"2.5\"", "app:srlFooterMaxDragRate=\"2.5\"",
      "app:srlReboundDuration=\"300\"", "app:srlEnableAutoLoadMore=\"true\"",
      "app:srlEnableFooterFollowWhenNoMoreData=\"true\"", "app:srlFooterTriggerRate=\"1\"",
    ]
    let keys = [
      "headerHeight", "footerHeight", "refreshThreshold", "loadMoreThreshold", "dragRate", "maxDragRate",
      "reboundDuration", "footerMode", "hidesFooterWhenNoMoreData", "headerStyle",
    ]
    let classics = "<com.scwang.smart.refresh.header.ClassicsHeader"
    let translate = "app:srlClassicsSpinnerStyle=\"Translate\""
    switch preset {
    case .ios:
      // 60 pt at 1 dp a pt → 60dp; 44 → 44dp; arms at 60 of 60 → 1; 0.5 s → 500 ms.
      return (
        common + [
          "app:srlHeaderHeight=\"60dp\"", "app:srlFooterHeight=\"44dp\"", "app:srlHeaderTriggerRate=\"1\"",
          classics, translate, "app:srlFinishDuration=\"500\"",
        ], keys + ["finishingHoldDuration"]
      )
    case .mjrefresh:
      // 54 pt → 54dp, arming at 54 of 54 → 1.
      return (
        common + [
          "app:srlHeaderHeight=\"54dp\"", "app:srlFooterHeight=\"44dp\"", "app:srlHeaderTriggerRate=\"1\"",
          classics, translate, "app:srlFinishDuration=\"500\"",
        ], keys + ["finishingHoldDuration"]
      )
    case .ego:
      // Arms at 65 of a 60 header: 65 ÷ 60 = 1.0833… → 1.083; collapses at once → 0 ms.
      return (
        common + [
          "app:srlHeaderHeight=\"60dp\"", "app:srlFooterHeight=\"44dp\"",
          "app:srlHeaderTriggerRate=\"1.083\"",
          classics, translate, "app:srlFinishDuration=\"0\"",
        ], keys + ["finishingHoldDuration"]
      )
    case .smart:
      // SmartRefreshLayout's own: 60dp header and footer, rate 1, finish 500 ms, its curve.
      return (
        common + [
          "app:srlHeaderHeight=\"60dp\"", "app:srlFooterHeight=\"60dp\"", "app:srlHeaderTriggerRate=\"1\"",
          classics, translate, "app:srlFinishDuration=\"500\"",
        ], keys + ["finishingHoldDuration", "resistanceCurve", "openDuration", "collapseDuration"]
      )
    case .flutter:
      // Arms at 80 of a 60 header: 80 ÷ 60 = 1.333….
      return (
        common + [
          "app:srlHeaderHeight=\"60dp\"", "app:srlFooterHeight=\"44dp\"",
          "app:srlHeaderTriggerRate=\"1.333\"",
          classics, translate, "app:srlFinishDuration=\"500\"",
        ], keys + ["finishingHoldDuration"]
      )
    case .material:
      // The overlay badge is SmartRefreshLayout's MaterialHeader: 64 dp of travel, rate 1.
      return (
        common + [
          "app:srlHeaderHeight=\"64dp\"", "app:srlFooterHeight=\"44dp\"", "app:srlHeaderTriggerRate=\"1\"",
          "<com.scwang.smart.refresh.header.MaterialHeader",
        ], keys
      )
    }
  }

  /// MJRefresh (MJRefreshComponent.h, MJRefreshAutoFooter.h): points and seconds as they are;
  /// the auto footer fires once triggerAutomaticallyRefreshPercent of it shows, so a preload of
  /// p points before the end is −p ÷ footer height.
  static func mjrefreshLines(_ preset: TuningPreset) -> (lines: [String], keys: [String]) {
    let auto = "let footer = MJRefreshAutoNormalFooter(refreshingBlock: loadMore)"
    // Every preset keeps iOS's normal deceleration, 0.998.
    let common = [auto, "tableView.decelerationRate = .normal"]
    let keys = ["headerHeight", "footerHeight", "openDuration", "collapseDuration", "preloadDistance"]
    // The band curve at c 0.55 is UIScrollView's own bounce.
    let band = ["resistanceCurve", "rubberBandConstant"]
    func lines(header: String, footer: String, fast: String, slow: String, percent: String) -> [String] {
      common + [
        "header.mj_h = \(header)", "footer.mj_h = \(footer)", "header.fastAnimationDuration = \(fast)",
        "footer.fastAnimationDuration = \(fast)", "header.slowAnimationDuration = \(slow)",
        "footer.slowAnimationDuration = \(slow)", "footer.triggerAutomaticallyRefreshPercent = \(percent)",
      ]
    }
    switch preset {
    case .ios:
      // Preload 0: fires as the footer starts to show, percent 0.
      return (
        lines(header: "60", footer: "44", fast: "0.25", slow: "0.25", percent: "0"),
        keys + band + ["decelerationRate", "refreshThreshold"]
      )
    case .mjrefresh:
      // MJRefresh's own: 54 and 44 pt, 0.25 s fast, 0.4 s slow, fires fully shown: 44 ÷ 44 = 1.
      return (
        lines(header: "54", footer: "44", fast: "0.25", slow: "0.4", percent: "1"),
        keys + band + ["decelerationRate", "refreshThreshold", "arrowFlipDuration"]
      )
    case .ego:
      return (
        lines(header: "60", footer: "44", fast: "0.2", slow: "0.3", percent: "0"),
        keys + band + ["decelerationRate"]
      )
    case .smart:
      return (
        lines(header: "60", footer: "60", fast: "0.3", slow: "0.3", percent: "0"),
        keys + ["decelerationRate", "refreshThreshold"]
      )
    case .flutter:
      // 15 pt before the end over a 44 pt footer: −15 ÷ 44 = −0.3409… → −0.341.
      return (
        lines(header: "60", footer: "44", fast: "0.25", slow: "0.25", percent: "-0.341"),
        keys + ["decelerationRate"]
      )
    case .material:
      return (
        lines(header: "64", footer: "44", fast: "0.25", slow: "0.25", percent: "0"),
        keys + ["decelerationRate", "refreshThreshold"]
      )
    }
  }

  /// pull_to_refresh (smart_refresher.dart, refresh_physics.dart): logical pixels at one a
  /// point; dragSpeedRatio multiplies BouncingScrollPhysics' friction 0.52, so a band constant c
  /// is c ÷ 0.52; SpringDescription takes damping 2ζ√(km); the footer's trigger is measured from
  /// its end: preload plus its height.
  static func flutterLines(_ preset: TuningPreset) -> (lines: [String], keys: [String]) {
    // Mass 1, stiffness 100, ratio 1: damping 2 × 1 × √100 = 20.
    let spring =
      "springDescription: SpringDescription(mass: 1.0, stiffness: 100.0, damping: 20.0), // damping ratio 1"
    // c 0.55 ÷ 0.52 = 1.0577 → 1.058.
    let iosBand = "dragSpeedRatio: 1.058, // friction 0.55 = 0.52 × ratio"
    let unbounded = ["maxOverScrollExtent: double.infinity,", "maxUnderScrollExtent: double.infinity,"]
    func header(_ height: String, _ milliseconds: String) -> String {
      "header: ClassicHeader(height: \(height), refreshStyle: RefreshStyle.Follow, completeDuration: Duration(milliseconds: \(milliseconds))),"
    }
    func footer(_ height: String) -> String {
      "footer: ClassicFooter(height: \(height), loadStyle: LoadStyle.ShowAlways),"
    }
    func trigger(_ distance: String) -> String {
      "footerTriggerDistance: \(distance), // preloadDistance + footer height"
    }
    let keys = [
      "refreshThreshold", "springMass", "springStiffness", "springDampingRatio", "footerMode",
      "preloadDistance",
      "headerHeight", "headerStyle", "footerHeight",
    ]
    let band = ["resistanceCurve", "rubberBandConstant", "finishingHoldDuration"]
    switch preset {
    case .ios:
      // Preload 0 + footer 44 → 44.0.
      return (
        [
          "headerTriggerDistance: 60.0,", spring, iosBand, trigger("44.0"), header("60.0", "500"),
          footer("44.0"),
        ] + unbounded, keys + band
      )
    case .mjrefresh:
      // Preload −44 + footer 44 → 0.0: fires at the footer's end.
      return (
        [
          "headerTriggerDistance: 54.0,", spring, iosBand, trigger("0.0"), header("54.0", "500"),
          footer("44.0"),
        ] + unbounded, keys + band
      )
    case .ego:
      return (
        [
          "headerTriggerDistance: 65.0,", spring, iosBand, trigger("44.0"), header("60.0", "0"),
          footer("44.0"),
        ] + unbounded, keys + band
      )
    case .smart:
      // Starts at drag rate 0.5: 0.5 ÷ 0.52 = 0.9615 → 0.962; reach 2.5 × 60 = 150 each way.
      return (
        [
          "headerTriggerDistance: 60.0,", spring, "dragSpeedRatio: 0.962, // starts at dragRate 0.5",
          "maxOverScrollExtent: 150.0,", "maxUnderScrollExtent: 150.0,", trigger("60.0"),
          header("60.0", "500"),
          footer("60.0"),
        ], keys + ["maxDragRate", "finishingHoldDuration"]
      )
    case .flutter:
      // Its own friction 0.52 → ratio 1; mass 0.5, stiffness 100, ratio 1.1: damping
      // 2 × 1.1 × √50 = 15.5563 → 15.556; preload 15 + footer 44 → 59.0.
      return (
        [
          "headerTriggerDistance: 80.0,",
          "springDescription: SpringDescription(mass: 0.5, stiffness: 100.0, damping: 15.556), // damping ratio 1.1",
          "dragSpeedRatio: 1.0, // friction 0.52 = 0.52 × ratio", trigger("59.0"), header("60.0", "500"),
          footer("44.0"),
        ] + unbounded, keys + ["resistanceCurve", "frictionFactor", "finishingHoldDuration"]
      )
    case .material:
      // The badge's reach is twice its trigger: 2 × 64 = 128 and 2 × 44 = 88.
      return (
        [
          "headerTriggerDistance: 64.0,", spring, "dragSpeedRatio: 0.962, // starts at dragRate 0.5",
          "maxOverScrollExtent: 128.0,", "maxUnderScrollExtent: 88.0,", trigger("44.0"),
          "header: MaterialClassicHeader(height: 64.0),", footer("44.0"),
        ], keys
      )
    }
  }

  /// easy_refresh (indicator.dart, scroll_physics.dart): logical pixels; the band curves as
  /// BouncingScrollPhysics' c·(1 − f)²; a critical spring of mass 1 that covers 99 % of its way
  /// in T seconds has ω = 6.638 ÷ T (e^(−ωT)(1 + ωT) = 0.01), stiffness ω² and damping 2ω.
  static func easyRefreshLines(_ preset: TuningPreset) -> (lines: [String], keys: [String]) {
    let spring = "spring: SpringDescription(mass: 1.0, stiffness: 100.0, damping: 20.0), // damping ratio 1"
    let iosBand = "frictionFactor: (f) => 0.55 * math.pow(1 - f, 2),"
    // openDuration 0.25: ω = 26.552, ω² = 705.009, 2ω = 53.104.
    let opens025 =
      "SpringDescription(mass: 1.0, stiffness: 705.009, damping: 53.104), // opens in openDuration"
    // 0.3 s: ω = 22.1267, ω² = 489.589, 2ω = 44.253.
    let settles03 = "SpringDescription(mass: 1.0, stiffness: 489.589, damping: 44.253)"
    let classic = ["clamping: false,", "position: IndicatorPosition.above,", "simultaneously: false,"]
    func held(_ milliseconds: String) -> String {
      "processedDuration: Duration(milliseconds: \(milliseconds)),"
    }
    let keys = [
      "allowsSimultaneousRefreshAndLoad", "refreshThreshold", "finishingHoldDuration", "headerStyle",
      "footerMode",
      "footerHeight",
    ]
    let band = [
      "resistanceCurve", "rubberBandConstant", "springMass", "springStiffness", "springDampingRatio",
    ]
    switch preset {
    case .ios:
      return (
        classic + [
          iosBand, spring, "triggerOffset: 60.0,", held("500"), opens025, "triggerOffset: 44.0,",
          "infiniteOffset: 0.0,",
        ], keys + band + ["headerHeight", "preloadDistance"]
      )
    case .mjrefresh:
      // A preload of −44 cannot be an infiniteOffset (≥ 0): 0.0, and a note.
      return (
        classic + [
          iosBand, spring, "triggerOffset: 54.0,", held("500"), opens025, "triggerOffset: 44.0,",
          "infiniteOffset: 0.0,",
        ], keys + band + ["headerHeight"]
      )
    case .ego:
      // openDuration 0.2: ω = 33.19, ω² = 1101.576, 2ω = 66.38.
      return (
        classic + [
          iosBand, spring, "triggerOffset: 65.0,", held("0"),
          "SpringDescription(mass: 1.0, stiffness: 1101.576, damping: 66.38), // opens in openDuration",
          "triggerOffset: 44.0,", "infiniteOffset: 0.0,",
        ], keys + band + ["preloadDistance"]
      )
    case .smart:
      // The rebound (0.3 s) and the opening (0.3 s) both as that spring; the curve's slope
      // dragRate · ln 100 · (M − y) ÷ H with ln 100 = 4.605 and M = 2.5 × 60 = 150.
      return (
        classic + [
          "spring: \(settles03), // settles in reboundDuration", "triggerOffset: 60.0,", held("500"),
          "\(settles03), // opens in openDuration",
          "frictionFactor: (f) => 0.5 * math.max(0.0, math.min(1.0, 4.605 * (150.0 / viewportHeight - f))),",
          "maxOverOffset: 150.0,", "triggerOffset: 60.0,", "infiniteOffset: 0.0,",
        ], keys + ["resistanceCurve", "dragRate", "maxDragRate", "headerHeight", "preloadDistance"]
      )
    case .flutter:
      // Mass 0.5, stiffness 100, ratio 1.1: damping 2 × 1.1 × √50 = 15.556; loads 15 before
      // the end.
      return (
        classic + [
          "frictionFactor: (f) => 0.52 * math.pow(1 - f, 2),",
          "spring: SpringDescription(mass: 0.5, stiffness: 100.0, damping: 15.556), // damping ratio 1.1",
          "triggerOffset: 80.0,", held("500"), opens025, "triggerOffset: 44.0,", "infiniteOffset: 15.0,",
        ], keys + ["resistanceCurve", "frictionFactor", "springMass", "springStiffness", "preloadDistance"]
      )
    case .material:
      // The badge floats over the content (clamping); its slope is dragRate up to the trigger
      // T, then dragRate·√(2 − y ÷ T), reaching 2T: 128 over the header, 88 over the footer.
      return (
        [
          "simultaneously: false,", "clamping: true,", "spring: \(settles03), // settles in reboundDuration",
          "triggerOffset: 64.0,", held("500"), opens025,
          "frictionFactor: (f) => f * viewportHeight < 64.0 ? 0.5 : 0.5 * math.sqrt(math.max(0.0, 2 - f * viewportHeight / 64.0)),",
          "maxOverOffset: 128.0,",
          "frictionFactor: (f) => f * viewportHeight < 44.0 ? 0.5 : 0.5 * math.sqrt(math.max(0.0, 2 - f * viewportHeight / 44.0)),",
          "maxOverOffset: 88.0,", "triggerOffset: 44.0,", "infiniteOffset: 0.0,",
        ], keys + ["resistanceCurve", "dragRate", "headerHeight", "preloadDistance"]
      )
    }
  }

  /// With the floor on (`withFloor`: rate 2.2, max rate 3.1, 0.75 s), the lines of the floor and
  /// the keys they carry, by hand; none under the overlay header, where the lab opens no floor.
  static func handCheckedFloor(_ format: ExportFormat, _ preset: TuningPreset) -> (
    lines: [String], keys: [String]
  ) {
    guard preset != .material else { return ([], []) }
    // 2.2 header heights: 2.2 × 54 = 118.8 for MJRefresh's header, 2.2 × 60 = 132 for the rest.
    let floor = preset == .mjrefresh ? "118.8" : "132.0"
    switch format {
    case .smart:
      // Rates as they are; 0.75 s → 750 ms.
      return (
        ["app:srlFloorRate=\"2.2\"", "app:srlMaxRate=\"3.1\"", "app:srlFloorDuration=\"750\""],
        ["twoLevelFloorRate", "twoLevelMaxRate", "twoLevelFloorDuration"]
      )
    case .flutter:
      return (
        ["twiceTriggerDistance: \(floor), // twoLevelFloorRate × header height", "enableTwoLevel: true,"],
        ["twoLevelFloorRate"]
      )
    case .easyrefresh:
      return (
        [
          "secondaryTriggerOffset: \(floor), // twoLevelFloorRate × header height",
          "secondaryVelocity: viewportHeight / 0.75, // crosses the viewport in twoLevelFloorDuration",
        ], ["twoLevelFloorRate"]
      )
    case .mjrefresh, .json, .web:
      return ([], [])
    }
  }

  /// Every key a target carries shows up as its own whole line, with the tuning's value: a
  /// `dragRate` match inside `maxDragRate` cannot pass for it.
  @Test(arguments: [ExportFormat.smart, .flutter, .mjrefresh, .easyrefresh], TuningPreset.allCases)
  func carriedKeysAreWholeLinesWithTheirValues(format: ExportFormat, preset: TuningPreset) {
    let tuning = preset.tuning
    let lines = Self.lines(TuningExport.text(of: tuning, as: format, source: "preset \(preset.rawValue)"))
    let expressed = TuningExport.expressedKeys(of: tuning, as: format)
    let (expected, keys) = Self.handChecked(format, preset)
    for line in expected {
      let written = lines.contains(line)
      #expect(written, "\(format) from \(preset): no line \"\(line)\"")
    }
    for key in keys {
      #expect(expressed.contains(key), "\(format) from \(preset): \(key) not carried")
    }
    #expect(
      expected.count >= 3 && keys.count >= 3, "\(format) from \(preset) checked \(expected.count) lines")
  }

  @Test func smartOutputIsXMLWithThePresetsValues() throws {
    let text = try export(["--format", "smart", "--preset", "smart"])
    let reader = ElementReader()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = reader
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    let layout = try #require(reader.elements.first { $0.name.hasSuffix("SmartRefreshLayout") })
    #expect(layout.attributes["app:srlHeaderHeight"] == "60dp")
    #expect(layout.attributes["app:srlFooterHeight"] == "60dp")
    #expect(layout.attributes["app:srlDragRate"] == "0.5")
    #expect(layout.attributes["app:srlHeaderMaxDragRate"] == "2.5")
    #expect(layout.attributes["app:srlFooterMaxDragRate"] == "2.5")
    #expect(layout.attributes["app:srlHeaderTriggerRate"] == "1")
    #expect(layout.attributes["app:srlFooterTriggerRate"] == "1")
    #expect(layout.attributes["app:srlReboundDuration"] == "300")
    #expect(layout.attributes["app:srlEnableAutoLoadMore"] == "true")
    for fixed in SmartExport.fixedSwitches { #expect(layout.attributes["app:\(fixed.attribute)"] == "true") }
    let header = try #require(reader.elements.first { $0.name.hasSuffix("ClassicsHeader") })
    #expect(header.attributes["app:srlFinishDuration"] == "500")
    #expect(header.attributes["app:srlClassicsSpinnerStyle"] == "Translate")
    // Every preset's output parses, whatever it has to leave in comments.
    for preset in TuningPreset.allCases {
      let other = XMLParser(data: Data(try export(["--format", "smart", "--preset", preset.rawValue]).utf8))
      #expect(other.parse(), "\(preset)")
    }
  }

  @Test(arguments: ["a--b.json", "--.json", "ends-", "x---y", "<&>\"'"])
  func smartOutputParsesWhateverTheTuningFileIsCalled(name: String) throws {
    let text = TuningExport.text(of: TuningPreset.ego.tuning, as: .smart, source: "tuning file \(name)")
    #expect(XMLParser(data: Data(text.utf8)).parse(), "\(name)")
    #expect(throws: Never.self) { try XMLElements(text) }
  }

  @Test func numbersAreRoundedAsTheTargetsShowThem() {
    var t = TuningPreset.smart.tuning
    t.refreshThreshold = 20.425531914893617
    t.dragRate = 0.123456
    let text = TuningExport.text(of: t, as: .smart, source: "test")
    #expect(Self.lines(text).contains("app:srlHeaderTriggerRate=\"0.34\""))
    #expect(Self.lines(text).contains("app:srlDragRate=\"0.123\""))
  }

  @Test func flutterAndMJRefreshCarryThePresetsNumbers() throws {
    let flutter = Self.lines(try export(["--format", "flutter", "--preset", "flutter"]))
    #expect(flutter.contains("headerTriggerDistance: 80.0,"))
    // Measured from the footer's end: 15 before the content's end plus the 44 pt footer.
    #expect(flutter.contains("footerTriggerDistance: 59.0, // preloadDistance + footer height"))
    #expect(flutter.contains("maxOverScrollExtent: double.infinity,"))
    #expect(flutter.contains("dragSpeedRatio: 1.0, // friction 0.52 = 0.52 × ratio"))
    #expect(
      flutter.contains(
        "springDescription: SpringDescription(mass: 0.5, stiffness: 100.0, damping: 15.556), // damping ratio 1.1"
      ))
    let mj = Self.lines(try export(["--format", "mjrefresh", "--preset", "mjrefresh"]))
    #expect(mj.contains("header.mj_h = 54"))
    #expect(mj.contains("footer.mj_h = 44"))
    #expect(mj.contains("let footer = MJRefreshAutoNormalFooter(refreshingBlock: loadMore)"))
    // MJRefresh's own default: the auto footer fires once fully shown.
    #expect(mj.contains("footer.triggerAutomaticallyRefreshPercent = 1"))
    #expect(mj.contains("header.fastAnimationDuration = 0.25"))
    #expect(mj.contains("footer.slowAnimationDuration = 0.4"))
  }

  @Test func theSnippetsSayWhatTheReaderSupplies() throws {
    for (format, names) in [
      ("flutter", ["refreshController", "onRefresh", "onLoading", "list"]),
      ("easyrefresh", ["controller", "onRefresh", "onLoad", "list", "viewportHeight"]),
      ("mjrefresh", ["tableView", "refresh", "loadMore"]),
    ] {
      let text = try export(["--format", format, "--preset", "smart"])
      let supplied = try #require(text.split(separator: "\n").first { $0.contains("You supply:") })
      for name in names { #expect(text.contains(name), "\(format) uses \(name)") }
      #expect(supplied.contains(names[0]), "\(format): \(supplied)")
    }
  }

  @Test func noFormatContradictsTheSmartExport() throws {
    // The smart export from the material preset sets srlDragRate and srlReboundDuration, so it
    // lists neither as having no setting, and names resistanceCurve once.
    let text = try export(["--format", "smart", "--preset", "material"])
    let (noted, listed) = Self.closingKeys(
      String(text[(text.firstRange(of: "<!--\n")?.upperBound ?? text.endIndex)...]), marker: "")
    #expect(!listed.contains("dragRate") && !listed.contains("reboundDuration"))
    #expect(noted.filter { $0 == "resistanceCurve" }.count == 1)
    #expect(Self.lines(text).contains("app:srlDragRate=\"0.5\""))
  }

  @Test(arguments: TuningPreset.allCases)
  func jsonLoadsBackIntoTheSameTuning(preset: TuningPreset) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write(try export(["--format", "json", "--preset", preset.rawValue]), to: "t.json")
    #expect(try TuningFile.load(file) == preset.tuning)
  }

  @Test(arguments: [TuningPreset.smart, .material])
  func jsonRoundTripsIntoByteIdenticalReplays(preset: TuningPreset) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let exported = folder.file("exported.json")
    #expect(
      RefreshLabApp.main(
        arguments: ["export", "--format", "json", "--preset", preset.rawValue, "--output", exported],
        environment: [:]) == 0)
    func replay(_ source: [String], to name: String) throws -> Data {
      let lines = try HeadlessReplay.lines(
        script: LibraryMotionTests.staircase, ["--size", "240x400"] + source, in: folder, trace: name)
      return Data((lines.joined(separator: "\n") + "\n").utf8)
    }
    let fromPreset = try replay(["--preset", preset.rawValue], to: "a.jsonl")
    let fromFile = try replay(["--tuning", exported], to: "b.jsonl")
    #expect(fromPreset.count > 1000)
    #expect(fromPreset == fromFile)
  }

  @Test func badFormatOrFileIsOneLineAndExitOne() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(RefreshLabApp.main(arguments: ["export", "--format", "yaml"], environment: [:]) == 1)
    #expect(
      RefreshLabApp.main(
        arguments: ["export", "--format", "json", "--tuning", folder.file("none.json")], environment: [:])
        == 1)
    #expect(
      RefreshLabApp.main(
        arguments: ["export", "--format", "json", "--output", folder.file("no/such/folder/t.json")],
        environment: [:])
        == 1)
    #expect(try folder.contents().isEmpty, "nothing half-written")
    do {
      _ = try export(["--format", "yaml"])
      Issue.record("yaml was accepted")
    } catch let error as LabError {
      #expect(
        error.description
          == "--format: \"yaml\" is not an export format; use one of json, smart, flutter, mjrefresh, easyrefresh, web"
      )
    }
  }

  @Test func theWindowStaysTheDefaultSubcommand() throws {
    #expect(try RefreshLabCommand.parseAsRoot(["--rows", "5", "--headless"]) is LabCommand)
    #expect(try RefreshLabCommand.parseAsRoot([]) is LabCommand)
    #expect(try RefreshLabCommand.parseAsRoot(["export", "--format", "json"]) is ExportCommand)
    #expect(try RefreshLabCommand.parseAsRoot(["import", "--format", "smart", "a.xml"]) is ImportCommand)
    #expect(!RefreshLabApp.asksForWindowHelp(["import", "--help"]))
    #expect(RefreshLabApp.asksForWindowHelp(["--help"]))
    #expect(!RefreshLabApp.asksForWindowHelp(["export", "--help"]))
  }
}

/// Collects every element's name and attributes.
private final class ElementReader: NSObject, XMLParserDelegate {
  var elements: [(name: String, attributes: [String: String])] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    elements.append((elementName, attributeDict))
  }
}
