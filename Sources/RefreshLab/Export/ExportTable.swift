import RefreshCore

/// One row of an exporter's table, and of `docs/exports/MAPPING.md`: one of the library's
/// settings (or one of its fixed behaviours), the lab keys it carries, how a value converts,
/// what the setting means there, and the file of the library it was read from.
///
/// `apply` is the conversion itself: for a tuning it writes the setting's line into the draft's
/// place for it and marks which keys the output then carries exactly (`express`) or only
/// approximately (`note`). The writer is the rules applied in order, then the exporter's
/// skeleton around their lines; MAPPING.md is the same rules' descriptive columns.
struct ExportRule: Sendable {
  /// The library's name for the setting ("app:srlHeaderHeight", "header.mj_h"), or for the
  /// behaviour a key maps to when nothing is written ("none: arms at the full height").
  let setting: String
  /// The lab keys the row is about.
  let keys: [String]
  /// How a lab value becomes the setting's ("dp = pt", "= refreshThreshold ÷ headerHeight").
  let conversion: String
  /// What the setting means in the library.
  let meaning: String
  /// The library's file the row was read from.
  let source: String
  /// Writes the setting for `tuning` into `draft` and marks the keys.
  let apply: @Sendable (_ rule: ExportRule, _ tuning: Tuning, _ draft: inout ExportDraft) -> Void

  init(
    _ setting: String, keys: [String], conversion: String, meaning: String, source: String,
    apply: @escaping @Sendable (_ rule: ExportRule, _ tuning: Tuning, _ draft: inout ExportDraft) -> Void
  ) {
    self.setting = setting
    self.keys = keys
    self.conversion = conversion
    self.meaning = meaning
    self.source = source
    self.apply = apply
  }
}

/// What an exporter's rules have written so far: the lines of each place in the skeleton (the
/// layout's attributes, the header's arguments, …), and the sheet of expressed and noted keys.
struct ExportDraft {
  var sheet: ExportSheet
  private var places: [String: [String]] = [:]

  init(_ tuning: Tuning) { sheet = ExportSheet(tuning) }

  /// Appends `line` to `place`.
  mutating func add(_ place: String, _ line: String) { places[place, default: []].append(line) }

  /// The lines written to `place`, in order.
  func lines(_ place: String) -> [String] { places[place] ?? [] }

  mutating func express(_ keys: String...) { for key in keys { sheet.express(key) } }

  mutating func note(_ key: String, _ text: String) { sheet.note(key, text) }
}

/// A library an export writes for: its table of rules, and the skeleton their lines go into.
protocol TableExporter: Sendable {
  /// The library's name, as the closing block and MAPPING.md say it.
  static var library: String { get }
  /// The column MAPPING.md heads its table with ("SmartRefreshLayout (XML)").
  static var heading: String { get }
  /// The rules, in the order the output writes them.
  static var rules: [ExportRule] { get }
  /// MAPPING.md's remarks under the table: what the rows cannot say alone.
  static var remarks: String { get }
  /// The whole output around the rules' lines.
  static func text(of draft: ExportDraft, tuning: Tuning, source: String) -> String
}

extension TableExporter {
  /// The rules applied to `tuning`, in order.
  static func draft(_ tuning: Tuning) -> ExportDraft {
    var draft = ExportDraft(tuning)
    for rule in rules { rule.apply(rule, tuning, &draft) }
    return draft
  }

  /// The output for `tuning`, which came from `source` ("preset smart").
  static func export(_ tuning: Tuning, source: String) -> (text: String, sheet: ExportSheet) {
    let draft = draft(tuning)
    return (text(of: draft, tuning: tuning, source: source), draft.sheet)
  }
}
