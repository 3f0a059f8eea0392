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
  /// The pixels themselves and their pitch, where the software renderer keeps them (made by
  /// ``init(renderer:width:height:opaque:draw:)`` on SDL's software renderer, which locks a
  /// texture by handing out its own pixels): `Renderer` copies an opaque one itself.
  let _softwarePixels: (address: UnsafeMutableRawPointer, pitch: Int, format: UInt32)?

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
    self._softwarePixels = nil
    SDL_SetTextureBlendMode(handle, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    // Scaled text and shapes stay smooth at fractional HiDPI scales; set on the texture, not
    // with SDL_HINT_RENDER_SCALE_QUALITY, which would change the host's textures too. Pixel art
    // enlarged by a whole factor asks for its pixels as they are (`smooth` false).
    SDL_SetTextureScaleMode(handle, smooth ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
  }

  /// A `width` × `height` texture in the renderer's opaque format (or, unless `opaque`, its
  /// format with alpha), whose pixels `draw` writes through a surface over them: what is made
  /// in place needs no surface of its own to be uploaded from. The software renderer hands out
  /// the texture's own pixels; others upload once `draw` returns. `smooth` as for
  /// ``init(renderer:surface:opaque:smooth:)``.
  init(
    renderer: Renderer, width: Int32, height: Int32, opaque: Bool, smooth: Bool = true,
    draw: (UnsafeMutablePointer<SDL_Surface>) throws(SDLError) -> Void
  ) throws(SDLError) {
    let format = opaque ? renderer.opaqueFormat : SDL_PIXELFORMAT_ARGB8888.rawValue
    let handle = try _SDLCall.unwrap(
      SDL_CreateTexture(
        renderer.handle, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), width, height),
      "SDL_CreateTexture")
    var pixels: UnsafeMutableRawPointer? = nil
    var pitch: Int32 = 0
    guard SDL_LockTexture(handle, nil, &pixels, &pitch) == 0,
      let surface = SDL_CreateRGBSurfaceWithFormatFrom(pixels, width, height, 32, pitch, format)
    else {
      let error = SDLError.callFailed(call: "SDL_LockTexture", reason: _SDLCall.lastError())
      SDL_DestroyTexture(handle)
      throw error
    }
    do {
      try draw(surface)
    } catch {
      SDL_FreeSurface(surface)
      SDL_UnlockTexture(handle)
      SDL_DestroyTexture(handle)
      throw error
    }
    SDL_FreeSurface(surface)
    SDL_UnlockTexture(handle)
    self.renderer = renderer
    self.handle = handle
    self.pixelWidth = Int(width)
    self.pixelHeight = Int(height)
    self.isOpaque = opaque
    // Other renderers lock a copy, uploaded at the unlock.
    let software = !renderer.isAccelerated && renderer.name == "software" && !renderer.isAdopted
    if software, let pixels {
      self._softwarePixels = (address: pixels, pitch: Int(pitch), format: format)
    } else {
      self._softwarePixels = nil
    }
    SDL_SetTextureBlendMode(handle, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    SDL_SetTextureScaleMode(handle, smooth ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
  }

  isolated deinit {
    SDL_DestroyTexture(handle)
  }
}
