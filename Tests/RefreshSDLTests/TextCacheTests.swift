import RefreshCore
import RefreshSDL
import Testing

@Suite(.serialized)
@MainActor
struct TextCacheTests {
  @Test func aMillionRowsCostWhatAHundredDo() throws {
    let canvas = try TestCanvas(width: 320, height: 600)
    let visible = canvas.table.visibleRows(offset: 12_345_678, height: 600, rowCount: 1_000_000)
    #expect(visible.count <= Int(600 / 44) + 2)
    #expect(visible.lowerBound == Int(12_345_678 / 44.0))

    var snapshot = canvas.snapshot(rowCount: 1_000_000)
    snapshot.indicatorOpacity = 1
    var most = 0
    for frame in 0..<120 {
      snapshot.offset = Double(frame) * 997.3
      _ = try canvas.render(snapshot, rowCount: 1_000_000)
      most = max(most, canvas.table.textCache.count)
    }
    // One text block per visible row plus the bars' labels, plus the cache's slack.
    let bound = visible.count + 1 + 4 + canvas.table.textCache.slack
    #expect(most <= bound, "at most \(bound) textures, saw \(most)")
  }

  @Test(arguments: [11.0, -11.0])
  func steadyScrollingRendersOnlyTheRowsComingIntoView(step: Double) throws {
    let canvas = try TestCanvas(width: 320, height: 600)
    var snapshot = canvas.snapshot(rowCount: 1_000)
    snapshot.offset = 100 * 44
    _ = try canvas.render(snapshot, rowCount: 1_000)
    let before = canvas.table.textCache.renderCount
    // 200 frames of a quarter row each: 50 rows come into view, one text block apiece. Scrolling
    // up, each frame's first text is a new one: the cache must not evict the rest of the
    // frame's rows to make room for it.
    for _ in 0..<200 {
      snapshot.offset += step
      _ = try canvas.render(snapshot, rowCount: 1_000)
    }
    let rendered = canvas.table.textCache.renderCount - before
    #expect(rendered <= 50 + 2, "rendered \(rendered) texts for 50 new rows")
    #expect(rendered >= 50 - 2)
  }

  /// Rows that draw three texts each keep all three cached while they are on screen, though
  /// frames of changes draw only the strip that came into view (and so ask for few texts): a
  /// whole frame drawn again where the list stopped renders nothing new. Counting the rows
  /// rather than their texts, the cache kept a third of them and rendered the rest again.
  @Test func theTextsOfRowsOnScreenOutliveFramesOfChanges() throws {
    let canvas = try TestCanvas(width: 320, height: 600)
    canvas.table.rowRenderer = ThreeTextRows()
    var snapshot = canvas.snapshot(rowCount: 1_000)
    snapshot.offset = 100 * 44
    _ = try canvas.render(snapshot, rowCount: 1_000)
    for _ in 0..<40 {
      snapshot.offset += 5
      try #require(try canvas.renderChanges(snapshot, rowCount: 1_000), "drew a whole frame")
    }
    let renders = canvas.table.textCache.renderCount
    _ = try canvas.render(snapshot, rowCount: 1_000)
    let again = canvas.table.textCache.renderCount - renders
    #expect(again == 0, "the whole frame rendered \(again) texts of rows that never left")
  }

  @Test func unchangedFramesRenderNoNewText() throws {
    let canvas = try TestCanvas()
    let snapshot = canvas.snapshot()
    _ = try canvas.render(snapshot, lastUpdated: "Last updated: never")
    let count = canvas.table.textCache.count
    let used = canvas.table.textCache.usedThisFrame
    let renders = canvas.table.textCache.renderCount
    _ = try canvas.render(snapshot, lastUpdated: "Last updated: never")
    #expect(canvas.table.textCache.renderCount == renders)
    #expect(canvas.table.textCache.count == count)
    #expect(canvas.table.textCache.usedThisFrame == used)
  }

  @Test func leastRecentlyUsedTextIsEvictedFirst() throws {
    let canvas = try TestCanvas()
    let cache = TextCache(renderer: canvas.renderer, slack: 1, limit: 100)
    let font = try Font(session: canvas.session, files: try FontLocator.locate(), pointSize: 12)
    try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0))
    let kept = try #require(try cache.item(for: "kept", font: font))
    _ = try cache.item(for: "old", font: font)
    try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0))
    _ = try cache.item(for: "kept", font: font)
    try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0))
    // The last frame used one text; with slack 1 two survive: "kept" and the newest.
    _ = try cache.item(for: "new", font: font)
    #expect(cache.count == 3 || cache.count == 2)
    let again = try #require(try cache.item(for: "kept", font: font))
    #expect(again.texture === kept.texture, "recently used text was not re-rendered")
    try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0))
    _ = try cache.item(for: "probe", font: font)
    #expect(cache.count <= 2 + 1 + 1)
  }

  @Test func hardLimitHoldsWithoutFrames() throws {
    let canvas = try TestCanvas()
    let cache = TextCache(renderer: canvas.renderer, slack: 0, limit: 8)
    let font = try Font(session: canvas.session, files: try FontLocator.locate(), pointSize: 12)
    for index in 0..<50 { _ = try cache.item(for: "text \(index)", font: font) }
    #expect(cache.count == 8)
    #expect(try cache.item(for: "", font: font) == nil)
  }

  /// The cache knows a font by what it draws (files, size, style), not by the object's address:
  /// a font freed and another opened in its place can never be handed the old one's texture,
  /// and a font opened again finds its text already rendered.
  @Test func aFontIsKnownByWhatItDrawsNotWhereItLives() throws {
    let canvas = try TestCanvas()
    let cache = TextCache(renderer: canvas.renderer, slack: 8, limit: 100)
    let files = try FontLocator.locate()
    let first = try #require(
      try cache.item(for: "same", font: try Font(session: canvas.session, files: files, pointSize: 12)))
    let large = try Font(session: canvas.session, files: files, pointSize: 30)
    let other = try #require(try cache.item(for: "same", font: large))
    #expect(other.height > first.height)
    let reopened = try Font(session: canvas.session, files: files, pointSize: 12)
    let again = try #require(try cache.item(for: "same", font: reopened))
    #expect(again.texture === first.texture)
  }

  /// Texts are kept by their bytes: "é" written as one character and as "e" with a combining
  /// accent are equal Swift strings, but shaped from different code points (and not always to
  /// the same pixels), so each is rendered from its own.
  @Test func canonicallyEqualSpellingsAreRenderedEachFromItsOwnBytes() throws {
    let canvas = try TestCanvas()
    let cache = TextCache(renderer: canvas.renderer, slack: 8, limit: 100)
    let font = try Font(session: canvas.session, files: try FontLocator.locate(), pointSize: 14)
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    #expect(composed == decomposed, "Swift calls them equal")
    let first = try #require(try cache.item(for: composed, font: font))
    let second = try #require(try cache.item(for: decomposed, font: font))
    #expect(first.texture !== second.texture)
    #expect(cache.renderCount == 2)
    let again = try #require(try cache.item(for: "caf\u{E9}", font: font))
    #expect(again.texture === first.texture, "the same bytes find the same texture")
    #expect(cache.renderCount == 2)
  }
}

/// Rows that draw a title, a line under it and a badge: three texts a row.
@MainActor
final class ThreeTextRows: RowRenderer {
  func height(ofRow row: Int, rows: any TableDataSource, width: Double, canvas: RefreshCanvas)
    -> Double?
  { nil }

  func drawRow(_ frame: RowFrame, rows: any TableDataSource, in canvas: RefreshCanvas)
    throws(SDLError)
  {
    let ink = Color(rgb: 0x202020)
    let texts = [
      try canvas.text("Row \(frame.row)", .title, color: ink),
      try canvas.text("line \(frame.row * 7)", .subtitle, color: ink),
      try canvas.text("#\(frame.row % 97)", .label, color: ink),
    ]
    for (index, text) in texts.enumerated() {
      guard let text else { continue }
      try canvas.draw(text, at: Point(x: frame.rect.x + 10 + Double(index) * 90, y: frame.rect.y + 12))
    }
  }
}
