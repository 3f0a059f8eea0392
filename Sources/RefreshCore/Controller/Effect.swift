/// Work the core asks the app to do; each is emitted exactly once per trigger.
public enum Effect: Sendable, Equatable {
  /// Load fresh data, then send `endRefreshing`. `time` is when the trigger happened.
  case startRefresh(time: Double)
  /// Load the next page, then send `setContentHeight` and `endLoadingMore`.
  case startLoadMore(time: Double)
  /// The second floor opened (a release past `Tuning.twoLevelFloorRate`): show it, then send
  /// `finishTwoLevel` to close it.
  case startTwoLevel(time: Double)
  /// A press lifted within `Tuning.tapSlop` of where it went down, on still content, over the
  /// content (not the header, nor the footer, which takes its own taps): the app may select
  /// what lies at content y `contentY`. Nothing scrolled.
  case tap(contentY: Double, time: Double)
}

extension [Effect] {
  /// Adds what a step returned. Most steps return nothing, and a frame's path then skips the
  /// append altogether (the core frame benchmark counts it).
  mutating func _append(_ more: [Effect]) {
    if !more.isEmpty { self += more }
  }
}
