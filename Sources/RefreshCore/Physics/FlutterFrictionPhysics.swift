/// Flutter's BouncingScrollPhysics: `0.52·(1 − overscroll/d)²` per delta
/// (`BouncingScrollPhysics.frictionFactor`), which for a monotonic pull integrates to the iOS
/// form with `c` = `frictionFactor`. Flutter eases less when the finger turns back; a closed form
/// in total travel cannot remember the path, so the lab uses the pull's curve both ways. It
/// springs back as iOS does, but caps the speed a fling hands to the spring.
enum FlutterFrictionPhysics: _SpringBackPhysics {
  static func resistance(tuning t: Tuning, viewportHeight: Double, barsHeld: Resistance.BarsHeld)
    -> Resistance
  {
    Resistance(curve: .flutterFriction, constant: t.frictionFactor, dimension: viewportHeight)
  }

  static func shown(_ x: Double, past edge: Resistance._Edge, in band: Resistance) -> Double {
    IOSRubberBandPhysics.shown(x, past: edge, in: band)
  }

  static func slope(_ x: Double, past edge: Resistance._Edge, in band: Resistance) -> Double {
    IOSRubberBandPhysics.slope(x, past: edge, in: band)
  }

  static func travel(_ y: Double, past edge: Resistance._Edge, in band: Resistance) -> Double {
    IOSRubberBandPhysics.travel(y, past: edge, in: band)
  }

  /// Flutter caps the speed handed to the spring
  /// (`BouncingScrollSimulation.maxSpringTransferVelocity`; Flutter's `math.min` caps only the
  /// end's direction, the lab caps both).
  static func transferVelocity(_ velocity: Double, tuning: Tuning) -> Double {
    let cap = tuning.maxSpringTransferVelocity
    return min(max(velocity, -cap), cap)
  }
}
