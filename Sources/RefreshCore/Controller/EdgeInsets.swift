/// Top and bottom insets, points.
public struct EdgeInsets: Sendable, Equatable, Codable {
  /// Inset above the content.
  public var top: Double
  /// Inset below the content.
  public var bottom: Double

  /// Insets of `top` and `bottom` points.
  public init(top: Double = 0, bottom: Double = 0) {
    self.top = top
    self.bottom = bottom
  }

  /// No inset.
  public static let zero = EdgeInsets()
}
