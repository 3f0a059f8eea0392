import Foundation
import RefreshCore
import TestKit
import Testing

@testable import RefreshLab

/// Issue 22: the import takes the layouts Android projects write, here SmartRefreshLayout's own
/// demo app's (Tests/Fixtures/SmartRefreshLayout, Apache-2.0): the layout under a toolbar's
/// LinearLayout, colours, view ids, theme attributes and headers that draw themselves. Every
/// one imports, the values the lab reads come through as the file says them, and import, export,
/// import gives the same tuning.
@Suite struct RealLayoutImportTests {
  static let folder = RepositoryFile.path("Tests/Fixtures/SmartRefreshLayout")
  static let layouts: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/layout")) ?? []
    return names.filter { $0.hasSuffix(".xml") }.sorted()
  }()

  func read(_ name: String) throws -> (text: String, result: SmartImport.Result) {
    let path = Self.folder + "/layout/" + name
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let resources = try AndroidResources(folder: Self.folder + "/res")
    return (text, try SmartImport.read(text, path: name, resources: resources))
  }

  /// The value the file gives `attribute`, read from its text alone (the oracle: not the
  /// importer's parser).
  func written(_ attribute: String, in text: String, on element: String = "SmartRefreshLayout") -> String? {
    guard let start = text.range(of: "." + element + "\n") ?? text.range(of: "." + element + " ") else {
      return nil
    }
    let tag = text[start.upperBound...].prefix { $0 != ">" }
    guard let range = tag.range(of: "app:\(attribute)=\"") else { return nil }
    return String(tag[range.upperBound...].prefix { $0 != "\"" })
  }

  @Test func theSetHoldsTheDemoAppsLayouts() {
    #expect(Self.layouts.count == 16, "\(Self.layouts)")
  }

  @Test(arguments: layouts)
  func everyLayoutImportsWithTheValuesItSays(name: String) throws {
    let (text, result) = try read(name)
    let t = result.tuning
    let smart = TuningPreset.smart.tuning
    // What is left out is the library's default, read from its source (no header here has an
    // exact height of its own).
    let library = try LibrarySource.layout()
    #expect(
      t.dragRate
        == (try written("srlDragRate", in: text).flatMap(Double.init) ?? library.number("srlDragRate")))
    #expect(
      t.maxDragRate
        == (try written("srlHeaderMaxDragRate", in: text).flatMap(Double.init)
          ?? library.number("srlHeaderMaxDragRate")),
      "\(name)")
    let height =
      try written("srlHeaderHeight", in: text).flatMap { Double($0.dropLast(2)) }
      ?? library.number("srlHeaderHeight")
    #expect(t.headerHeight == height, "\(name)")
    let triggerRate =
      try written("srlHeaderTriggerRate", in: text).flatMap(Double.init)
      ?? library.number("srlHeaderTriggerRate")
    #expect(t.refreshThreshold == (triggerRate * height).rounded(), "\(name)")
    let rebound =
      try written("srlReboundDuration", in: text).flatMap(Double.init) ?? library.number("srlReboundDuration")
    #expect(t.reboundDuration == rebound / 1000, "\(name)")
    let auto = written("srlEnableAutoLoadMore", in: text).map { $0 == "true" } ?? true
    #expect(t.footerMode == (auto ? .automatic : .releaseToLoad), "\(name)")
    let finish = written("srlFinishDuration", in: text, on: "ClassicsHeader").flatMap(Double.init).map {
      $0 / 1000
    }
    #expect(t.finishingHoldDuration == finish ?? smart.finishingHoldDuration, "\(name)")
    // Every note names its file and line, and says why, on one line.
    for note in result.notes {
      #expect(note.hasPrefix(name + ":") && !note.contains("\n"), "\(note)")
    }
  }

  @Test(arguments: layouts)
  func importExportImportIsStable(name: String) throws {
    let first = try read(name).result.tuning
    let exported = TuningExport.text(of: first, as: .smart, source: name)
    let again = try SmartImport.tuning(from: exported, path: "exported.xml")
    #expect(again == first, "\(name)")
  }

  /// What a tuning cannot hold is said, once per attribute, and the import goes on.
  @Test func whatATuningCannotHoldIsANote() throws {
    let result = try read("activity_practice_repast.xml").result
    #expect(result.notes.contains { $0.contains("app:srlHeaderInsetStart: an inset of the app's layout") })
    #expect(result.notes.contains { $0.contains("app:srlAccentColor: a colour") })
    let material = try read("activity_style_material.xml").result
    #expect(material.tuning.headerStyle == .overlay)
    let floor = try read("fragment_practice_twolevel.xml").result
    #expect(floor.tuning.twoLevelFloorRate > 0, "a TwoLevelHeader turns the floor on")
  }

  /// The 1.x package and spellings, and a layout that is not the file's root.
  @Test func theOldPackageAndSpellingsAndANestedLayoutImport() throws {
    let text = """
      <LinearLayout xmlns:android="http://schemas.android.com/apk/res/android"
          xmlns:app="http://schemas.android.com/apk/res-auto">
        <Toolbar android:id="@+id/toolbar" />
        <com.scwang.smartrefresh.layout.SmartRefreshLayout
            app:srlEnableAutoLoadmore="false"
            app:srlEnableLoadmore="true"
            app:srlDragRate="0.6">
          <com.scwang.smartrefresh.layout.header.ClassicsHeader
              app:layout_srlSpinnerStyle="Scale" />
        </com.scwang.smartrefresh.layout.SmartRefreshLayout>
        <com.scwang.smart.refresh.layout.SmartRefreshLayout app:srlDragRate="0.9" />
      </LinearLayout>
      """
    let result = try SmartImport.read(text, path: "old.xml")
    #expect(result.tuning.footerMode == .releaseToLoad)
    #expect(result.tuning.dragRate == 0.6, "the first layout")
    #expect(result.tuning.headerStyle == .scale)
    #expect(result.notes.contains { $0.hasPrefix("old.xml:") && $0.contains("2 SmartRefreshLayouts") })
  }
}
