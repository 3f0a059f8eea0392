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
}
