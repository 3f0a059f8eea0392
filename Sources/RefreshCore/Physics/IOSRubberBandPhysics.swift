/// iOS's rubber band `x·d·c / (d + c·x)`, `c` = `rubberBandConstant`, `d` the viewport
/// (reverse-engineered iOS behaviour; Wave and ScrollMechanics use the same form), springing
/// back to rest.
enum IOSRubberBandPhysics: _SpringBackPhysics {
  static func resistance(tuning t: Tuning, viewportHeight: Double, barsHeld: Resistance.BarsHeld)
    -> Resistance
  {
    Resistance(curve: .iosRubberBand, constant: t.rubberBandConstant, dimension: viewportHeight)
  }

  static func shown(_ x: Double, past edge: Resistance._Edge, in band: Resistance) -> Double {
    let (c, d) = (band.constant, band.dimension)
    return x * d * c / (d + c * x)
  }

  static func slope(_ x: Double, past edge: Resistance._Edge, in band: Resistance) -> Double {
    let (c, d) = (band.constant, band.dimension)
    let denominator = d + c * x
    return c * d * d / (denominator * denominator)
  }

  static func travel(_ y: Double, past edge: Resistance._Edge, in band: Resistance) -> Double {
    let (c, d) = (band.constant, band.dimension)
    // Clamp just inside the asymptote: a displacement of d or more has no finite preimage.
    let b = min(y, d * (1 - 1e-9))
    return b * d / (c * (d - b))
  }
}
