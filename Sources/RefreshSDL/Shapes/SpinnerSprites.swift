#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The activity spinner's twelve steps, each rasterised once into a small texture and drawn as
/// one: a spinner of anti-aliased spokes made of triangles cost the software renderer a
/// temporary surface per triangle, well over a hundred a frame, and the spinner steps from
/// spoke to spoke (``TableView/spinnerStep(_:)``), so twelve pictures are all it ever shows.
@MainActor
final class _SpinnerSprites {
  struct Key: Hashable {
    /// Which spoke leads, 0 at twelve o'clock.
    var step: Int
    /// The radius, quarters of a pixel (rounded up).
    var radius: Int
    /// `0xAARRGGBB`.
    var color: UInt32
  }

  private var _sprites: [Key: Texture] = [:]
  /// The pictures themselves, shared by every table: a texture is made per renderer from them,
  /// the rasterising done once for the process.
  private static var _images: [Key: PixelImage] = [:]

  /// The texture of the spinner at `phase` in `color`, for `renderer`, whose radius is
  /// `radius` points rounded up to a quarter pixel (returned too: a spinner of another radius is
  /// the sprite drawn smaller, as the `scale` header style grows and shrinks its icon): square,
  /// an even number of pixels wide, its centre on the corner between its middle pixels.
  func sprite(phase: Double, radius: Double, color: Color, renderer: Renderer) throws(SDLError)
    -> (texture: Texture, radius: Double)
  {
    let spokes = ShapeBatch.spinnerSpokes
    let turn = ShapeBatch.spinnerStep(phase)
    let step = ((Int((turn * Double(spokes)).rounded()) % spokes) + spokes) % spokes
    let key = Key(
      step: step, radius: max(1, Int((radius * renderer.scale * 4).rounded(.up))),
      color: UInt32(color.alpha) << 24 | UInt32(color.red) << 16 | UInt32(color.green) << 8
        | UInt32(color.blue))
    let pixels = Double(key.radius) / 4
    if let kept = _sprites[key], kept.renderer === renderer { return (kept, pixels) }
    // Twelve steps of a few sizes and colours, and the sizes a growing icon passes; a table
    // that keeps changing them starts over.
    if _sprites.count >= 32 * spokes { _sprites.removeAll() }
    let image: PixelImage
    if let kept = Self._images[key] {
      image = kept
    } else {
      if Self._images.count >= 32 * spokes { Self._images.removeAll() }
      image = Self.image(step: step, radius: pixels, color: color)
      Self._images[key] = image
    }
    let texture = try Texture.make(renderer: renderer, image: image)
    _sprites[key] = texture
    return (texture, pixels)
  }

  /// The spinner with spoke `step` leading, `radius` pixels: twelve spokes from 0.48 of the
  /// radius out, a fifth of it wide with square ends, each fainter than the one before it;
  /// coverage from 4 × 4 samples a pixel.
  nonisolated static func image(step: Int, radius: Double, color: Color) -> PixelImage {
    let spokes = ShapeBatch.spinnerSpokes
    let size = 2 * Int((radius + 1).rounded(.up))
    let centre = Double(size) / 2
    let width = radius * 0.2
    let inner = radius * 0.48
    let outer = radius - width / 2
    let directions = (0..<spokes).map { index in
      let angle = Double(step - index) / Double(spokes) * 2 * Double.pi
      return (x: sin(angle), y: -cos(angle), fade: 1 - 0.85 * Double(index) / Double(spokes))
    }
    let rgb = UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    var pixels = [UInt32](repeating: rgb, count: size * size)
    for y in 0..<size {
      for x in 0..<size {
        // Only the ring the spokes lie in is sampled (a pixel's corner is within 0.71 of it).
        let dx = Double(x) + 0.5 - centre
        let dy = Double(y) + 0.5 - centre
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance >= inner - 0.75 && distance <= radius + 0.75 else {
          pixels[y * size + x] = rgb
          continue
        }
        var coverage = 0.0
        for sy in 0..<4 {
          for sx in 0..<4 {
            let px = Double(x) + (Double(sx) + 0.5) / 4 - centre
            let py = Double(y) + (Double(sy) + 0.5) / 4 - centre
            // The spokes do not overlap: a sample lies in one at most.
            for spoke in directions {
              let along = px * spoke.x + py * spoke.y
              guard along >= inner && along <= outer else { continue }
              if abs(px * spoke.y - py * spoke.x) <= width / 2 {
                coverage += spoke.fade
                break
              }
            }
          }
        }
        let alpha = (coverage / 16 * Double(color.alpha)).rounded()
        pixels[y * size + x] = UInt32(min(255, alpha)) << 24 | rgb
      }
    }
    return PixelImage(width: size, height: size, pixels: pixels)
  }
}
