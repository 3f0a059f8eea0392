import FoundationEssentials
import RefreshCore

/// How the studio names a tuning in captions, legends and titles: the file or preset it came
/// from, and the two numbers people compare first.
enum StudioNames {
  /// The measured tuning's source: its file (over a preset, if one was named), its preset, or
  /// the iOS defaults.
  static func source(of options: LabOptions) -> String {
    switch (options.tuningFile, options.preset) {
    case (let file?, let preset?): "\(fileName(file)) over preset \(preset.rawValue)"
    case (let file?, nil): fileName(file)
    case (nil, let preset?): "preset \(preset.rawValue)"
    case (nil, nil): "iOS defaults"
    }
  }

  /// Where the window's tuning came from, for the status line at start: the file saved last
  /// time, the `--tuning` file (over a preset), the preset, or the iOS defaults.
  static func origin(of options: LabOptions) -> LabWords.TuningOrigin {
    if options.tuningIsRemembered, let file = options.tuningFile { return .remembered(file) }
    switch (options.tuningFile, options.preset) {
    case (let file?, let preset): return .file(file, preset: preset?.rawValue)
    case (nil, let preset?): return .preset(preset.rawValue)
    case (nil, nil): return .defaults
    }
  }

  /// The last component of `path`.
  static func fileName(_ path: String) -> String {
    URL(fileURLWithPath: path).lastPathComponent
  }

  /// "arms at 65 pt, holds 60 pt": where the header arms and how much it holds open.
  static func summary(of tuning: Tuning) -> String {
    "arms at \(points(tuning.refreshThreshold)) pt, holds \(points(tuning.headerHeight)) pt"
  }

  /// A length without a needless ".0".
  static func points(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
  }
}
