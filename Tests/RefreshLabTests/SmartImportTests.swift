import Foundation
import RefreshCore
import TestKit
import Testing

@testable import RefreshLab

/// `refresh-lab import --format smart`: the export read back, key for key, and bad layouts
/// refused in one line naming the attribute and its line.
@MainActor @Suite(.serialized) struct SmartImportTests {
  /// The value of `key` in `tuning` as a comparable number or name.
  static func value(_ tuning: Tuning, _ key: String) -> String {
    if let parameter = Tuning.parameters.first(where: { $0.key == key }) {
      return "\(tuning[keyPath: parameter.keyPath])"
    }
    return ExportSheet.values(of: tuning).first { $0.key == key }?.value ?? "missing"
  }

  @Test(arguments: TuningPreset.allCases)
  func exportThenImportGivesBackEveryMappedKey(preset: TuningPreset) throws {
    let mapped = try roundTrip(preset, floor: nil)
    #expect(mapped.count >= 12, "\(preset): \(mapped.count) keys mapped")
  }

  /// The second floor on: the layout wraps the header in a TwoLevelHeader, and its attributes
  /// come back as the three two-level keys (under an overlay header the lab opens no floor).
  @Test(arguments: TuningPreset.allCases)
  func exportThenImportGivesBackTheSecondFloor(preset: TuningPreset) throws {
    let floor = #"{ "twoLevelFloorRate": 2.2, "twoLevelMaxRate": 3.1, "twoLevelFloorDuration": 0.75 }"#
    let mapped = try roundTrip(preset, floor: floor)
    let twoLevel: Set = ["twoLevelFloorRate", "twoLevelMaxRate", "twoLevelFloorDuration"]
    if preset.tuning.headerStyle == .overlay {
      #expect(mapped.isDisjoint(with: twoLevel), "\(preset): \(mapped.intersection(twoLevel))")
    } else {
      #expect(twoLevel.isSubset(of: mapped), "\(preset): \(twoLevel.subtracting(mapped)) not mapped")
    }
  }

  /// Exports `preset` (with `floor`, a tuning file, laid over it) as a layout, imports it, and
  /// checks every key the export carries came back; returns those keys.
  func roundTrip(_ preset: TuningPreset, floor: String?) throws -> Set<String> {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let layout = folder.file("layout.xml")
    let tuningFile = folder.file("tuning.json")
    var arguments = ["export", "--format", "smart", "--preset", preset.rawValue, "--output", layout]
    var tuning = preset.tuning
    if let floor {
      let floorFile = folder.file("floor.json")
      try Data(floor.utf8).write(to: URL(fileURLWithPath: floorFile))
      arguments += ["--tuning", floorFile]
      tuning = try TuningFile.load(floorFile, over: preset)
    }
    #expect(RefreshLabApp.main(arguments: arguments, environment: [:]) == 0)
    #expect(
      RefreshLabApp.main(
        arguments: ["import", "--format", "smart", layout, "--output", tuningFile], environment: [:]) == 0)
    let imported = try TuningFile.load(tuningFile)
    let mapped = TuningExport.expressedKeys(of: tuning, as: .smart)
    for key in mapped.sorted() {
      #expect(
        Self.value(imported, key) == Self.value(tuning, key),
        "\(preset): \(key) came back as \(Self.value(imported, key)), was \(Self.value(tuning, key))")
    }
    return mapped
  }

  /// A bare TwoLevelHeader is the floor on at the library's defaults; srlEnableTwoLevel="false"
  /// leaves it off.
  @Test(arguments: [("", 1.9), ("\n    app:srlEnableTwoLevel=\"false\"", 0)])
  func aTwoLevelHeaderTurnsTheFloorOn(attributes: String, floorRate: Double) throws {
    let text = """
      <com.scwang.smart.refresh.layout.SmartRefreshLayout xmlns:app="x">
        <com.scwang.smart.refresh.header.TwoLevelHeader\(attributes) />
      </com.scwang.smart.refresh.layout.SmartRefreshLayout>
      """
    let tuning = try SmartImport.tuning(from: text, path: "l.xml")
    #expect(tuning.twoLevelFloorRate == floorRate)
    #expect(tuning.twoLevelMaxRate == 2.5)
    #expect(tuning.twoLevelFloorDuration == 1)
  }

  @Test(arguments: [
    ("<a>\n<b x=\"1\"\n</a>", "l.xml:3: not well-formed XML"),
    (
      "<com.scwang.smart.refresh.layout.SmartRefreshLayout\n    xmlns:app=\"x\"\n    app:srlHeaderHeight=\"5dp\" />",
      "l.xml:3: app:srlHeaderHeight: 5 makes headerHeight out of range; the lab allows 20…200"
    ),
    (
      "<com.scwang.smart.refresh.layout.SmartRefreshLayout\n    xmlns:app=\"x\"\n    app:srlHeaderMaxDragRate=\"150\" />",
      "l.xml:3: app:srlHeaderMaxDragRate: 150 is pixels to SmartRefreshLayout (10 or more)"
    ),
    (
      "<com.scwang.smart.refresh.layout.SmartRefreshLayout\n    xmlns:app=\"x\"\n    app:srlReboundDuration=\"fast\" />",
      "l.xml:3: app:srlReboundDuration: \"fast\" is not a whole number of milliseconds"
    ),
    ("<LinearLayout />", "l.xml:1: no SmartRefreshLayout or SmartRefreshHorizontal in it"),
  ])
  func aBadLayoutIsOneLineNamingTheAttributeAndLine(text: String, message: String) throws {
    #expect {
      try SmartImport.tuning(from: text, path: "l.xml")
    } throws: { error in
      let description = (error as? LabError)?.description ?? ""
      return description.hasPrefix(message) && !description.contains("\n")
    }
  }

  /// What a tuning cannot hold is a note naming the line and the attribute, and the import goes
  /// on: an attribute the lab does not know, a switch it cannot turn off, rates it keeps as one.
  @Test(arguments: [
    (
      "<com.scwang.smart.refresh.layout.SmartRefreshLayout\n    xmlns:app=\"x\"\n    app:srlDragRate=\"0.5\"\n"
        + "    app:srlFancy=\"1\" />",
      "l.xml:4: app:srlFancy: not something a tuning holds"
    ),
    (
      "<com.scwang.smart.refresh.layout.SmartRefreshLayout\n    xmlns:app=\"x\"\n    app:srlEnableOverScrollDrag=\"false\" />",
      "l.xml:3: app:srlEnableOverScrollDrag: false, which the lab cannot do"
    ),
    (
      "<com.scwang.smart.refresh.layout.SmartRefreshLayout\n    xmlns:app=\"x\"\n    app:srlHeaderMaxDragRate=\"2\"\n"
        + "    app:srlFooterMaxDragRate=\"3\" />",
      "l.xml:4: app:srlFooterMaxDragRate: 3 differs from srlHeaderMaxDragRate (2)"
    ),
    (
      "<com.scwang.smart.refresh.layout.SmartRefreshLayout\n    xmlns:app=\"x\">\n"
        + "  <com.scwang.smart.refresh.header.TwoLevelHeader\n    app:srlEnablePullToCloseTwoLevel=\"false\" />\n"
        + "</com.scwang.smart.refresh.layout.SmartRefreshLayout>",
      "l.xml:4: app:srlEnablePullToCloseTwoLevel: false, which the lab cannot do"
    ),
    (
      "<com.scwang.smart.refresh.layout.SmartRefreshLayout\n    xmlns:app=\"x\"\n    app:srlHeaderTriggerRate=\"1\">\n"
        + "  <com.scwang.smart.refresh.header.TwoLevelHeader\n    app:srlRefreshRate=\"1.5\" />\n"
        + "</com.scwang.smart.refresh.layout.SmartRefreshLayout>",
      "l.xml:5: app:srlRefreshRate: 1.5 differs from the header's trigger rate (1)"
    ),
  ])
  func whatATuningCannotHoldIsANoteAndTheImportGoesOn(text: String, note: String) throws {
    let result = try SmartImport.read(text, path: "l.xml")
    #expect(result.notes.contains { $0.hasPrefix(note) }, "\(result.notes)")
    #expect(result.notes.allSatisfy { !$0.contains("\n") })
  }

  @Test func aBadLayoutExitsOneAndWritesNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let layout = try folder.write("<a><b></a>", to: "bad.xml")
    let output = folder.file("tuning.json")
    #expect(
      RefreshLabApp.main(
        arguments: ["import", "--format", "smart", layout, "--output", output], environment: [:]) == 1)
    #expect(!FileManager.default.fileExists(atPath: output))
    #expect(RefreshLabApp.main(arguments: ["import", "--format", "yaml", layout], environment: [:]) == 1)
    #expect(
      RefreshLabApp.main(
        arguments: ["import", "--format", "smart", folder.file("none.xml")], environment: [:]) == 1)
  }
}
