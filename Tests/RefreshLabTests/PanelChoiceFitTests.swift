import RefreshCore
import Testing

@testable import RefreshLab

/// Issue 54, item 6: the studio's choices fit their cells at every window size the lab allows
/// (the export format's `mjrefresh` and `easyrefresh` ran past theirs and touched): each label,
/// measured in the panel's own font, fits inside its button with its insets, and no two
/// buttons overlap.
@MainActor @Suite(.serialized) struct PanelChoiceFitTests {
  @Test func everyChoiceFitsItsCellsAtEveryColumnWidth() throws {
    let options = try LabCommand.parse(["--size", "400x300"]).resolve(environment: [:])
    let surface = try TableCanvas(options: options, clock: LastUpdatedClock(origin: nil, language: .english))
    let view = try PanelView(surface: surface)
    let model = PanelModel(data: DataSourceConfiguration())
    let values = StudioValues(tuning: Tuning(), data: DataSourceConfiguration())
    var checked = 0
    var steppers = 0
    // Window widths from the smallest (where the column gets nothing) to one where it is whole.
    for windowWidth in stride(from: Double(WindowSize.smallest.width), through: 620, by: 5) {
      let layout = PanelLayout(windowWidth: windowWidth, height: 700, rows: model.rows, scroll: 0)
      for choice in PanelChoice.allCases {
        let row = layout.rowRect(try #require(model.row(forKey: choice.key)))
        let texts = try view.choiceTexts(choice, values: values, row: row, layout: layout)
        if texts.count == 3 && texts[0].text == "‹" && choice.options.count != 3 { steppers += 1 }
        for item in texts where !item.text.isEmpty {
          #expect(
            item.width + 2 * PanelLayout.labelInset <= item.cell.width + 1e-9,
            "\(choice.key) at \(windowWidth) wide: \"\(item.text)\" is \(item.width) pt in a \(item.cell.width) pt cell"
          )
          #expect(item.cell.x >= row.x && item.cell.maxX <= row.maxX + 1e-9, "\(choice.key) stays in its row")
          checked += 1
        }
        for (a, b) in zip(texts, texts.dropFirst()) {
          #expect(
            a.cell.maxX < b.cell.x || a.cell.width == 0 || b.cell.width == 0, "\(choice.key): cells touch")
        }
      }
    }
    #expect(checked > 1000)
    #expect(steppers > 0, "narrow columns step through the options")
    // At the full column the export formats are buttons side by side, each holding its name.
    let full = PanelLayout(windowWidth: 780, height: 700, rows: model.rows, scroll: 0)
    let format = full.rowRect(try #require(model.row(forKey: "exportFormat")))
    let texts = try view.choiceTexts(.exportFormat, values: values, row: format, layout: full)
    #expect(texts.map(\.text) == PanelChoice.exportFormat.labels)
  }
}
