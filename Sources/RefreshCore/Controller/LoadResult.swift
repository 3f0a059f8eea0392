/// How a load-more ended.
public enum LoadResult: String, Sendable, Equatable, CaseIterable, Codable {
  /// A page arrived.
  case success
  /// The load failed; the footer offers a retry.
  case failure
  /// The last page has been loaded.
  case noMoreData
}
