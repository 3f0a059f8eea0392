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

    /// The size, density and style, and the files' names only by their lengths: a text cache
    /// hashes a font with every row it looks up, and the paths would be hashed in full (and
    /// normalised first) each time. Fonts that differ in their files alone are told apart by
    /// `==`, which compares the paths.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(pixels)
      hasher.combine(scale)
      hasher.combine(emboldenPrimary)
      hasher.combine(emboldenFallback)
      hasher.combine(path.utf8.count)
      hasher.combine(fallbackPath?.utf8.count)
    }
  }

  /// This font's identity for caches.
  public let id: ID
  let session: SDLSession
  let primary: OpaquePointer
  /// The fallback face, opened the first time a character the primary lacks is drawn,
  /// measured or asked about: a face on the CJK file holds about 230 kB of FreeType's tables,
  /// and a window of Latin text has over a dozen fonts that never need it.
  private var _fallback: OpaquePointer?
  private var _fallbackFile: _MappedFontFile?
  private let _fallbackPath: String?
  private let _emboldenFallback: Bool
  /// The size text is laid out at, points.
  public let pointSize: Double
  /// Pixels per point the glyphs were rasterised for.
  public let scale: Double
  /// The tallest ascent of the faces, pixels: the baseline of a line.
  let _ascent: Int32
  /// Height of a line, pixels.
  let _pixelHeight: Int32
  /// The file the primary face reads its glyphs from; released after the face closes.
  private let _primaryFile: _MappedFontFile
  /// Widths measured lately, pixels, by the text's bytes (see `width(of:)`).
  private var _widths: [_TextBytes: Int32] = [:]

  /// Opens `path` (and `fallbackPath`, if given) at `pointSize` points for a renderer of
  /// `scale` pixels per point. `emboldenPrimary` and `emboldenFallback` synthesise bold for
  /// faces that have no bold file of their own.
  public init(
    session: SDLSession, path: String, fallbackPath: String? = nil, pointSize: Double,
    scale: Double = 1, emboldenPrimary: Bool = false, emboldenFallback: Bool = false
  ) throws(SDLError) {
    let pixels = Int32(max(1, (pointSize * scale).rounded()))
    let primaryFile = try _MappedFontFile(path: path)
    let primary = try primaryFile.openFace(pixels: pixels, path: path)
    if emboldenPrimary { TTF_SetFontStyle(primary, TTF_STYLE_BOLD) }
    TTF_SetFontHinting(primary, TTF_HINTING_LIGHT)
    var ascent = TTF_FontAscent(primary)
    var descent = TTF_FontDescent(primary)
    if let fallbackPath {
      // The line's box is the taller of both faces, whether or not the fallback ever draws:
      // its metrics are read once per file, size and style, from a face closed at once.
      do throws(SDLError) {
        let metrics = try Self._metrics(path: fallbackPath, pixels: pixels, embolden: emboldenFallback)
        ascent = max(ascent, metrics.ascent)
        descent = min(descent, metrics.descent)
      } catch {
        TTF_CloseFont(primary)
        throw error
      }
    }
    _primaryFile = primaryFile
    _fallbackPath = fallbackPath
    _emboldenFallback = emboldenFallback
    id = ID(
      path: path, fallbackPath: fallbackPath, pixels: pixels, scale: scale,
      emboldenPrimary: emboldenPrimary, emboldenFallback: emboldenFallback)
    self.session = session
    self.primary = primary
    self.pointSize = pointSize
    self.scale = scale
    _ascent = ascent
    _pixelHeight = max(1, ascent - descent)
  }

  /// A face's ascent and descent, pixels, by file, size and style.
  private struct _MetricsKey: Hashable {
    var path: String
    var pixels: Int32
    var embolden: Bool
  }

  private static var _metricsRead: [_MetricsKey: (ascent: Int32, descent: Int32)] = [:]

  /// The ascent and descent of `path`'s face at `pixels`, as a face opened as the fallback
  /// would be has them; read from a face opened and closed here, once per key.
  private static func _metrics(
    path: String, pixels: Int32, embolden: Bool
  ) throws(SDLError) -> (ascent: Int32, descent: Int32) {
    let key = _MetricsKey(path: path, pixels: pixels, embolden: embolden)
    if let known = _metricsRead[key] { return known }
    let face = try _openFallback(path: path, pixels: pixels, embolden: embolden).face
    let metrics = (ascent: TTF_FontAscent(face), descent: TTF_FontDescent(face))
    TTF_CloseFont(face)
    _metricsRead[key] = metrics
    return metrics
  }

  /// A fallback face on `path` at `pixels`, styled as every face of a font is.
  private static func _openFallback(
    path: String, pixels: Int32, embolden: Bool
  ) throws(SDLError) -> (face: OpaquePointer, file: _MappedFontFile) {
    let file = try _MappedFontFile(path: path)
    let face = try file.openFace(pixels: pixels, path: path)
    if embolden { TTF_SetFontStyle(face, TTF_STYLE_BOLD) }
    TTF_SetFontHinting(face, TTF_HINTING_LIGHT)
    return (face, file)
  }

  /// The fallback face, opened now if it was not yet; nil without a fallback file, or when
  /// it cannot be opened again (it opened once for its metrics, so only a file removed or
  /// changed since then fails, and its characters draw as the primary's box).
  private var _fallbackFace: OpaquePointer? {
    if let _fallback { return _fallback }
    guard let _fallbackPath else { return nil }
    guard
      let opened = try? Self._openFallback(
        path: _fallbackPath, pixels: id.pixels, embolden: _emboldenFallback)
    else { return nil }
    _fallback = opened.face
    _fallbackFile = opened.file
    return opened.face
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
    if let _fallback { TTF_CloseFont(_fallback) }
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
    if let fallback = _fallbackFace, TTF_GlyphIsProvided32(fallback, scalar.value) != 0 {
      return fallback
    }
    return nil
  }

  /// How wide `text` is drawn, points (the runs of each face added up, as it is rendered).
  public func width(of text: String) -> Double {
    let key = _TextBytes(text: text)
    if let kept = _widths[key] { return Double(kept) / scale }
    var total: Int32 = 0
    for run in _runs(text) {
      var w: Int32 = 0
      var h: Int32 = 0
      if TTF_SizeUTF8(run.face, run.text, &w, &h) == 0 { total += w }
    }
    if _widths.count >= Self._widthsKept { _widths.removeAll(keepingCapacity: true) }
    _widths[key] = total
    return Double(total) / scale
  }

  /// How many measured widths a font keeps: wrapping measures every word of every row that
  /// comes into view (each a shaping pass through HarfBuzz), and a feed's words repeat.
  static let _widthsKept = 4096

  /// `text` split into runs by which face draws each character.
  private func _runs(_ text: String) -> [(face: OpaquePointer, text: String)] {
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
    return runs
  }

  /// `text` broken into lines at most `width` points wide: at spaces, after any CJK character
  /// (which needs no space to break), and inside a word only when the word alone is wider.
  /// Breaks in the text (`\n`) are kept; spaces at a break are dropped.
  public func wrap(_ text: String, width: Double) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += _wrapParagraph(String(paragraph), width: width)
    }
    return lines
  }

  private func _wrapParagraph(_ text: String, width: Double) -> [String] {
    // Pieces a line may break after: a word with the spaces that follow it, or one CJK character.
    var pieces: [String] = []
    var current = ""
    for character in text {
      let isWide = (character.unicodeScalars.first?.value ?? 0) >= 0x2E80
      if isWide {
        if !current.isEmpty { pieces.append(current) }
        pieces.append(String(character))
        current = ""
      } else if character == " " {
        current.append(character)
      } else {
        if current.last == " " {
          pieces.append(current)
          current = ""
        }
        current.append(character)
      }
    }
    if !current.isEmpty { pieces.append(current) }
    var lines: [String] = []
    var line = ""
    // Each piece is measured once, with and without its trailing spaces: a line's width is the
    // sum of its pieces (kerning across a space is nothing), not a measure of the line again
    // for every word added.
    var lineWidth = 0.0
    for piece in pieces {
      let full = self.width(of: piece)
      let trimmed = piece.last == " " ? self.width(of: piece.trimmingTrailingSpaces) : full
      if line.isEmpty || lineWidth + trimmed <= width {
        line += piece
        lineWidth += full
      } else {
        lines.append(line.trimmingTrailingSpaces)
        line = piece
        lineWidth = full
      }
      // A word wider than the line alone is broken where it must be.
      if line == piece && trimmed > width {
        while self.width(of: line.trimmingTrailingSpaces) > width, line.count > 1 {
          var head = ""
          for character in line {
            if !head.isEmpty, self.width(of: head + String(character)) > width { break }
            head.append(character)
          }
          lines.append(head)
          line = String(line.dropFirst(head.count))
        }
        lineWidth = self.width(of: line)
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line.trimmingTrailingSpaces) }
    return lines
  }

  /// `text` rasterised in `color` (opaque) with anti-aliased alpha, every run on one baseline
  /// in a box `lineHeight` tall. The caller frees the surface.
  func _render(_ text: String, color: Color) throws(SDLError) -> UnsafeMutablePointer<SDL_Surface> {
    let rendered = try _renderRuns(text, color: color)
    defer { for run in rendered { SDL_FreeSurface(run.surface) } }
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

  /// `text`'s runs, each rasterised by its face in `color` (opaque) with anti-aliased alpha,
  /// left to right; the caller frees the surfaces.
  func _renderRuns(_ text: String, color: Color) throws(SDLError) -> [_RenderedRun] {
    var rendered: [_RenderedRun] = []
    let ink = SDL_Color(r: color.red, g: color.green, b: color.blue, a: 255)
    for run in _runs(text) {
      guard let surface = TTF_RenderUTF8_Blended(run.face, run.text, ink) else {
        for done in rendered { SDL_FreeSurface(done.surface) }
        throw SDLError.callFailed(call: "TTF_RenderUTF8_Blended", reason: _SDLCall.lastError())
      }
      rendered.append(_RenderedRun(surface: surface, face: run.face))
    }
    return rendered
  }

  /// Whether `face` can also draw `scalar` (spaces and punctuation shared by both faces), so a
  /// run need not be split for it.
  private func _sharesGlyph(_ scalar: Unicode.Scalar, _ face: OpaquePointer) -> Bool {
    scalar.properties.isWhitespace && TTF_GlyphIsProvided32(face, scalar.value) != 0
  }
}

/// One run of a line as SDL_ttf rasterised it, and the face that did.
struct _RenderedRun {
  var surface: UnsafeMutablePointer<SDL_Surface>
  var face: OpaquePointer
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
