/// iOS's rubber band: how far content moves when pulled `x` points past an edge.
///
/// `b = x·d·c / (d + c·x)` with `c = 0.55` and `d` the viewport height (iOS's UIScrollView,
/// reverse-engineered; Wave and ScrollMechanics use the same form): f(0) = 0, f'(0) = c, and f
/// never reaches d. It is applied to the raw total of a drag, never per delta, so the same finger
/// position always shows the same offset.
public struct RubberBand: Sendable, Equatable {
  /// The stiffness constant `c`; iOS uses 0.55.
  public var constant: Double
  /// The dimension `d` the band is measured against: the viewport height.
  public var dimension: Double

  /// A band with constant `c` over dimension `d`.
  public init(constant: Double, dimension: Double) {
    self.constant = constant
    self.dimension = max(dimension, 1)
  }

  /// The visible distance for `excess` points of raw overscroll (sign kept).
  public func displacement(forExcess excess: Double) -> Double {
    let x = abs(excess)
    let b = x * dimension * constant / (dimension + constant * x)
    return excess < 0 ? -b : b
  }

  /// How far the shown offset moves per point of raw overscroll at `excess`: f'(x) = c·d²/(d + c·x)².
  public func slope(atExcess excess: Double) -> Double {
    let denominator = dimension + constant * abs(excess)
    return constant * dimension * dimension / (denominator * denominator)
  }

  /// How far the shown offset moves per point of raw offset at `raw`: 1 inside `bounds`.
  public func slope(at raw: Double, within bounds: ClosedRange<Double>) -> Double {
    if raw < bounds.lowerBound { return slope(atExcess: raw - bounds.lowerBound) }
    if raw > bounds.upperBound { return slope(atExcess: raw - bounds.upperBound) }
    return 1
  }

  /// The raw overscroll that shows `displacement`: the inverse, used when a finger grabs
  /// content that is already out of bounds, so that grabbing never makes it jump.
  public func excess(forDisplacement displacement: Double) -> Double {
    // Clamp just inside the asymptote: a displacement of d or more has no finite preimage.
    let b = min(abs(displacement), dimension * (1 - 1e-9))
    let x = b * dimension / (constant * (dimension - b))
    return displacement < 0 ? -x : x
  }

  /// The offset shown for a raw (unbounded) offset, banding whatever lies outside `bounds`.
  public func band(_ raw: Double, within bounds: ClosedRange<Double>) -> Double {
    if raw < bounds.lowerBound {
      return bounds.lowerBound + displacement(forExcess: raw - bounds.lowerBound)
    }
    if raw > bounds.upperBound {
      return bounds.upperBound + displacement(forExcess: raw - bounds.upperBound)
    }
    return raw
  }

  /// The raw offset that `band(_:within:)` maps to `shown`.
  public func unband(_ shown: Double, within bounds: ClosedRange<Double>) -> Double {
    if shown < bounds.lowerBound {
      return bounds.lowerBound + excess(forDisplacement: shown - bounds.lowerBound)
    }
    if shown > bounds.upperBound {
      return bounds.upperBound + excess(forDisplacement: shown - bounds.upperBound)
    }
    return shown
  }
}
