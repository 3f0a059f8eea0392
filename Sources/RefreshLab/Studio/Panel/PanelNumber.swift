import RefreshCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A number the panel shows with a slider.
enum PanelNumber: Sendable {
  /// One of the core's `Tuning.parameters`.
  case tuning(TuningParameter)
  /// A data source setting, with the range its slider spans.
  case data(DataSourceField, range: ClosedRange<Double>)
  /// The bounce spring's duration or bounce, written through mass, stiffness and damping.
  case spring(SpringField)

  var key: String {
    switch self {
    case .tuning(let parameter): parameter.key
    case .data(let field, _): field.rawValue
    case .spring(let field): field.key
    }
  }

  var unit: String {
    switch self {
    case .tuning(let parameter): parameter.panelUnit
    case .data(let field, _): field.unit
    case .spring(let field): field.unit
    }
  }

  var step: Double {
    switch self {
    case .tuning(let parameter): parameter.step
    case .data(let field, _): field.step
    case .spring(let field): field.step
    }
  }

  var range: ClosedRange<Double> {
    switch self {
    case .tuning(let parameter): parameter.range
    case .data(_, let range): range
    case .spring(let field): field.range
    }
  }

  func value(in values: StudioValues) -> Double {
    switch self {
    case .tuning(let parameter): values.tuning[keyPath: parameter.keyPath]
    case .data(let field, _): field.value(in: values.data)
    case .spring(let field): field.value(in: values.tuning)
    }
  }

  /// What the setting does, in which phase, in which unit: one line (empty for the data
  /// source's, which say it in their group's title).
  var meaning: String {
    switch self {
    case .tuning(let parameter): parameter.panelMeaning
    case .data: ""
    case .spring(let field): field.meaning
    }
  }

  /// Whether the setting acts under `values`' tuning, and why not when it does not.
  func relevance(in values: StudioValues) -> SettingRelevance {
    switch self {
    case .data: .acts
    case .tuning, .spring: SettingRelevance.of(key: key, in: values.tuning)
    }
  }

  /// `values` with this number set to `value`, snapped to the step and kept in range; refused
  /// with the core's own message when the tuning as a whole would not validate (a minimum
  /// fling speed above the maximum, say).
  func setting(_ value: Double, in values: StudioValues) throws(TuningError) -> StudioValues {
    let snapped = clamped(PanelFormat.snap(value, step: step))
    var values = values
    switch self {
    case .tuning(let parameter):
      values.tuning[keyPath: parameter.keyPath] = snapped
      try values.tuning.validate()
    case .data(let field, _):
      values.data = field.setting(snapped, in: values.data)
    case .spring(let field):
      values.tuning = try field.setting(snapped, in: values.tuning)
    }
    return values
  }

  /// Where `value` sits along the slider, 0…1.
  func fraction(of value: Double) -> Double {
    let span = range.upperBound - range.lowerBound
    guard span > 0 else { return 0 }
    return min(1, max(0, (value - range.lowerBound) / span))
  }

  /// The value at `fraction` along the slider.
  func value(atFraction fraction: Double) -> Double {
    range.lowerBound + min(1, max(0, fraction)) * (range.upperBound - range.lowerBound)
  }

  func clamped(_ value: Double) -> Double {
    min(range.upperBound, max(range.lowerBound, value))
  }

  /// "60 pt", "0.998 /ms".
  func formatted(_ value: Double) -> String {
    let number = PanelFormat.number(value, step: step)
    return unit.isEmpty ? number : number + " " + unit
  }
}
