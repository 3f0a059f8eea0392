import RefreshCore

/// The words of each label, in the languages the list is drawn in: the core names the label,
/// the layer that draws it spells it.
extension LabelKey {
  /// The text in `language`.
  public func text(in language: Language) -> String {
    switch language {
    case .english: _english
    case .chinese: _chinese
    }
  }

  var _english: String {
    switch self {
    case .pullToRefresh: "Pull to refresh"
    case .releaseToRefresh: "Release to refresh"
    case .releaseToTwoLevel: "Release to open"
    case .twoLevel: "Second floor"
    case .refreshing: "Loading…"
    case .refreshSucceeded: "Refreshed"
    case .refreshFailed: "Refresh failed"
    case .pullUpToLoadMore: "Pull up to load more"
    case .tapOrPullToLoadMore: "Tap or pull up to load more"
    case .releaseToLoadMore: "Release to load more"
    case .loadingMore: "Loading…"
    case .loadFailedTapToRetry: "Load failed, tap to retry"
    case .noMoreData: "No more data"
    case .none: ""
    }
  }

  var _chinese: String {
    switch self {
    case .pullToRefresh: "下拉刷新"
    case .releaseToRefresh: "释放更新"
    case .releaseToTwoLevel: "释放进入二楼"
    case .twoLevel: "二楼"
    case .refreshing: "加载中…"
    case .refreshSucceeded: "刷新完成"
    case .refreshFailed: "刷新失败"
    case .pullUpToLoadMore: "上拉加载更多"
    case .tapOrPullToLoadMore: "点击或上拉加载更多"
    case .releaseToLoadMore: "释放加载更多"
    case .loadingMore: "加载中…"
    case .loadFailedTapToRetry: "加载失败，点击重试"
    case .noMoreData: "没有更多数据了"
    case .none: ""
    }
  }
}

extension LabelKey {
  /// What the label says in a chat (`ListOrientation.chat`), where the refresh header is pulled
  /// up from the bottom and the footer loads older rows from the top.
  public func chatText(in language: Language) -> String {
    switch (self, language) {
    case (.pullToRefresh, .english): "Pull up to refresh"
    case (.pullToRefresh, .chinese): "上拉刷新"
    case (.pullUpToLoadMore, .english): "Pull down for older"
    case (.pullUpToLoadMore, .chinese): "下拉加载更早的"
    case (.tapOrPullToLoadMore, .english): "Tap or pull down for older"
    case (.tapOrPullToLoadMore, .chinese): "点击或下拉加载更早的"
    case (.loadingMore, .english): "Loading older…"
    case (.loadingMore, .chinese): "正在加载更早的…"
    case (.noMoreData, .english): "No older messages"
    case (.noMoreData, .chinese): "没有更早的了"
    default: text(in: language)
    }
  }
}
