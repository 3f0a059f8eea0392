import RefreshCore
import RefreshListModel
import Testing

/// A data source says how many rows there are and which is which; nothing it shows.
struct TableDataSourceTests {
  struct Messages: TableDataSource {
    var ids: [String]
    var rowCount: Int { ids.count }
    func id(ofRow row: Int) -> String { ids[row] }
  }

  @Test func rowIDsAreEachRowsIdentityInOrder() {
    let rows = Messages(ids: ["a", "b", "c"])
    #expect(rows.rowIDs == ["a", "b", "c"])
    #expect(rows.rowHeight == nil && rows.height(ofRow: 1) == nil && rows.sections == nil)
  }

  @Test func identitiesBeforeAndAfterTellAMoveFromAnInsert() {
    var rows = Messages(ids: (0..<20).map { "m\($0)" })
    var list = RefreshList(
      frame: Rect(x: 0, y: 0, width: 300, height: 400), rowCount: rows.rowCount, rowHeight: 40)
    _ = list.setRowHeights([(row: 3, height: 90)], at: 0)
    let before = rows.rowIDs
    rows.ids.remove(at: 3)
    rows.ids.insert("m3", at: 10)
    rows.ids.insert("new", at: 0)
    _ = list.applyDifference(from: before, to: rows.rowIDs, animated: false, at: 1)
    #expect(list.rowCount == 21)
    #expect(list.layout.height(ofRow: 11) == 90, "the moved row kept its height")
    #expect(list.layout.isMeasured(0) == false, "the new row is estimated")
  }
}
