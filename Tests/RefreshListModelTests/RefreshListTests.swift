import RefreshCore
import RefreshListModel
import Testing

/// The list's state and rules as a value: events count inside its frame only, requests come
/// once per trigger, and answers set the content height before they end the request.
struct RefreshListTests {
  static let frame = Rect(x: 200, y: 50, width: 400, height: 500)

  func list(rows: Int = 30) -> RefreshList {
    RefreshList(frame: Self.frame, rowCount: rows, rowHeight: 44)
  }

  /// Drags from window y `from` to `to` over half a second, and releases.
  func pull(_ list: inout RefreshList, x: Double = 300, from: Double, to: Double) -> [Effect] {
    var requests = list.handle(.mouseDown(x: x, y: from, button: .left), at: 0).requests
    for step in 1...10 {
      let y = from + (to - from) * Double(step) / 10
      requests += list.handle(.mouseMove(x: x, y: y, buttonHeld: true), at: 0.05 * Double(step)).requests
    }
    return requests + list.handle(.mouseUp(x: x, y: to, button: .left), at: 0.6).requests
  }

  @Test func aPullInsideTheFrameRefreshesOnce() {
    var list = list()
    #expect(pull(&list, from: 100, to: 400) == [.startRefresh(time: 0.6)])
    #expect(list.advance(to: 1).isEmpty)
    #expect(list.controller.snapshot.header == .refreshing)
  }

  @Test func eventsOutsideTheFrameAreTheHosts() {
    var list = list()
    let press = list.handle(.mouseDown(x: 100, y: 100, button: .left), at: 0)
    #expect(!press.isConsumed)
    #expect(pull(&list, x: 100, from: 100, to: 400).isEmpty, "a drag in the sidebar")
    #expect(!list.handle(.wheel(dy: 3, precise: false, x: 10, y: 300), at: 1).isConsumed)
    #expect(!list.handle(.quit, at: 1).isConsumed)
    #expect(!list.handle(.resize(width: 900, height: 700), at: 1).isConsumed)
    #expect(list.frame == Self.frame, "the window's size is not the list's")
    #expect(list.handle(.wheel(dy: -1, precise: false, x: 300, y: 300), at: 1).isConsumed)
  }

  @Test func windowYIsMeasuredFromTheFrameTop() {
    var list = list()
    #expect(
      list.handle(.mouseDown(x: 300, y: 150, button: .left), at: 1).meaning
        == .input(.down(y: 100, time: 1)))
  }

  @Test func aSuccessfulRefreshSetsTheNewHeightThenEnds() {
    var list = list(rows: 30)
    _ = pull(&list, from: 100, to: 400)
    _ = list.endRefreshing(.success, rowCount: 5, at: 2)
    #expect(list.controller.snapshot.contentHeight == 5 * 44)
    #expect(list.controller.snapshot.header == .finishing)
    _ = list.advance(to: 4)
    #expect(list.controller.snapshot.header == .idle)
  }

  @Test func aFailedRefreshKeepsTheRows() {
    var list = list(rows: 30)
    _ = pull(&list, from: 100, to: 400)
    _ = list.endRefreshing(.failure, rowCount: 5, at: 2)
    #expect(list.controller.snapshot.contentHeight == 30 * 44)
    #expect(list.controller.snapshot.headerResult == .failure)
  }

  @Test func aLoadMoreIsAnsweredWithTheNewPage() {
    var list = list(rows: 12)
    _ = list.handle(.key(.end, modifiers: [], isRepeat: false), at: 0)
    var requests = list.advance(to: 1)
    requests += pull(&list, from: 500, to: 200)
    #expect(requests.count == 1)
    guard case .startLoadMore(let time)? = requests.first else {
      Issue.record("no load-more: \(requests)")
      return
    }
    _ = list.endLoadingMore(.noMoreData, rowCount: 24, at: time + 0.5)
    #expect(list.controller.snapshot.contentHeight == 24 * 44)
    _ = list.advance(to: time + 2)
    #expect(list.controller.snapshot.footer == .noMoreData)
  }

  @Test func aNewFrameResizesTheScrollView() {
    var list = list()
    _ = list.setFrame(Rect(x: 0, y: 0, width: 300, height: 200), at: 1)
    #expect(list.controller.snapshot.viewportHeight == 200)
    #expect(list.handle(.mouseDown(x: 10, y: 10, button: .left), at: 1).isConsumed)
  }

  @Test func newTuningChangesTheWheelStep() {
    var list = list()
    var tuning = Tuning()
    tuning.wheelLineDistance = 80
    _ = list.send(.setTuning(tuning, time: 0))
    #expect(list.gestures.wheelLineDistance == 80)
  }
}
