import RefreshCore
import RefreshSDL

/// The built-in data source as the table view reads it: row text computed on demand.
struct LabRows: TableDataSource {
  var dataSource: SimulatedDataSource
  var language: Language

  var rowCount: Int { dataSource.rowCount }

  func title(at row: Int) -> String {
    RowText.title(
      for: dataSource.row(at: row), seed: dataSource.configuration.seed, in: language)
  }

  func subtitle(at row: Int) -> String {
    RowText.subtitle(
      for: dataSource.row(at: row), pageSize: dataSource.configuration.pageSize, in: language)
  }
}
