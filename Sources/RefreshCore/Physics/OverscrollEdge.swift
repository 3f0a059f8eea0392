/// One edge content is pulled past, as a curve family sees it: the geometry a band may depend on.
///
/// The top edge carries the refresh header, the bottom edge the load-more footer. A family reads
/// what it needs (the iOS band only the viewport; SmartRefreshLayout's damping the bar's height
/// and whether it is held open; SwipeRefreshLayout's tension the threshold).
public struct OverscrollEdge: Sendable, Equatable {
  /// Which edge of the content.
  public enum Side: Sendable, Equatable {
    /// Past the top: the refresh header's side.
    case top
    /// Past the end: the load-more footer's side.
    case bottom
  }

  /// Which edge this is.
  public var side: Side
  /// The viewport's height, points.
  public var viewportHeight: Double
  /// The height of the bar on this side (the header's or the footer's), points.
  public var barHeight: Double
  /// The pull past this edge that arms its bar (`refreshThreshold`, `loadMoreThreshold`),
  /// points.
  public var threshold: Double
  /// Whether the bar is held open (refreshing, loading, a failed footer, or an automatic footer
  /// lying inside the rest bounds): the rest edge is already past it.
  public var isBarOpen: Bool
  /// Past the end, whether the footer loads on its own and may now: a family may let the finger
  /// pull it into view before damping (SmartRefreshLayout's auto-load footer).
  public var barLoadsOnItsOwn: Bool

  /// An edge of a viewport `viewportHeight` points tall.
  public init(
    side: Side, viewportHeight: Double, barHeight: Double = 0, threshold: Double = 0,
    isBarOpen: Bool = false, barLoadsOnItsOwn: Bool = false
  ) {
    self.side = side
    self.viewportHeight = viewportHeight
    self.barHeight = barHeight
    self.threshold = threshold
    self.isBarOpen = isBarOpen
    self.barLoadsOnItsOwn = barLoadsOnItsOwn
  }
}
