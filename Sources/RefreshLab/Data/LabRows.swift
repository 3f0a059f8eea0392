import RefreshCore
import RefreshSDL

/// The built-in data source as the table view reads it: row text computed on demand.
///
/// A class: row renderers find it behind `any TableDataSource` for every row they draw or
/// measure, and casting a struct out of the existential copied the whole data source with it.
final class LabRows: TitledRowSource {
  /// A row's identity: the data row it shows, or the section it heads.
  enum ID: Hashable {
    case data(RowID)
    case sectionHeader(Int)
  }

  let dataSource: SimulatedDataSource
  let language: Language

  /// The sections, read once (the table reads them once a frame).
  let sections: Sections?
  /// Texts made lately, kept across frames by the window that draws them (nil: made each time).
  let texts: RowTexts?

  init(dataSource: SimulatedDataSource, language: Language, texts: RowTexts? = nil) {
    self.dataSource = dataSource
    self.language = language
    self.texts = texts
    sections = dataSource.sections
  }

  /// Rows as shown: the data rows, and a header row per section.
  var rowCount: Int { sections?.flatCount ?? dataSource.rowCount }

  /// The identity of the data row shown at `row`; nil for a section's header.
  func rowID(at row: Int) -> RowID? {
    guard let sections else { return dataSource.row(at: row) }
    guard let path = sections.indexPath(ofFlatRow: row), let size = dataSource.sectionSize
    else { return nil }
    return dataSource.row(at: path.section * size + path.row)
  }

  func id(ofRow row: Int) -> ID {
    if let id = rowID(at: row) { return .data(id) }
    return .sectionHeader(sections?.section(containing: row) ?? 0)
  }

  func title(at row: Int) -> String {
    guard let id = rowID(at: row) else {
      let number = (sections?.section(containing: row) ?? 0) + 1
      return language == .chinese ? "第 \(number) 组" : "Section \(number)"
    }
    return _texts(id).title
  }

  func subtitle(at row: Int) -> String {
    guard let id = rowID(at: row) else { return "" }
    return _texts(id).subtitle
  }

  private func _texts(_ id: RowID) -> (title: String, subtitle: String) {
    let configuration = dataSource.configuration
    let key = RowTexts.Key(
      row: id, language: language, seed: configuration.seed, pageSize: configuration.pageSize)
    if let kept = texts?.kept[key] { return kept }
    let made = (
      RowText.title(for: id, seed: configuration.seed, in: language),
      RowText.subtitle(for: id, pageSize: configuration.pageSize, in: language)
    )
    texts?.keep(made, for: key)
    return made
  }
}

/// The lab's row texts made lately: a row is drawn again in most frames it shows (each strip
/// and each place the scroll indicator was), and its generated name was spelt out anew each
/// time, several string interpolations a row.
final class RowTexts {
  struct Key: Hashable {
    var row: RowID
    var language: Language
    var seed: UInt64
    var pageSize: Int
  }

  private(set) var kept: [Key: (title: String, subtitle: String)] = [:]

  /// Keeps `texts` for `key`; past 512 rows (a fling through thousands) it starts over.
  func keep(_ texts: (title: String, subtitle: String), for key: Key) {
    if kept.count >= 512 { kept.removeAll(keepingCapacity: true) }
    kept[key] = texts
  }
}
