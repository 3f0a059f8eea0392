import FoundationEssentials
import RefreshCore

/// What `refresh-lab export` writes: our own tuning file, or the settings another library
/// accepts, in that library's own language.
public enum ExportFormat: String, CaseIterable, Sendable {
  /// Our tuning file: loading it back reproduces the tuning exactly.
  case json
  /// SmartRefreshLayout's XML attributes (Android).
  case smart
  /// flutter pull_to_refresh's `RefreshConfiguration` (Dart).
  case flutter
  /// MJRefresh's header and footer set up in Swift (iOS).
  case mjrefresh
  /// easy_refresh 3.x's `EasyRefresh` with its header and footer (Dart).
  case easyrefresh
  /// One self-contained HTML page that moves as the lab does (`WebExport`).
  case web

  /// The extension a file of this format carries.
  public var fileExtension: String {
    switch self {
    case .json: "json"
    case .smart: "xml"
    case .flutter: "dart"
    case .mjrefresh: "swift"
    case .easyrefresh: "dart"
    case .web: "html"
    }
  }

  /// What the studio's export adds to its file's name so that no two formats share one: the
  /// two Dart formats would otherwise both write `refresh-lab-export.dart`.
  public var fileNameSuffix: String {
    switch self {
    case .json, .smart, .mjrefresh, .web: ""
    case .flutter: "-pull_to_refresh"
    case .easyrefresh: "-easy_refresh"
    }
  }

  /// The format named `name`, or an error that lists the names.
  static func named(_ name: String, flag: String) throws(LabError) -> ExportFormat {
    guard let format = ExportFormat(rawValue: name) else {
      throw .badFlag(
        flag: flag,
        message:
          "\"\(name)\" is not an export format; use one of \(allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    return format
  }
}

/// Writes a tuning in an `ExportFormat`. Every key of the tuning ends up in the output: as a
/// setting where the target has one, as a note where it is approximated, otherwise in one
/// closing list of what the target cannot express, so nothing is dropped without a word.
public enum TuningExport {
  /// The text of `tuning` in `format`; `source` says where the tuning came from ("preset smart").
  public static func text(of tuning: Tuning, as format: ExportFormat, source: String) -> String {
    switch format {
    case .json: String(decoding: TuningFile.encode(tuning), as: UTF8.self) + "\n"
    case .smart: SmartExport.export(tuning, source: source).text
    case .flutter: FlutterExport.export(tuning, source: source).text
    case .mjrefresh: MJRefreshExport.export(tuning, source: source).text
    case .easyrefresh: EasyRefreshExport.export(tuning, source: source).text
    case .web: WebExport.page(of: tuning, source: source)
    }
  }

  /// Refuses, in one line, a tuning whose curve family `format` cannot carry: the family's own
  /// word for the target (``CurveExportForm/refused(_:)``, or no entry for it), or the page's.
  static func check(_ tuning: Tuning, as format: ExportFormat) throws(LabError) {
    let flag = "--format \(format.rawValue)"
    switch format {
    case .json: return
    case .web: try WebExport.check(tuning)
    case .smart, .flutter, .mjrefresh, .easyrefresh:
      if case .refused(let why) = tuning.resistanceCurve.family.exportForm(for: format.rawValue) {
        throw .badFlag(flag: flag, message: why)
      }
    }
  }

  /// The keys `format` carries exactly for `tuning`: what an import of the output gives back.
  static func expressedKeys(of tuning: Tuning, as format: ExportFormat) -> Set<String> {
    switch format {
    case .json: Set(Tuning.allKeys)
    case .smart: SmartExport.draft(tuning).sheet.expressed
    case .flutter: FlutterExport.draft(tuning).sheet.expressed
    case .mjrefresh: MJRefreshExport.draft(tuning).sheet.expressed
    case .easyrefresh: EasyRefreshExport.draft(tuning).sheet.expressed
    case .web: WebExport.refusal(tuning) == nil ? WebExport.carriedKeys : []
    }
  }

  /// Writes `tuning` in `format` atomically to `baseName` plus the format's extension (the
  /// studio's export key); returns the path written.
  @discardableResult
  static func write(_ tuning: Tuning, as format: ExportFormat, beside baseName: String) throws(LabError)
    -> String
  {
    try check(tuning, as: format)
    let path = baseName + format.fileNameSuffix + "." + format.fileExtension
    try AtomicFile.write(Data(text(of: tuning, as: format, source: "the studio's tuning").utf8), to: path)
    return path
  }
}

/// The keys an exporter has expressed, the notes on the ones it approximates, and the compact
/// block of the rest: the settings come first in every export, then what the target cannot say.
struct ExportSheet {
  let tuning: Tuning
  /// Keys the output carries exactly (as a setting, or as the target's own behaviour).
  private(set) var expressed: Set<String> = []
  /// Keys the output carries only approximately, each with why.
  private(set) var notes: [(key: String, text: String)] = []

  init(_ tuning: Tuning) { self.tuning = tuning }

  /// Marks `keys` as carried exactly by the output.
  mutating func express(_ keys: String...) { expressed.formUnion(keys) }

  /// Records that `key` is carried only approximately (or by a step the reader takes), and how.
  mutating func note(_ key: String, _ text: String) {
    guard !expressed.contains(key), !notes.contains(where: { $0.key == key }) else { return }
    notes.append((key, text))
  }

  /// The closing block, without comment markers: one line per note, then the keys `target`
  /// has no setting for, and those the tuning's curve does not use, each as one wrapped list.
  func closing(target: String, width: Int = 96) -> [String] {
    let curve = tuning.resistanceCurve
    let unused = Set(Tuning.parameters.filter { !$0.applies(to: curve) }.map(\.key))
    let values = Self.values(of: tuning)
    var lines = notes.compactMap { note in
      values.first { $0.key == note.key }.map { "\($0.key) = \($0.value): \(note.text)" }
    }
    let noted = Set(notes.map(\.key))
    let rest = values.filter { !expressed.contains($0.key) && !noted.contains($0.key) }
    let missing = rest.filter { !unused.contains($0.key) }.map { "\($0.key) \($0.value)" }
    let idle = rest.filter { unused.contains($0.key) }.map { "\($0.key) \($0.value)" }
    if !missing.isEmpty { lines += Self.wrap("No setting in \(target): ", missing, width: width) }
    if !idle.isEmpty { lines += Self.wrap("Not used by the \(curve.rawValue) curve: ", idle, width: width) }
    return lines
  }

  /// `items` after `lead`, comma-separated, broken into lines of at most `width` characters.
  static func wrap(_ lead: String, _ items: [String], width: Int) -> [String] {
    var lines: [String] = []
    var line = lead
    for (index, item) in items.enumerated() {
      let piece = item + (index == items.count - 1 ? "." : ",")
      if line.count + piece.count + 1 > width, line != lead {
        lines.append(line)
        line = "  " + piece
      } else {
        line += (line == lead || line == "  " ? "" : " ") + piece
      }
    }
    lines.append(line)
    return lines
  }

  /// Every key of `tuning` with its value as an export shows it (rounded as `number` does).
  static func values(of tuning: Tuning) -> [(key: String, value: String)] {
    let data = TuningFile.encode(tuning)
    guard let decoded = try? JSONDecoder().decode([String: _Scalar].self, from: data) else { return [] }
    return Tuning.allKeys.compactMap { key in decoded[key].map { (key, $0.text) } }
  }

  /// A number as the targets show it: at most three decimals, no trailing zeros (60, 0.34,
  /// 0.998).
  static func number(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
    return String(rounded)
  }

  /// A Dart `double` literal: `number` with a decimal point.
  static func real(_ value: Double) -> String {
    let text = number(value)
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }

  /// Seconds as whole milliseconds.
  static func milliseconds(_ seconds: Double) -> String { String(Int((seconds * 1000).rounded())) }

  enum _Scalar: Decodable {
    case bool(Bool)
    case number(Double)
    case string(String)

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let value = try? container.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? container.decode(Double.self) {
        self = .number(value)
      } else {
        self = .string(try container.decode(String.self))
      }
    }

    var text: String {
      switch self {
      case .bool(let value): String(value)
      case .number(let value): ExportSheet.number(value)
      case .string(let value): value
      }
    }
  }
}
