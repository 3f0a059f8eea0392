import RefreshCore
import Testing

/// The code of the article "Driving RefreshCore from any front end" (RefreshCore.docc), block by
/// block as it appears there, run and checked. `DocumentationSampleTests` keeps the two in step.
@Suite struct DrivingArticleTests {
  @Test func theArticlesFrontEndRefreshesAndComesToRest() {
    var list = RefreshController(tuning: Tuning(), viewportHeight: 600, contentHeight: 40 * 44)

    var requests: [Effect] = []
    requests += list.handle(.down(y: 100, time: 0))
    for step in 1...30 {
      requests += list.handle(.move(y: 100 + 10 * Double(step), time: 0.02 * Double(step)))
    }
    requests += list.handle(.up(time: 0.62))
    #expect(requests == [.startRefresh(time: 0.62)])

    for request in requests {
      switch request {
      case .startRefresh(let time):
        // Reload, then (here at once) answer with the new rows' height.
        requests = list.handle(.setContentHeight(20 * 44, time: time + 0.5))
        requests += list.handle(.endRefreshing(.success, time: time + 0.5))
      case .startLoadMore(let time):
        requests = list.handle(.setContentHeight(60 * 44, time: time + 0.5))
        requests += list.handle(.endLoadingMore(.success, time: time + 0.5))
      case .startTwoLevel(let time):
        // The second floor opened (`Tuning.twoLevelFloorRate`): show it, later close it.
        requests = list.handle(.finishTwoLevel(time: time + 2))
      case .tap:
        // A click that did not scroll: a front end with selectable rows selects one here.
        break
      }
    }
    #expect(requests.isEmpty)
    #expect(list.snapshot.header == .finishing)
    #expect(list.snapshot.contentHeight == 20 * 44)

    requests += list.advance(to: 2.0)
    let frame = list.snapshot
    let firstVisibleRow = Int(max(0, frame.offset) / 44)
    let headerLabel = frame.headerLabel
    let showsSpinner = frame.headerShowsSpinner
    #expect(firstVisibleRow == 0)
    #expect(headerLabel == .pullToRefresh)
    #expect(!showsSpinner)
    #expect(frame.header == .idle)

    let mayWaitForInput = list.isSettled
    #expect(!mayWaitForInput, "the scroll indicator has not faded yet")
    _ = list.advance(to: 5)
    #expect(list.isSettled)
  }
}
