import RefreshCore
import RefreshSDL
import Testing

/// Issue 7's header styles, drawn by the software renderer: each is told apart by its pixels.
@Suite(.serialized)
@MainActor
struct HeaderStylePixelTests {
  let cyan = TableStyle().barColor

  func pulled(_ canvas: TestCanvas, style: HeaderStyle, by pull: Double) -> RefreshSnapshot {
    var snapshot = canvas.snapshot()
    snapshot.headerStyle = style
    snapshot.header = .pulling
    snapshot.offset = -pull
    snapshot.headerTravel = pull
    return snapshot
  }

  /// Ink pixels (label, icon) in the rows `0..<rows` of `image`.
  func ink(_ image: PixelImage, rows: Int) -> Int {
    var count = 0
    for y in 0..<rows {
      for x in 0..<image.width where image[x, y].isInk { count += 1 }
    }
    return count
  }

  @Test func translateRidesAboveRowZero() throws {
    let canvas = try TestCanvas()
    let shallow = try canvas.render(pulled(canvas, style: .translate, by: 30))
    let deep = try canvas.render(pulled(canvas, style: .translate, by: 50))
    #expect(shallow.rowsMatching(cyan, column: 4) == 30)
    // The bar moves with the content: its top strip differs as more of it comes in.
    #expect(shallow.differenceBox(deep).map { $0.minY < 30 } == true)
  }

  @Test func fixedBehindStaysPutAsTheContentSlidesOffIt() throws {
    let canvas = try TestCanvas()
    let shallow = try canvas.render(pulled(canvas, style: .fixedBehind, by: 30))
    let deep = try canvas.render(pulled(canvas, style: .fixedBehind, by: 60))
    #expect(shallow.rowsMatching(cyan, column: 4) == 30)
    #expect(shallow.firstRow(matching: cyan, column: 4) == 0)
    // The strip both frames show is the same bar in the same place.
    let box = try #require(shallow.differenceBox(deep))
    #expect(box.minY >= 30, "rows 0..<30 are identical; first difference at \(box.minY)")
    // Whereas translate shows another part of the bar there.
    let translated = try canvas.render(pulled(canvas, style: .translate, by: 30))
    #expect(translated.differenceBox(shallow).map { $0.minY < 30 } == true)
  }

  @Test func scaleGrowsItsContentsWithThePull() throws {
    let canvas = try TestCanvas()
    let shallow = try canvas.render(pulled(canvas, style: .scale, by: 30))
    let full = try canvas.render(pulled(canvas, style: .scale, by: 60))
    #expect(shallow.rowsMatching(cyan, column: 4) == 30)
    #expect(full.rowsMatching(cyan, column: 4) == 60)
    let small = ink(shallow, rows: 30)
    let large = ink(full, rows: 60)
    #expect(small > 0 && Double(small) < 0.5 * Double(large), "ink \(small) at half size, \(large) at full")
  }

  @Test func overlayPullsABadgeOverRowsThatStayPut() throws {
    let canvas = try TestCanvas()
    var resting = canvas.snapshot()
    resting.headerStyle = .overlay
    let still = try canvas.render(resting)
    var snapshot = resting
    snapshot.header = .pulling
    snapshot.headerProgress = 0.8
    snapshot.headerTravel = 56
    let badge = try canvas.render(snapshot)
    // No cyan bar: the rows stay white at the left edge.
    #expect(badge.rowsMatching(cyan, column: 4) == 0)
    // Everything outside the badge is the same frame as at rest.
    let box = try #require(still.differenceBox(badge))
    let radius = TableStyle().badgeDiameter / 2
    #expect(Double(box.minX) >= 160 - radius - 2 && Double(box.maxX) <= 160 + radius + 2)
    #expect(Double(box.maxY) <= 56 + 3)
    // The badge is white with a cyan arc in it.
    #expect(badge[160, 56 - 20].isClose(to: TableStyle().badgeColor))
    var cyanInBadge = 0
    for y in 16..<56 {
      for x in 140..<180 where badge[x, y].isClose(to: cyan, tolerance: 40) { cyanInBadge += 1 }
    }
    #expect(cyanInBadge > 20)

    snapshot.header = .refreshing
    snapshot.headerTravel = 64
    snapshot.spinnerPhase = 0
    let first = try canvas.render(snapshot)
    snapshot.spinnerPhase = 0.3
    let turned = try canvas.render(snapshot)
    #expect(first.differenceBox(turned) != nil, "the spinner turns")
    #expect(first.differenceBox(badge) != nil, "the arrow became the spinner")
  }
}
