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
