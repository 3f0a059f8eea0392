import Foundation
import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// SmartRefreshLayout's own Java, as committed in Tests/Fixtures/SmartRefreshLayout/source
/// (excerpts of its field initialisers and constructors): the oracle for what an attribute left
/// out of a layout means, read here from the library's lines, never from the importer's tables.
struct LibrarySource {
  static let folder = RepositoryFile.path("Tests/Fixtures/SmartRefreshLayout/source")

  let text: String
  /// The styleable the class reads its attributes under (`SmartRefreshLayout`, `TwoLevelHeader`).
  let styleable: String

  init(_ file: String, styleable: String) throws {
    text = try String(contentsOfFile: Self.folder + "/" + file, encoding: .utf8)
    self.styleable = styleable
  }

  /// The field `attribute` is read into: `mX = ta.getY(R.styleable.Styleable_attribute, mX);`.
  func field(of attribute: String) -> String? {
    let key = "R.styleable.\(styleable)_\(attribute),"
    guard let line = text.split(separator: "\n").first(where: { $0.contains(key) }) else { return nil }
    let left = line.split(separator: "=").first ?? ""
    return left.trimmingCharacters(in: .whitespaces)
  }

  /// The text the field starts from: its initialiser (`protected float mX = 1.0f;`) or, when the
  /// constructor sets it before reading the attributes, that (`mX = SmartUtil.dp2px(100);`).
  func initialiser(of field: String) -> String? {
    for line in text.split(separator: "\n") where !line.contains("ta.get") {
      let code = (line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
      let words = code.split(separator: " ")
      guard let index = words.firstIndex(of: Substring(field)), index + 2 < words.count,
        words[index + 1] == "="
      else { continue }
      let value = words[(index + 2)...].joined(separator: " ")
      return value.hasSuffix(";") ? String(value.dropLast()) : value
    }
    return nil
  }

  /// The library's default of `attribute` as Java writes it.
  func defaultText(of attribute: String) throws -> String {
    let name = try #require(field(of: attribute), "\(attribute) is not read in the source excerpt")
    return try #require(initialiser(of: name), "\(name) has no initialiser in the source excerpt")
  }

  /// A number: `1.0f`, `.5f`, `300`, or `SmartUtil.dp2px(100)` as 100 (dp).
  func number(_ attribute: String) throws -> Double {
    var text = try defaultText(of: attribute)
    if text.hasPrefix("SmartUtil.dp2px(") { text = String(text.dropFirst(16).dropLast()) }
    if text.hasSuffix("f") { text.removeLast() }
    return try #require(Double(text), "\(attribute)'s default \(text) is not a number")
  }

  func boolean(_ attribute: String) throws -> Bool {
    let text = try defaultText(of: attribute)
    let value: Bool? = ["true": true, "false": false][text]
    return try #require(value as Bool?, "\(attribute)'s default \(text) is not true or false")
  }

  static func layout() throws -> LibrarySource {
    try LibrarySource("SmartRefreshLayout.java", styleable: "SmartRefreshLayout")
  }
}

/// Issue 45: an attribute a layout leaves out means what SmartRefreshLayout makes of it, every
/// attribute the import does not map is a note, and a SmartRefreshHorizontal imports as a
/// horizontal list. Each expected default comes from the library's source (`LibrarySource`).
@Suite struct SmartImportDefaultsTests {
  static let layoutClass = "com.scwang.smart.refresh.layout.SmartRefreshLayout"

  /// The user's layout: the header's height set, its trigger rate left out.
  static let headerHeightOnly = """
    <com.scwang.smart.refresh.layout.SmartRefreshLayout
        xmlns:app="http://schemas.android.com/apk/res-auto"
        app:srlHeaderHeight="80dp" />
    """

  func bare(_ attributes: String = "", children: String = "") throws -> SmartImport.Result {
    let text = """
      <\(Self.layoutClass)
          xmlns:android="http://schemas.android.com/apk/res/android"
          xmlns:app="http://schemas.android.com/apk/res-auto"\(attributes)>\(children)
      </\(Self.layoutClass)>
      """
    return try SmartImport.read(text, path: "l.xml")
  }

  /// Each attribute the tuning takes a value from, left out of the layout, comes back as the
  /// library's default says (a planted 0.75 trigger rate, 60dp header, 200 ms rebound, … fails).
  @Test(arguments: [
    "srlHeaderTriggerRate", "srlFooterTriggerRate", "srlHeaderHeight", "srlFooterHeight", "srlDragRate",
    "srlHeaderMaxDragRate", "srlFooterMaxDragRate", "srlReboundDuration", "srlEnableAutoLoadMore",
    "srlEnableFooterFollowWhenNoMoreData",
  ])
  func aLeftOutAttributeIsTheLibrarysDefault(attribute: String) throws {
    let source = try LibrarySource.layout()
    switch attribute {
    case "srlHeaderTriggerRate":
      // The user's case: only the height given; SmartRefreshLayout arms at rate × height.
      let t = try SmartImport.tuning(from: Self.headerHeightOnly, path: "l.xml")
      #expect(t.headerHeight == 80)
      #expect(t.refreshThreshold == (try source.number(attribute) * 80).rounded())
    case "srlFooterTriggerRate":
      let t = try bare("\n    app:srlFooterHeight=\"90dp\"").tuning
      #expect(t.loadMoreThreshold == (try source.number(attribute) * 90).rounded())
    case "srlHeaderHeight":
      let t = try bare().tuning
      #expect(t.headerHeight == (try source.number(attribute)))
      #expect(t.refreshThreshold == (try source.number("srlHeaderTriggerRate") * t.headerHeight).rounded())
    case "srlFooterHeight":
      let t = try bare().tuning
      #expect(t.footerHeight == (try source.number(attribute)))
      #expect(t.loadMoreThreshold == (try source.number("srlFooterTriggerRate") * t.footerHeight).rounded())
    case "srlDragRate":
      #expect(try bare().tuning.dragRate == source.number(attribute))
    case "srlHeaderMaxDragRate":
      #expect(try bare().tuning.maxDragRate == source.number(attribute))
    case "srlFooterMaxDragRate":
      // The lab keeps one max drag rate; a footer's left out differs from a header's 2 by the
      // library's default, which the note names.
      let result = try bare("\n    app:srlHeaderMaxDragRate=\"2\"")
      let footer = ExportSheet.number(try source.number(attribute))
      #expect(
        result.notes.contains { $0.contains("srlFooterMaxDragRate") && $0.contains(": \(footer) differs") })
    case "srlReboundDuration":
      let t = try bare().tuning
      let seconds = try source.number(attribute) / 1000
      #expect([t.reboundDuration, t.openDuration, t.collapseDuration] == [seconds, seconds, seconds])
    case "srlEnableAutoLoadMore":
      #expect(try bare().tuning.footerMode == (source.boolean(attribute) ? .automatic : .releaseToLoad))
    case "srlEnableFooterFollowWhenNoMoreData":
      // The export writes it as not hidesFooterWhenNoMoreData.
      #expect(try bare().tuning.hidesFooterWhenNoMoreData == !source.boolean(attribute))
    default:
      Issue.record("no check for \(attribute)")
    }
  }

  /// The switches the lab always has on: one the library leaves off when left out is a note,
  /// one it leaves on is not.
  @Test(arguments: SmartExport.fixedSwitches.map(\.attribute))
  func aLeftOutSwitchIsNotedWhenTheLibraryLeavesItOff(attribute: String) throws {
    let isOn = try LibrarySource.layout().boolean(attribute)
    let notes = try bare().notes.filter { $0.contains("app:\(attribute) ") }
    #expect(notes.count == (isOn ? 0 : 1), "\(notes)")
    #expect(notes.allSatisfy { $0.hasPrefix("l.xml:1: ") && $0.contains("left out") })
  }

  /// A bare TwoLevelHeader: the floor at the library's rates; its refresh rate left out
  /// (the library's) is compared with the header's trigger rate.
  @Test func aLeftOutTwoLevelAttributeIsTheLibrarysDefault() throws {
    let source = try LibrarySource("TwoLevelHeader.java", styleable: "TwoLevelHeader")
    let floor = "\n  <com.scwang.smart.refresh.header.TwoLevelHeader />"
    let result = try bare(children: floor)
    #expect(result.tuning.twoLevelFloorRate == (try source.number("srlFloorRate")))
    #expect(result.tuning.twoLevelMaxRate == (try source.number("srlMaxRate")))
    #expect(result.tuning.twoLevelFloorDuration == (try source.number("srlFloorDuration")) / 1000)
    let layoutRate = try LibrarySource.layout().number("srlHeaderTriggerRate")
    let refreshRate = try source.number("srlRefreshRate")
    #expect(result.notes.contains { $0.contains("srlRefreshRate") } == (refreshRate != layoutRate))
    let other = try bare("\n    app:srlHeaderTriggerRate=\"0.8\"", children: floor)
    #expect(
      other.notes.contains {
        $0.contains("srlRefreshRate") && $0.contains("\(ExportSheet.number(refreshRate)) differs")
      }, "\(other.notes)")
  }

  /// A ClassicsHeader without srlFinishDuration holds its result as long as ClassicsAbstract's
  /// initialiser says.
  @Test func aClassicsHeadersLeftOutFinishDurationIsTheLibrarys() throws {
    let header = try LibrarySource("ClassicsHeader.java", styleable: "ClassicsHeader")
    let field = try #require(header.field(of: "srlFinishDuration"))
    let classics = try LibrarySource("ClassicsAbstract.java", styleable: "ClassicsHeader")
    let milliseconds = try #require(classics.initialiser(of: field).flatMap { Double($0) })
    let t = try bare(children: "\n  <com.scwang.smart.refresh.header.ClassicsHeader />").tuning
    #expect(t.finishingHoldDuration == milliseconds / 1000)
  }

  /// A header with an exact android:layout_height and no srlHeaderHeight: SmartRefreshLayout
  /// takes the header's height (and arms at it); wrap_content is measured, which a note says.
  @Test func aBarsExactHeightStandsForALeftOutHeight() throws {
    let rate = try LibrarySource.layout().number("srlHeaderTriggerRate")
    let exact = try bare(
      children: """

          <com.scwang.smart.refresh.header.ClassicsHeader
              android:layout_width="match_parent"
              android:layout_height="70dp" />
        """)
    #expect(exact.tuning.headerHeight == 70)
    #expect(exact.tuning.refreshThreshold == (rate * 70).rounded())
    #expect(!exact.notes.contains { $0.contains("srlHeaderHeight") }, "\(exact.notes)")
    let wrapped = try bare(
      children:
        "\n  <com.scwang.smart.refresh.header.ClassicsHeader android:layout_height=\"wrap_content\" />")
    #expect(wrapped.tuning.headerHeight == (try LibrarySource.layout().number("srlHeaderHeight")))
    #expect(
      wrapped.notes.contains { $0.contains("app:srlHeaderHeight (left out)") && $0.contains("measured") })
  }

  /// Import then export keeps where the header arms: the user's layout comes back out with
  /// srlHeaderTriggerRate="1" (a whole header's height), not the 0.75 it wrote before.
  @Test func importThenExportKeepsTheTriggerRate() throws {
    let imported = try SmartImport.tuning(from: Self.headerHeightOnly, path: "l.xml")
    let exported = TuningExport.text(of: imported, as: .smart, source: "l.xml")
    #expect(exported.contains("app:srlHeaderHeight=\"80dp\""), "\(exported)")
    #expect(exported.contains("app:srlHeaderTriggerRate=\"1\""), "\(exported)")
    #expect(exported.contains("app:srlFooterTriggerRate=\"1\""), "\(exported)")
  }

  /// Every attribute of the layout and of its header and footer (their size in the layout
  /// aside) that the tuning does not take is a note naming it, once.
  @Test func everyUnmappedAttributeIsANote() throws {
    let text = """
      <LinearLayout xmlns:android="http://schemas.android.com/apk/res/android"
          xmlns:app="http://schemas.android.com/apk/res-auto"
          xmlns:tools="http://schemas.android.com/tools">
        <com.scwang.smart.refresh.layout.SmartRefreshLayout
            android:id="@+id/refreshLayout"
            android:layout_width="match_parent"
            android:layout_height="0dp"
            android:layout_weight="1"
            android:background="#fff"
            tools:context=".Main"
            app:layout_behavior="@string/appbar_scrolling_view_behavior"
            app:srlDragRate="0.6"
            app:srlEnableOverScrollDrag="true">
          <com.scwang.smart.refresh.header.ClassicsHeader
              android:id="@+id/header"
              android:layout_width="match_parent"
              android:layout_height="wrap_content"
              app:srlTextPulling="Pull"
              app:srlFinishDuration="400" />
          <androidx.recyclerview.widget.RecyclerView android:id="@+id/list" />
        </com.scwang.smart.refresh.layout.SmartRefreshLayout>
      </LinearLayout>
      """
    let result = try SmartImport.read(text, path: "l.xml")
    let unmapped = [
      (5, "android:id"), (6, "android:layout_width"), (7, "android:layout_height"),
      (8, "android:layout_weight"),
      (9, "android:background"), (10, "tools:context"), (11, "app:layout_behavior"), (15, "android:id"),
      (18, "app:srlTextPulling"),
    ]
    for (line, name) in unmapped {
      let notes = result.notes.filter { $0.hasPrefix("l.xml:\(line): \(name): ") }
      #expect(notes.count == 1, "\(name) on line \(line): \(result.notes)")
    }
    // Taken: the drag rate, the switch written true, the finish duration; the header's size in
    // the layout (lines 16, 17) and the content view (line 20) are not noted.
    for name in ["app:srlDragRate", "app:srlEnableOverScrollDrag", "app:srlFinishDuration"] {
      #expect(!result.notes.contains { $0.contains(name) }, "\(name): \(result.notes)")
    }
    for line in [16, 17, 20] {
      #expect(!result.notes.contains { $0.hasPrefix("l.xml:\(line):") }, "\(result.notes)")
    }
    #expect(result.tuning.dragRate == 0.6)
    #expect(result.tuning.finishingHoldDuration == 0.4)
  }

  /// The same on the demo app's layouts: each attribute written on a SmartRefreshLayout is
  /// either one the tuning takes or named by a note.
  @Test(arguments: RealLayoutImportTests.layouts)
  func everyUnmappedAttributeOfARealLayoutIsANote(name: String) throws {
    let path = RealLayoutImportTests.folder + "/layout/" + name
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let resources = try AndroidResources(folder: RealLayoutImportTests.folder + "/res")
    let result = try SmartImport.read(text, path: name, resources: resources)
    // The attributes the tuning takes a value from (a fixed switch written true is one too).
    let taken: Set = [
      "srlHeaderHeight", "srlFooterHeight", "srlHeaderTriggerRate", "srlFooterTriggerRate", "srlDragRate",
      "srlHeaderMaxDragRate", "srlFooterMaxDragRate", "srlReboundDuration", "srlEnableAutoLoadMore",
      "srlEnableFooterFollowWhenNoMoreData", "srlEnableRefresh", "srlEnableLoadMore",
      "srlEnableOverScrollBounce",
      "srlEnableOverScrollDrag", "srlEnableLoadMoreWhenContentNotFull",
    ]
    // The layout's opening tag, read from the text alone.
    let start = try #require(text.range(of: "SmartRefreshLayout"))
    let tag = text[start.upperBound...].prefix { $0 != ">" }
    let attributes = tag.split(whereSeparator: \.isWhitespace).compactMap { word -> String? in
      guard let equals = word.firstIndex(of: "="), !word.hasPrefix("xmlns") else { return nil }
      return String(word[..<equals])
    }
    #expect(!attributes.isEmpty)
    for attribute in attributes {
      let local = String(attribute.split(separator: ":").last ?? "").replacing("Loadmore", with: "LoadMore")
      let noted = result.notes.contains { $0.contains(": \(attribute): ") }
      #expect(noted || taken.contains(local), "\(name): \(attribute) is neither taken nor noted")
    }
  }

  /// The demo app's SmartRefreshHorizontal layout imports as a horizontal list, with a note
  /// saying so; the app's copy of the class turns automatic loading off after reading the
  /// layout, as its constructor says.
  @Test func aSmartRefreshHorizontalImportsAsAHorizontalList() throws {
    let folder = RepositoryFile.path("Tests/Fixtures/SmartRefreshLayout")
    let name = "fragment_example_horizontal.xml"
    let text = try String(contentsOfFile: folder + "/horizontal/" + name, encoding: .utf8)
    let result = try SmartImport.read(text, path: name)
    #expect(result.axis == .horizontal)
    #expect(result.notes.contains { $0.hasPrefix(name + ":") && $0.contains("--axis horizontal") })
    #expect(result.tuning.headerStyle == .overlay, "its MaterialHeader")
    let constructor = try String(
      contentsOfFile: LibrarySource.folder + "/SmartRefreshHorizontal.java", encoding: .utf8)
    let turnsOff = constructor.contains("setEnableAutoLoadMore(false);")
    #expect(turnsOff)
    #expect(result.tuning.footerMode == (turnsOff ? .releaseToLoad : .automatic))
    let vertical = try SmartImport.read(Self.headerHeightOnly, path: "l.xml")
    #expect(vertical.axis == .vertical)
    #expect(!vertical.notes.contains { $0.contains("--axis") })
  }

  /// The horizontal library's own class keeps SmartRefreshLayout's defaults; the demo's copy
  /// overrides an srlEnableAutoLoadMore="true", which a note says.
  @Test(arguments: [
    ("com.scwang.smart.refresh.horizontal.SmartRefreshHorizontal", FooterMode.automatic, false),
    ("com.scwang.refresh.layout.widget.SmartRefreshHorizontal", FooterMode.releaseToLoad, true),
  ])
  func theHorizontalClassesAutoLoading(name: String, mode: FooterMode, noted: Bool) throws {
    let text = "<\(name) xmlns:app=\"x\"\n    app:srlEnableAutoLoadMore=\"true\" />"
    let result = try SmartImport.read(text, path: "h.xml")
    #expect(result.axis == .horizontal)
    #expect(result.tuning.footerMode == mode)
    #expect(
      result.notes.contains { $0.hasPrefix("h.xml:2: app:srlEnableAutoLoadMore: ") } == noted,
      "\(result.notes)")
  }
}
