import CSDL2

/// A table's content kept between frames on a renderer whose frame is not kept (a GPU's): two
/// target textures of the table's size in pixels, the one shown last and the one drawn next,
/// and what the one shown holds.
@MainActor
final class _ContentTextures {
  let renderer: Renderer
  /// What the table drew into ``shown``; nil until the first frame.
  var drawn: _DrawnTable?
  private(set) var shown: OpaquePointer
  private(set) var next: OpaquePointer
  let pixelWidth: Int32
  let pixelHeight: Int32

  /// Two textures of `width` × `height` pixels for `renderer`; nil when it cannot draw into
  /// textures.
  init?(renderer: Renderer, width: Int32, height: Int32) {
    guard width > 0, height > 0, SDL_RenderTargetSupported(renderer.handle) == SDL_TRUE else {
      return nil
    }
    func make() -> OpaquePointer? {
      let texture = SDL_CreateTexture(
        renderer.handle, renderer.opaqueFormat, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width,
        height)
      if let texture { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) }
      return texture
    }
    guard let first = make() else { return nil }
    guard let second = make() else {
      SDL_DestroyTexture(first)
      return nil
    }
    self.renderer = renderer
    shown = first
    next = second
    pixelWidth = width
    pixelHeight = height
  }

  isolated deinit {
    SDL_DestroyTexture(shown)
    SDL_DestroyTexture(next)
  }

  /// After drawing into ``next``: it is the one shown now.
  func swap() {
    (shown, next) = (next, shown)
  }
}
