import CSDL2
import CSDL2TTF

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
  /// `background`, as a texture in the renderer's own opaque format: drawing it is then a
  /// plain copy, with no per-pixel blending at all. Each run of glyphs is blended straight into
  /// the texture's pixels, with no line or block surface between (a row coming into view
  /// made four surfaces and five passes over its pixels).
  static func _renderBlock(
    _ lines: [TextLine], background: Color, renderer: Renderer
  ) throws(SDLError) -> Texture {
    var rendered: [[_RenderedRun]] = []
    defer { for line in rendered { for run in line { SDL_FreeSurface(run.surface) } } }
    for line in lines {
      rendered.append(line.text.isEmpty ? [] : try line.font._renderRuns(line.text, color: line.color))
    }
    let widths = rendered.map { $0.reduce(Int32(0)) { $0 + $1.surface.pointee.w } }
    let width = max(1, widths.max() ?? 0)
    let height = lines.reduce(Int32(0)) { $0 + $1.font._pixelHeight }
    return try Texture(
      renderer: renderer, width: width, height: max(1, height), opaque: true
    ) { (block) throws(SDLError) in
      // Filled row by row with ordinary stores: SDL_FillRect streams past the cache, and the
      // runs blended next read the fill straight back.
      let fill = SDL_MapRGB(block.pointee.format, background.red, background.green, background.blue)
      if let pixels = block.pointee.pixels {
        let pitch = Int(block.pointee.pitch)
        for row in 0..<Int(block.pointee.h) {
          (pixels + row * pitch).bindMemory(to: UInt32.self, capacity: Int(block.pointee.w))
            .update(repeating: fill, count: Int(block.pointee.w))
        }
      }
      var y: Int32 = 0
      for (line, runs) in zip(lines, rendered) {
        let font = line.font
        var x: Int32 = 0
        for run in runs {
          // Where the line's own surface would have held it: on the shared baseline, cut at
          // the line's box.
          let top = font._ascent - TTF_FontAscent(run.face)
          var source = SDL_Rect(
            x: 0, y: 0, w: run.surface.pointee.w,
            h: min(run.surface.pointee.h, font._pixelHeight - top))
          var place = SDL_Rect(x: x, y: y + top, w: source.w, h: source.h)
          SDL_SetSurfaceBlendMode(run.surface, SDL_BLENDMODE_BLEND)
          if source.h > 0, SDL_UpperBlit(run.surface, &source, block, &place) < 0 {
            throw SDLError.callFailed(call: "SDL_BlitSurface", reason: _SDLCall.lastError())
          }
          x += run.surface.pointee.w
        }
        y += font._pixelHeight
      }
    }
  }
}
