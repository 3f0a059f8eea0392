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
    if let recording = options.match { return .fitted(recording) }
    switch (options.tuningFile, options.preset) {
    case (let file?, let preset): return .file(file, preset: preset?.rawValue)
    case (nil, let preset?): return .preset(preset.rawValue)
    case (nil, nil): return .defaults
    }
  }

  /// The preset `tuning` is closest to (the fewest keys apart; the first in the presets' order
  /// on a tie) and the keys it changed, empty when it is that preset. How the studio says where
  /// an edited tuning started from, read from the tuning itself, so a relaunch says it too.
  static func nearestPreset(to tuning: Tuning) -> (preset: TuningPreset, changed: [String]) {
    var best = (preset: TuningPreset.ios, changed: changedKeys(from: TuningPreset.ios.tuning, to: tuning))
    for preset in TuningPreset.allCases.dropFirst() {
      let changed = changedKeys(from: preset.tuning, to: tuning)
      if changed.count < best.changed.count { best = (preset, changed) }
    }
    return best
  }

  /// The tuning keys whose values differ between `base` and `tuning`, in the files' order.
  static func changedKeys(from base: Tuning, to tuning: Tuning) -> [String] {
    var keys = Tuning.parameters.filter { base[keyPath: $0.keyPath] != tuning[keyPath: $0.keyPath] }.map(
      \.key)
    if base.resistanceCurve != tuning.resistanceCurve { keys.append("resistanceCurve") }
    if base.headerStyle != tuning.headerStyle { keys.append("headerStyle") }
    if base.easing != tuning.easing { keys.append("easing") }
    if base.armedRelease != tuning.armedRelease { keys.append("armedRelease") }
    if base.footerMode != tuning.footerMode { keys.append("footerMode") }
    if base.hidesFooterWhenNoMoreData != tuning.hidesFooterWhenNoMoreData {
      keys.append("hidesFooterWhenNoMoreData")
    }
    if base.allowsSimultaneousRefreshAndLoad != tuning.allowsSimultaneousRefreshAndLoad {
      keys.append("allowsSimultaneousRefreshAndLoad")
    }
    // A key this list does not name still makes the two differ.
    if keys.isEmpty && base != tuning { keys.append("other keys") }
    return keys
  }

  /// "smart, edited: headerHeight": the preset an edited tuning started from and what changed
  /// (the first three keys, then how many more); "preset smart" when it is the preset.
  static func lineage(of tuning: Tuning) -> String {
    let (preset, changed) = nearestPreset(to: tuning)
    guard !changed.isEmpty else { return "preset \(preset.rawValue)" }
    let shown = changed.prefix(3).joined(separator: ", ")
    let more = changed.count > 3 ? " and \(changed.count - 3) more" : ""
    return "\(preset.rawValue), edited: \(shown)\(more)"
  }

  /// The last component of `path`.
  static func fileName(_ path: String) -> String {
    URL(fileURLWithPath: path).lastPathComponent
  }

  /// "arms at 65 pt, holds 60 pt": where the header arms and how much it holds open.
  static func summary(of tuning: Tuning) -> String {
    "arms at \(points(tuning.refreshThreshold)) pt, holds \(points(tuning.headerHeight)) pt"
  }

  /// A length without a needless ".0", to a tenth of a point (a fitted tuning's lengths carry
  /// every digit of the fit).
  static func points(_ value: Double) -> String {
    let tenths = (value * 10).rounded() / 10
    return tenths == tenths.rounded() && abs(tenths) < 1e9 ? String(Int(tenths)) : String(tenths)
  }
}
