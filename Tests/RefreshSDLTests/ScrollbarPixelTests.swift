import RefreshCore
import RefreshSDL
import Testing

/// The overlay scrollbar and the selected row as drawn: the thumb widens under the pointer and
/// shows even when faded, and a selected row is tinted with its text on the tint.
@MainActor
@Suite(.serialized)
struct ScrollbarPixelTests {
  @Test func theThumbWidensUnderThePointerAndShowsEvenWhenFaded() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot(rowCount: 100)
    snapshot.offset = 1000
    snapshot.indicatorOpacity = 0
    let hidden = try canvas.render(snapshot, rowCount: 100)
    let hovered = try canvas.render(
      snapshot, rowCount: 100, scrollbar: ScrollbarState(isHovered: true))
    snapshot.indicatorOpacity = 1
    let thin = try canvas.render(snapshot, rowCount: 100)
    let thinBox = try #require(hidden.differenceBox(thin))
    let wideBox = try #require(hidden.differenceBox(hovered))
    #expect(thinBox.maxX - thinBox.minX + 1 == Int(Scrollbar.thinWidth))
    // The widened thumb lies on a faint track along the whole edge.
    #expect(wideBox.maxX - wideBox.minX + 1 > Int(Scrollbar.wideWidth))
    #expect(wideBox.minY == 0 && wideBox.maxY == 239)
    // Where the thin thumb is, the wide one is too.
    let bar = try #require(Scrollbar(snapshot, in: Rect(x: 0, y: 0, width: 320, height: 240)))
    let y = Int(bar.thumbTop + bar.thumbLength / 2)
    #expect(Int(hovered[320 - 5, y].red) < 180)
    #expect(Int(hovered[320 - 8, y].red) < 180, "wider than the thin line")
    #expect(Int(thin[320 - 8, y].red) > 240)
  }

  @Test func aSelectedRowIsTintedWithItsText() throws {
    let canvas = try TestCanvas()
    let snapshot = canvas.snapshot(rowCount: 30)
    let plain = try canvas.render(snapshot)
    let selected = try canvas.render(snapshot, selectedRow: 2)
    let box = try #require(plain.differenceBox(selected))
    // Row 2 spans 88..<132; only it changes.
    #expect(box.minY >= 88 && box.maxY < 132)
    #expect(selected[4, 110].isClose(to: TableStyle().selectedRowBackground, tolerance: 2))
    #expect(selected[4, 60].isClose(to: TableStyle().rowBackground, tolerance: 2))
    #expect(
      selected.inkCentroidY(minX: 16, minY: 88, maxX: 200, maxY: 131) != nil, "the text is drawn on the tint")
  }

  /// While the content moves under the thin indicator, a frame of changes draws the strip that
  /// came into view and the thumb where it was (carried by the moved pixels) and where it is,
  /// not the indicator's whole column; and its pixels are those of a whole frame.
  @Test func aMovingThinIndicatorIsDrawnAtItsThumbNotDownItsColumn() throws {
    let canvas = try TestCanvas(width: 320, height: 600)
    var snapshot = canvas.snapshot(rowCount: 1_000)
    snapshot.indicatorOpacity = 1
    snapshot.offset = 5_000
    _ = try canvas.render(snapshot, rowCount: 1_000)
    let bar = try #require(Scrollbar(snapshot, in: Rect(x: 0, y: 0, width: 320, height: 600)))
    let column = Int(2 * Scrollbar.margin + Scrollbar.wideWidth + 1)
    for _ in 0..<10 {
      snapshot.offset += 3
      try #require(try canvas.renderChanges(snapshot, rowCount: 1_000), "drew a whole frame")
      let drawn = canvas.renderer.frameCost.pixelsDrawn
      // The 3-pixel strip, and two thumbs' heights (with their slack) across the column.
      let bound = 320 * 3 + 2 * column * (Int(bar.thumbLength) + 6)
      #expect(drawn <= bound, "drew \(drawn) pixels, at most \(bound)")
      #expect(drawn < column * 600, "no more than the column down the list")
    }
    let changed = try canvas.renderer.readPixels()
    let whole = try canvas.render(snapshot, rowCount: 1_000)
    #expect(changed.differenceBox(whole) == nil)
  }
}
