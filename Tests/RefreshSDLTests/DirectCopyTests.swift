import RefreshListModel
import Testing

@testable import RefreshSDL

/// An opaque texture drawn at its own size is copied into the software renderer's pixels by
/// `Renderer` itself, not by SDL: it must land on the pixels SDL's copy would (origin scaled and
/// truncated, cut by the clip), unchanged, and a texture drawn scaled still goes to SDL.
@Suite(.serialized)
@MainActor
struct DirectCopyTests {
  /// A texture whose every pixel says where it is: red its column, green its row.
  static func gradient(_ renderer: Renderer, width: Int32, height: Int32) throws -> Texture {
    try Texture(renderer: renderer, width: width, height: height, opaque: true) { surface in
      let pixels = surface.pointee.pixels.unsafelyUnwrapped
      for y in 0..<Int(height) {
        let row = (pixels + y * Int(surface.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
        for x in 0..<Int(width) {
          row[x] = 0xFF00_0000 | UInt32(x * 3 % 256) << 16 | UInt32(y * 5 % 256) << 8 | 0x40
        }
      }
    }
  }

  @Test(arguments: [1.0, 1.5, 2.0])
  func anOpaqueTextureLandsWhereSDLPutsItCutByTheClip(scale: Double) throws {
    let canvas = try TestCanvas(width: 200, height: 120, scale: scale)
    let renderer = canvas.renderer
    let texture = try Self.gradient(renderer, width: 61, height: 37)
    #expect(texture._softwarePixels != nil, "the software renderer hands out its pixels")
    let clip = Rect(x: 12, y: 9, width: 50, height: 40)
    for origin in [Point(x: 10.7, y: 5.2), Point(x: 30.4, y: 25.9), Point(x: -5.3, y: -2.6)] {
      try renderer.beginFrame(clearingTo: Color(rgb: 0x000000))
      renderer.setClip(clip)
      let size = (width: 61 / scale, height: 37 / scale)
      renderer.draw(
        texture, in: Rect(x: origin.x, y: origin.y, width: size.width, height: size.height))
      renderer.setClip(nil)
      let image = try renderer.readPixels()
      renderer.present()
      let factor = Float(scale)
      let left = Int(Float(origin.x) * factor)
      let top = Int(Float(origin.y) * factor)
      // Whether the texture's own size survived the scaling (else SDL draws it, scaled).
      guard Int(Float(size.width) * factor) == 61, Int(Float(size.height) * factor) == 37
      else { continue }
      let clipLeft = Int((clip.x * scale).rounded(.down))
      let clipTop = Int((clip.y * scale).rounded(.down))
      let clipRight = clipLeft + Int((clip.width * scale).rounded(.up))
      let clipBottom = clipTop + Int((clip.height * scale).rounded(.up))
      var wrong = 0
      for y in 0..<image.height {
        for x in 0..<image.width {
          let inside =
            x >= max(left, clipLeft) && x < min(left + 61, clipRight)
            && y >= max(top, clipTop) && y < min(top + 37, clipBottom)
          let expected: UInt32 =
            inside
            ? 0xFF00_0000 | UInt32((x - left) * 3 % 256) << 16 | UInt32((y - top) * 5 % 256) << 8
              | 0x40 : 0xFF00_0000
          if image.pixels[y * image.width + x] != expected { wrong += 1 }
        }
      }
      #expect(wrong == 0, "scale \(scale), origin \(origin): \(wrong) pixels differ")
    }
  }

  /// Drawn larger than its pixels, an opaque texture is scaled by SDL: it covers the larger box.
  @Test func aScaledOpaqueTextureIsLeftToSDL() throws {
    let canvas = try TestCanvas(width: 200, height: 120)
    let renderer = canvas.renderer
    let texture = try Self.gradient(renderer, width: 20, height: 10)
    try renderer.beginFrame(clearingTo: Color(rgb: 0x000000))
    renderer.draw(texture, in: Rect(x: 10, y: 10, width: 40, height: 20))
    let image = try renderer.readPixels()
    renderer.present()
    var covered: [(x: Int, y: Int)] = []
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixels[y * image.width + x] != 0xFF00_0000 {
        covered.append((x, y))
      }
    }
    #expect(covered.count == 40 * 20)
    #expect(covered.allSatisfy { $0.x >= 10 && $0.x < 50 && $0.y >= 10 && $0.y < 30 })
  }

  /// An image is blitted into its texture's own pixels: an opaque one is then copied by
  /// `Renderer` with its pixels as they were, one with transparency is still blended, and pixel
  /// art enlarged without smoothing keeps hard edges.
  @Test func anImageTextureIsCopiedBlendedOrEnlargedAsItsPixelsAsk() throws {
    let canvas = try TestCanvas(width: 40, height: 20)
    let renderer = canvas.renderer
    let photo = PixelImage(
      width: 3, height: 2,
      pixels: [0xFF10_2030, 0xFF40_5060, 0xFF70_8090, 0xFFA0_B0C0, 0xFFD0_E0F0, 0xFF01_0203])
    let opaque = try Texture.make(renderer: renderer, image: photo, opaque: photo.isOpaque)
    #expect(opaque.isOpaque && opaque._softwarePixels != nil)
    let veil = PixelImage(width: 1, height: 1, pixels: [0x8000_00FF])
    let blended = try Texture.make(renderer: renderer, image: veil, opaque: veil.isOpaque)
    #expect(!blended.isOpaque)
    let art = PixelImage(width: 2, height: 1, pixels: [0xFFFF_0000, 0xFF00_00FF])
    let sharp = try Texture.make(renderer: renderer, image: art, smooth: false, opaque: true)
    try renderer.beginFrame(clearingTo: Color(rgb: 0xFF0000))
    renderer.draw(opaque, in: Rect(x: 2, y: 3, width: 3, height: 2))
    renderer.draw(blended, in: Rect(x: 10, y: 3, width: 1, height: 1))
    renderer.draw(sharp, in: Rect(x: 20, y: 3, width: 8, height: 1))
    let image = try renderer.readPixels()
    renderer.present()
    for y in 0..<2 {
      for x in 0..<3 {
        #expect(image.pixels[(3 + y) * image.width + 2 + x] == photo.pixels[y * 3 + x])
      }
    }
    // Half blue over red: both halves in it, neither whole.
    let mixed = image.pixels[3 * image.width + 10]
    #expect(mixed >> 16 & 0xFF > 0x60 && mixed >> 16 & 0xFF < 0xA0 && mixed & 0xFF > 0x60)
    let row = (20..<28).map { image.pixels[3 * image.width + $0] }
    #expect(row == Array(repeating: 0xFFFF_0000, count: 4) + Array(repeating: 0xFF00_00FF, count: 4))
  }
}
