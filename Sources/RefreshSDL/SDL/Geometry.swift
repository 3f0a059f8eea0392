/// A point in window points (y down).
public struct Point: Sendable, Equatable {
  /// Horizontal position.
  public var x: Double
  /// Vertical position, growing downward.
  public var y: Double

  /// The point (`x`, `y`).
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

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

/// An 8-bit sRGB colour with straight (not premultiplied) alpha.
public struct Color: Sendable, Equatable {
  /// Red.
  public var red: UInt8
  /// Green.
  public var green: UInt8
  /// Blue.
  public var blue: UInt8
  /// Opacity, 255 opaque.
  public var alpha: UInt8

  /// A colour from its channels.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from `0xRRGGBB`, opaque.
  public init(rgb: UInt32) {
    self.init(
      red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
      blue: UInt8(truncatingIfNeeded: rgb))
  }

  /// This colour with its alpha multiplied by `opacity` (clamped to 0…1).
  public func withOpacity(_ opacity: Double) -> Color {
    var copy = self
    copy.alpha = UInt8((Double(alpha) * min(1, max(0, opacity))).rounded())
    return copy
  }
}
