import RefreshCore
import RefreshSDL

/// The soak's invariants, checked around every call into the session and after every frame.
///
/// It keeps its own account of the rows, moved only by the answers it sees leave the data
/// source's queue, and compares it with the source: a request answered twice, a page appended
/// in the wrong place or an answer that never arrives shows as a difference.
struct SoakChecker {
  private let rowHeight: Double
  /// Requests seen pending and not answered yet, by serial.
  private var pending: [Int: SimulatedDataSource.Request] = [:]
  private var answered: Set<Int> = []
  /// The account: rows and generation as the answers seen so far make them.
  private var rows: Int
  private var generation: Int
  private(set) var requests = 0
  private(set) var answers = 0
  private(set) var settledChecks = 0
  /// The most textures the table's text cache held after a frame, and its capacity then.
  private(set) var mostTextures = 0
  private(set) var textureBound = 0

  init(session: ListDriver, rowHeight: Double) {
    self.rowHeight = rowHeight
    rows = session.dataSource.rowCount
    generation = session.dataSource.generation
  }

  /// Runs `change` on `session` at `time` and accounts for the requests it started and
  /// answered.
  mutating func observe(
    _ session: inout ListDriver, at time: Double,
    _ change: (inout ListDriver) throws(SoakRun.Failure) -> Void
  ) throws(SoakRun.Failure) {
    let before = session.dataSource
    try change(&session)
    let after = session.dataSource
    let still = Set(after.pending.map(\.serial))
    // Answers leave the queue earliest first; each is applied to the account as the source
    // was configured when it arrived (a reconfiguration applies after what fell due before it).
    let gone = before.pending.filter { !still.contains($0.serial) }
    for request in gone.sorted(by: { ($0.completionTime, $0.serial) < ($1.completionTime, $1.serial) }) {
      guard answered.insert(request.serial).inserted else {
        throw SoakRun.Failure(time: time, message: "request \(request.serial) was answered twice")
      }
      pending[request.serial] = nil
      answers += 1
      let configuration = before.configuration
      switch (request.kind, request.fails) {
      case (_, true): break
      case (.refresh, false):
        generation += 1
        rows = min(configuration.pageSize, configuration.total)
      case (.loadMore, false):
        rows += max(0, min(configuration.pageSize, configuration.total - rows))
      }
    }
    for request in after.pending where pending[request.serial] == nil && !answered.contains(request.serial) {
      // Serials count up from 0; a gap is a request started and answered inside one call,
      // which the account cannot see (the soak keeps latencies above a frame).
      guard request.serial == requests else {
        throw SoakRun.Failure(
          time: time, message: "request \(request.serial) appeared after \(requests) requests")
      }
      pending[request.serial] = request
      requests += 1
    }
    let kinds = after.pending.map(\.kind)
    guard kinds.filter({ $0 == .refresh }).count <= 1, kinds.filter({ $0 == .loadMore }).count <= 1 else {
      throw SoakRun.Failure(time: time, message: "two requests of a kind in flight: \(after.pending)")
    }
    guard after.rowCount == rows, after.generation == generation else {
      throw SoakRun.Failure(
        time: time,
        message: "the source holds \(after.rowCount) rows of generation \(after.generation); "
          + "its answers make \(rows) of generation \(generation)")
    }
  }

  /// The per-frame checks of the drawn frame at `time`.
  mutating func checkFrame(_ session: ListDriver, at time: Double) throws(SoakRun.Failure) {
    let snapshot = session.controller.snapshot
    let numbers: [(String, Double)] = [
      ("time", snapshot.time), ("offset", snapshot.offset), ("velocity", snapshot.velocity),
      ("insetTop", snapshot.inset.top), ("insetBottom", snapshot.inset.bottom),
      ("contentHeight", snapshot.contentHeight), ("viewportHeight", snapshot.viewportHeight),
      ("headerProgress", snapshot.headerProgress), ("headerY", snapshot.headerY),
      ("headerArrowAngle", snapshot.headerArrowAngle), ("footerProgress", snapshot.footerProgress),
      ("footerY", snapshot.footerY), ("footerArrowAngle", snapshot.footerArrowAngle),
      ("spinnerPhase", snapshot.spinnerPhase), ("indicatorOpacity", snapshot.indicatorOpacity),
      ("lastUpdated", snapshot.lastUpdated ?? 0),
    ]
    if let (name, value) = numbers.first(where: { !$0.1.isFinite }) {
      throw SoakRun.Failure(time: time, message: "\(name) is \(value)")
    }
    let expectedHeight = Double(session.dataSource.rowCount) * rowHeight
    guard snapshot.contentHeight == expectedHeight else {
      throw SoakRun.Failure(
        time: time,
        message: "the content is \(snapshot.contentHeight) pt high for \(session.dataSource.rowCount) rows")
    }
    if session.isIdle && !session.mapper.isDragging {
      settledChecks += 1
      // A failed footer stays open to offer the retry, a no-more-data note may stay in view
      // (DESIGN.md's footer states), and an open second floor stays until the person closes it
      // (a click or Esc in the lab); everything else gives its inset back exactly (rule 2), to
      // the baseline or, for an automatic footer after a long list, the baseline and its height.
      let footerHolds = snapshot.footer == .failed || snapshot.footer == .noMoreData
      let bottomIsBack =
        footerHolds
        ? snapshot.inset.bottom >= snapshot.baselineInset.bottom
        : snapshot.inset.bottom == snapshot.restingInset.bottom
      let topIsBack =
        snapshot.header == .twoLevel
        ? snapshot.inset.top >= snapshot.baselineInset.top
        : snapshot.inset.top == snapshot.baselineInset.top
      guard topIsBack, bottomIsBack else {
        throw SoakRun.Failure(
          time: time,
          message: "settled with insets \(snapshot.inset), baseline \(snapshot.baselineInset), "
            + "header \(snapshot.header), footer \(snapshot.footer)")
      }
      let bounds = snapshot.restBounds
      // The springs stop within half a point of the edge (DESIGN.md's physics).
      guard snapshot.offset >= bounds.lowerBound - 0.5, snapshot.offset <= bounds.upperBound + 0.5 else {
        throw SoakRun.Failure(time: time, message: "settled at offset \(snapshot.offset), outside \(bounds)")
      }
    }
  }

  /// The table's text cache after a frame: within the capacity it states, the texts drawn in
  /// this frame or the last, or on screen, plus its slack (`TextCache.capacity`). A texture
  /// held past it is one no recent frame drew: the retention this check exists to catch.
  ///
  /// Not a fixed number of visible rows plus a margin, as it was: a frame with an open second
  /// floor draws the page's ten texts as well as the rows under it (seeds 47, 41 and 37 held
  /// 31, 30 and 33 textures against 29, each this frame's texts and the slack, nothing older),
  /// and rows, sections, the pill and hosts' renderers each draw what they draw. Growth of
  /// what frames draw is caught by the memory check and the cache's `limit`.
  @MainActor
  mutating func checkTextures(_ cache: TextCache, at time: Double) throws(SoakRun.Failure) {
    let held = cache.count
    let capacity = cache.capacity
    if held > mostTextures || (held == mostTextures && capacity < textureBound) {
      mostTextures = held
      textureBound = capacity
    }
    guard held <= capacity else {
      throw SoakRun.Failure(
        time: time,
        message: "the texture cache holds \(held), more than its capacity \(capacity) "
          + "(drawn \(cache.usedThisFrame) this frame and \(cache.usedLastFrame) the last, "
          + "\(cache.textsOnScreen) on screen, slack \(cache.slack))")
    }
  }

  /// After the last input and the final settle: every request answered, everything at rest.
  mutating func checkFinal(_ session: ListDriver, at time: Double) throws(SoakRun.Failure) {
    guard pending.isEmpty, !session.dataSource.hasPendingRequests else {
      throw SoakRun.Failure(time: time, message: "requests never answered: \(pending.keys.sorted())")
    }
    guard session.isIdle else {
      throw SoakRun.Failure(time: time, message: "still moving \(SoakRun.finalSettle) s after the last input")
    }
    try checkFrame(session, at: time)
  }
}
