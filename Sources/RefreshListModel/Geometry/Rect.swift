/// A rectangle in window points (y down).
public struct Rect: Sendable, Equatable {
  /// Left edge.
  public var x: Double
  /// Top edge.
  public var y: Double
  /// Width.
  public var width: Double
  /// Height.
  public var height: Double

  /// The rectangle with top-left (`x`, `y`) and the given size.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Right edge.
  public var maxX: Double { x + width }
  /// Bottom edge.
  public var maxY: Double { y + height }
  /// Horizontal centre.
  public var midX: Double { x + width / 2 }
  /// Vertical centre.
  public var midY: Double { y + height / 2 }

  /// This rectangle with its origin moved by `offset`.
  public func moved(by offset: Point) -> Rect {
    Rect(x: x + offset.x, y: y + offset.y, width: width, height: height)
  }

  /// Whether `point` lies inside (left and top edges included, right and bottom excluded).
  public func contains(_ point: Point) -> Bool {
    point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
  }

  /// The overlap of two rectangles, empty (zero size) when they do not meet.
  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }
}
