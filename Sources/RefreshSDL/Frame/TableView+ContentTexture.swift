import CSDL2
import RefreshCore

extension TableView {
  /// Draws the table into its content texture, as only what changed since the texture was
  /// last drawn (its pixels moved with the content into the other texture first), then copies
  /// the texture into `rect`. False, with nothing drawn, when `rect` is not on whole pixels or
  /// the renderer cannot draw into textures: the caller then draws the frame directly.
  func _drawKeepingTexture(
    _ snapshot: RefreshSnapshot, rows: _Rows, lastUpdated: String, in rect: Rect,
    scrollbar: ScrollbarState
  ) throws(SDLError) -> Bool {
    guard let pixelRect = _pixelRect(rect),
      let textures = _textures(for: rect, width: pixelRect.w, height: pixelRect.h)
    else { return false }
    let local = Rect(x: 0, y: 0, width: rect.width, height: rect.height)
    let drawn = _DrawnTable(
      self, snapshot, rect: local, rows: rows, lastUpdated: lastUpdated, scrollbar: scrollbar)
    let handle = renderer.handle
    let saved = _RenderState(of: handle)
    let savedClip = renderer._clipPixels
    try _SDLCall.check(SDL_SetRenderTarget(handle, textures.next), "SDL_SetRenderTarget")
    renderer._drawsIntoTexture = true
    defer {
      renderer._drawsIntoTexture = false
      saved.restore(on: handle)
      renderer._clipPixels = savedClip
    }
    var regions = [local]
    if let last = textures.drawn {
      let whole = SDL_Rect(x: 0, y: 0, w: pixelRect.w, h: pixelRect.h)
      regions = _regionsToDraw(drawn, after: last, in: whole) { down in
        _copy(textures.shown, down: down, size: whole)
      }
    }
    SDL_RenderSetScale(handle, Float(renderer.scale), Float(renderer.scale))
    renderer.setClip(nil)
    _keepTextWidths(for: drawn.layout)
    for region in regions {
      try _draw(
        snapshot, rows: rows, lastUpdated: lastUpdated, in: local, region: region,
        scrollbar: scrollbar)
    }
    renderer.flush()
    textures.swap()
    textures.drawn = drawn
    // Back on the host's target, at its state, the texture goes into the frame.
    renderer._drawsIntoTexture = false
    saved.restore(on: handle)
    var destination = SDL_Rect(x: pixelRect.x, y: pixelRect.y, w: pixelRect.w, h: pixelRect.h)
    SDL_RenderSetScale(handle, 1, 1)
    SDL_RenderSetClipRect(handle, nil)
    SDL_RenderCopy(handle, textures.shown, nil, &destination)
    renderer.frameCost.pixelsCopied += Int(pixelRect.w) * Int(pixelRect.h)
    renderer.noteChanged(pixelRect)
    return true
  }

  /// Copies `source` whole into the current target moved down by `down` pixels, at a scale of
  /// one (the caller sets its own back).
  private func _copy(_ source: OpaquePointer, down: Int, size: SDL_Rect) -> Bool {
    let handle = renderer.handle
    SDL_RenderSetScale(handle, 1, 1)
    SDL_RenderSetClipRect(handle, nil)
    var destination = SDL_Rect(x: 0, y: Int32(down), w: size.w, h: size.h)
    guard SDL_RenderCopy(handle, source, nil, &destination) == 0 else { return false }
    renderer.frameCost.pixelsCopied += Int(size.w) * Int(size.h - Int32(abs(down)))
    return true
  }

  /// The textures of the table in `rect`, made (or remade at a new size) when needed; nil when
  /// the renderer cannot draw into textures.
  private func _textures(for rect: Rect, width: Int32, height: Int32) -> _ContentTextures? {
    if let index = _contentTextures.firstIndex(where: { $0.rect == rect }) {
      let textures = _contentTextures[index].textures
      if textures.pixelWidth == width && textures.pixelHeight == height { return textures }
      _contentTextures.remove(at: index)
    }
    guard let textures = _ContentTextures(renderer: renderer, width: width, height: height)
    else { return nil }
    // A few tables at most (a comparison draws two); older rectangles are let go.
    if _contentTextures.count >= 4 { _contentTextures.removeFirst() }
    _contentTextures.append((rect, textures))
    return textures
  }
}
