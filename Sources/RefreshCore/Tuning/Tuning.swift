/// Every constant of the scroll view and its refresh header and load-more footer, in one value.
///
/// Encodes to and decodes from JSON with the property names as keys; a file may name only some
/// keys, the rest keep the defaults (which feel like iOS). `validate()` names the first key whose
/// value is out of range. Presets carrying the field's numbers are in `Tuning+Presets.swift`.
public struct Tuning: Codable, Sendable, Equatable {
  // MARK: Sizes and thresholds

  /// Height of the refresh header, and the inset held open while refreshing, points (in the
  /// `overlay` style, how far the badge rests from the top while refreshing).
  public var headerHeight: Double = 60
  /// How the header is drawn and whether the content moves for it.
  public var headerStyle: HeaderStyle = .translate
  /// Pull distance at which the header arms ("release to refresh"), points.
  public var refreshThreshold: Double = 60
  /// Height of the load-more footer, and the inset held open while loading, points.
  public var footerHeight: Double = 44
  /// In release-to-load mode, how far past the end the user must pull to arm, points.
  public var loadMoreThreshold: Double = 44

  // MARK: Physics

  /// How a pull past an edge is damped, and how the content returns on release: a registered
  /// curve family by name (``CurveFamily``).
  public var resistanceCurve: ResistanceCurve = .iosRubberBand
  /// The constants of the families that keep theirs by key rather than as a property (a
  /// program's, and the built-ins added since): only the values set away from their defaults,
  /// so equal tunings compare equal however they were made.
  var _familyValues: [String: Double] = [:]
  /// The rubber band's stiffness constant `c` (iOS 0.55), for `iosRubberBand`.
  public var rubberBandConstant: Double = 0.55
  /// Flutter's friction factor, `c` of `flutterFriction` (BouncingScrollPhysics: 0.52).
  public var frictionFactor: Double = 0.52
  /// The most speed a fling hands to the bounce spring when it meets an edge, points per
  /// second, for `flutterFriction` (BouncingScrollSimulation.maxSpringTransferVelocity 5000).
  public var maxSpringTransferVelocity: Double = 5000
  /// The share of finger travel the pull follows, for `smartDamping` and `materialTension`
  /// (SmartRefreshLayout and SwipeRefreshLayout: 0.5).
  public var dragRate: Double = 0.5
  /// The most a `smartDamping` pull shows, in header (or footer) heights: a ratio, as
  /// `srlHeaderMaxDragRate` below 10 reads (SmartRefreshLayout: 2.5). A tuning file from before
  /// it was a ratio, holding 10 or more (points), is converted on loading (see
  /// `ratio(fromLegacyMaxDragPoints:headerHeight:)`).
  public var maxDragRate: Double = 2.5
  /// How long a `smartDamping` release takes to return, seconds (`srlReboundDuration` 300 ms).
  public var reboundDuration: Double = 0.3
  /// Fraction of fling velocity kept per millisecond (iOS normal 0.998, fast 0.99).
  public var decelerationRate: Double = 0.998
  /// Mass of the bounce spring.
  public var springMass: Double = 1
  /// Stiffness of the bounce spring.
  public var springStiffness: Double = 100
  /// Damping ratio of the bounce spring (1 is critical).
  public var springDampingRatio: Double = 1
  /// Release speeds below this are no fling, points per second (Flutter kMinFlingVelocity).
  public var minimumFlingVelocity: Double = 50
  /// Release speeds are clamped to this, points per second (Flutter kMaxFlingVelocity).
  public var maximumFlingVelocity: Double = 8000
  /// Distance one wheel notch scrolls, points.
  public var wheelLineDistance: Double = 40
  /// Distance the arrow keys scroll, points.
  public var keyLineDistance: Double = 44

  // MARK: Input

  /// Finger travel below which a press is a tap: the content stays still until the finger has
  /// moved this far, and lifting within it selects instead of scrolling, points (GTK's and
  /// Flutter's mouse drag thresholds are a few pixels; touch slops are larger).
  public var tapSlop: Double = 4
  /// Seconds without a touchpad (precise wheel) event after which the fingers count as lifted:
  /// SDL2 reports no scroll phase, so the end of a touchpad gesture is a short silence. Touchpads
  /// report at 60 to 125 Hz, so a gap of a few event intervals is a stop, not a slow finger.
  public var touchpadReleaseDelay: Double = 0.06

  // MARK: Animation

  /// Duration of the inset opening when a refresh or load begins, seconds.
  public var openDuration: Double = 0.25
  /// Duration of the collapse after a refresh or load ends, seconds.
  public var collapseDuration: Double = 0.25
  /// Duration of the arrow's 180° turn, seconds.
  public var arrowFlipDuration: Double = 0.2
  /// Duration of keyboard and wheel scroll animations, seconds.
  public var scrollAnimationDuration: Double = 0.2
  /// Timing curve of every eased animation.
  public var easing: TimingCurve = .easeInOut
  /// How content let go past the trigger reaches the held height: the curve family's release
  /// motion, or an eased animation of `openDuration` on `easing` (MJRefresh's).
  public var armedRelease: ArmedRelease = .family
  /// Seconds per turn of the spinner.
  public var spinnerPeriod: Double = 1
  /// Least time a spinner stays once shown, so fast loads don't flicker (SmartRefreshLayout 0.3).
  public var minimumSpinnerTime: Double = 0.3
  /// How long the finished header shows its result before collapsing, seconds.
  public var finishingHoldDuration: Double = 0.5

  // MARK: Second floor

  /// Pull, in header heights, past which a release opens the second floor (SmartRefreshLayout's
  /// `srlFloorRate`, 1.9 in its `TwoLevelHeader`); 0 turns the floor off.
  public var twoLevelFloorRate: Double = 0
  /// With the floor on, the most a `smartDamping` pull shows, in header heights
  /// (`srlMaxRate`, 2.5), so the floor's line can be reached.
  public var twoLevelMaxRate: Double = 2.5
  /// How long the floor takes to open and to close, seconds (`srlFloorDuration`, 1000 ms).
  public var twoLevelFloorDuration: Double = 1

  // MARK: Footer

  /// Whether the footer loads on its own near the end, or only on release past a threshold.
  public var footerMode: FooterMode = .automatic
  /// In automatic mode, how far before the end of the content loading starts, points. Negative
  /// values wait until that much of the footer is visible (MJRefresh's trigger percent).
  public var preloadDistance: Double = 0
  /// Whether the footer disappears once there is no more data.
  public var hidesFooterWhenNoMoreData: Bool = false
  /// Whether a refresh and a load-more may run at the same time.
  public var allowsSimultaneousRefreshAndLoad: Bool = false

  /// Points that `notches` wheel notches scroll (fractions for precise wheels): the one place a
  /// notch becomes points, for the table, the shell and any panel beside it.
  public func points(forWheelNotches notches: Double) -> Double {
    Self.points(forWheelNotches: notches, lineDistance: wheelLineDistance)
  }

  /// Points that `notches` notches scroll at `lineDistance` points a notch (a front end that
  /// keeps only the tuning's `wheelLineDistance`).
  public static func points(forWheelNotches notches: Double, lineDistance: Double) -> Double {
    notches * lineDistance
  }

  /// The iOS-like defaults.
  public init() {}

  /// SmartRefreshLayout's `M` over a bar `height` points tall: `maxDragRate` heights.
  public func maxDrag(over height: Double) -> Double { maxDragRate * height }

  /// The smallest `maxDragRate` that older tuning files meant as points rather than a ratio
  /// (as SmartRefreshLayout still reads `srlHeaderMaxDragRate` of 10 or more as pixels).
  public static let legacyMaxDragPoints: Double = 10

  /// The ratio an older file's `maxDragRate` of `points` (10 or more) stands for over a header
  /// `headerHeight` points tall, pulled into the ratio's range.
  public static func ratio(fromLegacyMaxDragPoints points: Double, headerHeight: Double) -> Double {
    let range = parameter("maxDragRate").range
    return min(max(points / max(headerHeight, 1), range.lowerBound), range.upperBound)
  }
}
