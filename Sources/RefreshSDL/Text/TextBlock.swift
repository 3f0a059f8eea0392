import CSDL2

/// One line of a text block: what it says, in which font and colour.
@MainActor
public struct TextLine {
  /// The text; an empty line keeps its height and draws nothing.
  public var text: String
  /// The font it is set in.
  public var font: Font
  /// Its ink (opaque).
  public var color: Color

  /// A line of `text` in `font` and `color`.
  public init(_ text: String, font: Font, color: Color) {
    self.text = text
    self.font = font
    self.color = color
  }
}

extension Font {
  /// `lines` stacked top to bottom, each `lineHeight` tall, already blended onto an opaque
  /// `background`, in the renderer's own pixel format (`format`): drawing it is then a plain
  /// copy, with no per-pixel blending at all. The caller frees the surface.
  static func _renderBlock(
    _ lines: [TextLine], background: Color, format: UInt32
  ) throws(SDLError) -> UnsafeMutablePointer<SDL_Surface> {
    var rendered: [(surface: UnsafeMutablePointer<SDL_Surface>?, height: Int32)] = []
    defer { for line in rendered { if let surface = line.surface { SDL_FreeSurface(surface) } } }
    for line in lines {
      let surface = line.text.isEmpty ? nil : try line.font._render(line.text, color: line.color)
      rendered.append((surface, line.font._pixelHeight))
    }
    let width = rendered.reduce(Int32(1)) { max($0, $1.surface?.pointee.w ?? 0) }
    let height = rendered.reduce(Int32(0)) { $0 + $1.height }
    let block = try _SDLCall.unwrap(
      SDL_CreateRGBSurfaceWithFormat(0, width, max(1, height), 32, format),
      "SDL_CreateRGBSurfaceWithFormat")
    let fill = SDL_MapRGB(block.pointee.format, background.red, background.green, background.blue)
    SDL_FillRect(block, nil, fill)
    var y: Int32 = 0
    for line in rendered {
      if let surface = line.surface {
        SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_BLEND)
        var place = SDL_Rect(x: 0, y: y, w: surface.pointee.w, h: surface.pointee.h)
        if csdl_blit_surface(surface, block, &place) < 0 {
          let error = SDLError.callFailed(call: "SDL_BlitSurface", reason: _SDLCall.lastError())
          SDL_FreeSurface(block)
          throw error
        }
      }
      y += line.height
    }
    return block
  }
}
