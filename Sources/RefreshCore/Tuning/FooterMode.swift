/// When the load-more footer fires.
public enum FooterMode: String, Codable, Sendable, CaseIterable {
  /// Fires when the user scrolls within `preloadDistance` of the end (MJRefresh's auto footer).
  case automatic
  /// Fires when the user pulls past the end by `loadMoreThreshold` and lets go (MJRefresh's back
  /// footer).
  case releaseToLoad
}
