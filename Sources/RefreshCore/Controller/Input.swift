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
  /// Rows above what the viewport shows changed height by `shift` points in all (measured, an
  /// image arrived, rows inserted above): the content becomes `contentHeight` tall and moves by
  /// `shift` with whatever moves it (a drag, a fling, a bounce, an animation), so that what the
  /// person is reading keeps its place on screen, exactly, at any frame rate.
  case shiftContent(by: Double, contentHeight: Double, time: Double)
  /// The app's own insets (a toolbar, a keyboard) changed.
  case setBaselineInset(EdgeInsets, time: Double)
  /// There is more data again: the footer leaves no-more-data.
  case resetNoMoreData(time: Double)
  /// The app retries a failed load-more (a tap on the footer arrives as `down`/`up` instead).
  case retryLoadMore(time: Double)
  /// New constants, applied live.
  case setTuning(Tuning, time: Double)
  /// The app closes the second floor: the header shrinks back over `twoLevelFloorDuration`.
  case finishTwoLevel(time: Double)

  /// The time the input happened at.
  public var time: Double {
    switch self {
    case .down(_, let t), .move(_, let t), .up(let t), .cancel(let t), .wheel(_, _, let t),
      .scroll(_, _, let t), .key(_, let t), .resize(_, let t), .advance(let t), .beginRefreshing(let t),
      .endRefreshing(_, let t), .endLoadingMore(_, let t), .setContentHeight(_, let t),
      .shiftContent(_, _, let t),
      .setBaselineInset(_, let t), .resetNoMoreData(let t), .retryLoadMore(let t),
      .setTuning(_, let t), .finishTwoLevel(let t):
      t
    }
  }
}
