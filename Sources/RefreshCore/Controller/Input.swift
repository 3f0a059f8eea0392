/// Everything that can happen to the scroll view, as a value. Times are seconds on the caller's
/// clock; the core never reads a clock of its own.
public enum Input: Sendable, Equatable {
  /// A finger (mouse button) went down at viewport y `y`.
  case down(y: Double, time: Double)
  /// The finger moved to viewport y `y`.
  case move(y: Double, time: Double)
  /// The finger lifted.
  case up(time: Double)
  /// The gesture was taken away (focus lost, pointer left): ends the drag without a release.
  case cancel(time: Double)
  /// A wheel turned `dy` notches (or points when `precise`); positive scrolls toward the top,
  /// as SDL reports wheels. Notches scroll in eased steps within the bounds. Precise points are
  /// a touchpad: a gesture like a finger's drag, which overscrolls, and which lets go
  /// (refreshing, bouncing back or coasting) when no precise event has come for
  /// `Tuning.touchpadReleaseDelay`.
  case wheel(dy: Double, precise: Bool, time: Double)
  /// Scrolls to `offset`, kept within the rest bounds (a scrollbar's thumb, keeping a selected
  /// row in view): stops any motion, never overscrolls, never pulls the header or footer.
  /// `animated` eases there as the keys do; otherwise it lands at once. Ignored while a finger
  /// holds the content; a touchpad gesture under way lets go first.
  case scroll(toOffset: Double, animated: Bool, time: Double)
  /// A key's scroll or refresh action.
  case key(KeyAction, time: Double)
  /// The viewport got a new height.
  case resize(viewportHeight: Double, time: Double)
  /// Nothing happened but time passed.
  case advance(to: Double)
  /// The app starts a refresh itself: the header scrolls into view and refreshes.
  case beginRefreshing(time: Double)
  /// The app's refresh finished.
  case endRefreshing(RefreshResult, time: Double)
  /// The app's load-more finished.
  case endLoadingMore(LoadResult, time: Double)
  /// The content's height changed (rows added or removed).
  case setContentHeight(Double, time: Double)
  /// The app's own insets (a toolbar, a keyboard) changed.
  case setBaselineInset(EdgeInsets, time: Double)
  /// There is more data again: the footer leaves no-more-data.
  case resetNoMoreData(time: Double)
  /// The app retries a failed load-more (a tap on the footer arrives as `down`/`up` instead).
  case retryLoadMore(time: Double)
  /// New constants, applied live.
  case setTuning(Tuning, time: Double)

  /// The time the input happened at.
  public var time: Double {
    switch self {
    case .down(_, let t), .move(_, let t), .up(let t), .cancel(let t), .wheel(_, _, let t),
      .scroll(_, _, let t), .key(_, let t), .resize(_, let t), .advance(let t), .beginRefreshing(let t),
      .endRefreshing(_, let t), .endLoadingMore(_, let t), .setContentHeight(_, let t),
      .setBaselineInset(_, let t), .resetNoMoreData(let t), .retryLoadMore(let t),
      .setTuning(_, let t):
      t
    }
  }
}

/// Keyboard actions the scroll view understands.
public enum KeyAction: String, Sendable, Equatable, CaseIterable, Codable {
  /// Scroll up by a line.
  case lineUp
  /// Scroll down by a line.
  case lineDown
  /// Scroll up by a viewport less a line.
  case pageUp
  /// Scroll down by a viewport less a line.
  case pageDown
  /// Scroll to the top.
  case home
  /// Scroll to the end.
  case end
  /// Refresh, as F5 or Ctrl+R.
  case refresh
}

/// How a refresh ended.
public enum RefreshResult: String, Sendable, Equatable, CaseIterable, Codable {
  /// New data arrived.
  case success
  /// The refresh failed; the old data stays.
  case failure
}

/// How a load-more ended.
public enum LoadResult: String, Sendable, Equatable, CaseIterable, Codable {
  /// A page arrived.
  case success
  /// The load failed; the footer offers a retry.
  case failure
  /// The last page has been loaded.
  case noMoreData
}

/// Work the core asks the app to do; each is emitted exactly once per trigger.
public enum Effect: Sendable, Equatable {
  /// Load fresh data, then send `endRefreshing`. `time` is when the trigger happened.
  case startRefresh(time: Double)
  /// Load the next page, then send `setContentHeight` and `endLoadingMore`.
  case startLoadMore(time: Double)
  /// A press lifted within `Tuning.tapSlop` of where it went down, on still content, over the
  /// content (not the header, nor the footer, which takes its own taps): the app may select
  /// what lies at content y `contentY`. Nothing scrolled.
  case tap(contentY: Double, time: Double)
}

/// Top and bottom insets, points.
public struct EdgeInsets: Sendable, Equatable, Codable {
  /// Inset above the content.
  public var top: Double
  /// Inset below the content.
  public var bottom: Double

  /// Insets of `top` and `bottom` points.
  public init(top: Double = 0, bottom: Double = 0) {
    self.top = top
    self.bottom = bottom
  }

  /// No inset.
  public static let zero = EdgeInsets()
}
