import RefreshSDL

/// A font opened the first time something is drawn or measured with it.
///
/// The studio panel and the keys overlay stay hidden until a key shows them, yet their fonts
/// were opened with the window: nine FreeType faces, about 85 kB of tables and caches each, in
/// the memory of every window that never shows them.
@MainActor
final class FontOnFirstUse {
  private let open: () throws(SDLError) -> Font
  private var opened: Font?

  init(_ open: @escaping () throws(SDLError) -> Font) {
    self.open = open
  }

  /// The font of `files` at `pointSize`, as `Font(session:files:pointSize:scale:bold:)` opens it.
  convenience init(
    session: SDLSession, files: FontFiles, pointSize: Double, scale: Double, bold: Bool = false
  ) {
    self.init { () throws(SDLError) -> Font in
      try Font(session: session, files: files, pointSize: pointSize, scale: scale, bold: bold)
    }
  }

  /// The font, opened now if it was not yet.
  var font: Font {
    get throws(SDLError) {
      if let opened { return opened }
      let font = try open()
      opened = font
      return font
    }
  }
}
