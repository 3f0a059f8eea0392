// pull_to_refresh 2.0 configuration exported by refresh-lab from preset flutter.
// Sizes are logical pixels; durations milliseconds. You supply: refreshController (a RefreshController),
// onRefresh and onLoading (callbacks that end with refreshCompleted() / loadComplete()), list (the scrollable).
RefreshConfiguration(
  headerTriggerDistance: 80.0,
  springDescription: SpringDescription(mass: 0.5, stiffness: 100.0, damping: 15.556), // damping ratio 1.1
  dragSpeedRatio: 1.0, // friction 0.52 = 0.52 × ratio
  maxOverScrollExtent: double.infinity,
  maxUnderScrollExtent: double.infinity,
  footerTriggerDistance: 59.0, // preloadDistance + footer height
  enableBallisticLoad: true,
  child: SmartRefresher(
    controller: refreshController,
    enablePullUp: true,
    header: ClassicHeader(height: 60.0, refreshStyle: RefreshStyle.Follow, completeDuration: Duration(milliseconds: 500)),
    footer: ClassicFooter(height: 44.0, loadStyle: LoadStyle.ShowAlways),
    onRefresh: onRefresh,
    onLoading: onLoading,
    child: list,
  ),
)

// decelerationRate = 0.998: give list BouncingScrollPhysics(decelerationRate: ScrollDecelerationRate.normal)
// No setting in pull_to_refresh: loadMoreThreshold 44, minimumFlingVelocity 50,
//   maximumFlingVelocity 8000, wheelLineDistance 40, keyLineDistance 44, openDuration 0.25,
//   collapseDuration 0.25, arrowFlipDuration 0.2, scrollAnimationDuration 0.2, spinnerPeriod 1,
//   minimumSpinnerTime 0.3, twoLevelFloorRate 0, twoLevelMaxRate 2.5, twoLevelFloorDuration 1,
//   tapSlop 4, touchpadReleaseDelay 0.06, easing easeInOut,
//   allowsSimultaneousRefreshAndLoad false.
// Not used by the flutterFriction curve: rubberBandConstant 0.55, dragRate 0.5, maxDragRate 2.5,
//   reboundDuration 0.3, elasticBounce 0.35, elasticDuration 0.5.
