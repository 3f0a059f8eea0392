import RefreshCore
import RefreshSDL
import Testing

/// The footers a program picks by name, and what their renderers say of how often they change.
@Suite(.serialized)
@MainActor
struct FooterRegistryTests {
  /// A host's footer: it counts its frames and says its dots step eight times a turn.
  final class Dots: FooterRenderer {
    var drawn = 0
    var redrawCadence: RedrawCadence { .spinnerSteps(8) }
    func drawFooter(_ frame: FooterFrame, in canvas: RefreshCanvas) throws(SDLError) {
      drawn += 1
      try canvas.fill(frame.barRect, color: Color(rgb: 0xFF00FF))
    }
  }

  /// A host's footer that says nothing of its cadence.
  final class Plain: FooterRenderer {
    func drawFooter(_ frame: FooterFrame, in canvas: RefreshCanvas) throws(SDLError) {}
  }

  @Test func theClassicEntryLeavesTheTableItsOwnFooter() {
    #expect(FooterRegistry.builtIn.names == ["classic"])
    #expect(FooterRegistry.builtIn.entry(named: "classic")?.make() == nil)
  }

  @Test func aRegisteredHostFooterIsPickedAndDrawn() throws {
    var registry = FooterRegistry.builtIn
    registry.register(.init(name: "dots", summary: "three dots", make: { Dots() }))
    #expect(registry.names == ["classic", "dots"])
    let dots = try #require(registry.entry(named: "dots")?.make() as? Dots)
    registry.register(.init(name: "classic", summary: "replaced", make: { Plain() }))
    #expect(registry.names == ["classic", "dots"], "a name registered again keeps its place")
    #expect(registry.entry(named: "classic")?.make() is Plain)

    let canvas = try TestCanvas()
    canvas.table.footerRenderer = dots
    var snapshot = canvas.snapshot(rowCount: 10)
    snapshot.offset = 440 + 44 - 240
    snapshot.footer = .loading
    let image = try canvas.render(snapshot, rowCount: 10)
    #expect(dots.drawn == 1)
    #expect(image.rowsMatching(Color(rgb: 0xFF00FF), column: 4) == 44)
  }

  @Test func aHostFooterGetsTheFrameSkippingItsCadenceAllows() throws {
    let canvas = try TestCanvas()
    var snapshot = canvas.snapshot(rowCount: 10)
    snapshot.footer = .loading
    #expect(canvas.table.spinnerSteps(for: snapshot) == 12, "the classic footer's spokes")
    canvas.table.footerRenderer = Dots()
    #expect(canvas.table.spinnerSteps(for: snapshot) == 8)
    canvas.table.footerRenderer = Plain()
    #expect(canvas.table.spinnerSteps(for: snapshot) == nil, "every phase, as before")
    #expect(TableView.spinnerStep(0.99, steps: 8) == 0.875)
    #expect(TableView.spinnerStep(0.99, steps: 12) == TableView.spinnerStep(0.99))
  }
}
