import RefreshCore
import RefreshSDL
import Testing

/// Renderers of a host's own, written against the public `RefreshCanvas` as a package outside
/// this one would (Examples/TicketList is one): the table calls them where the built-in bars
/// would be, and the canvas draws in the order it is asked.
@Suite(.serialized)
@MainActor
struct CanvasRendererTests {
  static let card = Color(rgb: 0x203040)
  static let ink = Color(rgb: 0xFFD166)

  /// A card over the whole gap, a word over the card, then a dot over the word's left.
  final class CardHeader: HeaderRenderer {
    var frames: [HeaderFrame] = []
    func drawHeader(_ frame: HeaderFrame, in canvas: RefreshCanvas) throws(SDLError) {
      frames.append(frame)
      let gap = frame.revealedRect
      guard gap.height > 0 else { return }
      canvas.fillRoundedRect(gap, radius: 8, color: CanvasRendererTests.card)
      if let text = try canvas.text("Syncing", .label, color: CanvasRendererTests.ink) {
        try canvas.draw(text, at: Point(x: gap.x + 40, y: gap.y + 20))
      }
    }
  }

  /// A plain band of one colour where the footer is.
  final class BandFooter: FooterRenderer {
    var states: [FooterState] = []
    func drawFooter(_ frame: FooterFrame, in canvas: RefreshCanvas) throws(SDLError) {
      states.append(frame.state)
      try canvas.fill(frame.barRect, color: CanvasRendererTests.card)
    }
  }

  @Test func aHostsHeaderDrawsTextOverItsOwnCard() throws {
    let canvas = try TestCanvas()
    let header = CardHeader()
    canvas.table.headerRenderer = header
    var snapshot = canvas.snapshot()
    snapshot.header = .refreshing
    snapshot.offset = -60
    let image = try canvas.render(snapshot)
    #expect(header.frames.count == 1)
    #expect(image[200, 5].isClose(to: Self.card), "the card fills the gap")
    // The word is drawn after the card, which is a shape: it must lie over it, not under.
    var ink = 0
    for y in 15..<45 { for x in 40..<140 where image[x, y].isClose(to: Self.ink, tolerance: 30) { ink += 1 } }
    #expect(ink > 40, "the word over the card: \(ink) pixels of its ink")
  }

  @Test func aHostsFooterReplacesTheCyanBarWhereItShows() throws {
    let canvas = try TestCanvas()
    let footer = BandFooter()
    canvas.table.footerRenderer = footer
    var snapshot = canvas.snapshot(rowCount: 10)
    snapshot.offset = 440 + 44 - 240
    snapshot.footer = .loading
    let image = try canvas.render(snapshot, rowCount: 10)
    #expect(footer.states == [.loading])
    #expect(image.rowsMatching(Self.card, column: 4) == 44)
    #expect(image.rowsMatching(TableStyle().barColor, column: 4) == 0, "no cyan bar as well")

    // Scrolled away from the end, the footer is not asked to draw.
    snapshot.offset = 0
    _ = try canvas.render(snapshot, rowCount: 10)
    #expect(footer.states == [.loading])
  }
}
