/// The text a header or footer shows, as a key: the core holds no strings; a front end turns
/// the key into words in the reader's language (RefreshSDL's `LabelKey.text(in:)`).
public enum LabelKey: String, Sendable, Equatable, CaseIterable, Codable {
  /// Header, pulling: "Pull to refresh" / 下拉刷新.
  case pullToRefresh
  /// Header, armed: "Release to refresh" / 释放更新.
  case releaseToRefresh
  /// Header, past the second floor's line: "Release to open" / 释放进入二楼.
  case releaseToTwoLevel
  /// Header, second floor open: "Second floor" / 二楼.
  case twoLevel
  /// Header, refreshing: "Loading…" / 加载中….
  case refreshing
  /// Header, finished well: "Refreshed" / 刷新完成.
  case refreshSucceeded
  /// Header, finished badly: "Refresh failed" / 刷新失败.
  case refreshFailed
  /// Footer, release mode idle: "Pull up to load more" / 上拉加载更多.
  case pullUpToLoadMore
  /// Footer, automatic mode idle: "Tap or pull up to load more" / 点击或上拉加载更多.
  case tapOrPullToLoadMore
  /// Footer, armed: "Release to load more" / 释放加载更多.
  case releaseToLoadMore
  /// Footer, loading: "Loading…" / 加载中….
  case loadingMore
  /// Footer, failed: "Load failed, tap to retry" / 加载失败，点击重试.
  case loadFailedTapToRetry
  /// Footer, nothing left: "No more data" / 没有更多数据了.
  case noMoreData
  /// Footer hidden: no text.
  case none
}
