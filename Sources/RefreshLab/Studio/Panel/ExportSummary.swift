import RefreshCore

/// What an export carried to its target and what it did not, as E shows it in the window: read
/// from the exporter's own rule table (`ExportRule`, `ExportSheet`), so it says what the file
/// says. The keys the target carries only approximately come with the exporter's note, which
/// names the closest value the target can express.
struct ExportSummary: Sendable, Equatable {
  /// The format written.
  var format: ExportFormat
  /// The settings in use under the tuning's curve that the output carries exactly.
  var carried: [String]
  /// The settings carried only approximately: the key, its value, and how the target says it.
  var approximated: [(key: String, value: String, note: String)]
  /// The settings in use that the target has no setting for, with their values.
  var dropped: [(key: String, value: String)]

  static func == (a: ExportSummary, b: ExportSummary) -> Bool {
    a.format == b.format && a.carried == b.carried
      && a.approximated.map(\.key) == b.approximated.map(\.key)
      && a.dropped.map(\.key) == b.dropped.map(\.key)
  }

  /// What exporting `tuning` as `format` carries.
  init(_ tuning: Tuning, as format: ExportFormat) {
    self.format = format
    let values = ExportSheet.values(of: tuning)
    let used = values.filter { Self.isUsed($0.key, by: tuning) }
    let sheet: ExportSheet? =
      switch format {
      case .json, .web: nil
      case .smart: SmartExport.draft(tuning).sheet
      case .flutter: FlutterExport.draft(tuning).sheet
      case .mjrefresh: MJRefreshExport.draft(tuning).sheet
      case .easyrefresh: EasyRefreshExport.draft(tuning).sheet
      }
    let expressed = sheet?.expressed ?? TuningExport.expressedKeys(of: tuning, as: format)
    let notes = sheet?.notes ?? []
    carried = used.filter { expressed.contains($0.key) }.map(\.key)
    approximated = notes.compactMap { note in
      used.first { $0.key == note.key }.map { ($0.key, $0.value, note.text) }
    }
    let noted = Set(notes.map(\.key))
    dropped = used.filter { !expressed.contains($0.key) && !noted.contains($0.key) }.map {
      ($0.key, $0.value)
    }
  }

  /// Whether `key` changes anything under `tuning`: its curve uses it and its modes leave it
  /// acting (a key that is no number, such as the easing or the footer's mode, counts as used).
  static func isUsed(_ key: String, by tuning: Tuning) -> Bool {
    if let parameter = Tuning.parameters.first(where: { $0.key == key }) {
      return SettingRelevance.isShown(parameter, under: tuning.resistanceCurve)
        && SettingRelevance.of(key: key, in: tuning).isActing
    }
    return true
  }

  /// The keys the panel marks as not carried to this target (dropped or only approximated).
  var notCarried: Set<String> { Set(dropped.map(\.key)).union(approximated.map(\.key)) }

  /// The summary's lines: what was written where, then what carried and what did not.
  func lines(path: String) -> [String] {
    var lines = ["Exported \(format.rawValue) to \(path)"]
    lines.append("Carried exactly: \(carried.count) settings")
    for item in approximated { lines.append("≈ \(item.key) \(item.value): \(item.note)") }
    if !dropped.isEmpty {
      lines.append(
        "Not carried (\(format.rawValue) has no setting): "
          + dropped.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    }
    if approximated.isEmpty && dropped.isEmpty { lines.append("Everything in use carried.") }
    return lines
  }
}
