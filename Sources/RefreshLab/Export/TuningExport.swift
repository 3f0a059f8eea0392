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

  /// The extension a file of this format carries.
  public var fileExtension: String {
    switch self {
    case .json: "json"
    case .smart: "xml"
    case .flutter: "dart"
    case .mjrefresh: "swift"
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
/// setting where the target has one, otherwise as a comment saying it cannot be expressed, so
/// nothing is dropped without a word.
public enum TuningExport {
  /// The text of `tuning` in `format`; `source` says where the tuning came from ("preset smart").
  public static func text(of tuning: Tuning, as format: ExportFormat, source: String) -> String {
    switch format {
    case .json: String(decoding: TuningFile.encode(tuning), as: UTF8.self) + "\n"
    case .smart: SmartExport(tuning: tuning, source: source).text
    case .flutter: FlutterExport(tuning: tuning, source: source).text
    case .mjrefresh: MJRefreshExport(tuning: tuning, source: source).text
    }
  }

  /// Writes `tuning` in `format` atomically to `baseName` plus the format's extension (the
  /// studio's export key); returns the path written.
  @discardableResult
  static func write(_ tuning: Tuning, as format: ExportFormat, beside baseName: String) throws(LabError)
    -> String
  {
    let path = baseName + "." + format.fileExtension
    try AtomicFile.write(Data(text(of: tuning, as: format, source: "the studio's tuning").utf8), to: path)
    return path
  }
}

/// The keys an exporter has expressed, and the comments for the rest.
struct ExportSheet {
  let tuning: Tuning
  private(set) var expressed: Set<String> = []

  init(_ tuning: Tuning) { self.tuning = tuning }

  /// Marks `keys` as carried by the output.
  mutating func express(_ keys: String...) { expressed.formUnion(keys) }

  /// A comment for every key not expressed, in the tuning file's order: `key = value` and why
  /// it is missing, `unsupported` for a key the target has no setting for.
  func leftOver(unsupported: String) -> [String] {
    let curve = tuning.resistanceCurve
    let unused = Set(Tuning.parameters.filter { !$0.applies(to: curve) }.map(\.key))
    return Self.values(of: tuning).filter { !expressed.contains($0.key) }.map {
      let reason = unused.contains($0.key) ? "not used by the \(curve.rawValue) curve" : unsupported
      return "\($0.key) = \($0.value): \(reason)"
    }
  }

  /// Every key of `tuning` with its value as the tuning file writes it.
  static func values(of tuning: Tuning) -> [(key: String, value: String)] {
    let data = TuningFile.encode(tuning)
    guard let decoded = try? JSONDecoder().decode([String: _Scalar].self, from: data) else { return [] }
    return Tuning.allKeys.compactMap { key in decoded[key].map { (key, $0.text) } }
  }

  /// A number as people write it: 60, 0.998.
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
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
