import RefreshCore
import RefreshSDL
import Testing

@testable import RefreshLab

/// The built-in data source: pages add up to `total` with no row lost or repeated, requests
/// answer at exact times, and failures follow the seed.
@Suite struct SimulatedDataSourceTests {
  /// Follows a source and records every row it ever showed, per generation.
  struct Ledger {
    var source: SimulatedDataSource
    /// Row identities delivered so far in the current generation, in order.
    var delivered: [RowID]

    init(_ configuration: DataSourceConfiguration) {
      let source = SimulatedDataSource(configuration)
      self.source = source
      delivered = (0..<source.rowCount).map { source.row(at: $0) }
    }

    /// Completes the next request and checks the rows against what came before.
    mutating func completeNext() -> SimulatedDataSource.Completion? {
      let before = (0..<source.rowCount).map { source.row(at: $0) }
      let generation = source.generation
      guard let completion = source.completeNext() else { return nil }
      let after = (0..<source.rowCount).map { source.row(at: $0) }
      #expect(Set(after).count == after.count, "a row appears twice")
      switch completion.outcome {
      case .loaded(.failure), .refreshed(.failure):
        #expect(after == before, "a failed request changed the rows")
      case .loaded:
        #expect(Array(after.prefix(before.count)) == before, "a load lost or changed a row")
        delivered += after.dropFirst(before.count)
      case .refreshed(.success):
        #expect(source.generation == generation + 1)
        #expect(Set(after).isDisjoint(with: Set(before)), "a refresh kept an old row")
        delivered = after
      }
      #expect(delivered == after, "the rows differ from the pages delivered")
      return completion
    }
  }

  @Test func loadsPageUpToTotalThenNoMoreData() {
    var ledger = Ledger(DataSourceConfiguration(initialRows: 20, pageSize: 20, total: 70, latency: 1))
    var results: [LoadResult] = []
    for step in 0..<5 {
      ledger.source.start(.startLoadMore(time: Double(step)))
      guard case .loaded(let result)? = ledger.completeNext()?.outcome else {
        Issue.record("no load answered")
        return
      }
      results.append(result)
    }
    #expect(results == [.success, .success, .noMoreData, .noMoreData, .noMoreData])
    #expect(ledger.source.rowCount == 70)
    #expect(ledger.delivered.map(\.index) == Array(0..<70))
  }

  @Test func refreshReplacesTheRowsWithAFreshFirstPage() {
    var ledger = Ledger(DataSourceConfiguration(initialRows: 20, pageSize: 15, total: 100))
    ledger.source.start(.startLoadMore(time: 0))
    _ = ledger.completeNext()
    #expect(ledger.source.rowCount == 35)
    ledger.source.start(.startRefresh(time: 2))
    let completion = ledger.completeNext()
    #expect(completion?.outcome == .refreshed(.success))
    #expect(ledger.source.rowCount == 15)
    #expect(ledger.source.generation == 1)
    let seed = ledger.source.configuration.seed
    #expect(
      RowText.title(for: RowID(generation: 0, index: 0), seed: seed, in: .english)
        != RowText.title(for: ledger.source.row(at: 0), seed: seed, in: .english))
  }

  /// With refresh and load allowed together, a refresh can land while a load is in flight; the
  /// load must then continue the new list, not append the old list's next page.
  @Test func aLoadThatOutlivesARefreshContinuesTheNewList() {
    var ledger = Ledger(DataSourceConfiguration(initialRows: 20, pageSize: 20, total: 100, latency: 1))
    ledger.source.start(.startLoadMore(time: 0))
    ledger.source.start(.startRefresh(time: -0.5))  // due at 0.5, before the load at 1.0
    #expect(ledger.completeNext()?.outcome == .refreshed(.success))
    #expect(ledger.completeNext()?.outcome == .loaded(.success))
    #expect(ledger.source.rowCount == 40)
    #expect(ledger.delivered == (0..<40).map { RowID(generation: 1, index: $0) })
  }

  @Test func requestsCompleteAtTheTriggerTimePlusLatency() {
    var source = SimulatedDataSource(DataSourceConfiguration(latency: 0.75))
    source.start(.startLoadMore(time: 2))
    source.start(.startRefresh(time: 1.5))
    #expect(source.nextCompletionTime == 2.25)
    #expect(source.completeNext()?.time == 2.25)
    #expect(source.completeNext()?.time == 2.75)
    #expect(source.completeNext() == nil)
    #expect(!source.hasPendingRequests)
  }

  /// Many random interleavings of refreshes, loads and failures: the ledger checks each answer.
  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
  func noRowIsEverLostOrRepeated(seed: UInt64) {
    var dice = SplitMix64(seed: seed &* 7919)
    let configuration = DataSourceConfiguration(
      initialRows: Int(dice.next() % 30), pageSize: 1 + Int(dice.next() % 25),
      total: 30 + Int(dice.next() % 200), latency: 0.5, failureRate: 0.3, seed: seed)
    var ledger = Ledger(configuration)
    var time = 0.0
    for _ in 0..<400 {
      time += 0.1
      switch dice.next() % 4 {
      case 0: ledger.source.start(.startRefresh(time: time))
      case 1: ledger.source.start(.startLoadMore(time: time))
      default: _ = ledger.completeNext()
      }
      #expect(ledger.source.rowCount <= configuration.total)
    }
    while ledger.completeNext() != nil {}
  }

  @Test func failuresFollowTheSeed() {
    func outcomes(seed: UInt64, rate: Double) -> [Bool] {
      var source = SimulatedDataSource(
        DataSourceConfiguration(total: 1_000_000, failureRate: rate, seed: seed))
      return (0..<2000).map { step in
        source.start(.startLoadMore(time: Double(step)))
        return source.completeNext()?.outcome == .loaded(.failure)
      }
    }
    #expect(outcomes(seed: 7, rate: 0.3) == outcomes(seed: 7, rate: 0.3))
    #expect(outcomes(seed: 7, rate: 0.3) != outcomes(seed: 8, rate: 0.3))
    let failures = outcomes(seed: 7, rate: 0.3).filter { $0 }.count
    #expect((500...700).contains(failures), "\(failures) failures of 2000 at rate 0.3")
    #expect(!outcomes(seed: 7, rate: 0).contains(true))
    #expect(!outcomes(seed: 7, rate: 1).contains(false))
  }

  @Test func rowTextComesInBothLanguages() {
    let row = RowID(generation: 2, index: 12)
    #expect(RowText.title(for: row, seed: 1, in: .english).hasPrefix("#13 "))
    #expect(RowText.subtitle(for: row, pageSize: 20, in: .english) == "Refresh 2 · page 1")
    #expect(RowText.subtitle(for: row, pageSize: 20, in: .chinese) == "第 2 次刷新 · 第 1 页")
    let first = RowID(generation: 0, index: 45)
    #expect(RowText.subtitle(for: first, pageSize: 20, in: .english) == "First load · page 3")
    #expect(RowText.subtitle(for: first, pageSize: 20, in: .chinese) == "首次加载 · 第 3 页")
    let chinese = RowText.title(for: row, seed: 1, in: .chinese)
    #expect(chinese.unicodeScalars.contains { $0.value >= 0x4E00 && $0.value <= 0x9FFF })
  }
}

/// The window keeps the rows' texts from frame to frame: what it reads through the kept texts
/// is what the rows say, across languages, inserted rows and a change of page size.
@MainActor
@Suite struct RowTextsTests {
  @Test func keptTextsAreTheRowsOwn() {
    var source = SimulatedDataSource(DataSourceConfiguration(initialRows: 60, pageSize: 20, total: 1000))
    source.insertRows(at: 3, count: 2)
    let texts = RowTexts()
    for pass in 0..<2 {
      for language in Language.allCases {
        let kept = LabRows(dataSource: source, language: language, texts: texts)
        let fresh = LabRows(dataSource: source, language: language)
        for row in 0..<kept.rowCount {
          #expect(kept.title(at: row) == fresh.title(at: row), "row \(row), pass \(pass)")
          #expect(kept.subtitle(at: row) == fresh.subtitle(at: row), "row \(row), pass \(pass)")
        }
      }
    }
    #expect(!texts.kept.isEmpty)
    var paged = source.configuration
    paged.pageSize = 7
    source.reconfigure(paged)
    let kept = LabRows(dataSource: source, language: .english, texts: texts)
    let fresh = LabRows(dataSource: source, language: .english)
    #expect(kept.subtitle(at: 30) == fresh.subtitle(at: 30), "another page size, another page")
  }
}
