/// Everything a front end needs to draw one frame, as a plain value with no references, so
/// producing one allocates nothing.
public struct RefreshSnapshot: Sendable, Equatable {
  /// The core's time, seconds.
  public var time: Double = 0
  /// Content y at the viewport's top edge.
  public var offset: Double = 0
  /// Current scroll velocity, points per second (positive toward the end).
  public var velocity: Double = 0
  /// Total insets: the baseline plus what the header and footer add while busy (animated).
  public var inset: EdgeInsets = .zero
  /// The app's own insets.
  public var baselineInset: EdgeInsets = .zero
  /// The insets the list comes back to exactly once the header and footer are idle (rule 2):
  /// the baseline, plus an automatic footer's height after a long list, which stays inside the
  /// scrollable extent so that reaching the end always shows the footer.
  public var restingInset: EdgeInsets = .zero
  /// Height of all rows.
  public var contentHeight: Double = 0
  /// Height of the viewport.
  public var viewportHeight: Double = 0
  /// Whether a finger is on the content.
  public var isDragging = false
  /// Whether the offset is moving on its own (fling, bounce, animation).
  public var isAnimating = false
  /// Whether the person asked for reduced motion (``RefreshController/reducesMotion``): the
  /// renderers show an animated header's frame for its progress without looping it, and do not
  /// scale the header.
  public var reducesMotion = false

  /// Header state.
  public var header: HeaderState = .idle
  /// Pull distance over the threshold, 0…1.
  public var headerProgress: Double = 0
  /// When the refresh under way began, on the core's clock, while `header == .refreshing`: an
  /// animated header loops its frames from then.
  public var refreshingSince: Double? = nil
  /// The result being shown while `header == .finishing`.
  public var headerResult: RefreshResult? = nil
  /// Content y of the header's top edge (it sits directly above row 0).
  public var headerY: Double = 0
  /// Header height.
  public var headerHeight: Double = 0
  /// How the header is drawn.
  public var headerStyle: HeaderStyle = .translate
  /// How far the header has come into view, points: the gap between the top of the viewport
  /// (below the app's inset) and row 0; in the `overlay` style, how far the badge has travelled
  /// down over the still content.
  public var headerTravel: Double = 0
  /// Angle of the header's arrow, radians: 0 points down ("pull"), π points up ("release").
  public var headerArrowAngle: Double = 0
  /// Text the header shows.
  public var headerLabel: LabelKey = .pullToRefresh
  /// When the last refresh succeeded, on the core's clock; nil if never. Front ends format it.
  public var lastUpdated: Double? = nil

  /// Footer state.
  public var footer: FooterState = .hidden
  /// How far the footer is pulled toward loading, 0…1.
  public var footerProgress: Double = 0
  /// Content y of the footer's top edge.
  public var footerY: Double = 0
  /// Footer height.
  public var footerHeight: Double = 0
  /// Angle of the footer's arrow, radians: 0 points up ("pull up"), π points down ("release").
  public var footerArrowAngle: Double = 0
  /// Text the footer shows.
  public var footerLabel: LabelKey = .pullUpToLoadMore

  /// Spinner rotation, 0..<1 turns; advances while refreshing or loading.
  public var spinnerPhase: Double = 0
  /// Opacity of the scroll indicator, which fades out after scrolling stops as on iOS.
  public var indicatorOpacity: Double = 0

  /// Lowest and highest offsets the content rests at, with the current insets.
  public var restBounds: ClosedRange<Double> {
    let low = -inset.top
    return low...max(low, contentHeight + inset.bottom - viewportHeight)
  }

  /// How far the header is pulled into view: `-inset.top - offset` (positive when pulled).
  public var pullDistance: Double { -inset.top - offset }

  /// Whether the header's spinner (rather than its arrow) is shown.
  public var headerShowsSpinner: Bool { header == .refreshing }
}
