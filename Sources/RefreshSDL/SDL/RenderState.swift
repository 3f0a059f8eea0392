import CSDL2

/// What an `SDL_Renderer` is set to draw with, read so that it can be put back: the list draws
/// with a host's renderer between the host's own drawing.
struct _RenderState {
  var target: OpaquePointer?
  var scale: (x: Float, y: Float)
  var viewport: SDL_Rect
  var clip: SDL_Rect?
  var color: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)
  var blendMode: SDL_BlendMode

  init(of renderer: OpaquePointer) {
    target = SDL_GetRenderTarget(renderer)
    var x: Float = 1
    var y: Float = 1
    SDL_RenderGetScale(renderer, &x, &y)
    scale = (x, y)
    viewport = SDL_Rect()
    SDL_RenderGetViewport(renderer, &viewport)
    var clipRect = SDL_Rect()
    SDL_RenderGetClipRect(renderer, &clipRect)
    clip = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE ? clipRect : nil
    var red: UInt8 = 0
    var green: UInt8 = 0
    var blue: UInt8 = 0
    var alpha: UInt8 = 0
    SDL_GetRenderDrawColor(renderer, &red, &green, &blue, &alpha)
    color = (red, green, blue, alpha)
    var mode = SDL_BLENDMODE_NONE
    SDL_GetRenderDrawBlendMode(renderer, &mode)
    blendMode = mode
  }

  /// Sets back what differs now; the target first, since it carries its own viewport, and the
  /// scale before the viewport and clip, which SDL reads in scaled points.
  func restore(on renderer: OpaquePointer) {
    let now = _RenderState(of: renderer)
    if now.target != target { SDL_SetRenderTarget(renderer, target) }
    if now.scale != scale { SDL_RenderSetScale(renderer, scale.x, scale.y) }
    let after = _RenderState(of: renderer)
    if !after.viewport._equals(viewport) {
      var rect = viewport
      SDL_RenderSetViewport(renderer, &rect)
    }
    if let clip {
      var rect = clip
      SDL_RenderSetClipRect(renderer, &rect)
    } else if after.clip != nil {
      SDL_RenderSetClipRect(renderer, nil)
    }
    SDL_SetRenderDrawColor(renderer, color.red, color.green, color.blue, color.alpha)
    SDL_SetRenderDrawBlendMode(renderer, blendMode)
  }
}

extension SDL_Rect {
  func _equals(_ other: SDL_Rect) -> Bool {
    x == other.x && y == other.y && w == other.w && h == other.h
  }
}
