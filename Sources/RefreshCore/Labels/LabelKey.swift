/// The text a header or footer shows, as a key; front ends pick the language.
public enum LabelKey: String, Sendable, Equatable, CaseIterable, Codable {
  /// Header, pulling: "Pull to refresh" / 下拉刷新.
  case pullToRefresh
  /// Header, armed: "Release to refresh" / 释放更新.
  case releaseToRefresh
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

/// The languages labels come in.
public enum Language: String, Sendable, Equatable, CaseIterable, Codable {
  /// English.
  case english = "en"
  /// Simplified Chinese.
  case chinese = "zh"

  /// The language a POSIX locale name such as `zh_CN.UTF-8` asks for; English otherwise.
  public init(locale: String?) {
    self = (locale ?? "").lowercased().hasPrefix("zh") ? .chinese : .english
  }
}

/// The "last updated" line, from clock parts the front end reads (the core has no clock).
public struct LastUpdatedText: Sendable, Equatable {
  /// Whether the update happened today.
  public var isToday: Bool
  /// Month 1…12 and day 1…31 of the update, used when it was not today.
  public var month: Int
  /// Day of the month.
  public var day: Int
  /// Hour 0…23.
  public var hour: Int
  /// Minute 0…59.
  public var minute: Int

  /// The parts of one update time.
  public init(isToday: Bool, month: Int, day: Int, hour: Int, minute: Int) {
    self.isToday = isToday
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
  }

  /// "Last updated: today 10:32" / 最后更新：今天 10:32; nil parts mean never updated.
  public static func line(for parts: LastUpdatedText?, in language: Language) -> String {
    guard let parts else {
      return language == .chinese ? "最后更新：无记录" : "Last updated: never"
    }
    let clock = _twoDigits(parts.hour) + ":" + _twoDigits(parts.minute)
    switch language {
    case .english:
      let day = parts.isToday ? "today" : _twoDigits(parts.month) + "-" + _twoDigits(parts.day)
      return "Last updated: \(day) \(clock)"
    case .chinese:
      let day = parts.isToday ? "今天" : _twoDigits(parts.month) + "-" + _twoDigits(parts.day)
      return "最后更新：\(day) \(clock)"
    }
  }

  static func _twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
