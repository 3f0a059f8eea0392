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
}
