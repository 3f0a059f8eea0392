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
  /// The rows in panel order, group titles included.
  let rows: [PanelRow]
  /// The selected row, an index into `rows`; never a group title.
  private(set) var selection: Int

  /// How many steps Shift moves a value at once.
  static let coarseSteps = 10

  /// The panel for a run whose data source started as `data`: every number of the core's
  /// tuning in its group (the choice keys beside their group's numbers), then the data source.
  init(data: DataSourceConfiguration) {
    var rows: [PanelRow] = [.group("Preset"), .choice(.preset)]
    let parameters = Tuning.parameters
    for group in TuningGroup.allCases {
      rows.append(.group(group.rawValue))
      rows += parameters.filter { $0.group == group }.map { .number(.tuning($0)) }
      rows += Self.choices(in: group).map { .choice($0) }
    }
    rows.append(.group("Simulated data source (not saved)"))
    for field in DataSourceField.allCases {
      let value = field.value(in: data)
      let base = field.baseRange
      let range = min(base.lowerBound, value)...max(base.upperBound, value)
      rows.append(.number(.data(field, range: range)))
    }
    self.rows = rows
    selection = rows.firstIndex { $0.isSelectable } ?? 0
  }

  /// Where the tuning's non-numeric keys sit.
  static func choices(in group: TuningGroup) -> [PanelChoice] {
    switch group {
    case .sizes, .physics, .input: []
    case .animation: [.easing]
    case .footer: [.footerMode, .hidesFooterWhenNoMoreData, .allowsSimultaneousRefreshAndLoad]
    }
  }

  /// The row of `key` (a tuning key, a data source field or "preset").
  func row(forKey key: String) -> Int? {
    rows.firstIndex {
      switch $0 {
      case .group: false
      case .number(let number): number.key == key
      case .choice(let choice): choice.key == key
      }
    }
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
