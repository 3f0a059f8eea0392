/// Where a release-to-load pull returns when it is let go unarmed.
enum _FooterRest: Sendable, Equatable {
  case idle
  case failed
}

/// What the load-more footer is doing, with the data each phase needs. Hidden is not a phase: it
/// is derived from the content and the tuning.
enum _FooterPhase: Sendable, Equatable {
  case idle
  case pulling(returnsTo: _FooterRest)
  case armed(returnsTo: _FooterRest)
  case loading(since: Double, pendingEnd: _PendingEnd<LoadResult>?)
  case failed
  case noMoreData

  /// The public state this phase shows as (while the footer is shown).
  var state: FooterState {
    switch self {
    case .idle: .idle
    case .pulling: .pulling
    case .armed: .armed
    case .loading: .loading
    case .failed: .failed
    case .noMoreData: .noMoreData
    }
  }

  var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The phase a pull from here returns to, or nil if a pull cannot start here.
  var rest: _FooterRest? {
    switch self {
    case .idle: .idle
    case .failed: .failed
    case .pulling(let rest), .armed(let rest): rest
    case .loading, .noMoreData: nil
    }
  }

  init(_ rest: _FooterRest) {
    switch rest {
    case .idle: self = .idle
    case .failed: self = .failed
    }
  }
}

/// The load-more footer's state: its phase, the trigger's latch, the arrow and what ties it to
/// drags.
struct _FooterModel: Sendable, Equatable {
  var phase = _FooterPhase.idle
  var latch = _LoadTriggerLatch()
  /// The drag that fired the latest load; a drag loads at most once.
  var firedDrag: Int?
  /// Whether the current gesture is a drag (rather than wheel or keys).
  var gestureIsDrag = false
  var arrow = EasedValue(0)

  func isSettled(at time: Double) -> Bool { !phase.isLoading && arrow.isSettled(at: time) }
}
