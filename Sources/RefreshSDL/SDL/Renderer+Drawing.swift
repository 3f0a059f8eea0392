import CSDL2

extension Renderer {
  /// Limits drawing to `rect` (points), or lifts the limit with nil.
  public func setClip(_ rect: Rect?) {
    var limited = _clipLimit
    if let rect { limited = _clipLimit?.intersection(rect) ?? rect }
    guard let rect = limited else {
      _clipPixels = nil
      SDL_RenderSetClipRect(handle, nil)
      return
    }
    guard rect.width > 0, rect.height > 0 else {
      // SDL reads an empty clip as none: one pixel off the output clips everything instead.
      var nowhere = SDL_Rect(x: -2, y: -2, w: 1, h: 1)
      SDL_RenderSetClipRect(handle, &nowhere)
      _clipPixels = SDL_Rect(x: -2, y: -2, w: 1, h: 1)
      return
    }
    // Clip rectangles are whole points; grow outward so nothing inside is cut.
    let left = rect.x.rounded(.down)
    let top = rect.y.rounded(.down)
    var clip = SDL_Rect(
      x: Int32(left), y: Int32(top), w: Int32((rect.maxX - left).rounded(.up)),
      h: Int32((rect.maxY - top).rounded(.up)))
    SDL_RenderSetClipRect(handle, &clip)
    // As SDL turns it into pixels (floor of the origin, ceiling of the size).
    _clipPixels = SDL_Rect(
      x: Int32((Double(clip.x) * scale).rounded(.down)),
      y: Int32((Double(clip.y) * scale).rounded(.down)),
      w: Int32((Double(clip.w) * scale).rounded(.up)),
      h: Int32((Double(clip.h) * scale).rounded(.up)))
  }

  /// Fills `rect` with `color`, blending by its alpha.
  public func fill(_ rect: Rect, color: Color) {
    guard rect.width > 0, rect.height > 0 else { return }
    if color.alpha == 255, _fillDirectly(rect, color: color) { return }
    SDL_SetRenderDrawColor(handle, color.red, color.green, color.blue, color.alpha)
    var frame = SDL_FRect(
      x: Float(rect.x), y: Float(rect.y), w: Float(rect.width), h: Float(rect.height))
    // An opaque fill needs no blending; the software renderer then fills at memset speed
    // instead of blending every pixel.
    if color.alpha == 255 { SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_NONE) }
    SDL_RenderFillRectF(handle, &frame)
    if color.alpha == 255 { SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND) }
  }

  /// Draws `texture` stretched into `rect`, its pixels multiplied by `tint`.
  public func draw(_ texture: Texture, in rect: Rect, tint: Color = Color(rgb: 0xFFFFFF)) {
    if texture.isOpaque, tint == Color(rgb: 0xFFFFFF), _copyDirectly(texture, in: rect) { return }
    SDL_SetTextureColorMod(texture.handle, tint.red, tint.green, tint.blue)
    SDL_SetTextureAlphaMod(texture.handle, tint.alpha)
    var frame = SDL_FRect(
      x: Float(rect.x), y: Float(rect.y), w: Float(rect.width), h: Float(rect.height))
    SDL_RenderCopyF(handle, texture.handle, nil, &frame)
  }

  /// Draws the anti-aliased shapes collected in `batch`.
  package func draw(_ batch: ShapeBatch) throws(SDLError) {
    guard !batch.indices.isEmpty else { return }
    let code = batch.vertices.withUnsafeBufferPointer { vertices in
      batch.indices.withUnsafeBufferPointer { indices in
        SDL_RenderGeometry(
          handle, nil, vertices.baseAddress, Int32(vertices.count), indices.baseAddress,
          Int32(indices.count))
      }
    }
    try _SDLCall.check(code, "SDL_RenderGeometry")
  }

  /// `value` (points) moved to the nearest pixel boundary, so text lands crisply. Halves go
  /// down wherever they are (not away from zero), so content moved by whole pixels snaps to the
  /// same pixels moved: a frame may move what the last one drew instead of drawing it again.
  public func snapped(_ value: Double) -> Double {
    (value * scale + 0.5).rounded(.down) / scale
  }
}
