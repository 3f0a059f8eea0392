import RefreshCore
import RefreshSDL
import Testing

@testable import RefreshLab

/// The panel's data source rows change the simulated server while it runs.
@Suite struct LiveDataSourceTests {
  func session(_ data: DataSourceConfiguration) -> ListDriver {
    ListDriver(
      tuning: Tuning(), data: data, viewport: Rect(x: 0, y: 0, width: 400, height: 700),
      rowHeight: 44)
  }

  @Test func aNewLatencyTimesTheNextRequest() {
    var lab = session(DataSourceConfiguration(latency: 1))
    var data = lab.dataSource.configuration
    data.latency = 0.25
    lab.setDataConfiguration(data, time: 0.5)
    lab.send(.beginRefreshing(time: 1))
    #expect(lab.dataSource.nextCompletionTime == 1.25)
  }

  /// With every row loaded the footer says no more data; raising the total means there is more,
  /// so the footer must offer to load again.
  @Test func raisingTheTotalPastTheRowsEndsNoMoreData() {
    var lab = session(DataSourceConfiguration(initialRows: 20, pageSize: 20, total: 40, latency: 0))
    lab.send(.key(.end, time: 0))
    var t = 0.0
    while lab.controller.snapshot.footer != .noMoreData && t < 10 {
      t += 0.5
      lab.step(to: t)
      lab.send(.key(.end, time: t))
    }
    #expect(lab.controller.snapshot.footer == .noMoreData)
    #expect(lab.dataSource.rowCount == 40)

    var data = lab.dataSource.configuration
    data.total = 40
    lab.setDataConfiguration(data, time: t + 1)
    #expect(lab.controller.snapshot.footer == .noMoreData, "the same total changes nothing")
    data.total = 60
    lab.setDataConfiguration(data, time: t + 2)
    #expect(lab.controller.snapshot.footer != .noMoreData)
  }
}
