import CSDL2
import CSDL2TTF

/// A font at one size: a primary face plus an optional fallback face for the characters the
/// primary lacks, rasterised at the renderer's pixel density so HiDPI text stays sharp (glyphs
/// are rendered at `pointSize × scale` pixels and drawn back at `pointSize`).
///
/// SDL_ttf 2 has no font fallback, so text is split into runs by which face has each glyph and
/// the runs are joined on a shared baseline.
@MainActor
public final class Font {
  /// What the font draws with: the same files, size, density and style draw the same pixels,
  /// so caches key text by this, never by the object's address (which a freed font hands on).
  public struct ID: Hashable, Sendable {
    let path: String
    let fallbackPath: String?
    let pixels: Int32
    /// Pixels per point: the same pixels at another density measure differently in points.
    let scale: Double
    let emboldenPrimary: Bool
    let emboldenFallback: Bool
  }

  /// This font's identity for caches.
  public let id: ID
  let session: SDLSession
  let primary: OpaquePointer
  let fallback: OpaquePointer?
  /// The size text is laid out at, points.
  public let pointSize: Double
  /// Pixels per point the glyphs were rasterised for.
  public let scale: Double
  private let _ascent: Int32
  /// Height of a line, pixels.
  let _pixelHeight: Int32

  /// Opens `path` (and `fallbackPath`, if given) at `pointSize` points for a renderer of
  /// `scale` pixels per point. `emboldenPrimary` and `emboldenFallback` synthesise bold for
  /// faces that have no bold file of their own.
  public init(
    session: SDLSession, path: String, fallbackPath: String? = nil, pointSize: Double,
    scale: Double = 1, emboldenPrimary: Bool = false, emboldenFallback: Bool = false
  ) throws(SDLError) {
    let pixels = Int32(max(1, (pointSize * scale).rounded()))
    let primary = try _SDLCall.unwrap(TTF_OpenFont(path, pixels), "TTF_OpenFont(\(path))")
    var fallback: OpaquePointer? = nil
    if let fallbackPath {
      guard let opened = TTF_OpenFont(fallbackPath, pixels) else {
        let error = SDLError.callFailed(
          call: "TTF_OpenFont(\(fallbackPath))", reason: _SDLCall.lastError())
        TTF_CloseFont(primary)
        throw error
      }
      fallback = opened
    }
    if emboldenPrimary { TTF_SetFontStyle(primary, TTF_STYLE_BOLD) }
    if emboldenFallback, let fallback { TTF_SetFontStyle(fallback, TTF_STYLE_BOLD) }
    for face in [primary, fallback].compactMap({ $0 }) {
      TTF_SetFontHinting(face, TTF_HINTING_LIGHT)
    }
    id = ID(
      path: path, fallbackPath: fallbackPath, pixels: pixels, scale: scale,
      emboldenPrimary: emboldenPrimary, emboldenFallback: emboldenFallback)
    self.session = session
    self.primary = primary
    self.fallback = fallback
    self.pointSize = pointSize
    self.scale = scale
    let faces = [primary, fallback].compactMap { $0 }
    let ascent = faces.map { TTF_FontAscent($0) }.max() ?? 0
    let descent = faces.map { TTF_FontDescent($0) }.min() ?? 0
    _ascent = ascent
    _pixelHeight = max(1, ascent - descent)
  }

  /// The bundled fonts at `pointSize`: DejaVu Sans (its real bold face when `bold`) with Droid
  /// Sans Fallback for CJK (emboldened when `bold`).
  public convenience init(
    session: SDLSession, files: FontFiles, pointSize: Double, scale: Double = 1,
    bold: Bool = false
  ) throws(SDLError) {
    try self.init(
      session: session, path: bold ? files.bold : files.regular, fallbackPath: files.fallback,
      pointSize: pointSize, scale: scale, emboldenFallback: bold)
  }

  isolated deinit {
    TTF_CloseFont(primary)
    if let fallback { TTF_CloseFont(fallback) }
  }

  /// Height of a line of text, points: the tallest ascent plus the deepest descent of the faces.
  public var lineHeight: Double { Double(_pixelHeight) / scale }

  /// Whether one of the faces has a real glyph for `scalar` (not the missing-glyph box).
  public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
    _face(for: scalar) != nil
  }

  /// Whether every character of `text` has a real glyph.
  public func hasGlyphs(for text: String) -> Bool {
    text.unicodeScalars.allSatisfy { hasGlyph(for: $0) }
  }

  /// The face that draws `scalar`: the primary when it can, else the fallback, else none.
  private func _face(for scalar: Unicode.Scalar) -> OpaquePointer? {
    if TTF_GlyphIsProvided32(primary, scalar.value) != 0 { return primary }
    if let fallback, TTF_GlyphIsProvided32(fallback, scalar.value) != 0 { return fallback }
    return nil
  }

  /// `text` rasterised in `color` (opaque) with anti-aliased alpha, every run on one baseline
  /// in a box `lineHeight` tall. The caller frees the surface.
  func _render(_ text: String, color: Color) throws(SDLError) -> UnsafeMutablePointer<SDL_Surface> {
    var runs: [(face: OpaquePointer, text: String)] = []
    for scalar in text.unicodeScalars {
      // Characters no face has stay with the current run (and draw as its box).
      let face = _face(for: scalar) ?? runs.last?.face ?? primary
      if let last = runs.last, last.face == face || _sharesGlyph(scalar, last.face) {
        runs[runs.count - 1].text.unicodeScalars.append(scalar)
      } else {
        runs.append((face, String(scalar)))
      }
    }
    var rendered: [(surface: UnsafeMutablePointer<SDL_Surface>, face: OpaquePointer)] = []
    defer { for run in rendered { SDL_FreeSurface(run.surface) } }
    let ink = SDL_Color(r: color.red, g: color.green, b: color.blue, a: 255)
    for run in runs {
      rendered.append(
        (
          try _SDLCall.unwrap(
            TTF_RenderUTF8_Blended(run.face, run.text, ink), "TTF_RenderUTF8_Blended"),
          run.face
        ))
    }
    let width = rendered.reduce(Int32(0)) { $0 + $1.surface.pointee.w }
    let line = try _SDLCall.unwrap(
      SDL_CreateRGBSurfaceWithFormat(
        0, max(1, width), _pixelHeight, 32,
        SDL_PIXELFORMAT_ARGB8888.rawValue),
      "SDL_CreateRGBSurfaceWithFormat")
    var x: Int32 = 0
    for run in rendered {
      // Copy, not blend: the run's alpha is the coverage the text texture needs.
      SDL_SetSurfaceBlendMode(run.surface, SDL_BLENDMODE_NONE)
      var place = SDL_Rect(
        x: x, y: _ascent - TTF_FontAscent(run.face), w: run.surface.pointee.w,
        h: run.surface.pointee.h)
      if csdl_blit_surface(run.surface, line, &place) < 0 {
        let error = SDLError.callFailed(call: "SDL_BlitSurface", reason: _SDLCall.lastError())
        SDL_FreeSurface(line)
        throw error
      }
      x += run.surface.pointee.w
    }
    return line
  }

  /// Whether `face` can also draw `scalar` (spaces and punctuation shared by both faces), so a
  /// run need not be split for it.
  private func _sharesGlyph(_ scalar: Unicode.Scalar, _ face: OpaquePointer) -> Bool {
    scalar.properties.isWhitespace && TTF_GlyphIsProvided32(face, scalar.value) != 0
  }
}
