import CSDL2
import CSDL2TTF

/// A TrueType font at one size, rasterised at the renderer's pixel density so HiDPI text stays
/// sharp: glyphs are rendered at `pointSize × scale` pixels and drawn back at `pointSize`.
@MainActor
public final class Font {
  let session: SDLSession
  let handle: OpaquePointer
  /// The size text is laid out at, points.
  public let pointSize: Double
  /// Pixels per point the glyphs were rasterised for.
  public let scale: Double
  /// Whether the font is emboldened (synthesised when the file has no bold face).
  public let isBold: Bool

  /// Opens the font file at `path` at `pointSize` points for a renderer of `scale` pixels per
  /// point.
  public init(
    session: SDLSession, path: String, pointSize: Double, scale: Double = 1, bold: Bool = false
  ) throws(SDLError) {
    self.session = session
    self.pointSize = pointSize
    self.scale = scale
    self.isBold = bold
    let pixels = Int32(max(1, (pointSize * scale).rounded()))
    self.handle = try _SDLCall.unwrap(TTF_OpenFont(path, pixels), "TTF_OpenFont(\(path))")
    if bold { TTF_SetFontStyle(handle, TTF_STYLE_BOLD) }
    TTF_SetFontHinting(handle, TTF_HINTING_LIGHT)
  }

  isolated deinit {
    TTF_CloseFont(handle)
  }

  /// Distance from one baseline to the next, points.
  public var lineHeight: Double { Double(TTF_FontHeight(handle)) / scale }

  /// Whether the font has a real glyph for `scalar` (not the missing-glyph box).
  public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
    TTF_GlyphIsProvided32(handle, scalar.value) != 0
  }

  /// Whether every character of `text` has a real glyph.
  public func hasGlyphs(for text: String) -> Bool {
    text.unicodeScalars.allSatisfy { hasGlyph(for: $0) }
  }

  /// `text` rasterised in white with anti-aliased alpha; tinted when drawn. Caller frees it.
  func _renderWhite(_ text: String) throws(SDLError) -> UnsafeMutablePointer<SDL_Surface> {
    let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
    return try _SDLCall.unwrap(TTF_RenderUTF8_Blended(handle, text, white), "TTF_RenderUTF8_Blended")
  }
}
