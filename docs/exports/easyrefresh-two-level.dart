// easy_refresh 3.x set-up exported by refresh-lab from two-level.json over preset smart. Sizes are logical pixels.
// Needs import 'dart:math' as math; and import 'package:easy_refresh/easy_refresh.dart';.
// You supply: controller (an EasyRefreshController), onRefresh and onLoad (async callbacks returning an IndicatorResult), list (the scrollable), viewportHeight (the list's height), secondaryBuilder (draws the header and the second floor).
EasyRefresh(
  controller: controller,
  simultaneously: false,
  spring: SpringDescription(mass: 1.0, stiffness: 489.589, damping: 44.253), // settles in reboundDuration
  header: SecondaryBuilderHeader(
    header: ClassicHeader(
      triggerOffset: 60.0,
      clamping: false,
      position: IndicatorPosition.above,
      processedDuration: Duration(milliseconds: 500),
      readySpringBuilder: ({required mode, required offset, required actualTriggerOffset, required velocity}) =>
          SpringDescription(mass: 1.0, stiffness: 489.589, damping: 44.253), // opens in openDuration
      springRebound: false,
      frictionFactor: (f) => 0.5 * math.max(0.0, math.min(1.0, 4.605 * (150.0 / viewportHeight - f))),
      maxOverOffset: 150.0,
    ),
    secondaryTriggerOffset: 114.0, // twoLevelFloorRate × header height
    secondaryVelocity: viewportHeight / 1.0, // crosses the viewport in twoLevelFloorDuration
    builder: secondaryBuilder,
  ),
  footer: ClassicFooter(
    triggerOffset: 60.0,
    infiniteOffset: 0.0,
    readySpringBuilder: ({required mode, required offset, required actualTriggerOffset, required velocity}) =>
        SpringDescription(mass: 1.0, stiffness: 489.589, damping: 44.253),
    springRebound: false,
    frictionFactor: (f) => 0.5 * math.max(0.0, math.min(1.0, 4.605 * (150.0 / viewportHeight - f))),
    maxOverOffset: 150.0,
  ),
  onRefresh: onRefresh,
  onLoad: onLoad,
  child: list,
)

// reboundDuration = 0.3: a critical spring settling in that time stands for the viscous-fluid rebound
// openDuration = 0.3: readySpringBuilder's critical spring covers 99 % of the way in that time
// twoLevelFloorDuration = 1: secondaryVelocity opens at the speed that crosses the viewport in that time
// No setting in easy_refresh: loadMoreThreshold 60, decelerationRate 0.998,
//   minimumFlingVelocity 50, maximumFlingVelocity 8000, wheelLineDistance 40, keyLineDistance 44,
//   collapseDuration 0.3, arrowFlipDuration 0.2, scrollAnimationDuration 0.2, spinnerPeriod 1,
//   minimumSpinnerTime 0.3, tapSlop 4, touchpadReleaseDelay 0.06, easing easeOut.
// Not used by the smartDamping curve: rubberBandConstant 0.55, springMass 1, springStiffness 100,
//   springDampingRatio 1, frictionFactor 0.52, elasticBounce 0.35, elasticDuration 0.5.
