import RefreshSDL

/// How the built-in data source behaves: how many rows, how fast, how reliably.
public struct DataSourceConfiguration: Sendable, Equatable {
  /// Rows shown at start-up.
  public var initialRows: Int
  /// Rows a refresh or a load-more delivers.
  public var pageSize: Int
  /// Rows that exist; a load that reaches them ends with no more data.
  public var total: Int
  /// Seconds from a request to its answer.
  public var latency: Double
  /// Chance, 0…1, that a request fails.
  public var failureRate: Double
  /// Seed of every random choice, so a run can be repeated exactly.
  public var seed: UInt64
  /// How many sections the `total` rows fall in, each a header row and an equal share of the
  /// rows (`--sections`); 0 for none.
  public var sections = 0
  /// How the rows run (`--orientation`): row 0 at the top, or a chat's newest row at the bottom.
  public var orientation = ListOrientation.normal
  /// Along which axis the rows run (`--axis`): rows one under another, or columns side by side.
  public var axis = ListAxis.vertical

  /// A configuration; the defaults are the command line's.
  public init(
    initialRows: Int = 20, pageSize: Int = 20, total: Int = 100, latency: Double = 1,
    failureRate: Double = 0, seed: UInt64 = 1
  ) {
    self.initialRows = initialRows
    self.pageSize = pageSize
    self.total = total
    self.latency = latency
    self.failureRate = failureRate
    self.seed = seed
  }
}
