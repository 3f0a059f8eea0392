// MJRefresh set-up exported by refresh-lab from preset mjrefresh. Sizes are points.
import MJRefresh
import UIKit

// MJRefresh's animation durations are global constants, not per view: MJRefreshFastAnimationDuration 0.25 s, MJRefreshSlowAnimationDuration 0.4 s
// openDuration = 0.25: matches it
// arrowFlipDuration = 0.25: matches it
// collapseDuration = 0.4: matches it
// resistanceCurve = iosRubberBand, rubberBandConstant = 0.55: UIScrollView's own bounce, nothing to set
// loadMoreThreshold = 44: MJRefresh has no setting for this
// frictionFactor = 0.52: not used by the iosRubberBand curve
// maxSpringTransferVelocity = 5000: not used by the iosRubberBand curve
// dragRate = 0.5: not used by the iosRubberBand curve
// maxDragRate = 2.5: not used by the iosRubberBand curve
// reboundDuration = 0.3: not used by the iosRubberBand curve
// decelerationRate = 0.998: MJRefresh has no setting for this
// springMass = 1: MJRefresh has no setting for this
// springStiffness = 100: MJRefresh has no setting for this
// springDampingRatio = 1: MJRefresh has no setting for this
// minimumFlingVelocity = 50: MJRefresh has no setting for this
// maximumFlingVelocity = 8000: MJRefresh has no setting for this
// wheelLineDistance = 40: MJRefresh has no setting for this
// keyLineDistance = 44: MJRefresh has no setting for this
// scrollAnimationDuration = 0.2: MJRefresh has no setting for this
// spinnerPeriod = 1: MJRefresh has no setting for this
// minimumSpinnerTime = 0.3: MJRefresh has no setting for this
// finishingHoldDuration = 0.5: MJRefresh has no setting for this
// twoLevelFloorRate = 0: MJRefresh has no setting for this
// twoLevelMaxRate = 2.5: MJRefresh has no setting for this
// twoLevelFloorDuration = 1: MJRefresh has no setting for this
// tapSlop = 4: MJRefresh has no setting for this
// touchpadReleaseDelay = 0.06: MJRefresh has no setting for this
// easing = easeInOut: MJRefresh has no setting for this
// hidesFooterWhenNoMoreData = false: MJRefresh has no setting for this
// allowsSimultaneousRefreshAndLoad = false: MJRefresh has no setting for this
func installRefresh(
  on tableView: UITableView, refresh: @escaping () -> Void, loadMore: @escaping () -> Void
) {
  let header = MJRefreshNormalHeader(refreshingBlock: refresh)
  header.mj_h = 54
  tableView.mj_header = header
  let footer = MJRefreshAutoNormalFooter(refreshingBlock: loadMore)
  footer.mj_h = 44
  footer.isAutomaticallyRefresh = true
  footer.triggerAutomaticallyRefreshPercent = 0  // preloadDistance 0 over the footer's height
  tableView.mj_footer = footer
}
