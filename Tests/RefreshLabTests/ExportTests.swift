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
    ("json", "material", "docs/exports/material.json"),
  ])
  func eachFormatIsPinned(format: String, preset: String, pinned: String) throws {
    let text = try export(["--format", format, "--preset", preset])
    let expected = try String(contentsOfFile: RepositoryFile.path(pinned), encoding: .utf8)
    #expect(text == expected, "regenerate \(pinned) with refresh-lab export if the change is meant")
  }

  @Test(arguments: ExportFormat.allCases, TuningPreset.allCases)
  func everyKeyIsWrittenOrCommented(format: ExportFormat, preset: TuningPreset) {
    let text = TuningExport.text(of: preset.tuning, as: format, source: "preset \(preset.rawValue)")
    for key in Tuning.allKeys where format != .json {
      // A key expressed as a setting shows its target's name instead; those are checked below.
      let mapped = ["headerHeight", "footerHeight", "refreshThreshold", "footerMode", "headerStyle"]
      if mapped.contains(key) { continue }
      #expect(
        text.contains("\(key) = ") || Self.settingNames(format, key).contains { text.contains($0) },
        "\(format) from \(preset) says nothing of \(key)")
    }
  }

  /// What each target calls the keys it can express.
  static func settingNames(_ format: ExportFormat, _ key: String) -> [String] {
    switch (format, key) {
    case (.smart, "dragRate"): ["srlDragRate"]
    case (.smart, "maxDragRate"): ["srlHeaderMaxDragRate"]
    case (.smart, "reboundDuration"): ["srlReboundDuration"]
    case (.smart, "resistanceCurve"): ["srlDragRate"]
    case (.smart, "finishingHoldDuration"): ["srlFinishDuration"]
    case (.smart, "preloadDistance"): ["srlEnableAutoLoadMore=\"true\""]
    case (.smart, "loadMoreThreshold"): ["srlFooterTriggerRate"]
    case (.flutter, "springMass"), (.flutter, "springStiffness"), (.flutter, "springDampingRatio"):
      ["SpringDescription("]
    case (.flutter, "preloadDistance"): ["footerTriggerDistance"]
    case (.flutter, "finishingHoldDuration"): ["completeDuration"]
    case (.flutter, "dragRate"): ["dragSpeedRatio"]
    case (.flutter, "maxDragRate"): ["maxOverScrollExtent"]
    case (.mjrefresh, "preloadDistance"): ["triggerAutomaticallyRefreshPercent"]
    case (.mjrefresh, "loadMoreThreshold"): ["MJRefreshBackNormalFooter"]
    default: []
    }
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
    #expect(layout.attributes["app:srlReboundDuration"] == "300")
    #expect(layout.attributes["app:srlEnableAutoLoadMore"] == "true")
    let header = try #require(reader.elements.first { $0.name.hasSuffix("ClassicsHeader") })
    #expect(header.attributes["app:srlFinishDuration"] == "500")
    #expect(header.attributes["app:srlClassicsSpinnerStyle"] == "Translate")
    // Every preset's output parses, whatever it has to leave in comments.
    for preset in TuningPreset.allCases {
      let other = XMLParser(data: Data(try export(["--format", "smart", "--preset", preset.rawValue]).utf8))
      #expect(other.parse(), "\(preset)")
    }
  }

  @Test func flutterAndMJRefreshCarryThePresetsNumbers() throws {
    let flutter = try export(["--format", "flutter", "--preset", "flutter"])
    #expect(flutter.contains("headerTriggerDistance: 80.0,"))
    #expect(flutter.contains("footerTriggerDistance: 15.0,"))
    #expect(flutter.contains("SpringDescription(mass: 0.5, stiffness: 100.0, damping: 15.556)"))
    #expect(flutter.contains("completeDuration: Duration(milliseconds: 500)"))
    let mj = try export(["--format", "mjrefresh", "--preset", "mjrefresh"])
    #expect(mj.contains("header.mj_h = 54"))
    #expect(mj.contains("footer.mj_h = 44"))
    #expect(mj.contains("MJRefreshAutoNormalFooter"))
    #expect(mj.contains("MJRefreshFastAnimationDuration 0.25 s, MJRefreshSlowAnimationDuration 0.4 s"))
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
      try LabRun(options: options).run()
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
          == "--format: \"yaml\" is not an export format; use one of json, smart, flutter, mjrefresh")
    }
  }

  @Test func theWindowStaysTheDefaultSubcommand() throws {
    #expect(try RefreshLabCommand.parseAsRoot(["--rows", "5", "--headless"]) is LabCommand)
    #expect(try RefreshLabCommand.parseAsRoot([]) is LabCommand)
    #expect(try RefreshLabCommand.parseAsRoot(["export", "--format", "json"]) is ExportCommand)
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
