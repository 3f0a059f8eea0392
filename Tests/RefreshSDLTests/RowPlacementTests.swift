import RefreshCore
import RefreshSDL
import Testing

/// Issue 29's rows met in the first hour: a row with no second line, and lists too long for a
/// content y to be exact.
@Suite(.serialized)
@MainActor
struct RowPlacementTests {
  struct TitlesOnly: TitledRowSource {
    var rowCount: Int
    func id(ofRow row: Int) -> Int { row }
    func title(at row: Int) -> String { "Row \(row)" }
  }

  /// A title-only row's text sat at the top of its cell, where the two-line block would start.
  @Test func aTitleOnlyRowIsCentredInItsCell() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot(rowCount: 10)
    snapshot.offset = 0
    try canvas.renderer.beginFrame(clearingTo: Color(rgb: 0x000000))
    try canvas.table.draw(
      snapshot, dataSource: TitlesOnly(rowCount: 10), lastUpdated: "",
      in: Rect(x: 0, y: 0, width: 320, height: 240), selectedRow: nil, scrollbar: ScrollbarState())
    let image = try canvas.renderer.readPixels()
    canvas.renderer.present()
    let rowHeight = canvas.table.style.rowHeight
    let centroid = try #require(image.inkCentroidY(minX: 10, minY: 0, maxX: 200, maxY: Int(rowHeight) - 3))
    #expect(abs(centroid - rowHeight / 2) < 2.5, "the title's ink centred at \(centroid) of \(rowHeight)")
  }

  /// With 10^15 rows, rows placed from their own content y (beyond 2^53 in points) came out
  /// unevenly spaced; every separator is a row height from the last.
  @Test(arguments: [1_000_000_000_000_000, 100])
  func rowsAreEvenlySpacedHoweverLongTheList(rows: Int) throws {
    let canvas = try TestCanvas(height: 480)
    var snapshot = canvas.snapshot(rowCount: rows)
    // Near the end, where a content y of 4.4e16 points is a multiple of 8 at best.
    snapshot.offset = snapshot.contentHeight - 480 - 101.3
    let image = try canvas.render(snapshot, rowCount: rows)
    let separator = canvas.table.style.separator
    let lines = (0..<image.height).filter { image[300, $0].isClose(to: separator, tolerance: 4) }
    #expect(lines.count >= 8, "separators at \(lines)")
    let gaps = zip(lines.dropFirst(), lines).map { $0 - $1 }
    let rowHeight = Int(canvas.table.style.rowHeight)
    #expect(gaps.allSatisfy { abs($0 - rowHeight) <= 1 }, "gaps \(gaps)")
  }
}

/// Issue 29: the open second floor showed no way back. Its bottom now says how: an arrow up and
/// the words, where the closing drag starts, in the list's language.
@Suite(.serialized)
@MainActor
struct SecondFloorWayBackTests {
  @Test(arguments: Language.allCases)
  func theOpenFloorShowsTheWayBack(language: Language) throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot()
    snapshot.header = .twoLevel
    snapshot.headerLabel = .twoLevel
    snapshot.offset = -canvas.height
    let image = try canvas.render(snapshot, language: language)
    var ink = 0
    for y in Int(canvas.height) - 50..<Int(canvas.height) {
      for x in 0..<Int(canvas.width) where image[x, y].isInk { ink += 1 }
    }
    #expect(ink > 30, "\(language): \(ink) ink pixels at the floor's bottom")
    #expect(!language.secondFloorWayBack.isEmpty)
  }
}

/// The open second floor shows the host's content: a `SecondFloorRenderer` draws into the gap
/// the pull opened, clipped to it, with the way back over it; the rows below are untouched.
@Suite(.serialized)
@MainActor
struct SecondFloorContentTests {
  final class Page: SecondFloorRenderer {
    var floors: [Rect] = []
    func drawSecondFloor(_ frame: HeaderFrame, in floor: Rect, on canvas: RefreshCanvas)
      throws(SDLError)
    {
      floors.append(floor)
      // Asks for the whole viewport: the clip keeps it to the floor.
      try canvas.fill(frame.viewport, color: Color(rgb: 0xAA00AA))
    }
  }

  @Test func theHostsPageFillsTheOpeningFloorAndNothingElse() throws {
    let canvas = try TestCanvas()
    let page = Page()
    canvas.table.secondFloorRenderer = page
    var snapshot = canvas.snapshot()
    snapshot.header = .twoLevel
    snapshot.headerLabel = .twoLevel
    snapshot.offset = -100
    let image = try canvas.render(snapshot)
    #expect(page.floors == [Rect(x: 0, y: 0, width: canvas.width, height: 100)])
    #expect(image[10, 50] == Color(rgb: 0xAA00AA))
    #expect(image[10, 150] != Color(rgb: 0xAA00AA), "row 0 starts at 100 pt")
    // Open to the whole viewport: the way back is drawn over the page.
    snapshot.offset = -canvas.height
    let open = try canvas.render(snapshot)
    let ink = (Int(canvas.height) - 50..<Int(canvas.height)).flatMap { y in
      (0..<Int(canvas.width)).filter { open[$0, y].isInk }
    }
    #expect(ink.count > 30, "the way back over the page")
    canvas.table.secondFloorRenderer = nil
    let bar = try canvas.render(snapshot)
    #expect(bar[10, 50] == canvas.table.style.barColor, "without a page the bar fills the floor")
  }
}
