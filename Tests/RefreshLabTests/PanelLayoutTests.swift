import RefreshCore
import RefreshSDL
import Testing

@testable import RefreshLab

/// Where the panel's rows, sliders and options are: what a click hits is what was drawn there.
@Suite struct PanelLayoutTests {
  let rows = PanelModel(data: DataSourceConfiguration()).rows

  @Test func aNarrowWindowKeepsTheTopForTheTableAndAWideOneGetsAColumn() {
    let narrow = PanelLayout(windowWidth: 400, height: 700, rows: rows, scroll: 0)
    #expect(narrow.panel == Rect(x: 0, y: 315, width: 400, height: 385))
    let wide = PanelLayout(windowWidth: 1000, height: 700, rows: rows, scroll: 0)
    #expect(wide.panel == Rect(x: 620, y: 0, width: 380, height: 700))
  }

  @Test func aPointFindsItsRowAndTheSliderMapsXToAFraction() throws {
    let layout = PanelLayout(windowWidth: 400, height: 700, rows: rows, scroll: 0)
    let model = PanelModel(data: DataSourceConfiguration())
    let header = try #require(model.row(forKey: "headerHeight"))
    let rect = layout.rowRect(header)
    #expect(layout.row(at: Point(x: 200, y: rect.midY)) == header)
    #expect(layout.row(at: Point(x: 200, y: layout.panel.y + 5)) == nil, "the title is no row")
    let track = layout.track(inRow: rect)
    #expect(layout.fraction(atX: track.x, track: track) == 0)
    #expect(layout.fraction(atX: track.maxX + 50, track: track) == 1)
    #expect(abs(layout.fraction(atX: track.midX, track: track) - 0.5) < 1e-12)
    #expect(layout.sliderHitArea(inRow: rect).contains(Point(x: track.midX, y: track.y)))
  }

  @Test func scrollingIsClampedAndBringsTheSelectedRowIntoView() throws {
    let model = PanelModel(data: DataSourceConfiguration())
    let top = PanelLayout(windowWidth: 400, height: 700, rows: rows, scroll: -50)
    #expect(top.scroll == 0)
    let bottom = PanelLayout(windowWidth: 400, height: 700, rows: rows, scroll: 1e9)
    #expect(bottom.scroll == bottom.contentHeight - bottom.content.height)

    let last = try #require(model.row(forKey: "total"))
    let shown = PanelLayout(windowWidth: 400, height: 700, rows: rows, scroll: top.scroll(toShow: last))
    #expect(shown.rowRect(last).maxY <= shown.content.maxY + 1e-9)
    #expect(shown.rowRect(last).y >= shown.content.y)
    let first = try #require(model.row(forKey: "preset"))
    #expect(shown.scroll(toShow: first) == 0, "its group title comes along")
  }

  @Test func optionButtonsShareTheRowWidth() {
    let layout = PanelLayout(windowWidth: 400, height: 700, rows: rows, scroll: 0)
    let segments = layout.segments(inRow: layout.rowRect(1), count: 5)
    #expect(segments.count == 5)
    #expect(segments[0].x == PanelLayout.padding)
    #expect(abs(segments[4].maxX - (400 - PanelLayout.padding)) < 1e-9)
  }
}
