// pull_to_refresh 2.0 configuration exported by refresh-lab from two-level.json over preset smart.
// Sizes are logical pixels; durations milliseconds. You supply: refreshController (a RefreshController),
// onRefresh and onLoading (callbacks that end with refreshCompleted() / loadComplete()), list (the scrollable), onTwoLevel (opens the floor with refreshController.requestTwoLevel()).
RefreshConfiguration(
  headerTriggerDistance: 60.0,
  springDescription: SpringDescription(mass: 1.0, stiffness: 100.0, damping: 20.0), // damping ratio 1
  dragSpeedRatio: 0.962, // starts at dragRate 0.5
  maxOverScrollExtent: 150.0,
  maxUnderScrollExtent: 150.0,
  footerTriggerDistance: 60.0, // preloadDistance + footer height
  enableBallisticLoad: true,
  twiceTriggerDistance: 114.0, // twoLevelFloorRate × header height
  child: SmartRefresher(
    controller: refreshController,
    enablePullUp: true,
    header: ClassicHeader(height: 60.0, refreshStyle: RefreshStyle.Follow, completeDuration: Duration(milliseconds: 500)),
    footer: ClassicFooter(height: 60.0, loadStyle: LoadStyle.ShowAlways),
    onRefresh: onRefresh,
    onLoading: onLoading,
    enableTwoLevel: true,
    onTwoLevel: onTwoLevel,
    child: list,
  ),
)

// resistanceCurve = smartDamping: approximated by dragSpeedRatio and the two limits
// dragRate = 0.5: the pull starts at this share of the finger (dragSpeedRatio), then bounces' friction
// decelerationRate = 0.998: give list BouncingScrollPhysics(decelerationRate: ScrollDecelerationRate.normal)
// No setting in pull_to_refresh: loadMoreThreshold 60, reboundDuration 0.3,
//   minimumFlingVelocity 50, maximumFlingVelocity 8000, wheelLineDistance 40, keyLineDistance 44,
//   openDuration 0.3, collapseDuration 0.3, arrowFlipDuration 0.2, scrollAnimationDuration 0.2,
//   spinnerPeriod 1, minimumSpinnerTime 0.3, twoLevelMaxRate 2.5, twoLevelFloorDuration 1,
//   tapSlop 4, touchpadReleaseDelay 0.06, easing easeOut, allowsSimultaneousRefreshAndLoad false.
// Not used by the smartDamping curve: rubberBandConstant 0.55, frictionFactor 0.52,
//   elasticBounce 0.35, elasticDuration 0.5.
