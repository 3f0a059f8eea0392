import RefreshCore

/// One line of the tuning panel.
enum PanelRow: Sendable {
  /// A group's title.
  case group(String)
  /// A number with a slider.
  case number(PanelNumber)
  /// A row of options.
  case choice(PanelChoice)

  var isSelectable: Bool {
    if case .group = self { return false }
    return true
  }
}

/// The tuning panel without any drawing: which rows there are, which one is selected, and what
/// a key press, a slider position or a click on an option makes of the values.
///
/// Every row reads from and writes to a `StudioValues` passed in, so the panel never holds a
/// stale copy of the tuning: a file edit or a preset applied elsewhere shows at once.
struct PanelModel: Sendable {
  /// The rows shown, in panel order, group titles included: every row, or those the filter
  /// matches under their group titles.
  private(set) var rows: [PanelRow]
  /// The selected row, an index into `rows`; never a group title.
  private(set) var selection: Int
  /// The resistance curve whose keys the rows show.
  private(set) var curve: ResistanceCurve
  /// What was typed after /, lower case; empty shows every row.
  private(set) var filter = ""
  /// The data source's rows, which never change.
  private let dataRows: [PanelRow]

  /// How many steps Shift moves a value at once.
  static let coarseSteps = 10

  /// The panel for a run whose data source started as `data`: the preset and the export
  /// format, every number of the core's tuning in its group that means something under `curve`
  /// (the choice keys beside their group's numbers), then the data source.
  init(data: DataSourceConfiguration, curve: ResistanceCurve = .iosRubberBand) {
    dataRows = DataSourceField.allCases.map { field in
      let value = field.value(in: data)
      let base = field.baseRange
      let range = min(base.lowerBound, value)...max(base.upperBound, value)
      return .number(.data(field, range: range))
    }
    self.curve = curve
    rows = Self.rows(curve: curve, dataRows: dataRows)
    selection = rows.firstIndex { $0.isSelectable } ?? 0
  }

  /// The title of the data source's rows, which no tuning file holds.
  static let dataGroupTitle = "Simulated data source (not saved)"

  static func rows(curve: ResistanceCurve, dataRows: [PanelRow]) -> [PanelRow] {
    var rows: [PanelRow] = [.group("Preset"), .choice(.preset), .choice(.exportFormat)]
    let parameters = Tuning.parameters.filter { SettingRelevance.isShown($0, under: curve) }
    for group in TuningGroup.allCases {
      rows.append(.group(group.rawValue))
      // The curve comes first in its group: the keys below it are the ones it uses.
      if group == .physics { rows.append(.choice(.resistanceCurve)) }
      for parameter in parameters where parameter.group == group {
        // Duration and bounce come first among the spring's keys, the terms designers set.
        if parameter.key == "springMass" { rows += SpringField.allCases.map { .number(.spring($0)) } }
        rows.append(.number(.tuning(parameter)))
      }
      rows += Self.choices(in: group).map { .choice($0) }
    }
    rows.append(.group(dataGroupTitle))
    return rows + dataRows
  }

  /// Where the tuning's non-numeric keys sit (the curve aside).
  static func choices(in group: TuningGroup) -> [PanelChoice] {
    switch group {
    case .sizes: [.headerStyle, .headerKind]
    case .physics, .input: []
    case .animation: [.easing, .armedRelease]
    case .footer: [.footerMode, .hidesFooterWhenNoMoreData, .allowsSimultaneousRefreshAndLoad]
    }
  }

  /// Shows the keys of `curve`, keeping the selection on the same key (or the curve's row when
  /// the selected key belongs to another curve).
  mutating func show(curve: ResistanceCurve) {
    guard curve != self.curve else { return }
    let selectedKey = key(of: selection)
    self.curve = curve
    rows = Self.filtered(Self.rows(curve: curve, dataRows: dataRows), by: filter)
    selection =
      selectedKey.flatMap(row(forKey:)) ?? row(forKey: PanelChoice.resistanceCurve.key)
      ?? rows.firstIndex { $0.isSelectable } ?? 0
  }

  /// Shows only the rows whose key holds `text` (case ignored), under their group titles; only
  /// when no key holds it, the whole of any group whose title does, so a few letters reach any
  /// setting by its own name first ("thr" picks the thresholds, not the group "Sizes and
  /// thresholds"). Selects the first key that starts with the text, or else the first shown. An
  /// empty text shows every row again, keeping the selection.
  mutating func setFilter(_ text: String) {
    let selectedKey = key(of: selection)
    filter = text.lowercased()
    rows = Self.filtered(Self.rows(curve: curve, dataRows: dataRows), by: filter)
    let starting = rows.indices.first { key(of: $0)?.lowercased().hasPrefix(filter) == true }
    let kept = filter.isEmpty ? selectedKey.flatMap(row(forKey:)) : nil
    selection = kept ?? starting ?? rows.firstIndex { $0.isSelectable } ?? 0
  }

  /// `rows` narrowed to `filter`, each match under its group's title: the rows whose key holds
  /// it, else the groups whose title does.
  static func filtered(_ rows: [PanelRow], by filter: String) -> [PanelRow] {
    guard !filter.isEmpty else { return rows }
    let byName = narrowed(rows, by: filter, groups: false)
    return byName.contains { $0.isSelectable } ? byName : narrowed(rows, by: filter, groups: true)
  }

  private static func narrowed(_ rows: [PanelRow], by filter: String, groups: Bool) -> [PanelRow] {
    var kept: [PanelRow] = []
    var title: PanelRow?
    var groupMatches = false
    for row in rows {
      switch row {
      case .group(let name):
        title = row
        groupMatches = groups && name.lowercased().contains(filter)
        if groupMatches { kept.append(row) }
      case .number, .choice:
        guard groupMatches || (!groups && Self.key(of: row).lowercased().contains(filter)) else { continue }
        if let pending = title, !groupMatches {
          kept.append(pending)
          title = nil
        }
        kept.append(row)
      }
    }
    return kept
  }

  /// Whether the filter matches nothing (the panel says so rather than showing an empty list).
  var filterMatchesNothing: Bool { !filter.isEmpty && !rows.contains { $0.isSelectable } }

  /// The key of `row`, nil for a group title.
  func key(of row: Int) -> String? {
    guard rows.indices.contains(row), rows[row].isSelectable else { return nil }
    return Self.key(of: rows[row])
  }

  /// The key a row sets; a group's title for a group.
  static func key(of row: PanelRow) -> String {
    switch row {
    case .group(let title): title
    case .number(let number): number.key
    case .choice(let choice): choice.key
    }
  }

  /// The row of `key` (a tuning key, a data source field, "preset" or "exportFormat").
  func row(forKey key: String) -> Int? {
    rows.indices.first { self.key(of: $0) == key }
  }

  /// Selects `row` if it can be selected.
  mutating func select(_ row: Int) {
    guard rows.indices.contains(row), rows[row].isSelectable else { return }
    selection = row
  }

  /// Moves the selection `delta` selectable rows down (up when negative), stopping at the ends.
  mutating func moveSelection(by delta: Int) {
    var row = selection
    var remaining = abs(delta)
    let direction = delta < 0 ? -1 : 1
    var probe = row + direction
    while remaining > 0, rows.indices.contains(probe) {
      if rows[probe].isSelectable {
        row = probe
        remaining -= 1
      }
      probe += direction
    }
    selection = row
  }

  /// The selected row moved `steps` steps (a number) or options (a choice) from its value in
  /// `values`. Refusals carry the core's message naming the key and its allowed range.
  func adjusting(_ values: StudioValues, by steps: Int) throws(TuningError) -> StudioValues {
    guard rows.indices.contains(selection) else { return values }
    switch rows[selection] {
    case .group:
      return values
    case .number(let number):
      let value = number.value(in: values)
      return try number.setting(value + Double(steps) * number.step, in: values)
    case .choice(let choice):
      // One option per press, Shift or not; "custom" (no preset matches) steps to the first or
      // the last preset.
      let current = choice.selectedOption(in: values) ?? (steps > 0 ? -1 : choice.options.count)
      return choice.choosing(current + steps.signum(), in: values)
    }
  }

  /// `values` with the number in `row` set from its slider at `fraction` (0 left, 1 right).
  func setting(_ values: StudioValues, row: Int, fraction: Double) throws(TuningError) -> StudioValues {
    guard rows.indices.contains(row), case .number(let number) = rows[row] else { return values }
    return try number.setting(number.value(atFraction: fraction), in: values)
  }

  /// `values` with option `option` of the choice in `row` chosen.
  func choosing(_ values: StudioValues, row: Int, option: Int) -> StudioValues {
    guard rows.indices.contains(row), case .choice(let choice) = rows[row] else { return values }
    return choice.choosing(option, in: values)
  }
}
