import RefreshCore
import RefreshSDL
import Testing

@Suite(.serialized)
@MainActor
struct FooterPixelTests {
  let cyan = TableStyle().barColor

  /// Ten rows (440 pt) in a 240 pt viewport, scrolled so the 44 pt footer is fully in view.
  func pastTheEnd(_ canvas: TestCanvas) -> RefreshSnapshot {
    var snapshot = canvas.snapshot(rowCount: 10)
    snapshot.offset = 440 + 44 - 240
    return snapshot
  }

  @Test func footerShowsPastTheEnd() throws {
    let canvas = try TestCanvas()
    let image = try canvas.render(pastTheEnd(canvas), rowCount: 10)
    #expect(image.rowsMatching(cyan, column: 4) == 44)
    #expect(image.firstRow(matching: cyan, column: 4) == 240 - 44)

    var top = canvas.snapshot(rowCount: 10)
    top.offset = 0
    #expect(try canvas.render(top, rowCount: 10).rowsMatching(cyan, column: 4) == 0)
  }

  @Test func hiddenFooterIsNotDrawn() throws {
    let canvas = try TestCanvas()
    var snapshot = pastTheEnd(canvas)
    snapshot.footer = .hidden
    let image = try canvas.render(snapshot, rowCount: 10)
    #expect(image.rowsMatching(cyan, column: 4) == 0)
  }

  @Test func footerArrowTurnsAndSpinnerShowsWhileLoading() throws {
    let canvas = try TestCanvas()
    var snapshot = pastTheEnd(canvas)
    snapshot.footerLabel = .releaseToLoadMore
    snapshot.footerArrowAngle = 0
    let up = try canvas.render(snapshot, rowCount: 10)
    snapshot.footerArrowAngle = Double.pi
    let down = try canvas.render(snapshot, rowCount: 10)
    let box = try #require(up.differenceBox(down))
    #expect(box.minY >= 240 - 44, "only the footer changes")
    // The head, the heavier end, lies higher at 0 than at π, turned about the same centre.
    let upCentroid = try #require(
      up.inkCentroidY(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY))
    let downCentroid = try #require(
      down.inkCentroidY(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY))
    #expect(upCentroid + 1 < downCentroid, "the footer's angle 0 points up, π down")

    snapshot.footer = .loading
    snapshot.spinnerPhase = 0
    let first = try canvas.render(snapshot, rowCount: 10)
    snapshot.spinnerPhase = 0.25
    let later = try canvas.render(snapshot, rowCount: 10)
    #expect(first.differenceBox(later) != nil)
  }

  @Test func shortListKeepsTheFooterBelowTheViewport() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot(rowCount: 2)
    snapshot.offset = 0
    #expect(snapshot.footerY == 240)
    #expect(try canvas.render(snapshot, rowCount: 2).rowsMatching(cyan, column: 4) == 0)
    snapshot.offset = 30
    #expect(try canvas.render(snapshot, rowCount: 2).rowsMatching(cyan, column: 4) == 30)
  }

  @Test func scrollIndicatorFadesWithItsOpacity() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot(rowCount: 100)
    snapshot.offset = 1000
    snapshot.indicatorOpacity = 0
    let hidden = try canvas.render(snapshot, rowCount: 100)
    snapshot.indicatorOpacity = 1
    let shown = try canvas.render(snapshot, rowCount: 100)
    snapshot.indicatorOpacity = 0.4
    let faded = try canvas.render(snapshot, rowCount: 100)
    let box = try #require(hidden.differenceBox(shown))
    #expect(box.minX >= 320 - 8, "a thin bar at the right edge")
    let x = (box.minX + box.maxX) / 2
    let y = (box.minY + box.maxY) / 2
    let white = Int(hidden[x, y].red)
    #expect(Int(shown[x, y].red) < Int(faded[x, y].red))
    #expect(Int(faded[x, y].red) < white)
  }
}
