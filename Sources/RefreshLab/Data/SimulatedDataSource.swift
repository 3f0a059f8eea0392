import RefreshCore
import RefreshSDL

/// The built-in data source: a seeded, simulated server behind the table.
///
/// It answers the core's effects the way a network would: each request completes exactly
/// `latency` seconds after the trigger that started it, succeeds or fails by a seeded coin, and
/// pages through `total` rows. Rows are identities computed on demand (a generation and an
/// index), never stored text, so a million rows cost nothing.
///
/// A load-more appends the page that follows the rows present when it completes, so even a
/// refresh that lands in between cannot make a row go missing or appear twice.
public struct SimulatedDataSource: Sendable {
  /// How the source behaves: what it was made with, or was last `reconfigure`d to.
  public private(set) var configuration: DataSourceConfiguration
  /// Which refresh produced the rows: 0 at start-up, one more per successful refresh.
  public private(set) var generation = 0
  /// Rows of the server's current generation loaded so far (by refreshes and load-mores).
  public private(set) var loadedCount: Int
  /// The rows as the list shows them, in order: runs of the server's rows and of rows inserted
  /// since (a gesture script's `insert`), less the ones removed (`remove`). A load-more appends
  /// the server's next rows, after the last one loaded: paging by key, never by position, so
  /// inserts and removes in the list never make a page skip or repeat a row.
  public private(set) var runs: [RowRun] = []
  private var nextInserted = 0
  /// Requests started and not yet answered, earliest first.
  public private(set) var pending: [Request] = []

  private var random: SplitMix64
  private var nextSerial = 0

  /// A source showing `configuration.initialRows` rows (at most `total`).
  public init(_ configuration: DataSourceConfiguration) {
    self.configuration = configuration
    loadedCount = max(0, min(configuration.initialRows, configuration.total))
    random = SplitMix64(seed: configuration.seed)
    runs = loadedCount > 0 ? [.loaded(0..<loadedCount)] : []
  }

  /// Rows currently in the list, as shown.
  public var rowCount: Int { runs.reduce(0) { $0 + $1.count } }

  /// Inserts `count` new rows before the row shown at `index` (clamped to the rows there are).
  public mutating func insertRows(at index: Int, count: Int) {
    guard count > 0 else { return }
    let run = _split(at: min(max(index, 0), rowCount))
    runs.insert(.inserted(nextInserted..<(nextInserted + count)), at: run)
    nextInserted += count
  }

  /// Removes the rows shown at `range` (clamped to the rows there are).
  public mutating func removeRows(_ range: Range<Int>) {
    let range = range.clamped(to: 0..<rowCount)
    guard !range.isEmpty else { return }
    // The lower split first: the upper one lies after it and does not move it.
    let start = _split(at: range.lowerBound)
    let end = _split(at: range.upperBound)
    runs.removeSubrange(start..<end)
  }

  /// Splits the run holding row `index` so that a run starts there; returns that run's index
  /// (the number of runs for the end).
  private mutating func _split(at index: Int) -> Int {
    var start = 0
    for (position, run) in runs.enumerated() {
      if index == start { return position }
      if index < start + run.count {
        let (head, tail) = run.split(at: index - start)
        runs.replaceSubrange(position...position, with: [head, tail])
        return position + 1
      }
      start += run.count
    }
    return runs.count
  }

  /// Behaves as `configuration` says from now on (the tuning panel changes latency, failure
  /// rate, page size and total live). Requests in flight keep the answer time and outcome they
  /// were given, the rows present stay, and the seeded coins go on in the same sequence.
  public mutating func reconfigure(_ configuration: DataSourceConfiguration) {
    self.configuration = configuration
  }

  /// Whether a request is waiting for its answer.
  public var hasPendingRequests: Bool { !pending.isEmpty }

  /// When the earliest pending request completes.
  public var nextCompletionTime: Double? { pending.first?.completionTime }

  /// How many data rows a section holds: an equal share of `total`, so sections stay put as
  /// pages load; nil without sections.
  var sectionSize: Int? {
    let count = configuration.sections
    guard count > 0 else { return nil }
    let total = max(1, configuration.total)
    return max(1, total / count + (total % count == 0 ? 0 : 1))
  }

  /// The rows as the list shows them: `rowCount` data rows plus a header row for each section
  /// that has rows.
  func flatCount(of rows: Int) -> Int {
    guard let size = sectionSize, rows > 0 else { return rows }
    return rows + (rows + size - 1) / size
  }

  /// The sections of the rows present; nil without sections.
  var sections: Sections? {
    guard let size = sectionSize else { return nil }
    let full = rowCount / size
    var counts = [Int](repeating: size, count: full)
    if rowCount % size != 0 { counts.append(rowCount % size) }
    return Sections(rowCounts: counts)
  }

  /// The identity of the row shown at `index`.
  public func row(at index: Int) -> RowID {
    var start = 0
    for run in runs {
      if index < start + run.count {
        switch run {
        case .loaded(let range):
          return RowID(generation: generation, index: range.lowerBound + index - start)
        case .inserted(let range):
          return RowID(generation: generation, index: index, inserted: range.lowerBound + index - start)
        }
      }
      start += run.count
    }
    return RowID(generation: generation, index: index)
  }

  /// Starts the request an effect asks for; it completes `latency` seconds after the trigger.
  /// A tap, or the second floor opening, asks the server for nothing.
  public mutating func start(_ effect: Effect) {
    let kind: Request.Kind
    let time: Double
    switch effect {
    case .startRefresh(let t): (kind, time) = (.refresh, t)
    case .startLoadMore(let t): (kind, time) = (.loadMore, t)
    case .tap, .startTwoLevel: return
    }
    // The coin is thrown at the start, in trigger order, so the outcome of each request does not
    // depend on how requests interleave.
    let fails = random.nextUnitInterval() < configuration.failureRate
    let request = Request(
      kind: kind, startTime: time, completionTime: time + configuration.latency, fails: fails,
      serial: nextSerial)
    nextSerial += 1
    let place = pending.firstIndex { $0.completionTime > request.completionTime } ?? pending.endIndex
    pending.insert(request, at: place)
  }

  /// Completes the earliest pending request, changes the rows accordingly, and says what
  /// happened; nil when nothing is pending.
  public mutating func completeNext() -> Completion? {
    guard !pending.isEmpty else { return nil }
    let request = pending.removeFirst()
    let outcome: Completion.Outcome
    switch (request.kind, request.fails) {
    case (.refresh, true):
      outcome = .refreshed(.failure)
    case (.refresh, false):
      generation += 1
      loadedCount = min(configuration.pageSize, configuration.total)
      runs = loadedCount > 0 ? [.loaded(0..<loadedCount)] : []
      outcome = .refreshed(.success)
    case (.loadMore, true):
      outcome = .loaded(.failure)
    case (.loadMore, false):
      let page = max(0, min(configuration.pageSize, configuration.total - loadedCount))
      if page > 0 {
        if case .loaded(let last)? = runs.last, last.upperBound == loadedCount {
          runs[runs.count - 1] = .loaded(last.lowerBound..<(loadedCount + page))
        } else {
          runs.append(.loaded(loadedCount..<(loadedCount + page)))
        }
      }
      loadedCount += page
      outcome = .loaded(loadedCount >= configuration.total ? .noMoreData : .success)
    }
    return Completion(request: request, outcome: outcome, rowCount: rowCount)
  }
}

/// One row's identity: the refresh that produced it and its place in the list.
public struct RowID: Hashable, Sendable {
  /// The data source's generation when the row arrived.
  public var generation: Int
  /// Position in the server's list, from 0 (for an inserted row, where it was shown).
  public var index: Int
  /// For a row inserted since (a script's `insert`), its serial number; nil for the server's.
  public var inserted: Int?

  /// The row at `index` of generation `generation` (inserted as number `inserted`).
  public init(generation: Int, index: Int, inserted: Int? = nil) {
    self.generation = generation
    self.index = index
    self.inserted = inserted
  }
}

/// A run of rows as the list shows them: server rows by their indices, or inserted rows by
/// their serial numbers.
public enum RowRun: Sendable, Equatable {
  case loaded(Range<Int>)
  case inserted(Range<Int>)

  var count: Int {
    switch self {
    case .loaded(let range), .inserted(let range): range.count
    }
  }

  /// The first `at` rows and the rest.
  func split(at offset: Int) -> (RowRun, RowRun) {
    switch self {
    case .loaded(let r):
      (.loaded(r.lowerBound..<(r.lowerBound + offset)), .loaded((r.lowerBound + offset)..<r.upperBound))
    case .inserted(let r):
      (.inserted(r.lowerBound..<(r.lowerBound + offset)), .inserted((r.lowerBound + offset)..<r.upperBound))
    }
  }
}

extension SimulatedDataSource {
  /// A request in flight.
  public struct Request: Sendable, Equatable {
    /// What the request fetches.
    public enum Kind: Sendable, Equatable {
      /// A fresh first page.
      case refresh
      /// The next page.
      case loadMore
    }

    /// What it fetches.
    public var kind: Kind
    /// When its trigger happened.
    public var startTime: Double
    /// When its answer arrives.
    public var completionTime: Double
    /// Whether the answer will be a failure.
    public var fails: Bool
    /// Order of starting, which breaks ties between requests due at the same time.
    public var serial: Int
  }

  /// An answered request.
  public struct Completion: Sendable, Equatable {
    /// How the request ended.
    public enum Outcome: Sendable, Equatable {
      /// A refresh ended.
      case refreshed(RefreshResult)
      /// A load-more ended.
      case loaded(LoadResult)
    }

    /// The request answered.
    public var request: Request
    /// How it ended.
    public var outcome: Outcome
    /// Rows in the list afterwards.
    public var rowCount: Int

    /// When the answer arrived.
    public var time: Double { request.completionTime }
  }
}
