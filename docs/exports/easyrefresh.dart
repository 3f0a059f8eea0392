// easy_refresh 3.x set-up exported by refresh-lab from preset flutter. Sizes are logical pixels.
// Needs import 'dart:math' as math; and import 'package:easy_refresh/easy_refresh.dart';.
// You supply: controller (an EasyRefreshController), onRefresh and onLoad (async callbacks returning an IndicatorResult), list (the scrollable).
EasyRefresh(
  controller: controller,
  simultaneously: false,
  frictionFactor: (f) => 0.52 * math.pow(1 - f, 2),
  spring: SpringDescription(mass: 0.5, stiffness: 100.0, damping: 15.556), // damping ratio 1.1
  header: ClassicHeader(
    triggerOffset: 80.0,
    clamping: false,
    position: IndicatorPosition.above,
    processedDuration: Duration(milliseconds: 500),
    readySpringBuilder: ({required mode, required offset, required actualTriggerOffset, required velocity}) =>
        SpringDescription(mass: 1.0, stiffness: 705.009, damping: 53.104), // opens in openDuration
    springRebound: false,
  ),
  footer: ClassicFooter(
    triggerOffset: 44.0,
    infiniteOffset: 15.0,
    readySpringBuilder: ({required mode, required offset, required actualTriggerOffset, required velocity}) =>
        SpringDescription(mass: 1.0, stiffness: 705.009, damping: 53.104),
    springRebound: false,
  ),
  onRefresh: onRefresh,
  onLoad: onLoad,
  child: list,
)

// openDuration = 0.25: readySpringBuilder's critical spring covers 99 % of the way in that time
// headerHeight = 60: easy_refresh holds the header open at its triggerOffset
// No setting in easy_refresh: loadMoreThreshold 44, decelerationRate 0.998,
//   minimumFlingVelocity 50, maximumFlingVelocity 8000, wheelLineDistance 40, keyLineDistance 44,
//   collapseDuration 0.25, arrowFlipDuration 0.2, scrollAnimationDuration 0.2, spinnerPeriod 1,
//   minimumSpinnerTime 0.3, twoLevelFloorRate 0, twoLevelMaxRate 2.5, twoLevelFloorDuration 1,
//   tapSlop 4, touchpadReleaseDelay 0.06, easing easeInOut.
// Not used by the flutterFriction curve: rubberBandConstant 0.55, dragRate 0.5, maxDragRate 2.5,
//   reboundDuration 0.3, elasticBounce 0.35, elasticDuration 0.5.
