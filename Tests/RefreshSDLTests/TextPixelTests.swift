import RefreshCore
import RefreshSDL
import Testing

@Suite(.serialized)
@MainActor
struct TextPixelTests {
  /// `text` drawn alone in black on white, as pixels.
  func draw(_ text: String, font: Font, canvas: TestCanvas) throws -> PixelImage {
    try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0xFFFFFF))
    try canvas.table.textCache.draw(
      text, font: font, at: Point(x: 2, y: 2), color: Color(rgb: 0x000000))
    let image = try canvas.renderer.readPixels()
    canvas.renderer.present()
    return image
  }

  func labelFont(_ canvas: TestCanvas) throws -> Font {
    try Font(
      session: canvas.session, files: try FontLocator.locate(), pointSize: 16, bold: true)
  }

  @Test func everyLabelHasRealGlyphsInBothLanguages() throws {
    let canvas = try TestCanvas()
    let font = try labelFont(canvas)
    for key in LabelKey.allCases {
      for language in Language.allCases {
        let text = key.text(in: language)
        #expect(font.hasGlyphs(for: text), "\(key) in \(language): \(text)")
      }
    }
    for language in Language.allCases {
      #expect(font.hasGlyphs(for: LastUpdatedText.line(for: nil, in: language)))
    }
    #expect(!font.hasGlyph(for: "\u{0378}"), "an unassigned code point has no glyph")
  }

  @Test func chineseLabelDrawsGlyphsNotBoxes() throws {
    let canvas = try TestCanvas()
    let font = try labelFont(canvas)
    let glyphs = try "下拉刷新".map { try draw(String($0), font: font, canvas: canvas) }
    // Missing glyphs would all be the same box; real ones differ from each other.
    for first in glyphs.indices {
      for second in glyphs.indices where second > first {
        #expect(glyphs[first] != glyphs[second])
      }
    }
    let boxes = try draw("\u{0378}\u{0379}\u{0380}\u{0381}", font: font, canvas: canvas)
    let label = try draw("下拉刷新", font: font, canvas: canvas)
    #expect(label != boxes)
    #expect(label.pixels.contains { $0 & 0xFF_FFFF < 0x40_4040 }, "dark strokes were drawn")
  }

  @Test func mixedLatinAndChineseShareOneLine() throws {
    let canvas = try TestCanvas()
    let font = try labelFont(canvas)
    let item = try #require(try canvas.table.textCache.item(for: "最后更新：今天 10:32", font: font))
    #expect(item.height == font.lineHeight)
    let latin = try #require(try canvas.table.textCache.item(for: "10:32", font: font))
    #expect(item.width > latin.width * 2)
  }

  @Test func chineseHeaderDiffersFromEnglish() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot()
    snapshot.offset = -60
    let english = try canvas.render(snapshot, language: .english)
    let chinese = try canvas.render(snapshot, language: .chinese)
    let box = try #require(english.differenceBox(chinese))
    #expect(box.maxY < 60, "only the header's label changes")
  }

  /// A block is drawn straight into its texture, each run of glyphs blended where the line's
  /// own surface would have held it: the same pixels as its lines drawn one by one on the
  /// background, for lines of two fonts and of Latin and Chinese runs (whose faces have
  /// different ascents and share one baseline).
  @Test func aBlockHasThePixelsOfItsLinesDrawnOneByOne() throws {
    let canvas = try TestCanvas(width: 320, height: 120)
    let files = try FontLocator.locate()
    let bold = try Font(session: canvas.session, files: files, pointSize: 17, bold: true)
    let plain = try Font(session: canvas.session, files: files, pointSize: 13)
    let background = Color(rgb: 0xF2F5F8)
    let ink = Color(rgb: 0x1B2631)
    let grey = Color(rgb: 0x6E7781)
    let lines = [
      TextLine("Ada 最后更新 Lovelace gjpqy", font: bold, color: ink),
      TextLine("下拉刷新 · pull to refresh 10:32", font: plain, color: grey),
      TextLine("", font: plain, color: grey),
      TextLine("Wrapped body, 第三行 line three", font: plain, color: ink),
    ]
    let cache = canvas.table.textCache
    try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0x000000))
    let block = try #require(
      try cache.block(lines[0], lines[1], background: background))
    canvas.renderer.draw(block.texture, in: Rect(x: 4, y: 4, width: block.width, height: block.height))
    let paragraph = try #require(
      try cache.paragraph(
        [lines[1].text, lines[2].text, lines[3].text], font: plain, color: grey,
        background: background))
    canvas.renderer.draw(
      paragraph.texture, in: Rect(x: 4, y: 60, width: paragraph.width, height: paragraph.height))
    let blocks = try canvas.renderer.readPixels()
    canvas.renderer.present()

    try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0x000000))
    func drawLines(_ lines: [TextLine], at y: Double, width: Double, height: Double) throws {
      canvas.renderer.fill(Rect(x: 4, y: y, width: width, height: height), color: background)
      var top = y
      for line in lines {
        if !line.text.isEmpty {
          try cache.draw(line.text, font: line.font, at: Point(x: 4, y: top), color: line.color)
        }
        top += line.font.lineHeight
      }
    }
    try drawLines(Array(lines[0...1]), at: 4, width: block.width, height: block.height)
    try drawLines(
      Array(lines[1...3]).map { TextLine($0.text, font: plain, color: grey) }, at: 60,
      width: paragraph.width, height: paragraph.height)
    let oneByOne = try canvas.renderer.readPixels()
    canvas.renderer.present()

    // Ink, not only the background: dark pixels that are not the black around the blocks.
    let inked = blocks.pixels.filter { $0 & 0xFF_FFFF != 0 && ($0 >> 16) & 0xFF < 0x40 }.count
    #expect(inked > 200, "the blocks show text (\(inked) dark pixels)")
    #expect(blocks.differenceBox(oneByOne) == nil, "a block's pixels differ from its lines'")
  }
}
