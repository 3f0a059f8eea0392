import RefreshCore

/// `refresh-lab import --format smart`: a SmartRefreshLayout layout's `srl` attributes (those
/// `SmartExport` writes) read back into a tuning. An attribute left out keeps the `smart`
/// preset's value, the lab's reading of SmartRefreshLayout's defaults.
enum SmartImport {
  /// What MAPPING.md says of the import (`ExportMapping`).
  static let mappingRemarks = """
    ## Import

    `refresh-lab import --format smart FILE.xml [--output FILE]` reads the SmartRefreshLayout table
    back: its attributes on the `SmartRefreshLayout` element, `srlClassicsSpinnerStyle` and
    `srlFinishDuration` on a `ClassicsHeader`, a `MaterialHeader` as the `overlay` style, a
    `TwoLevelHeader` as the floor on with the library's defaults (`srlFloorRate` 1.9, `srlMaxRate`
    2.5, `srlFloorDuration` 1000) under its attributes (`srlRefreshRate` must equal the trigger
    rate: the lab has one threshold); appearance attributes (`srlText…`, `srlDrawable…`, colours)
    are accepted and ignored, anything else is an error naming it and its line. Left-out
    attributes keep the `smart` preset's values; trigger rates come back as whole points;
    `srlReboundDuration` sets `reboundDuration`, `openDuration` and `collapseDuration`.
    `SmartImportTests` checks that export then import gives back every key the export carries, for
    all six presets, with the floor off and on.
    """

  /// The tuning `text`, the contents of `path`, describes.
  static func tuning(from text: String, path: String) throws(LabError) -> Tuning {
    let document: XMLElements
    do {
      document = try XMLElements(text)
    } catch {
      throw .badLine(path: path, line: error.line, message: "not well-formed XML: \(error.message)")
    }
    guard let root = document.elements.first, root.name.hasSuffix(".SmartRefreshLayout") else {
      throw .badLine(
        path: path, line: document.elements.first?.line ?? 1,
        message: "the root element is not a SmartRefreshLayout")
    }
    var reading = Reading(document: document, path: path, tuning: TuningPreset.smart.tuning)
    try reading.readLayout(root)
    for element in document.elements.dropFirst() { try reading.readChild(element) }
    try reading.finish()
    return reading.tuning
  }

  /// What the layout's attributes have said so far.
  private struct Reading {
    let document: XMLElements
    let path: String
    var tuning: Tuning
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

    /// The `srl` attributes of a child element that carry nothing the lab models (colours,
    /// texts, drawables), accepted and left alone.
    static func isAppearance(_ name: String) -> Bool {
      ["srlText", "srlDrawable", "srlPrimaryColor", "srlAccentColor", "srlEnableLastTime"].contains {
        name.hasPrefix($0)
      }
    }

    func place(_ element: XMLElements.Element, _ attribute: String) -> Place {
      Place(attribute: attribute, line: document.line(of: attribute, endingAt: element.line))
    }

    func fail(_ place: Place, _ message: String) -> LabError {
      .badLine(path: path, line: place.line, message: "\(place.attribute): \(message)")
    }

    /// The `srl` attributes of `element`, without their namespace prefix, with their places.
    func srlAttributes(of element: XMLElements.Element) -> [(local: String, value: String, at: Place)] {
      element.attributes.compactMap { attribute in
        let local = attribute.name.split(separator: ":").last.map(String.init) ?? attribute.name
        guard local.hasPrefix("srl") else { return nil }
        return (local, attribute.value, place(element, attribute.name))
      }
    }

    mutating func readLayout(_ element: XMLElements.Element) throws(LabError) {
      for (name, value, at) in srlAttributes(of: element) {
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
          guard try boolean(value, at) else {
            let meaning = SmartExport.fixedSwitches.first { $0.attribute == fixed }?.meaning ?? ""
            throw fail(at, "the lab cannot turn this off (\(meaning)); remove it or set it to \"true\"")
          }
        default:
          throw fail(at, "not an attribute refresh-lab reads; it reads \(Self.layoutAttributes)")
        }
      }
    }

    static let layoutAttributes =
      "srlHeaderHeight, srlFooterHeight, srlHeaderTriggerRate, srlFooterTriggerRate, srlDragRate, "
      + "srlHeaderMaxDragRate, srlFooterMaxDragRate, srlReboundDuration, srlEnableAutoLoadMore, "
      + "srlEnableFooterFollowWhenNoMoreData, "
      + SmartExport.fixedSwitches.map(\.attribute).joined(separator: ", ")

    mutating func readChild(_ element: XMLElements.Element) throws(LabError) {
      if element.name.hasSuffix(".TwoLevelHeader") { return try readTwoLevel(element) }
      let isHeader = element.name.hasSuffix(".ClassicsHeader")
      if element.name.hasSuffix(".MaterialHeader") { tuning.headerStyle = .overlay }
      for (name, value, at) in srlAttributes(of: element) {
        switch name {
        case "srlClassicsSpinnerStyle" where isHeader:
          guard let style = SmartExport.spinnerStyles.first(where: { $0.name == value }) else {
            let names = SmartExport.spinnerStyles.map(\.name).joined(separator: ", ")
            throw fail(at, "\"\(value)\" is not a spinner style; use one of \(names)")
          }
          tuning.headerStyle = style.style
        case "srlFinishDuration" where isHeader:
          try set(\.finishingHoldDuration, "finishingHoldDuration", integer(value, at) / 1000, at)
        case let other where Self.isAppearance(other):
          break
        default:
          throw fail(at, "not an attribute refresh-lab reads on \(element.name)")
        }
      }
    }

    /// A `TwoLevelHeader` turns the second floor on with the library's defaults (`srlFloorRate`
    /// 1.9, `srlMaxRate` 2.5, `srlFloorDuration` 1000 ms), which its attributes override.
    mutating func readTwoLevel(_ element: XMLElements.Element) throws(LabError) {
      tuning.twoLevelFloorRate = Self.libraryFloorRate
      tuning.twoLevelMaxRate = Tuning().twoLevelMaxRate
      tuning.twoLevelFloorDuration = Tuning().twoLevelFloorDuration
      for (name, value, at) in srlAttributes(of: element) {
        switch name {
        case "srlFloorRate": try set(\.twoLevelFloorRate, "twoLevelFloorRate", float(value, at), at)
        case "srlMaxRate": try set(\.twoLevelMaxRate, "twoLevelMaxRate", float(value, at), at)
        case "srlRefreshRate": twoLevelRefreshRate = (try float(value, at), at)
        case "srlFloorDuration":
          try set(\.twoLevelFloorDuration, "twoLevelFloorDuration", integer(value, at) / 1000, at)
        case "srlEnableTwoLevel": twoLevelEnabled = try boolean(value, at)
        case let fixed where SmartExport.twoLevelSwitches.contains { $0.attribute == fixed }:
          guard try boolean(value, at) else {
            let meaning = SmartExport.twoLevelSwitches.first { $0.attribute == fixed }?.meaning ?? ""
            throw fail(at, "the lab cannot turn this off (\(meaning)); remove it or set it to \"true\"")
          }
        default:
          throw fail(
            at, "not an attribute refresh-lab reads on \(element.name); it reads \(Self.twoLevelAttributes)")
        }
      }
    }

    /// `TwoLevelHeader`'s own `srlFloorRate` default (`mFloorRate`).
    static let libraryFloorRate = 1.9

    static let twoLevelAttributes =
      "srlFloorRate, srlMaxRate, srlRefreshRate, srlFloorDuration, srlEnableTwoLevel, "
      + SmartExport.twoLevelSwitches.map(\.attribute).filter { $0 != "srlEnableTwoLevel" }
      .joined(separator: ", ")

    /// The thresholds once the heights are known, and the footer's rate against the header's.
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
        throw fail(
          at,
          "\(ExportSheet.number(rate)) differs from the header's trigger rate (\(ExportSheet.number(triggerRate))); "
            + "the lab has one refreshThreshold for both")
      }
      if let (rate, at) = footerMaxDragRate, rate != tuning.maxDragRate {
        throw fail(
          at,
          "\(ExportSheet.number(rate)) differs from srlHeaderMaxDragRate (\(ExportSheet.number(tuning.maxDragRate))); "
            + "the lab has one maxDragRate for both")
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
