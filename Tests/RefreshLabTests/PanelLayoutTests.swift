import RefreshCore
import RefreshSDL
import Testing

@testable import RefreshLab

/// Where the panel's rows, sliders and options are: what a click hits is what was drawn there.
@Suite struct PanelLayoutTests {
  let rows = PanelModel(data: DataSourceConfiguration()).rows

  @Test func thePanelIsAColumnBesideTheListNeverOverIt() {
    // The default 400 pt list in a window widened by the column: the list keeps its 400.
    let docked = PanelLayout(windowWidth: 780, height: 700, rows: rows, scroll: 0)
    #expect(docked.panel == Rect(x: 400, y: 0, width: 380, height: 700))
    #expect(PanelLayout.listWidth(windowWidth: 780) == 400)
    // A window that could not widen: the list narrows to its smallest, the column takes the rest.
    let cramped = PanelLayout(windowWidth: 400, height: 700, rows: rows, scroll: 0)
    #expect(cramped.panel == Rect(x: 200, y: 0, width: 200, height: 700))
    #expect(PanelLayout.listWidth(windowWidth: 400) == 200)
  }

  @Test func aPointFindsItsRowAndTheSliderMapsXToAFraction() throws {
    let layout = PanelLayout(windowWidth: 780, height: 700, rows: rows, scroll: 0)
    let model = PanelModel(data: DataSourceConfiguration())
    let header = try #require(model.row(forKey: "headerHeight"))
    let rect = layout.rowRect(header)
    #expect(layout.row(at: Point(x: rect.midX, y: rect.midY)) == header)
    #expect(layout.row(at: Point(x: rect.midX, y: layout.panel.y + 5)) == nil, "the title is no row")
    #expect(layout.row(at: Point(x: 10, y: rect.midY)) == nil, "the list beside it is no row")
    let track = layout.track(inRow: rect)
    #expect(layout.fraction(atX: track.x, track: track) == 0)
    #expect(layout.fraction(atX: track.maxX + 50, track: track) == 1)
    #expect(abs(layout.fraction(atX: track.midX, track: track) - 0.5) < 1e-12)
    #expect(layout.sliderHitArea(inRow: rect).contains(Point(x: track.midX, y: track.y)))
  }

  @Test func scrollingIsClampedAndBringsTheSelectedRowIntoView() throws {
    let model = PanelModel(data: DataSourceConfiguration())
    let top = PanelLayout(windowWidth: 780, height: 700, rows: rows, scroll: -50)
    #expect(top.scroll == 0)
    let bottom = PanelLayout(windowWidth: 780, height: 700, rows: rows, scroll: 1e9)
    #expect(bottom.scroll == bottom.contentHeight - bottom.content.height)

    let last = try #require(model.row(forKey: "total"))
    let shown = PanelLayout(windowWidth: 780, height: 700, rows: rows, scroll: top.scroll(toShow: last))
    #expect(shown.rowRect(last).maxY <= shown.content.maxY + 1e-9)
    #expect(shown.rowRect(last).y >= shown.content.y)
    let first = try #require(model.row(forKey: "preset"))
    #expect(shown.scroll(toShow: first) == 0, "its group title comes along")
  }

  /// Option buttons span the row, each at least as wide as its label, and never overlap; where
  /// they cannot, the row becomes a stepper whose cells fit the row.
  @Test func optionButtonsShareTheRowWidth() {
    let layout = PanelLayout(windowWidth: 780, height: 700, rows: rows, scroll: 0)
    let widths = [20.0, 50, 30, 35, 60]
    guard case .segments(let segments) = layout.choiceCells(inRow: layout.rowRect(1), labelWidths: widths)
    else {
      Issue.record("five short labels fit side by side in 380 points")
      return
    }
    #expect(segments.count == 5)
    #expect(segments[0].x == layout.panel.x + PanelLayout.padding)
    #expect(abs(segments[4].maxX - (layout.panel.maxX - PanelLayout.padding)) < 1e-9)
    for (cell, width) in zip(segments, widths) { #expect(cell.width >= width + 2 * PanelLayout.labelInset) }
    for (a, b) in zip(segments, segments.dropFirst()) { #expect(a.maxX < b.x, "cells do not touch") }
    let narrow = PanelLayout(windowWidth: 330, height: 700, rows: rows, scroll: 0)
    guard
      case .stepper(let previous, let label, let next) = narrow.choiceCells(
        inRow: narrow.rowRect(1), labelWidths: widths)
    else {
      Issue.record("five labels do not fit in a 130-point column")
      return
    }
    #expect(previous.maxX < label.x && label.maxX < next.x && next.maxX <= narrow.panel.maxX)
  }
}
