import RefreshCore
import RefreshListModel
import Testing

/// The "N new" pill is where its front end says it is drawn: the model has no size for it.
struct RefreshListPillTests {
  static let frame = Rect(x: 200, y: 50, width: 400, height: 500)

  /// A list read down to row 40 of 100, then five rows arrived above.
  func listWithUnseenRows() -> RefreshList {
    var list = RefreshList(frame: Self.frame, rowCount: 100, rowHeight: 44)
    _ = list.send(.scroll(toOffset: 40 * 44, animated: false, time: 0))
    _ = list.insertRows(at: 0, count: 5, animated: false, at: 1)
    return list
  }

  @Test func withoutAPlacementThereIsNoPillToClick() {
    var list = listWithUnseenRows()
    #expect(list.unseenAbove == 5)
    #expect(list.newRowsPill == nil)
    let press = list.handle(.mouseDown(x: 400, y: 70, button: .left), at: 2)
    #expect(press.meaning != .handled, "a press there is the rows'")
  }

  @Test func aClickOnThePlacedPillScrollsToTheTop() {
    var list = listWithUnseenRows()
    list.newRowsPillPlacement = NewRowsPillPlacement(width: 100, height: 30, gap: 8)
    let pill = list.newRowsPill
    #expect(pill == Rect(x: 350, y: 58, width: 100, height: 30))
    #expect(list.handle(.mouseDown(x: 400, y: 70, button: .left), at: 2).meaning == .handled)
    #expect(list.handle(.mouseUp(x: 400, y: 70, button: .left), at: 2.05).meaning == .handled)
    _ = list.advance(to: 5)
    #expect(list.firstVisibleRow?.row == 0)
    #expect(list.unseenAbove == 0)
    #expect(list.newRowsPill == nil)
  }
}
