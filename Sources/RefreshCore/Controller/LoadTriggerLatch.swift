/// The automatic trigger's latch (rule 3): live only when re-armed since it last
/// fired and not waiting for the rows of the load it fired.
struct _LoadTriggerLatch: Sendable, Equatable {
  /// What a fired trigger waits for before it may fire again.
  enum Wait: Sendable, Equatable {
    case nothing
    /// The new rows' height (MJRefresh #463/#1543: the old end must not fire again).
    case content
    /// A load succeeded before any height came: the rows may be late, or there may be none.
    /// The height or the next drag ends the wait, as MJRefresh's auto footer waits for the
    /// next drag, so a page with no rows never leaves the footer dead.
    case contentOrNextDrag
  }

  /// Set again by a new drag or by leaving the trigger zone; cleared when it fires.
  var isSet = true
  var wait = Wait.nothing

  var isLive: Bool { isSet && wait == .nothing }

  mutating func fired() {
    isSet = false
    wait = .content
  }

  mutating func dragBegan() {
    isSet = true
    if wait == .contentOrNextDrag { wait = .nothing }
  }

  mutating func leftTheZone() { isSet = true }

  /// The content height arrived, or the list was replaced by a refresh.
  mutating func listReplaced() { wait = .nothing }

  mutating func loadEnded(_ result: LoadResult) {
    switch result {
    case .success: if wait == .content { wait = .contentOrNextDrag }
    case .failure, .noMoreData: wait = .nothing
    }
  }
}
