import RefreshCore

/// `refresh-lab import --format smart`: the SmartRefreshLayout in a layout an Android project
/// wrote, read into a tuning. The layout may sit anywhere in the file (under a toolbar's
/// LinearLayout, say), under the library's old or new package, with its 1.x spellings; its header
/// and footer children say the header style, the finishing hold and the second floor. What a
/// tuning cannot hold (colours, nested scrolling, view ids, insets, a header that draws itself)
/// is a note, one line each, and the import goes on; only what is truly wrong (XML that is not
/// well-formed, a value of the wrong kind, a value out of range) stops it. An attribute left out
/// keeps SmartRefreshLayout's own default, the `smart` preset's value.
enum SmartImport {
  /// What MAPPING.md says of the import (`ExportMapping`).
  static let mappingRemarks = """
    ## Import

    `refresh-lab import --format smart FILE.xml [--resources DIR] [--output FILE]` reads the
    SmartRefreshLayout table back from the first `SmartRefreshLayout` anywhere in the file
    (`com.scwang.smart.refresh.layout` or 1.x's `com.scwang.smartrefresh.layout`, with 1.x's
    `Loadmore` spellings): its attributes, `srlClassicsSpinnerStyle` (or `layout_srlSpinnerStyle`)
    and `srlFinishDuration` on its header, a `MaterialHeader` as the `overlay` style, a
    `TwoLevelHeader` as the floor on with the library's defaults (`srlFloorRate` 1.9, `srlMaxRate`
    2.5, `srlFloorDuration` 1000). What a tuning cannot hold (colours, nested scrolling, pure
    scroll mode, view ids, insets, switches the lab cannot turn off, headers and footers that
    draw themselves) is a note on standard error, one line per attribute, and the import goes on.
    References (`@dimen/…`, `@integer/…`, `@bool/…`, `@color/…`) resolve from `--resources DIR`'s
    `values*/` files; without it, and for `?attr/…`, the default stays with a note. Only XML that
    is not well-formed, a value of the wrong kind or out of range, or a reference that
    `--resources` does not hold stops the import, with the file, the line and the attribute.
    Left-out attributes keep SmartRefreshLayout's defaults (the `smart` preset); trigger rates come
    back as whole points; `srlReboundDuration` sets `reboundDuration`, `openDuration` and
    `collapseDuration`. `SmartImportTests` checks export then import for all six presets, with the
    floor off and on; `RealLayoutImportTests` imports the library's own demo layouts.
    """

  /// The layout's class under the library's package names, new and old.
  static let layoutClasses = [
    "com.scwang.smart.refresh.layout.SmartRefreshLayout",
    "com.scwang.smartrefresh.layout.SmartRefreshLayout",
  ]

  /// A tuning and the notes on what it could not hold.
  struct Result {
    var tuning: Tuning
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
    let layouts = document.elements.indices.filter { layoutClasses.contains(document.elements[$0].name) }
    guard let first = layouts.first else {
      throw .badLine(
        path: path, line: 1,
        message: "no SmartRefreshLayout in it (\(layoutClasses.joined(separator: " or "))); "
          + "import reads a layout that holds one")
    }
    var reading = Reading(
      document: document, path: path, resources: resources, tuning: TuningPreset.smart.tuning)
    if layouts.count > 1 {
      reading.notes.append(
        "\(path):\(document.elements[first].line): \(layouts.count) SmartRefreshLayouts; imported this first one"
      )
    }
    let layout = document.elements[first]
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
    try reading.finish()
    return Result(tuning: reading.tuning, notes: reading.notes)
  }

  /// What the layout's attributes have said so far.
  private struct Reading {
    let document: XMLElements
    let path: String
    let resources: AndroidResources?
    var tuning: Tuning
    var notes: [String] = []
    var headerTriggerRate: (value: Double, at: Place)?
    var footerTriggerRate: (value: Double, at: Place)?
    var footerMaxDragRate: (value: Double, at: Place)?
    var twoLevelRefreshRate: (value: Double, at: Place)?
    var twoLevelEnabled = true

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

    /// The `srl` attributes of a child element that carry nothing the lab models (texts,
    /// drawables, the last-updated line), accepted and left alone.
    static func isAppearance(_ name: String) -> Bool {
      ["srlText", "srlDrawable", "srlEnableLastTime", "srlClassicsSpinnerStyle", "srlFinishDuration"].contains
      {
        name.hasPrefix($0)
      }
    }

    func place(_ element: XMLElements.Element, _ attribute: String) -> Place {
      Place(attribute: attribute, line: document.line(of: attribute, endingAt: element.line))
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
      for (name, value, at) in try srlAttributes(of: element, read: Self.layoutRead) {
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
      if name == "TwoLevelHeader" { return try readTwoLevel(element) }
      let isHeader = name.hasSuffix("Header")
      let isFooter = name.hasSuffix("Footer")
      let isBar = isHeader || isFooter
      let attributes = try srlAttributes(of: element, read: isBar ? Self.childRead : [])
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
        case let other where Self.isAppearance(other):
          break
        default:
          if isHeader || isFooter { note(at, "not something a tuning holds; left alone") }
        }
      }
    }

    /// A `TwoLevelHeader` turns the second floor on with the library's defaults (`srlFloorRate`
    /// 1.9, `srlMaxRate` 2.5, `srlFloorDuration` 1000 ms), which its attributes override.
    mutating func readTwoLevel(_ element: XMLElements.Element) throws(LabError) {
      tuning.twoLevelFloorRate = Self.libraryFloorRate
      tuning.twoLevelMaxRate = Tuning().twoLevelMaxRate
      tuning.twoLevelFloorDuration = Tuning().twoLevelFloorDuration
      for (name, value, at) in try srlAttributes(of: element, read: Self.floorRead) {
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

    /// `TwoLevelHeader`'s own `srlFloorRate` default (`mFloorRate`).
    static let libraryFloorRate = 1.9

    /// The thresholds once the heights are known, and the rates the lab keeps as one.
    mutating func finish() throws(LabError) {
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
