import CSDL2

/// An image on the GPU (or in the software renderer), owned by the renderer that made it.
@MainActor
public final class Texture {
  /// The renderer stays alive while any of its textures does.
  let renderer: Renderer
  let handle: OpaquePointer
  /// Width in pixels.
  public let pixelWidth: Int
  /// Height in pixels.
  public let pixelHeight: Int
  /// Whether it is drawn by copying its pixels (it has no transparency) rather than blending.
  public let isOpaque: Bool

  /// Uploads `surface` (which the caller still owns and frees). An `opaque` texture is drawn
  /// by copying its pixels, never blending them.
  init(
    renderer: Renderer, surface: UnsafeMutablePointer<SDL_Surface>, opaque: Bool = false,
    smooth: Bool = true
  ) throws(SDLError) {
    self.renderer = renderer
    self.handle = try _SDLCall.unwrap(
      SDL_CreateTextureFromSurface(renderer.handle, surface), "SDL_CreateTextureFromSurface")
    self.pixelWidth = Int(surface.pointee.w)
    self.pixelHeight = Int(surface.pointee.h)
    self.isOpaque = opaque
    SDL_SetTextureBlendMode(handle, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    // Scaled text and shapes stay smooth at fractional HiDPI scales; set on the texture, not
    // with SDL_HINT_RENDER_SCALE_QUALITY, which would change the host's textures too. Pixel art
    // enlarged by a whole factor asks for its pixels as they are (`smooth` false).
    SDL_SetTextureScaleMode(handle, smooth ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
  }

  isolated deinit {
    SDL_DestroyTexture(handle)
  }
}
