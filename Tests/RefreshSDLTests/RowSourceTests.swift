import RefreshCore
import RefreshSDL
import Testing

/// The default row reads its two lines from a typed row source, not from the list's data source.
@Suite(.serialized)
@MainActor
struct RowSourceTests {
  /// Rows of the default row's type, served by a host's own source.
  struct Lines: RowSource {
    var lines: [TitledRow]
    var rowCount: Int { lines.count }
    func id(ofRow row: Int) -> Int { row }
    func row(at index: Int) -> TitledRow { lines[index] }
  }

  /// Rows that say how many and which, and nothing to show.
  struct Bare: TableDataSource {
    var rowCount: Int
    func id(ofRow row: Int) -> Int { row }
  }

  /// The ink in the first row's text, drawing `rows` with the default row.
  func firstRowInk(_ rows: any TableDataSource) throws -> Double? {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot(rowCount: rows.rowCount)
    snapshot.offset = 0
    try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0x000000))
    try canvas.table.draw(
      snapshot, dataSource: rows, lastUpdated: "", in: Rect(x: 0, y: 0, width: 320, height: 240),
      selectedRow: nil, scrollbar: ScrollbarState())
    let image = try canvas.renderer.readPixels()
    canvas.renderer.present()
    let rowHeight = Int(canvas.table.style.rowHeight)
    return image.inkCentroidY(minX: 10, minY: 0, maxX: 200, maxY: rowHeight - 3)
  }

  @Test func anyRowSourceOfTitledRowsIsDrawnByTheDefaultRow() throws {
    let lines = Lines(lines: (0..<10).map { TitledRow(title: "Row \($0)", subtitle: "Detail") })
    #expect(try firstRowInk(lines) != nil)
  }

  @Test func aSourceWithoutTitledRowsDrawsEmptyRows() throws {
    #expect(try firstRowInk(Bare(rowCount: 10)) == nil)
  }
}
