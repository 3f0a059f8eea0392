// pull_to_refresh configuration exported by refresh-lab from preset flutter.
// Sizes are logical pixels; durations milliseconds.
// maxOverScrollExtent left unset: the friction curve nears the viewport's height and has no limit of its own
// resistanceCurve = flutterFriction, frictionFactor = 0.52: BouncingScrollPhysics' own friction, nothing to set
// maxSpringTransferVelocity = 5000: BouncingScrollSimulation's own constant, nothing to set
// decelerationRate = 0.998: use BouncingScrollPhysics(decelerationRate: ScrollDecelerationRate.normal) as the list's physics
// loadMoreThreshold = 44: pull_to_refresh has no setting for this
// rubberBandConstant = 0.55: not used by the flutterFriction curve
// dragRate = 0.5: not used by the flutterFriction curve
// maxDragRate = 2.5: not used by the flutterFriction curve
// reboundDuration = 0.3: not used by the flutterFriction curve
// minimumFlingVelocity = 50: pull_to_refresh has no setting for this
// maximumFlingVelocity = 8000: pull_to_refresh has no setting for this
// wheelLineDistance = 40: pull_to_refresh has no setting for this
// keyLineDistance = 44: pull_to_refresh has no setting for this
// openDuration = 0.25: pull_to_refresh has no setting for this
// collapseDuration = 0.25: pull_to_refresh has no setting for this
// arrowFlipDuration = 0.2: pull_to_refresh has no setting for this
// scrollAnimationDuration = 0.2: pull_to_refresh has no setting for this
// spinnerPeriod = 1: pull_to_refresh has no setting for this
// minimumSpinnerTime = 0.3: pull_to_refresh has no setting for this
// twoLevelFloorRate = 0: pull_to_refresh has no setting for this
// twoLevelMaxRate = 2.5: pull_to_refresh has no setting for this
// twoLevelFloorDuration = 1: pull_to_refresh has no setting for this
// tapSlop = 4: pull_to_refresh has no setting for this
// touchpadReleaseDelay = 0.06: pull_to_refresh has no setting for this
// easing = easeInOut: pull_to_refresh has no setting for this
// hidesFooterWhenNoMoreData = false: pull_to_refresh has no setting for this
// allowsSimultaneousRefreshAndLoad = false: pull_to_refresh has no setting for this
RefreshConfiguration(
  headerTriggerDistance: 80.0,
  springDescription: SpringDescription(mass: 0.5, stiffness: 100.0, damping: 15.556), // damping ratio 1.1
  footerTriggerDistance: 15.0,
  enableBallisticLoad: true,
  child: SmartRefresher(
    controller: refreshController,
    enablePullUp: true,
    header: ClassicHeader(height: 60.0, refreshStyle: RefreshStyle.Follow, completeDuration: Duration(milliseconds: 500)),
    footer: ClassicFooter(height: 44.0),
    onRefresh: onRefresh,
    onLoading: onLoading,
    child: list,
  ),
)
