import RefreshCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A setting the panel shows as a row of options.
enum PanelChoice: String, Sendable, CaseIterable {
  case preset
  case exportFormat
  case headerStyle
  /// The tuning's style, or an animated header (GIF, Lottie).
  case headerKind
  case resistanceCurve
  case easing
  case armedRelease
  case footerMode
  case hidesFooterWhenNoMoreData
  case allowsSimultaneousRefreshAndLoad

  var key: String { rawValue }

  var options: [String] {
    switch self {
    case .preset: TuningPreset.allCases.map(\.rawValue)
    case .exportFormat: ExportFormat.allCases.map(\.rawValue)
    case .headerStyle: HeaderStyle.allCases.map(\.rawValue)
    case .headerKind: LabHeaders.registry.names
    case .resistanceCurve: ResistanceCurve.allCases.map(\.rawValue)
    case .easing: TimingCurve.allCases.map(\.rawValue)
    case .armedRelease: ArmedRelease.allCases.map(\.rawValue)
    case .footerMode: FooterMode.allCases.map(\.rawValue)
    case .hidesFooterWhenNoMoreData, .allowsSimultaneousRefreshAndLoad: ["off", "on"]
    }
  }

  /// The options as their buttons read: short where the full names do not fit side by side.
  var labels: [String] {
    switch self {
    case .resistanceCurve: CurveFamily.registered.map(\.label)
    case .headerStyle: ["translate", "behind", "scale", "overlay"]
    default: options
    }
  }

  /// The option in force; nil for a tuning that is no preset's ("custom").
  func selectedOption(in values: StudioValues) -> Int? {
    let tuning = values.tuning
    switch self {
    case .preset: return TuningPreset.allCases.firstIndex { $0.tuning == tuning }
    case .exportFormat: return ExportFormat.allCases.firstIndex(of: values.exportFormat)
    case .headerStyle: return HeaderStyle.allCases.firstIndex(of: tuning.headerStyle)
    case .headerKind: return LabHeaders.registry.names.firstIndex(of: values.headerName)
    case .resistanceCurve: return ResistanceCurve.allCases.firstIndex(of: tuning.resistanceCurve)
    case .easing: return TimingCurve.allCases.firstIndex(of: tuning.easing)
    case .armedRelease: return ArmedRelease.allCases.firstIndex(of: tuning.armedRelease)
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
    case .exportFormat: values.exportFormat = ExportFormat.allCases[index]
    case .headerStyle: values.tuning.headerStyle = HeaderStyle.allCases[index]
    case .headerKind: values.headerName = LabHeaders.registry.names[index]
    case .resistanceCurve: values.tuning.resistanceCurve = ResistanceCurve.allCases[index]
    case .easing: values.tuning.easing = TimingCurve.allCases[index]
    case .armedRelease: values.tuning.armedRelease = ArmedRelease.allCases[index]
    case .footerMode: values.tuning.footerMode = FooterMode.allCases[index]
    case .hidesFooterWhenNoMoreData: values.tuning.hidesFooterWhenNoMoreData = index == 1
    case .allowsSimultaneousRefreshAndLoad: values.tuning.allowsSimultaneousRefreshAndLoad = index == 1
    }
    return values
  }

  /// The option in force; for a tuning that is no preset's, the preset it is nearest to (the
  /// one it was most likely edited from), so "custom" keeps a trace of where it started.
  func formatted(in values: StudioValues) -> String {
    if let index = selectedOption(in: values) { return options[index] }
    guard self == .preset else { return "custom" }
    return "custom (from \(StudioNames.nearestPreset(to: values.tuning).preset.rawValue))"
  }
}
