// MJRefresh 3.6.0+ set-up exported by refresh-lab from preset mjrefresh. Sizes are points, durations seconds.
// You supply: tableView (a UITableView), refresh and loadMore (called to start loading; end them with
// endRefreshing() and endRefreshing() / endRefreshingWithNoMoreData()).
import MJRefresh
import UIKit

func installRefresh(
  on tableView: UITableView, refresh: @escaping () -> Void, loadMore: @escaping () -> Void
) {
  tableView.decelerationRate = .normal
  let header = MJRefreshNormalHeader(refreshingBlock: refresh)
  header.mj_h = 54
  header.fastAnimationDuration = 0.25
  header.slowAnimationDuration = 0.4
  tableView.mj_header = header
  let footer = MJRefreshAutoNormalFooter(refreshingBlock: loadMore)
  footer.triggerAutomaticallyRefreshPercent = 1
  footer.autoTriggerTimes = 1
  footer.mj_h = 44
  footer.fastAnimationDuration = 0.25
  footer.slowAnimationDuration = 0.4
  tableView.mj_footer = footer
}

// No setting in MJRefresh: loadMoreThreshold 44, springMass 1, springStiffness 100,
//   springDampingRatio 1, minimumFlingVelocity 50, maximumFlingVelocity 8000,
//   wheelLineDistance 40, keyLineDistance 44, scrollAnimationDuration 0.2, spinnerPeriod 1,
//   minimumSpinnerTime 0.3, finishingHoldDuration 0.5, twoLevelFloorRate 0, twoLevelMaxRate 2.5,
//   twoLevelFloorDuration 1, tapSlop 4, touchpadReleaseDelay 0.06, easing easeInOut,
//   allowsSimultaneousRefreshAndLoad false.
// Not used by the iosRubberBand curve: frictionFactor 0.52, maxSpringTransferVelocity 5000,
//   dragRate 0.5, maxDragRate 2.5, reboundDuration 0.3, elasticBounce 0.35, elasticDuration 0.5.
