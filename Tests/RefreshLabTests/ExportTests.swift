import Foundation
import RefreshCore
import Testing

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
    for (key, expected) in Self.settingLines(format, tuning) where key.hasPrefix("twoLevel") {
      #expect(
        expressed.contains(key) == (tuning.headerStyle != .overlay),
        "\(format) from \(preset): \(key) carried \(expressed.contains(key))")
      for line in expected where expressed.contains(key) {
        #expect(lines.contains(line), "\(format) from \(preset): no line \"\(line)\" for \(key)")
      }
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
    for key in Tuning.allKeys {
      let count =
        (expressed.contains(key) ? 1 : 0) + noted.filter { $0 == key }.count
        + listed.filter { $0 == key }.count
      #expect(count == 1, "\(format) from \(label): \(key) accounted for \(count) times")
    }
    #expect(
      Set(noted + listed).isSubset(of: Set(Tuning.allKeys)), "\(format) from \(label) names no other key")
  }

  /// The whole lines each target writes for a key, from the tuning's own values.
  static func settingLines(_ format: ExportFormat, _ t: Tuning) -> [String: [String]] {
    let n = ExportSheet.number
    let r = ExportSheet.real
    switch format {
    case .smart:
      return [
        "headerHeight": ["app:srlHeaderHeight=\"\(n(t.headerHeight))dp\""],
        "footerHeight": ["app:srlFooterHeight=\"\(n(t.footerHeight))dp\""],
        "refreshThreshold": ["app:srlHeaderTriggerRate=\"\(n(t.refreshThreshold / t.headerHeight))\""],
        "loadMoreThreshold": ["app:srlFooterTriggerRate=\"\(n(t.loadMoreThreshold / t.footerHeight))\""],
        "dragRate": ["app:srlDragRate=\"\(n(t.dragRate))\""],
        "maxDragRate": [
          "app:srlHeaderMaxDragRate=\"\(n(t.maxDragRate))\"",
          "app:srlFooterMaxDragRate=\"\(n(t.maxDragRate))\"",
        ],
        "reboundDuration": ["app:srlReboundDuration=\"\(Int(t.reboundDuration * 1000))\""],
        "footerMode": ["app:srlEnableAutoLoadMore=\"\(t.footerMode == .automatic)\""],
        "hidesFooterWhenNoMoreData": [
          "app:srlEnableFooterFollowWhenNoMoreData=\"\(!t.hidesFooterWhenNoMoreData)\""
        ],
        "finishingHoldDuration": ["app:srlFinishDuration=\"\(Int(t.finishingHoldDuration * 1000))\""],
        "twoLevelFloorRate": ["app:srlFloorRate=\"\(n(t.twoLevelFloorRate))\""],
        "twoLevelMaxRate": ["app:srlMaxRate=\"\(n(t.twoLevelMaxRate))\""],
        "twoLevelFloorDuration": ["app:srlFloorDuration=\"\(Int(t.twoLevelFloorDuration * 1000))\""],
      ]
    case .flutter:
      return [
        "refreshThreshold": ["headerTriggerDistance: \(r(t.refreshThreshold)),"],
        "preloadDistance": [
          "footerTriggerDistance: \(r(t.preloadDistance + t.footerHeight)), // preloadDistance + footer height"
        ],
        "frictionFactor": [
          "dragSpeedRatio: \(r(t.frictionFactor / 0.52)), // friction \(n(t.frictionFactor)) = 0.52 × ratio"
        ],
        "rubberBandConstant": [
          "dragSpeedRatio: \(r(t.rubberBandConstant / 0.52)), // friction \(n(t.rubberBandConstant)) = 0.52 × ratio"
        ],
        "maxDragRate": ["maxOverScrollExtent: \(r(t.maxDragRate * t.headerHeight)),"],
        "footerHeight": [
          "footer: ClassicFooter(height: \(r(t.footerHeight)), loadStyle: LoadStyle.ShowAlways),"
        ],
        "twoLevelFloorRate": [
          "twiceTriggerDistance: \(r(t.twoLevelFloorRate * t.headerHeight)), // twoLevelFloorRate × header height",
          "enableTwoLevel: true,",
        ],
      ]
    case .mjrefresh:
      return [
        "headerHeight": ["header.mj_h = \(n(t.headerHeight))"],
        "footerHeight": ["footer.mj_h = \(n(t.footerHeight))"],
        "openDuration": [
          "header.fastAnimationDuration = \(n(t.openDuration))",
          "footer.fastAnimationDuration = \(n(t.openDuration))",
        ],
        "collapseDuration": [
          "header.slowAnimationDuration = \(n(t.collapseDuration))",
          "footer.slowAnimationDuration = \(n(t.collapseDuration))",
        ],
        "preloadDistance": t.footerMode == .automatic
          ? ["footer.triggerAutomaticallyRefreshPercent = \(n(-t.preloadDistance / t.footerHeight))"] : [],
      ]
    case .easyrefresh:
      return [
        "refreshThreshold": ["triggerOffset: \(r(t.refreshThreshold)),"],
        "finishingHoldDuration": [
          "processedDuration: Duration(milliseconds: \(Int(t.finishingHoldDuration * 1000))),"
        ],
        "allowsSimultaneousRefreshAndLoad": ["simultaneously: \(t.allowsSimultaneousRefreshAndLoad),"],
        "frictionFactor": ["frictionFactor: (f) => \(r(t.frictionFactor)) * math.pow(1 - f, 2),"],
        "rubberBandConstant": ["frictionFactor: (f) => \(r(t.rubberBandConstant)) * math.pow(1 - f, 2),"],
        "preloadDistance": t.footerMode == .automatic ? ["infiniteOffset: \(r(t.preloadDistance)),"] : [],
        "maxDragRate": ["maxOverOffset: \(r(t.maxDragRate * t.headerHeight)),"],
        "headerStyle": [t.headerStyle == .overlay ? "clamping: true," : "clamping: false,"],
        "twoLevelFloorRate": [
          "secondaryTriggerOffset: \(r(t.twoLevelFloorRate * t.headerHeight)), // twoLevelFloorRate × header height"
        ],
      ]
    case .json:
      return [:]
    }
  }

  /// Every key a target carries shows up as its own whole line, with the tuning's value: a
  /// `dragRate` match inside `maxDragRate` cannot pass for it.
  @Test(arguments: [ExportFormat.smart, .flutter, .mjrefresh, .easyrefresh], TuningPreset.allCases)
  func carriedKeysAreWholeLinesWithTheirValues(format: ExportFormat, preset: TuningPreset) {
    let tuning = preset.tuning
    let lines = Self.lines(TuningExport.text(of: tuning, as: format, source: "preset \(preset.rawValue)"))
    let expressed = TuningExport.expressedKeys(of: tuning, as: format)
    var checked = 0
    for (key, expected) in Self.settingLines(format, tuning) where expressed.contains(key) {
      for line in expected {
        #expect(lines.contains(line), "\(format) from \(preset): no line \"\(line)\" for \(key)")
        checked += 1
      }
    }
    #expect(checked >= 3, "\(format) from \(preset) checked \(checked) lines")
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
      let options = try LabCommand.parse(
        [
          "--headless", "--replay", LibraryMotionTests.staircase, "--size", "240x400", "--trace",
          folder.file(name),
        ]
          + source
      ).resolve(environment: [:])
      try AppLaunch(options: options).run()
      return try Data(contentsOf: URL(fileURLWithPath: folder.file(name)))
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
          == "--format: \"yaml\" is not an export format; use one of json, smart, flutter, mjrefresh, easyrefresh"
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
