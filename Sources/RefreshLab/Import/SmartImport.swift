import RefreshCore
import RefreshSDL

/// `refresh-lab import --format smart`: the SmartRefreshLayout (or SmartRefreshHorizontal) in a
/// layout an Android project wrote, read into a tuning. The layout may sit anywhere in the file
/// (under a toolbar's LinearLayout, say), under the library's old or new package, with its 1.x
/// spellings; its header and footer children say the header style, the finishing hold and the
/// second floor. What a tuning cannot hold (colours, nested scrolling, view ids, insets, a header
/// that draws itself, any attribute it does not map) is a note, one line each, and the import
/// goes on; only what is truly wrong (XML that is not well-formed, a value of the wrong kind, a
/// value out of range) stops it. An attribute left out is read as SmartRefreshLayout reads it:
/// at the library's own default (`layoutDefaults`), not the `smart` preset's value, so a layout
/// that sets `srlHeaderHeight` alone still arms at the header's full height.
enum SmartImport {
  /// What MAPPING.md says of the import (`ExportMapping`).
  static let mappingRemarks = """
    ## Import

    `refresh-lab import --format smart FILE.xml [--resources DIR] [--output FILE]` reads the
    SmartRefreshLayout table back from the first `SmartRefreshLayout` anywhere in the file
    (`com.scwang.smart.refresh.layout` or 1.x's `com.scwang.smartrefresh.layout`, with 1.x's
    `Loadmore` spellings) or `SmartRefreshHorizontal`: its attributes, `srlClassicsSpinnerStyle`
    (or `layout_srlSpinnerStyle`) and `srlFinishDuration` on its header, a `MaterialHeader` as the
    `overlay` style, a `TwoLevelHeader` as the floor on. An attribute left out means what the
    library makes of it, read from its constructor and field initialisers: `srlHeaderTriggerRate`
    and `srlFooterTriggerRate` 1 (a pull arms at the bar's full height), `srlHeaderHeight` 100dp
    and `srlFooterHeight` 60dp unless the bar's own `android:layout_height` is in dp (a
    `wrap_content` bar is measured by the library, which a note says), `srlDragRate` 0.5, both max
    drag rates 2.5, `srlReboundDuration` 300, `srlEnableAutoLoadMore` true,
    `srlEnableFooterFollowWhenNoMoreData` false, `srlEnableOverScrollDrag` false (a note: the lab
    cannot turn it off), a `ClassicsHeader`'s `srlFinishDuration` 500, a `TwoLevelHeader`'s
    `srlFloorRate` 1.9, `srlMaxRate` 2.5, `srlRefreshRate` 1 and `srlFloorDuration` 1000. Every
    attribute the tuning does not take (colours, nested scrolling, pure scroll mode, view ids,
    sizes and places in the parent, insets, texts and drawables, switches the lab cannot turn
    off, headers and footers that draw themselves) is a note on standard error, one line per
    attribute, and the import goes on. A `SmartRefreshHorizontal` imports as the same tuning
    with a note to run the lab with `--axis horizontal` (a tuning has no axis); the demo app's
    copy of it turns automatic loading off. References (`@dimen/…`, `@integer/…`, `@bool/…`,
    `@color/…`) resolve from `--resources DIR`'s `values*/` files; without it, and for
    `?attr/…`, the library's default stays with a note. Only XML that is not well-formed, a value
    of the wrong kind or out of range, or a reference that `--resources` does not hold stops the
    import, with the file, the line and the attribute. Trigger rates come back as whole points;
    `srlReboundDuration` sets `reboundDuration`, `openDuration` and `collapseDuration`.
    `SmartImportTests` checks export then import for all six presets, with the floor off and on;
    `SmartImportDefaultsTests` reads each default from the library's source;
    `RealLayoutImportTests` imports the library's own demo layouts.
    """

  /// A layout class the import reads.
  struct LayoutClass: Sendable {
    var name: String
    var axis: ListAxis
    /// What the class's constructor sets `srlEnableAutoLoadMore` to after the attributes are
    /// read, whatever the layout says (nil: it leaves the attribute alone).
    var autoLoadMoreAfterReading: Bool? = nil
  }

  /// SmartRefreshLayout under the library's package names, new and old, and
  /// SmartRefreshHorizontal: SmartRefreshLayout turned a quarter (it extends it and reads the
  /// same attributes), from its own library (`com.scwang.smart.refresh.horizontal`, 1.x's
  /// `com.scwang.smartrefresh.horizontal`) or as SmartRefreshLayout's demo app copies it, whose
  /// constructor then calls `setEnableAutoLoadMore(false)`.
  static let layoutClasses: [LayoutClass] = [
    LayoutClass(name: "com.scwang.smart.refresh.layout.SmartRefreshLayout", axis: .vertical),
    LayoutClass(name: "com.scwang.smartrefresh.layout.SmartRefreshLayout", axis: .vertical),
    LayoutClass(name: "com.scwang.smart.refresh.horizontal.SmartRefreshHorizontal", axis: .horizontal),
    LayoutClass(name: "com.scwang.smartrefresh.horizontal.SmartRefreshHorizontal", axis: .horizontal),
    LayoutClass(
      name: "com.scwang.refresh.layout.widget.SmartRefreshHorizontal", axis: .horizontal,
      autoLoadMoreAfterReading: false),
  ]

  /// SmartRefreshLayout's own default for each layout attribute the import takes a value from,
  /// as the library's constructor leaves it when the layout does not say: its field initialisers
  /// (`mHeaderTriggerRate = 1.0f`, `mDragRate = .5f`, `mReboundDuration = 300`,
  /// `mEnableOverScrollDrag = false`, …) and `mHeaderHeight = SmartUtil.dp2px(100)`,
  /// `mFooterHeight = SmartUtil.dp2px(60)` (`refresh-layout-kernel/…/SmartRefreshLayout.java`).
  /// attrs.xml's `SmartRefreshStyle` says the same, but the constructor reads the attributes
  /// without a default style, so the fields are what counts. An attribute left out is read as if
  /// the layout said this. `srlEnableRefresh` (true) changes nothing in the lab, and
  /// `srlEnableLoadMore` is switched on by the library itself once there is a footer or a load
  /// listener, so neither is here.
  static let layoutDefaults: [(attribute: String, value: String)] = [
    ("srlHeaderHeight", "100dp"), ("srlFooterHeight", "60dp"),
    ("srlHeaderTriggerRate", "1"), ("srlFooterTriggerRate", "1"),
    ("srlDragRate", "0.5"), ("srlHeaderMaxDragRate", "2.5"), ("srlFooterMaxDragRate", "2.5"),
    ("srlReboundDuration", "300"), ("srlEnableAutoLoadMore", "true"),
    ("srlEnableFooterFollowWhenNoMoreData", "false"),
    ("srlEnableOverScrollBounce", "true"), ("srlEnableOverScrollDrag", "false"),
    ("srlEnableLoadMoreWhenContentNotFull", "true"),
  ]

  /// `TwoLevelHeader`'s defaults for the attributes the import takes a value from (its field
  /// initialisers `mFloorRate = 1.9f`, `mMaxRate = 2.5f`, `mRefreshRate = 1f`,
  /// `mFloorDuration = 1000`); its switches default to true, which the lab always is.
  static let twoLevelDefaults: [(attribute: String, value: String)] = [
    ("srlFloorRate", "1.9"), ("srlMaxRate", "2.5"), ("srlRefreshRate", "1"), ("srlFloorDuration", "1000"),
  ]

  /// `ClassicsHeader`'s `srlFinishDuration` default (`ClassicsAbstract.mFinishDuration = 500`).
  static let classicsFinishDuration = "500"

  /// A tuning and the notes on what it could not hold.
  struct Result {
    var tuning: Tuning
    /// Which way the list runs: horizontal for a SmartRefreshHorizontal. A tuning says how a
    /// pull feels, not which way the list runs: the axis belongs to the list (`--axis`,
    /// `ListAxis`), and every reader of a tuning file refuses a key it does not know, so an
    /// `axis` key would make the file unreadable. It comes beside the tuning instead, and a note
    /// tells the reader to run the lab with `--axis horizontal`, as every other thing the
    /// tuning cannot hold is told.
    var axis: ListAxis
    /// One line each: `FILE:LINE: attribute: why`.
    var notes: [String]
  }

  /// The tuning `text`, the contents of `path`, describes (the notes dropped).
  static func tuning(from text: String, path: String) throws(LabError) -> Tuning {
    try read(text, path: path).tuning
  }

  /// The tuning `text`, the contents of `path`, describes, with its notes; references resolve
  /// from `resources` (an Android `res/` folder) when given.
  static func read(_ text: String, path: String, resources: AndroidResources? = nil) throws(LabError)
    -> Result
  {
    let document: XMLElements
    do {
      document = try XMLElements(text)
    } catch {
      throw .badLine(path: path, line: error.line, message: "not well-formed XML: \(error.message)")
    }
    let names = layoutClasses.map(\.name)
    let layouts = document.elements.indices.filter { names.contains(document.elements[$0].name) }
    guard let first = layouts.first,
      let layoutClass = layoutClasses.first(where: { $0.name == document.elements[first].name })
    else {
      throw .badLine(
        path: path, line: 1,
        message: "no SmartRefreshLayout or SmartRefreshHorizontal in it (\(names.joined(separator: ", "))); "
          + "import reads a layout that holds one")
    }
    let layout = document.elements[first]
    var reading = Reading(
      document: document, lines: text.split(separator: "\n", omittingEmptySubsequences: false), path: path,
      resources: resources, layoutClass: layoutClass, layoutDepth: layout.depth,
      tuning: TuningPreset.smart.tuning)
    if layouts.count > 1 {
      reading.notes.append(
        "\(path):\(layout.line): \(layouts.count) SmartRefreshLayouts; imported this first one")
    }
    if layoutClass.axis == .horizontal {
      reading.notes.append(
        "\(path):\(reading.openingLine(of: layout)): \(layout.localName): a horizontal list (pull right to refresh, left to load "
          + "more); a tuning has no axis: run the lab with --axis horizontal")
    }
    try reading.readLayout(layout)
    // Its children: the header and the footer (content views carry nothing for the lab); a
    // TwoLevelHeader's own child is the header it wraps.
    var floorDepth: Int?
    for element in document.elements[(first + 1)...].prefix(while: { $0.depth > layout.depth }) {
      if element.depth == layout.depth + 1 {
        try reading.readChild(element)
        floorDepth = element.localName == "TwoLevelHeader" ? element.depth : nil
      } else if let floorDepth, element.depth == floorDepth + 1 {
        try reading.readChild(element)
      }
    }
    try reading.finish(layout)
    return Result(tuning: reading.tuning, axis: layoutClass.axis, notes: reading.notes)
  }

  /// What the layout's attributes have said so far.
  private struct Reading {
    let document: XMLElements
    /// The file's lines, for where a tag opens.
    let lines: [Substring]
    let path: String
    let resources: AndroidResources?
    let layoutClass: LayoutClass
    let layoutDepth: Int
    var tuning: Tuning
    var notes: [String] = []
    var headerTriggerRate: (value: Double, at: Place)?
    var footerTriggerRate: (value: Double, at: Place)?
    var footerMaxDragRate: (value: Double, at: Place)?
    var twoLevelRefreshRate: (value: Double, at: Place)?
    var twoLevelEnabled = true
    /// Where the layout said `srlEnableAutoLoadMore`, if it did.
    var autoLoadMoreGiven: Place?
    /// Whether the layout left `srlHeaderHeight` (`srlFooterHeight`) out, and so whether the bar's
    /// own `android:layout_height` sets the height, and whether one did.
    var headerHeightLeftOut = false
    var footerHeightLeftOut = false
    var headerHeightFromChild = false
    var footerHeightFromChild = false

    /// An attribute and its line, for messages.
    struct Place {
      var attribute: String
      var line: Int
    }

    /// What the attributes that tune nothing mean, for their notes.
    static let unheld: [(prefix: String, why: String)] = [
      ("srlPrimaryColor", "a colour; the lab's bars keep their own"),
      ("srlAccentColor", "a colour; the lab's bars keep their own"),
      ("srlEnableNestedScrolling", "nested scrolling with a parent; the lab's list scrolls alone"),
      ("srlEnablePureScrollMode", "pure scroll mode (bounce, no refresh); the lab always refreshes"),
      ("srlFixedHeaderViewId", "a view id of the app's layout"),
      ("srlFixedFooterViewId", "a view id of the app's layout"),
      ("srlHeaderTranslationViewId", "a view id of the app's layout"),
      ("srlFooterTranslationViewId", "a view id of the app's layout"),
      ("srlHeaderInsetStart", "an inset of the app's layout (under its toolbar)"),
      ("srlFooterInsetStart", "an inset of the app's layout"),
      ("srlEnablePreviewInEditMode", "Android Studio's preview only"),
      (
        "srlEnableHeaderTranslationContent",
        "whether the content follows the header; the header style says it"
      ),
      ("srlEnableFooterTranslationContent", "whether the content follows the footer; the lab's always does"),
      (
        "srlEnableScrollContentWhen",
        "scrolling the content when a load ends; the lab's rows arrive below the footer"
      ),
      (
        "srlEnableFooterFollowWhenLoadFinished",
        "the footer after the last page; srlEnableFooterFollowWhenNoMoreData says it"
      ),
      ("srlEnableClip", "clipping a fixed-behind bar; the lab clips it"),
      ("srlDisableContentWhen", "whether the rows take touches while busy; the lab's always do"),
      ("srlEnableLoadMore", "whether the footer exists at all; the lab's list always has one"),
      ("srlEnableRefresh", "whether the header exists at all; the lab's list always has one"),
      ("srlEnableAutoRefresh", "a refresh when the layout appears; the host starts it"),
      ("srlEnableOverScroll", "a behaviour the lab cannot turn off"),
      ("srlEnableLoadMoreWhenContentNotFull", "a behaviour the lab cannot turn off"),
      ("srlEnableMarginLayout", "margins of the app's layout"),
    ]

    /// What the `srl` attributes of a header or footer that tune nothing mean, for their notes:
    /// texts, drawables, the last-updated line, and the classic bars' own attributes on another bar.
    static let appearance: [(prefix: String, why: String)] = [
      ("srlText", "a text of the bar; the lab's bars say their own"),
      ("srlDrawable", "a drawable of the bar; the lab draws its own"),
      ("srlEnableLastTime", "the last-updated line; the lab's bar has none"),
      ("srlClassicsSpinnerStyle", "read by the classic bars only; the lab draws its classic bar"),
      ("srlFinishDuration", "read by the classic bars only; the lab draws its classic bar"),
    ]

    /// What the attributes outside SmartRefreshLayout's own (`android:`, `tools:`, an app's
    /// other `app:` ones) mean to the lab, for their notes, by their name without the namespace.
    static let outside: [(prefix: String, why: String)] = [
      ("id", "a view id of the app's layout"),
      ("layout_width", "the view's size in its parent; the lab's window sizes the list"),
      ("layout_height", "the view's size in its parent; the lab's window sizes the list"),
      ("layout_", "the view's place in its parent; the lab's window places the list"),
      ("background", "a colour or drawable; the lab's list keeps its own"),
      ("padding", "an inset of the app's layout"),
      ("visibility", "whether the view shows; the lab's list always does"),
    ]

    /// The attributes of `element` outside SmartRefreshLayout's `srl` set (namespace
    /// declarations aside), with their places, except those named in `skipping`.
    func outsideAttributes(of element: XMLElements.Element, skipping: Set<String> = [])
      -> [(name: String, local: String, at: Place)]
    {
      element.attributes.compactMap { attribute in
        let local = attribute.name.split(separator: ":").last.map(String.init) ?? attribute.name
        guard !attribute.name.hasPrefix("xmlns"), !local.hasPrefix("srl"), !local.hasPrefix("layout_srl"),
          !skipping.contains(attribute.name)
        else { return nil }
        return (attribute.name, local, place(element, attribute.name))
      }
    }

    /// Notes each attribute of `element` outside the `srl` set, except those in `skipping`.
    mutating func noteOutside(_ element: XMLElements.Element, skipping: Set<String> = []) {
      for (name, local, at) in outsideAttributes(of: element, skipping: skipping) {
        if name.hasPrefix("tools:") {
          note(at, "Android Studio's preview only")
        } else {
          note(
            at,
            Self.outside.first { local.hasPrefix($0.prefix) }?.why
              ?? "not something a tuning holds; left alone")
        }
      }
    }

    /// `given` with an entry for each of `defaults` it lacks: the attribute as if the element
    /// said the library's default, at the element's line, its name saying it was left out.
    static func withDefaults(
      _ given: [(local: String, value: String, at: Place)], _ defaults: [(attribute: String, value: String)],
      line: Int
    ) -> [(local: String, value: String, at: Place)] {
      let named = Set(given.map(\.local))
      return given
        + defaults.filter { !named.contains($0.attribute) }.map { attribute, value in
          (
            attribute, value,
            Place(attribute: "app:\(attribute) (left out: the library's \(value))", line: line)
          )
        }
    }

    /// The line `element`'s tag opens on (libxml2 reports a line at or after the tag's end):
    /// where a note on an attribute the element leaves out points.
    func openingLine(of element: XMLElements.Element) -> Int {
      var line = min(element.line, lines.count)
      while line > 1, !lines[line - 1].contains("<" + element.name) { line -= 1 }
      return max(line, 1)
    }

    /// Where `element`'s `attribute` is written: the first line from the tag's opening that
    /// holds `attribute=` (libxml2 may report a line past the element's children, whose own
    /// attributes of the same name must not be taken for the element's).
    func place(_ element: XMLElements.Element, _ attribute: String) -> Place {
      for index in (openingLine(of: element) - 1)..<lines.count {
        if let range = lines[index].firstRange(of: attribute),
          lines[index][range.upperBound...].drop(while: { $0 == " " || $0 == "\t" }).first == "="
        {
          return Place(attribute: attribute, line: index + 1)
        }
      }
      return Place(attribute: attribute, line: document.line(of: attribute, endingAt: element.line))
    }

    func fail(_ place: Place, _ message: String) -> LabError {
      .badLine(path: path, line: place.line, message: "\(place.attribute): \(message)")
    }

    mutating func note(_ place: Place, _ why: String) {
      notes.append("\(path):\(place.line): \(place.attribute): \(why)")
    }

    /// The `srl` attributes of `element` (and `layout_srl…` ones), without their namespace
    /// prefix and with 1.x's `Loadmore` spelt as 2.x does. The values of those in `read` are
    /// resolved (a reference that cannot be resolved here is a note, and the attribute is left
    /// out); the others keep their text, since nothing reads it.
    mutating func srlAttributes(of element: XMLElements.Element, read: Set<String>) throws(LabError)
      -> [(local: String, value: String, at: Place)]
    {
      var result: [(local: String, value: String, at: Place)] = []
      for attribute in element.attributes {
        var local = attribute.name.split(separator: ":").last.map(String.init) ?? attribute.name
        guard local.hasPrefix("srl") || local.hasPrefix("layout_srl") else { continue }
        local = local.replacing("Loadmore", with: "LoadMore")
        let at = place(element, attribute.name)
        guard read.contains(local) else {
          result.append((local, attribute.value, at))
          continue
        }
        guard let value = try resolve(attribute.value, at) else { continue }
        result.append((local, value, at))
      }
      return result
    }

    /// The layout's attributes a tuning takes a value from.
    static let layoutRead = Set(
      [
        "srlHeaderHeight", "srlFooterHeight", "srlHeaderTriggerRate", "srlFooterTriggerRate", "srlDragRate",
        "srlHeaderMaxDragRate", "srlFooterMaxDragRate", "srlReboundDuration", "srlEnableAutoLoadMore",
        "srlEnableFooterFollowWhenNoMoreData", "srlEnableLoadMore", "srlEnableRefresh",
      ] + SmartExport.fixedSwitches.map(\.attribute))

    /// A header's or footer's attributes a tuning takes a value from.
    static let childRead: Set<String> = [
      "srlClassicsSpinnerStyle", "layout_srlSpinnerStyle", "srlFinishDuration",
    ]

    /// A TwoLevelHeader's attributes a tuning takes a value from.
    static let floorRead: Set<String> = Set(
      ["srlFloorRate", "srlMaxRate", "srlRefreshRate", "srlFloorDuration", "srlEnableTwoLevel"]
        + SmartExport.twoLevelSwitches.map(\.attribute))

    /// `value` with a resource reference resolved; nil (and a note) when it cannot be here.
    mutating func resolve(_ value: String, _ at: Place) throws(LabError) -> String? {
      guard value.hasPrefix("@") || value.hasPrefix("?") else { return value }
      if value.hasPrefix("?") {
        note(at, "\(value) is a theme attribute, which depends on the app's theme; the default stays")
        return nil
      }
      guard let reference = AndroidResources.Reference(value), !reference.isFramework else {
        note(at, "\(value) is Android's own resource; the default stays")
        return nil
      }
      guard AndroidResources.types.contains(reference.type) else {
        note(at, "\(value) is a \(reference.type), not a value a tuning takes; the default stays")
        return nil
      }
      guard let resources else {
        note(
          at,
          "\(value) is a resource; give --resources DIR (the app's res/ folder) to read it; the default stays"
        )
        return nil
      }
      do throws(AndroidResources.Missing) {
        return try resources.value(of: reference)
      } catch {
        throw fail(at, "\(value) is not in \(error.searched); name the res/ folder that defines it")
      }
    }

    mutating func readLayout(_ element: XMLElements.Element) throws(LabError) {
      let given = try srlAttributes(of: element, read: Self.layoutRead)
      headerHeightLeftOut = !given.contains { $0.local == "srlHeaderHeight" }
      footerHeightLeftOut = !given.contains { $0.local == "srlFooterHeight" }
      autoLoadMoreGiven = given.first { $0.local == "srlEnableAutoLoadMore" }?.at
      noteOutside(element)
      for (name, value, at) in Self.withDefaults(
        given, SmartImport.layoutDefaults, line: openingLine(of: element))
      {
        switch name {
        case "srlHeaderHeight": try set(\.headerHeight, "headerHeight", dp(value, at), at)
        case "srlFooterHeight": try set(\.footerHeight, "footerHeight", dp(value, at), at)
        case "srlHeaderTriggerRate": headerTriggerRate = (try float(value, at), at)
        case "srlFooterTriggerRate": footerTriggerRate = (try float(value, at), at)
        case "srlDragRate": try set(\.dragRate, "dragRate", float(value, at), at)
        case "srlHeaderMaxDragRate": try set(\.maxDragRate, "maxDragRate", maxDragRate(value, at), at)
        case "srlFooterMaxDragRate": footerMaxDragRate = (try maxDragRate(value, at), at)
        case "srlReboundDuration":
          // SmartRefreshLayout opens, collapses and rebounds over this one duration.
          let seconds = try integer(value, at) / 1000
          try set(\.reboundDuration, "reboundDuration", seconds, at)
          try set(\.openDuration, "openDuration", seconds, at)
          try set(\.collapseDuration, "collapseDuration", seconds, at)
        case "srlEnableAutoLoadMore":
          tuning.footerMode = try boolean(value, at) ? .automatic : .releaseToLoad
          if tuning.footerMode == .automatic { tuning.preloadDistance = 0 }
        case "srlEnableFooterFollowWhenNoMoreData":
          tuning.hidesFooterWhenNoMoreData = try !boolean(value, at)
        case let fixed where SmartExport.fixedSwitches.contains { $0.attribute == fixed }:
          if try !boolean(value, at) {
            let meaning = SmartExport.fixedSwitches.first { $0.attribute == fixed }?.meaning ?? ""
            note(at, "false, which the lab cannot do: in the lab \(meaning)")
          }
        case "srlEnableLoadMore", "srlEnableRefresh":
          if try !boolean(value, at) { note(at, Self.why(name)) }
        default:
          note(at, Self.why(name))
        }
      }
    }

    /// Why the attribute `name` tunes nothing.
    static func why(_ name: String) -> String {
      unheld.first { name.hasPrefix($0.prefix) }?.why ?? "not something a tuning holds; left alone"
    }

    mutating func readChild(_ element: XMLElements.Element) throws(LabError) {
      let name = element.localName
      let isHeader = name.hasSuffix("Header")
      let isFooter = name.hasSuffix("Footer")
      let isBar = isHeader || isFooter
      if isBar { noteOutside(element, skipping: ["android:layout_width", "android:layout_height"]) }
      // SmartRefreshLayout takes a bar's exact android:layout_height as the bar's height when
      // the layout does not say it (onMeasure, XmlExactUnNotify).
      if element.depth == layoutDepth + 1, isHeader ? headerHeightLeftOut : isFooter && footerHeightLeftOut,
        case let (height, at)? = try exactHeight(of: element)
      {
        if isHeader {
          try set(\.headerHeight, "headerHeight", height, at)
          headerHeightFromChild = true
        } else {
          try set(\.footerHeight, "footerHeight", height, at)
          footerHeightFromChild = true
        }
      }
      if name == "TwoLevelHeader" { return try readTwoLevel(element) }
      var attributes = try srlAttributes(of: element, read: isBar ? Self.childRead : [])
      if name == "ClassicsHeader" {
        attributes = Self.withDefaults(
          attributes, [("srlFinishDuration", SmartImport.classicsFinishDuration)],
          line: openingLine(of: element))
      }
      if name == "MaterialHeader" { tuning.headerStyle = .overlay }
      if isHeader, name != "ClassicsHeader", name != "MaterialHeader" {
        notes.append(
          "\(path):\(element.line): \(name): draws itself its own way; the lab draws its classic bar")
      }
      if isFooter, name != "ClassicsFooter" {
        notes.append(
          "\(path):\(element.line): \(name): draws itself its own way; the lab draws its classic bar")
      }
      for (attribute, value, at) in attributes {
        switch attribute {
        case "srlClassicsSpinnerStyle" where isHeader, "layout_srlSpinnerStyle" where isHeader:
          guard let style = SmartExport.spinnerStyles.first(where: { $0.name == value }) else {
            let names = SmartExport.spinnerStyles.map(\.name).joined(separator: ", ")
            if ["FixedFront", "MatchLayout"].contains(value) {
              note(at, "\(value) has no lab header style (\(names)); the style stays")
              continue
            }
            throw fail(at, "\"\(value)\" is not a spinner style; use one of \(names)")
          }
          tuning.headerStyle = style.style
        case "srlFinishDuration" where isHeader:
          try set(\.finishingHoldDuration, "finishingHoldDuration", integer(value, at) / 1000, at)
        case "srlClassicsSpinnerStyle" where isFooter, "layout_srlSpinnerStyle" where isFooter:
          if value != "Translate" { note(at, "\(value): the lab's footer always follows the rows") }
        case "srlFinishDuration" where isFooter:
          note(at, "how long a load's result shows; the lab's footer shows it until the rows arrive")
        case "srlPrimaryColor" where isBar, "srlAccentColor" where isBar:
          note(at, Self.why(attribute))
        case let other where isBar && Self.appearance.contains { other.hasPrefix($0.prefix) }:
          note(at, Self.appearance.first { other.hasPrefix($0.prefix) }?.why ?? "")
        default:
          if isHeader || isFooter { note(at, "not something a tuning holds; left alone") }
        }
      }
    }

    /// A `TwoLevelHeader` turns the second floor on, its attributes left out at the library's
    /// defaults (`twoLevelDefaults`).
    mutating func readTwoLevel(_ element: XMLElements.Element) throws(LabError) {
      let given = try srlAttributes(of: element, read: Self.floorRead)
      for (name, value, at) in Self.withDefaults(
        given, SmartImport.twoLevelDefaults, line: openingLine(of: element))
      {
        switch name {
        case "srlFloorRate": try set(\.twoLevelFloorRate, "twoLevelFloorRate", float(value, at), at)
        case "srlMaxRate": try set(\.twoLevelMaxRate, "twoLevelMaxRate", float(value, at), at)
        case "srlRefreshRate": twoLevelRefreshRate = (try float(value, at), at)
        case "srlFloorDuration":
          try set(\.twoLevelFloorDuration, "twoLevelFloorDuration", integer(value, at) / 1000, at)
        case "srlEnableTwoLevel": twoLevelEnabled = try boolean(value, at)
        case let fixed where SmartExport.twoLevelSwitches.contains { $0.attribute == fixed }:
          if try !boolean(value, at) {
            let meaning = SmartExport.twoLevelSwitches.first { $0.attribute == fixed }?.meaning ?? ""
            note(at, "false, which the lab cannot do: in the lab \(meaning)")
          }
        default:
          note(at, Self.why(name))
        }
      }
    }

    /// A bar's `android:layout_height` in dp, or nil when it is not one (wrap_content,
    /// match_parent, or a size in another unit).
    mutating func exactHeight(of element: XMLElements.Element) throws(LabError) -> (Double, Place)? {
      guard let attribute = element.attributes.first(where: { $0.name == "android:layout_height" }) else {
        return nil
      }
      let at = place(element, attribute.name)
      guard let value = try resolve(attribute.value, at), value.hasSuffix("dp") || value.hasSuffix("dip")
      else {
        return nil
      }
      return (try dp(value, at), at)
    }

    /// The thresholds once the heights are known, the rates the lab keeps as one, and what the
    /// layout's class does after reading its attributes.
    mutating func finish(_ layout: XMLElements.Element) throws(LabError) {
      // A bar laid out wrap_content (the usual, and what a default header creator makes) is
      // measured, and SmartRefreshLayout then takes its measured height, which the lab cannot
      // know; the library's starting height stays, and the note says so.
      for (leftOut, fromChild, attribute, bar) in [
        (headerHeightLeftOut, headerHeightFromChild, "srlHeaderHeight", "header"),
        (footerHeightLeftOut, footerHeightFromChild, "srlFooterHeight", "footer"),
      ] where leftOut && !fromChild {
        let value = SmartImport.layoutDefaults.first { $0.attribute == attribute }?.value ?? ""
        notes.append(
          "\(path):\(openingLine(of: layout)): app:\(attribute) (left out): SmartRefreshLayout starts from \(value) and "
            + "takes a wrap_content \(bar)'s measured height instead, which depends on its text and the screen; "
            + "the lab keeps \(value) (write \(attribute) to say it)")
      }
      if let forced = layoutClass.autoLoadMoreAfterReading {
        let mode: FooterMode = forced ? .automatic : .releaseToLoad
        if let at = autoLoadMoreGiven, tuning.footerMode != mode {
          note(
            at,
            "\(layout.localName) sets it to \(forced) after reading the layout "
              + "(setEnableAutoLoadMore(\(forced))); the footer is \(mode)")
        }
        tuning.footerMode = mode
        if mode == .automatic { tuning.preloadDistance = 0 }
      }
      // Thresholds come back to the panel's step (whole points), as the rates were rounded.
      if let (rate, at) = headerTriggerRate {
        try set(\.refreshThreshold, "refreshThreshold", (rate * tuning.headerHeight).rounded(), at)
      }
      if let (rate, at) = footerTriggerRate {
        try set(\.loadMoreThreshold, "loadMoreThreshold", (rate * tuning.footerHeight).rounded(), at)
      }
      if !twoLevelEnabled { tuning.twoLevelFloorRate = 0 }
      // The lab disarms a pull that came back from past the floor at its one trigger.
      let triggerRate = headerTriggerRate?.value ?? tuning.refreshThreshold / tuning.headerHeight
      if let (rate, at) = twoLevelRefreshRate, ExportSheet.number(rate) != ExportSheet.number(triggerRate) {
        note(
          at,
          "\(ExportSheet.number(rate)) differs from the header's trigger rate (\(ExportSheet.number(triggerRate))); "
            + "the lab has one refreshThreshold for both and keeps the header's")
      }
      if let (rate, at) = footerMaxDragRate, rate != tuning.maxDragRate {
        note(
          at,
          "\(ExportSheet.number(rate)) differs from srlHeaderMaxDragRate (\(ExportSheet.number(tuning.maxDragRate))); "
            + "the lab has one maxDragRate for both and keeps the header's")
      }
    }

    mutating func set(
      _ keyPath: WritableKeyPath<Tuning, Double>, _ key: String, _ value: Double, _ at: Place
    ) throws(LabError) {
      guard let range = Tuning.parameters.first(where: { $0.key == key })?.range else { return }
      guard range.contains(value) else {
        throw fail(
          at,
          "\(ExportSheet.number(value)) makes \(key) out of range; the lab allows "
            + "\(ExportSheet.number(range.lowerBound))…\(ExportSheet.number(range.upperBound))")
      }
      tuning[keyPath: keyPath] = value
    }

    func float(_ text: String, _ at: Place) throws(LabError) -> Double {
      guard let value = Double(text), value.isFinite else { throw fail(at, "\"\(text)\" is not a number") }
      return value
    }

    func integer(_ text: String, _ at: Place) throws(LabError) -> Double {
      guard let value = Int(text) else { throw fail(at, "\"\(text)\" is not a whole number of milliseconds") }
      return Double(value)
    }

    func boolean(_ text: String, _ at: Place) throws(LabError) -> Bool {
      switch text {
      case "true": return true
      case "false": return false
      default: throw fail(at, "\"\(text)\" is not true or false")
      }
    }

    /// A size in dp (one dp is one point); other units depend on the screen.
    func dp(_ text: String, _ at: Place) throws(LabError) -> Double {
      for unit in ["dp", "dip"] where text.hasSuffix(unit) {
        if let value = Double(text.dropLast(unit.count)), value.isFinite { return value }
      }
      throw fail(at, "\"\(text)\" is not a size in dp (write it as 60dp)")
    }

    /// A max drag rate: below 10 a ratio of the bar's height; SmartRefreshLayout reads 10 or more
    /// as pixels, which depend on the screen's density.
    func maxDragRate(_ text: String, _ at: Place) throws(LabError) -> Double {
      let value = try float(text, at)
      guard value < Tuning.legacyMaxDragPoints else {
        throw fail(
          at,
          "\(ExportSheet.number(value)) is pixels to SmartRefreshLayout (10 or more); "
            + "write the ratio of the bar's height instead (below 10)")
      }
      return value
    }
  }
}
