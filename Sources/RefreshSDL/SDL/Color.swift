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
