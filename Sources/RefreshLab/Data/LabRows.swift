import RefreshCore
import RefreshSDL

/// The built-in data source as the table view reads it: row text computed on demand.
struct LabRows: TableDataSource {
  var dataSource: SimulatedDataSource
  var language: Language

  /// The sections, read once (the table reads them once a frame).
  let sections: Sections?

  init(dataSource: SimulatedDataSource, language: Language) {
    self.dataSource = dataSource
    self.language = language
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

  func title(at row: Int) -> String {
    guard let id = rowID(at: row) else {
      let number = (sections?.section(containing: row) ?? 0) + 1
      return language == .chinese ? "第 \(number) 组" : "Section \(number)"
    }
    return RowText.title(for: id, seed: dataSource.configuration.seed, in: language)
  }

  func subtitle(at row: Int) -> String {
    guard let id = rowID(at: row) else { return "" }
    return RowText.subtitle(for: id, pageSize: dataSource.configuration.pageSize, in: language)
  }
}
