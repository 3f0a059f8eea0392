/// A frame read back from the renderer: pixels as `0xAARRGGBB`, rows top to bottom.
public struct PixelImage: Sendable, Equatable, CustomStringConvertible {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width * height` pixels, row by row.
  public let pixels: [UInt32]

  /// An image from its pixels.
  public init(width: Int, height: Int, pixels: [UInt32]) {
    precondition(pixels.count == width * height, "pixel count must be width × height")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The size only: a dump of every pixel helps no one reading a failed test.
  public var description: String { "\(width)×\(height) pixels" }

  /// Whether every pixel is fully opaque (alpha 255), so drawing the image may copy it.
  public var isOpaque: Bool {
    pixels.allSatisfy { $0 >> 24 == 0xFF }
  }

  /// The colour at pixel (`x`, `y`), opaque.
  public subscript(x: Int, y: Int) -> Color {
    let value = pixels[y * width + x]
    return Color(
      red: UInt8(truncatingIfNeeded: value >> 16), green: UInt8(truncatingIfNeeded: value >> 8),
      blue: UInt8(truncatingIfNeeded: value))
  }
}
