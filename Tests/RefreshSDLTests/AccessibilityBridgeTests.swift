import RefreshCore
import Testing

@testable import RefreshSDL

/// What the AT-SPI bridge tells a screen reader, without a bus: the announcements when a refresh
/// or a load ends, the rows far from the viewport, the state words, where rows are drawn.
@MainActor struct AccessibilityBridgeTests {
  /// A list as the bridge reads it, driven by hand.
  final class Notes: AccessibleList {
    var list: RefreshList
    var ids: [Int]
    var rows: any TableDataSource { Rows(ids: ids) }
    let accessibilityName = "Notes"
    init(rows: Int, orientation: ListOrientation = .normal) {
      ids = Array(0..<rows)
      list = RefreshList(
        frame: Rect(x: 10, y: 20, width: 300, height: 440), tuning: Tuning(), rowCount: rows,
        rowHeight: 44, time: 0)
      list.orientation = orientation
    }
    func accessibilityLabel(at row: Int) -> String { "Note \(ids[row])" }
    func accessibilityText(of label: LabelKey) -> String { label.text(in: .english) }
    func performAccessibilityAction(_ action: AccessibleListAction, at time: Double) {}
  }

  struct Rows: TableDataSource {
    var ids: [Int]
    var rowCount: Int { ids.count }
    func id(ofRow row: Int) -> Int { ids[row] }
  }

  @Test func aRefreshThatBroughtRowsSaysHowManyAndAFailedOneSaysSo() {
    let notes = Notes(rows: 20)
    _ = notes.list.send(.beginRefreshing(time: 0))
    _ = notes.list.advance(to: 0.5)
    let refreshing = _ListState(notes)
    #expect(refreshing.isBusy)
    notes.ids = Array(100..<120) + notes.ids
    _ = notes.list.endRefreshing(.success, rowCount: 40, at: 0.6)
    let done = _ListState(notes)
    #expect(!done.isBusy)
    #expect(done.announcement(after: refreshing, newRows: nil) == "20 new rows")
    // Counted by identity when the bridge saw the rows before: the same count, all new.
    #expect(done.announcement(after: refreshing, newRows: 1) == "1 new row")
    #expect(done.announcement(after: done, newRows: nil) == nil)

    let failing = Notes(rows: 20)
    _ = failing.list.send(.beginRefreshing(time: 0))
    let before = _ListState(failing)
    _ = failing.list.endRefreshing(.failure, rowCount: 20, at: 0.6)
    #expect(_ListState(failing).announcement(after: before, newRows: nil) == "Refresh failed")
  }

  /// An action a list cannot take now waits (a refresh while the last shows its result), or is
  /// refused with words a screen reader says (a refresh while refreshing); never a silent no.
  @Test func anActionWaitsForTheListOrSaysWhyNot() {
    let notes = Notes(rows: 20)
    #expect(_ActionReadiness(.refresh, of: notes.list) == .now)
    _ = notes.list.send(.beginRefreshing(time: 0))
    _ = notes.list.advance(to: 0.5)
    #expect(_ActionReadiness(.refresh, of: notes.list) == .never("Already refreshing"))
    #expect(_ActionReadiness(.loadMore, of: notes.list) == .later)
    _ = notes.list.endRefreshing(.success, rowCount: 20, at: 0.6)
    _ = notes.list.advance(to: 0.61)
    #expect(notes.list.controller.snapshot.header == .finishing)
    #expect(_ActionReadiness(.refresh, of: notes.list) == .later)
    var time = 0.61
    while notes.list.controller.snapshot.header != .idle, time < 10 {
      time += 1.0 / 60
      _ = notes.list.advance(to: time)
    }
    #expect(notes.list.controller.snapshot.header == .idle, "the header never came back within 10 s")
    #expect(_ActionReadiness(.refresh, of: notes.list) == .now)
  }

  @Test func aLoadThatEndsSaysWhatCameAndWhenThereIsNoMore() {
    let notes = Notes(rows: 20)
    _ = notes.list.send(.retryLoadMore(time: 0))
    let loading = _ListState(notes)
    #expect(loading.isBusy, "the footer loads: \(notes.list.controller.snapshot.footer)")
    _ = notes.list.endLoadingMore(.noMoreData, rowCount: 25, at: 0.5)
    #expect(_ListState(notes).announcement(after: loading, newRows: nil) == "5 new rows, no more data")

    let failing = Notes(rows: 20)
    _ = failing.list.send(.retryLoadMore(time: 0))
    let started = _ListState(failing)
    _ = failing.list.endLoadingMore(.failure, rowCount: 20, at: 0.5)
    #expect(_ListState(failing).announcement(after: started, newRows: nil) == "Load failed")
  }

  @Test func rowsFarFromTheViewportAnswerByNumberAndNoneBeyondTheEnd() {
    var tree = _ATSPITree()
    let list = _ATSPITree.prefix + "list0"
    tree.nodes[list] = _ATSPINode(role: .list, name: "Notes", parent: "", rowCount: 100)
    let far = tree.node(at: _ATSPITree.rowPath(list: list, row: 90))
    #expect(far?.role == .listItem && far?.indexInParent == 90 && far?.parent == list)
    #expect(tree.node(at: _ATSPITree.rowPath(list: list, row: 100)) == nil)
    #expect(tree.node(at: list + "_rowx") == nil)
    #expect(tree.node(at: _ATSPITree.prefix + "list1_row0") == nil)
  }

  @Test func statesAreTheBitsAtSPINumbers() {
    // ATSPI_STATE_ACTIVE 1, BUSY 3, MANAGES_DESCENDANTS 31 (atspi-constants.h).
    #expect(_ATSPIStates([.active, .busy]).words == [0b1010, 0])
    #expect(_ATSPIStates.managesDescendants.words == [1 << 31, 0])
  }

  /// Issue 55: a studio setting idle in the current mode is a slider a screen reader finds not
  /// sensitive (nor enabled), its reason as the description; one that acts is both.
  @Test func aGreyedSliderIsNotSensitive() {
    var slider = AccessibleSlider(
      name: "loadMoreThreshold", minimum: 10, maximum: 300, value: 44, valueText: "44 pt",
      frame: Rect(x: 400, y: 100, width: 380, height: 46), isEnabled: false,
      description: "greyed: footer mode is automatic")
    let greyed = AccessibilityBridge._sliderNode(slider)
    #expect(!greyed.states.contains(.sensitive) && !greyed.states.contains(.enabled))
    #expect(greyed.description == "greyed: footer mode is automatic")
    slider.isEnabled = true
    let acting = AccessibilityBridge._sliderNode(slider)
    #expect(acting.states.contains(.sensitive) && acting.states.contains(.enabled))
  }

  @Test func aChatsFirstRowIsAtTheBottom() {
    let normal = Notes(rows: 20)
    #expect(
      AccessibilityBridge._rowRect(0, of: normal.list) == Rect(x: 10, y: 20, width: 300, height: 44))
    let chat = Notes(rows: 20, orientation: .chat)
    #expect(
      AccessibilityBridge._rowRect(0, of: chat.list)
        == Rect(x: 10, y: 20 + 440 - 44, width: 300, height: 44))
  }
}
