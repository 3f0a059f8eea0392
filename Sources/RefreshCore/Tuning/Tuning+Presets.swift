/// Named tunings that carry the numbers of the libraries people compare against
/// (each library's own defaults, cited beside its preset). Where a library has no equivalent
/// for a constant, the iOS default stays; choices are noted beside each preset.
public enum TuningPreset: String, Sendable, CaseIterable, Codable {
  /// iOS-like defaults: 60 pt header that arms at 60, iOS's rubber band, 0.998 deceleration,
  /// critical spring.
  case ios
  /// MJRefresh: header 54 arming at 54, footer 44, 0.25 s fast and 0.4 s slow animations, a
  /// release that eases to the held height in the fast animation, auto footer that fires once
  /// it is fully shown.
  case mjrefresh
  /// EGOTableViewPullRefresh: arms at 65, holds 60, arrow flips in 0.18 s, inset opens in 0.2 s
  /// and closes in 0.3 s.
  case ego
  /// SmartRefreshLayout: trigger rate 1.0 of a 60 header, 60 footer, its damping (drag rate
  /// 0.5, max drag rate 2.5), rebound, opening and collapse 300 ms, finish 500 ms, spinner at
  /// least 300 ms.
  case smart
  /// flutter pull_to_refresh: arms at 80, footer fires 15 from the end, completed shown 500 ms,
  /// BouncingScrollPhysics' friction (0.52) and spring (mass 0.5, stiffness 100, ratio 1.1).
  case flutter
  /// Material's SwipeRefreshLayout: the content stays still and a badge is pulled over it, drag
  /// rate 0.5, trigger at 64 dp of badge travel, at most twice that.
  case material

  /// The tuning this preset stands for.
  public var tuning: Tuning {
    var t = Tuning()
    switch self {
    case .ios:
      break
    case .mjrefresh:
      t.headerHeight = 54
      t.refreshThreshold = 54
      t.footerHeight = 44
      t.loadMoreThreshold = 44
      t.openDuration = 0.25  // MJRefreshFastAnimationDuration
      t.collapseDuration = 0.4  // MJRefreshSlowAnimationDuration
      t.arrowFlipDuration = 0.25
      // MJRefreshHeader's headerRefreshingAction sets the inset and the offset in one UIView
      // animation of MJRefreshFastAnimationDuration (openDuration), ease-in-out (easing).
      t.armedRelease = .eased
      t.footerMode = .automatic
      // MJRefresh's auto footer fires once it is fully shown (triggerAutomaticallyRefreshPercent
      // 1.0): a whole footer's height past the end of the content.
      t.preloadDistance = -t.footerHeight
    case .ego:
      t.headerHeight = 60
      t.refreshThreshold = 65
      t.arrowFlipDuration = 0.18
      t.openDuration = 0.2
      t.collapseDuration = 0.3
      t.finishingHoldDuration = 0  // EGO collapses as soon as loading ends.
      t.minimumSpinnerTime = 0
    case .smart:
      t.headerHeight = 60
      t.refreshThreshold = 60
      t.footerHeight = 60
      t.loadMoreThreshold = 60
      t.resistanceCurve = .smartDamping  // drag rate, max drag rate and rebound as defaulted
      // srlReboundDuration (300 ms) times the opening and the collapse as well as the rebound.
      t.openDuration = 0.3
      t.collapseDuration = 0.3
      // Ease-out: the library's five demo recordings collapse as a quadratic deceleration over
      // about 0.32 s (a tenth of the way in the first sixteenth, three quarters by half way),
      // which easeOut follows within 0.07 and the ease-in-out before it within 0.32 only. Its
      // source animates the collapse on the rebound's viscous-fluid interpolator, which none of
      // those recordings shows (a third of the way in the first eighth); the rebound keeps it.
      t.easing = .easeOut
      t.finishingHoldDuration = 0.5
      t.minimumSpinnerTime = 0.3
    case .flutter:
      t.headerHeight = 60
      t.refreshThreshold = 80
      t.preloadDistance = 15
      t.finishingHoldDuration = 0.5
      t.springMass = 0.5
      t.springStiffness = 100
      t.springDampingRatio = 1.1
      t.resistanceCurve = .flutterFriction
    case .material:
      t.headerStyle = .overlay
      t.resistanceCurve = .materialTension
      t.dragRate = 0.5
      // The badge rests where it triggers, 64 dp down (SwipeRefreshLayout.DEFAULT_CIRCLE_TARGET).
      t.headerHeight = 64
      t.refreshThreshold = 64
    }
    return t
  }

  /// The preset named `name`, in any case (`iOS`, `MJRefresh`, `smart`), or an error that lists
  /// the names: a library's own spelling is what a person types.
  public static func named(_ name: String) throws(TuningError) -> TuningPreset {
    let lowered = name.lowercased()
    for preset in allCases where preset.rawValue.lowercased() == lowered { return preset }
    throw .unknownPreset(name)
  }
}
