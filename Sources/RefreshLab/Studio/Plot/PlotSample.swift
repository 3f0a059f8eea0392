import RefreshCore

/// One rendered frame as the motion plots show it: where the content was, how fast it moved,
/// the lines it is measured against, and what the header and footer were doing.
struct PlotSample: Sendable, Equatable {
  /// Frame time, seconds.
  var time: Double
  /// Content y at the viewport's top, points.
  var offset: Double
  /// Scroll velocity, points per second toward the end.
  var velocity: Double
  /// The top rest edge, `-inset.top`: where the content settles at the top.
  var restTop: Double
  /// The bottom rest edge: where the content settles at the end.
  var restBottom: Double
  /// The offset at which a pull from rest arms: `-baselineInset.top - refreshThreshold`.
  var threshold: Double
  /// The state band behind the curves.
  var band: PlotBand
  /// Milliseconds this frame took (interval or render time), nil when unknown.
  var frameMilliseconds: Double?
  /// In comparison mode, the other table's offset.
  var compareOffset: Double?
  /// In comparison mode, the other table's velocity.
  var compareVelocity: Double?
  /// In comparison mode, where the other table arms.
  var compareThreshold: Double?
  /// In comparison mode, the other table's top rest edge: where it holds its header.
  var compareRestTop: Double?
  /// In comparison mode, the other table's state band.
  var compareBand: PlotBand?
  /// Whether a finger or button held the content in this frame: a gesture starts where it
  /// begins.
  var isDragging = false
  /// The previous run's offset at the same time after its first touch, drawn as a ghost after
  /// an edit (`PlotGhost`).
  var ghostOffset: Double?
  /// The previous run's velocity at the same time after its first touch.
  var ghostVelocity: Double?

  /// The sample for `snapshot` drawn at `time` with `refreshThreshold` in force.
  init(
    time: Double, snapshot: RefreshSnapshot, refreshThreshold: Double,
    frameMilliseconds: Double? = nil
  ) {
    self.time = time
    offset = snapshot.offset
    velocity = snapshot.velocity
    restTop = snapshot.restBounds.lowerBound
    restBottom = snapshot.restBounds.upperBound
    threshold = -snapshot.baselineInset.top - refreshThreshold
    band = PlotBand(snapshot)
    self.frameMilliseconds = frameMilliseconds
    isDragging = snapshot.isDragging
  }

  /// Adds the other table of a comparison, which arms at `refreshThreshold`.
  mutating func compare(with snapshot: RefreshSnapshot, refreshThreshold: Double) {
    compareOffset = snapshot.offset
    compareVelocity = snapshot.velocity
    compareThreshold = -snapshot.baselineInset.top - refreshThreshold
    compareRestTop = snapshot.restBounds.lowerBound
    compareBand = PlotBand(snapshot)
  }
}

/// The coloured band a frame gets behind the curves: the header's state, or the footer's when
/// the header is at rest (the two exclude each other by default).
enum PlotBand: Sendable, Equatable, CaseIterable {
  /// Nothing going on: no band.
  case none
  /// Pulled, not far enough yet.
  case pulling
  /// Pulled far enough: releasing now refreshes (or loads).
  case armed
  /// Refreshing or loading more.
  case busy
  /// A refresh finished well.
  case succeeded
  /// A refresh or load failed.
  case failed

  init(_ snapshot: RefreshSnapshot) {
    switch snapshot.header {
    case .pulling: self = .pulling
    case .armed: self = .armed
    case .refreshing, .twoLevel: self = .busy
    case .finishing: self = snapshot.headerResult == .failure ? .failed : .succeeded
    case .idle:
      switch snapshot.footer {
      case .pulling: self = .pulling
      case .armed: self = .armed
      case .loading: self = .busy
      case .failed: self = .failed
      case .idle, .noMoreData, .hidden: self = .none
      }
    }
  }
}
