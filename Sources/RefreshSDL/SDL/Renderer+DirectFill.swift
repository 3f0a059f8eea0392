import CSDL2

extension Renderer {
  /// Fills smaller than this many pixels stay with SDL: not worth a flush of its queue.
  static let _directFillMinimumPixels = 4096

  /// Fills `rect` with opaque `color` by writing the software renderer's pixels directly;
  /// false (and nothing drawn) when this renderer is not the software one.
  ///
  /// SDL's software fill uses non-temporal stores, which bypass the cache: here that costs
  /// several times an ordinary store loop, and the frame is read again right away (text is
  /// copied over it, then it is shown). The row band and the background are most of a frame's
  /// pixels, so they come here. The pixels match SDL's own fill exactly: the same rectangle
  /// (origin and size scaled and truncated separately, as SDL's software renderer does), the
  /// same clip, the same colour.
  func _fillDirectly(_ rect: Rect, color: Color) -> Bool {
    guard let surface = _softwarePixels(), surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0,
      let pixels = surface.pointee.pixels, surface.pointee.format.pointee.BytesPerPixel == 4
    else { return false }
    let factor = Float(scale)
    let x = Int(Float(rect.x) * factor)
    let y = Int(Float(rect.y) * factor)
    let width = max(Int(Float(rect.width) * factor), 1)
    let height = max(Int(Float(rect.height) * factor), 1)
    let (left, top, right, bottom) = _clipped(x, y, width, height, to: surface)
    guard right > left, bottom > top else { return true }
    guard (right - left) * (bottom - top) >= Self._directFillMinimumPixels else { return false }
    // What is queued must land first: it lies under this fill.
    SDL_RenderFlush(handle)
    let value = SDL_MapRGBA(surface.pointee.format, color.red, color.green, color.blue, 255)
    let stride = Int(surface.pointee.pitch) / 4
    let base = pixels.assumingMemoryBound(to: UInt32.self)
    let count = right - left
    // One row by hand, the rest copied from it: memcpy's wide stores beat a loop of 32-bit
    // ones, and the source row stays in the fastest cache.
    let first = base + top * stride + left
    first.update(repeating: value, count: count)
    for row in (top + 1)..<bottom {
      UnsafeMutableRawPointer(base + row * stride + left).copyMemory(
        from: first, byteCount: count * 4)
    }
    return true
  }

  /// Draws opaque `texture` at its own size into `rect` by copying its pixels into the software
  /// renderer's directly; false (and nothing drawn) when SDL must draw it: another renderer,
  /// another pixel format, or a size that scales it.
  ///
  /// SDL copies an opaque texture with non-temporal stores too (when both sides are 16-byte
  /// aligned), which here cost more than the copy itself; text blocks, a row's paragraphs on
  /// its fill, are most of what a new row draws. The pixels are SDL's own: the same place
  /// (origin and size scaled and truncated separately, as SDL's software renderer does), the
  /// same clip, the pixels copied unchanged.
  func _copyDirectly(_ texture: Texture, in rect: Rect) -> Bool {
    guard let source = texture._softwarePixels, let surface = _softwarePixels(),
      surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0, let pixels = surface.pointee.pixels,
      surface.pointee.format.pointee.format == source.format
    else { return false }
    let factor = Float(scale)
    let x = Int(Float(rect.x) * factor)
    let y = Int(Float(rect.y) * factor)
    guard Int(Float(rect.width) * factor) == texture.pixelWidth,
      Int(Float(rect.height) * factor) == texture.pixelHeight
    else { return false }
    let (left, top, right, bottom) = _clipped(
      x, y, texture.pixelWidth, texture.pixelHeight, to: surface)
    guard right > left, bottom > top else { return true }
    // What is queued must land first: it lies under this copy.
    SDL_RenderFlush(handle)
    let pitch = Int(surface.pointee.pitch)
    let bytes = (right - left) * 4
    for row in top..<bottom {
      (pixels + row * pitch + left * 4).copyMemory(
        from: source.address + (row - y) * source.pitch + (left - x) * 4, byteCount: bytes)
    }
    return true
  }

  /// The pixel box at `x`, `y`, `width` × `height` cut by `surface`'s bounds and the clip, as
  /// its left, top, right and bottom edges (empty when right ≤ left or bottom ≤ top).
  private func _clipped(
    _ x: Int, _ y: Int, _ width: Int, _ height: Int, to surface: UnsafeMutablePointer<SDL_Surface>
  ) -> (left: Int, top: Int, right: Int, bottom: Int) {
    var left = max(x, 0)
    var top = max(y, 0)
    var right = min(x + width, Int(surface.pointee.w))
    var bottom = min(y + height, Int(surface.pointee.h))
    if let clip = _clipPixels {
      left = max(left, Int(clip.x))
      top = max(top, Int(clip.y))
      right = min(right, Int(clip.x + clip.w))
      bottom = min(bottom, Int(clip.y + clip.h))
    }
    return (left, top, right, bottom)
  }

  /// The surface the software renderer draws into: the headless target, or the window's.
  func _softwarePixels() -> UnsafeMutablePointer<SDL_Surface>? {
    guard !_drawsIntoTexture else { return nil }
    if let target = _headlessTarget { return target }
    if let _serverPresenter { return _serverPresenter.surface }
    // A host's renderer may draw into a texture of its own: only SDL knows where pixels go.
    guard !isAdopted, !isAccelerated, name == "software", let window else { return nil }
    return SDL_GetWindowSurface(window.handle)
  }
}
