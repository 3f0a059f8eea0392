/// What the refresh header is doing, with the data each phase needs and no other: a refresh knows
/// when it started and whether an early end waits for the spinner's minimum time; a finish knows
/// its result, when it began and whether it collapses. No combination that cannot happen can be
/// written.
enum _HeaderPhase: Sendable, Equatable {
  case idle
  case pulling
  case armed
  /// Pulled past the second floor's line: a release opens it.
  case armedTwoLevel
  case refreshing(since: Double, pendingEnd: _PendingEnd<RefreshResult>?)
  case finishing(result: RefreshResult, since: Double, collapsing: Bool)
  /// The second floor, opening or open (`closing` false) or on its way back.
  case twoLevel(closing: Bool)

  /// The public state this phase shows as.
  var state: HeaderState {
    switch self {
    case .idle: .idle
    case .pulling: .pulling
    case .armed, .armedTwoLevel: .armed
    case .refreshing: .refreshing
    case .finishing: .finishing
    case .twoLevel: .twoLevel
    }
  }

  /// Whether a refresh is under way (not yet showing its result).
  var isRefreshing: Bool {
    if case .refreshing = self { return true }
    return false
  }

  /// Whether a refresh is under way or showing its result.
  var isBusy: Bool {
    switch self {
    case .idle, .pulling, .armed, .armedTwoLevel: false
    case .refreshing, .finishing, .twoLevel: true
    }
  }
}

/// The refresh header's state: its phase, the arrow, and what ties it to drags.
struct _HeaderModel: Sendable, Equatable {
  var phase = _HeaderPhase.idle
  var arrow = EasedValue(0)
  /// The drag whose release started the refresh, so that drag cannot also load more.
  var firedDrag: Int?
  /// Whether the current drag began while busy: such a drag never arms a new refresh, even
  /// after the refresh it began in has ended under the finger.
  var dragBeganBusy = false
  var lastUpdated: Double?
  /// Where a press on the open second floor went down (viewport y), while it is held.
  var floorPress: Double?

  func isSettled(at time: Double) -> Bool {
    // An open floor waits for the app or the user; its inset and scroll are checked apart.
    if case .twoLevel(closing: false) = phase { return arrow.isSettled(at: time) }
    return !phase.isBusy && arrow.isSettled(at: time)
  }
}
