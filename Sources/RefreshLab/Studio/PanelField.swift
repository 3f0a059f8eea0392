import RefreshCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the tuning panel edits: the core's tuning and the simulated server, as one value, so a
/// change to either is one step the panel can check before anything is applied.
struct StudioValues: Sendable, Equatable {
  /// The controller's constants.
  var tuning: Tuning
  /// The built-in data source's settings.
  var data: DataSourceConfiguration
}

/// The data source's settings that can change while it runs. The initial row count and the seed
/// only mean something at start-up, so the panel leaves them out.
enum DataSourceField: String, Sendable, CaseIterable {
  case latency
  case failRate
  case pageSize
  case total

  var unit: String {
    switch self {
    case .latency: "s"
    case .failRate: ""
    case .pageSize, .total: "rows"
    }
  }

  var step: Double {
    switch self {
    case .latency: 0.05
    case .failRate: 0.01
    case .pageSize: 1
    case .total: 10
    }
  }

  /// The slider's span before it is widened to hold the value the run started with (the
  /// command line accepts any page size or total, the slider should not cut them).
  var baseRange: ClosedRange<Double> {
    switch self {
    case .latency: 0...10
    case .failRate: 0...1
    case .pageSize: 1...200
    case .total: 0...1000
    }
  }

  func value(in data: DataSourceConfiguration) -> Double {
    switch self {
    case .latency: data.latency
    case .failRate: data.failureRate
    case .pageSize: Double(data.pageSize)
    case .total: Double(data.total)
    }
  }

  func setting(_ value: Double, in data: DataSourceConfiguration) -> DataSourceConfiguration {
    var data = data
    switch self {
    case .latency: data.latency = value
    case .failRate: data.failureRate = value
    case .pageSize: data.pageSize = Int(value.rounded())
    case .total: data.total = Int(value.rounded())
    }
    return data
  }
}

/// A number the panel shows with a slider.
enum PanelNumber: Sendable {
  /// One of the core's `Tuning.parameters`.
  case tuning(TuningParameter)
  /// A data source setting, with the range its slider spans.
  case data(DataSourceField, range: ClosedRange<Double>)

  var key: String {
    switch self {
    case .tuning(let parameter): parameter.key
    case .data(let field, _): field.rawValue
    }
  }

  var unit: String {
    switch self {
    case .tuning(let parameter): parameter.unit
    case .data(let field, _): field.unit
    }
  }

  var step: Double {
    switch self {
    case .tuning(let parameter): parameter.step
    case .data(let field, _): field.step
    }
  }

  var range: ClosedRange<Double> {
    switch self {
    case .tuning(let parameter): parameter.range
    case .data(_, let range): range
    }
  }

  func value(in values: StudioValues) -> Double {
    switch self {
    case .tuning(let parameter): values.tuning[keyPath: parameter.keyPath]
    case .data(let field, _): field.value(in: values.data)
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

/// A setting the panel shows as a row of options.
enum PanelChoice: String, Sendable, CaseIterable {
  case preset
  case easing
  case footerMode
  case hidesFooterWhenNoMoreData
  case allowsSimultaneousRefreshAndLoad

  var key: String { rawValue }

  var options: [String] {
    switch self {
    case .preset: TuningPreset.allCases.map(\.rawValue)
    case .easing: TimingCurve.allCases.map(\.rawValue)
    case .footerMode: FooterMode.allCases.map(\.rawValue)
    case .hidesFooterWhenNoMoreData, .allowsSimultaneousRefreshAndLoad: ["off", "on"]
    }
  }

  /// The option in force; nil for a tuning that is no preset's ("custom").
  func selectedOption(in values: StudioValues) -> Int? {
    let tuning = values.tuning
    switch self {
    case .preset: return TuningPreset.allCases.firstIndex { $0.tuning == tuning }
    case .easing: return TimingCurve.allCases.firstIndex(of: tuning.easing)
    case .footerMode: return FooterMode.allCases.firstIndex(of: tuning.footerMode)
    case .hidesFooterWhenNoMoreData: return tuning.hidesFooterWhenNoMoreData ? 1 : 0
    case .allowsSimultaneousRefreshAndLoad: return tuning.allowsSimultaneousRefreshAndLoad ? 1 : 0
    }
  }

  /// `values` with option `index` chosen (clamped to the options there are). A preset replaces
  /// the whole tuning; the data source is never touched.
  func choosing(_ index: Int, in values: StudioValues) -> StudioValues {
    let options = options
    let index = min(options.count - 1, max(0, index))
    var values = values
    switch self {
    case .preset: values.tuning = TuningPreset.allCases[index].tuning
    case .easing: values.tuning.easing = TimingCurve.allCases[index]
    case .footerMode: values.tuning.footerMode = FooterMode.allCases[index]
    case .hidesFooterWhenNoMoreData: values.tuning.hidesFooterWhenNoMoreData = index == 1
    case .allowsSimultaneousRefreshAndLoad: values.tuning.allowsSimultaneousRefreshAndLoad = index == 1
    }
    return values
  }

  func formatted(in values: StudioValues) -> String {
    selectedOption(in: values).map { options[$0] } ?? "custom"
  }
}

/// How the panel writes numbers: as many decimals as the slider's step has, no trailing zeros.
enum PanelFormat {
  /// Decimals that show every multiple of `step` exactly (0.0005 → 4, 5 → 0).
  static func decimals(for step: Double) -> Int {
    guard step > 0, step.isFinite else { return 0 }
    // The tolerance keeps 0.01 at 2 when log10 lands a hair past -2.
    return max(0, Int((-log10(step) - 1e-9).rounded(.up)))
  }

  /// `value` on the nearest multiple of `step`, without binary noise (0.56, not 0.56000000000001).
  static func snap(_ value: Double, step: Double) -> Double {
    guard step > 0, value.isFinite else { return value }
    let scale = pow(10, Double(decimals(for: step)))
    return (((value / step).rounded() * step) * scale).rounded() / scale
  }

  static func number(_ value: Double, step: Double) -> String {
    var text = value.fixed(decimals(for: step))
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }
}
