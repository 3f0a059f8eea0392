import PropertyBased
import RefreshCore
import RefreshSDL
import Testing

// Random host sessions (those of `ListViewPropertyTests`: drags, flings, wheels, keys, resizes,
// frames, late answers) through the real `RefreshListView`, over rows a host renderer measures
// at heights from 12 to 300 points that depend on the width (the estimate, 44, is wrong for
// nearly all), with rows changing height (an image arriving) and the width changing in between,
// during drags, flings and refreshes. After every step: the content height is the sum of the
// rows' heights; every row that shows was measured at the current width; the rows drawn are
// exactly those that meet the viewport; and a change of heights moves nothing the person reads:
// the first visible row keeps its place within half a point. Every request reaches the host
// once (`HostRun`'s checks).

@Suite("Variable row heights through RefreshListView", .serialized)
@MainActor
struct VariableHeightPropertyTests {
  @Test func rowsOfAnyHeightKeepTheirPlaceAndShowExactly() async throws {
    let canvas = try ListCanvas()
    await propertyCheck(count: 200, input: Self.steps) { steps in
      let run = HostRun(canvas: canvas)
      let rows = TruthRows()
      run.list.tableView.rowRenderer = rows
      var checker = LayoutChecker(run: run, rows: rows)
      for (index, step) in steps.enumerated() where run.violation == nil {
        if step.kind < HostStep.kinds {
          run.perform(step, index: index)
        } else {
          checker.change(step, index: index)
        }
        checker.verify("step \(index) \(step)")
      }
      if run.violation == nil { run.finish() }
      #expect(run.violation == nil, "\(run.violation ?? "") after \(steps)")
    }
  }

  /// The host's steps, and two more kinds: a row's height changes, the width changes.
  static let steps: Generator<[HostStep], some Sequence & SendableMetatype> = zip(
    Gen.int(in: 0...(HostStep.kinds + 5)), Gen.int(in: 0...999), Gen.int(in: 0...99)
  )
  .map { HostStep(kind: $0, place: $1, delay: $2) }
  .array(of: 1...120)

  @Test func aHundredThousandMeasuredRowsAddUp() {
    var layout = RowLayout(rowCount: 100_000, estimatedHeight: 44)
    for row in 0..<100_000 { layout.setHeight(Double(20 + row % 200), ofRow: row) }
    var expected = 0.0
    for row in 0..<100_000 { expected += Double(20 + row % 200) }
    #expect(layout.totalHeight == expected)
    #expect(layout.row(atOffset: layout.top(ofRow: 76_543) + 1) == 76_543)
  }
}

/// Rows whose true height the host's renderer measures: a seeded height per row (an image
/// arrival changes it), taller when narrower, as wrapped text is.
@MainActor
final class TruthRows: RowRenderer {
  /// Heights that changed (an image arrived), by row.
  var changed: [Int: Double] = [:]
  /// The rows drawn in the last frame, pinned or not.
  var drawn: [Int] = []

  func truth(_ row: Int, width: Double) -> Double {
    let base = changed[row] ?? Double(12 + (row &* 2_654_435_761 % 9973) % 289)
    return (base * 400 / max(width, 100)).rounded()
  }

  func height(ofRow row: Int, rows: any TableDataSource, width: Double, canvas: RefreshCanvas)
    -> Double?
  {
    truth(row, width: width)
  }

  func drawRow(_ frame: RowFrame, rows: any TableDataSource, in canvas: RefreshCanvas)
    throws(SDLError)
  {
    try canvas.fill(frame.rect, color: Color(rgb: frame.row % 2 == 0 ? 0xFFFFFF : 0xF0F0F0))
    drawn.append(frame.row)
  }
}

/// Checks what the list laid out against the rows' truth after every step.
@MainActor
struct LayoutChecker {
  let run: HostRun
  let rows: TruthRows

  var list: RefreshList { run.list.list }

  /// A row's height changes, or the width does, at the current time, with the frames on both
  /// sides drawn at that same time: the first visible row must not move.
  mutating func change(_ step: HostStep, index: Int) {
    run.now += step.seconds
    draw()
    guard let before = list.firstVisibleRow else { return }
    let frame = list.frame
    if step.kind <= HostStep.kinds + 2 {
      // An image arrived in a row near the viewport, above or below the first visible one.
      let row = max(0, before.row + step.place % 11 - 5)
      guard row < list.rowCount else { return }
      rows.changed[row] = Double(12 + step.place % 289)
      run.list.rowHeightsChanged(
        [(row, step.place % 2 == 0 ? rows.truth(row, width: frame.width) : nil)], at: run.now)
    } else {
      // The host's window (or a docked panel) gives the list another width.
      let width = 200 + Double(step.place % 400)
      run.list.setFrame(Rect(x: 200, y: 0, width: width, height: frame.height), at: run.now)
    }
    draw()
    // The row that was first keeps its top where it was (it may have stopped being first by
    // shrinking above the top), unless the content now ends above where the list was, which
    // brings the list back to its end as any scroll view does.
    let snapshot = list.controller.snapshot
    guard before.row < list.rowCount, snapshot.offset < snapshot.restBounds.upperBound - 0.5
    else { return }
    let y = list.layout.top(ofRow: before.row) - snapshot.offset
    run.check(
      abs(y - before.y) <= 0.5,
      "step \(index): row \(before.row) moved from \(before.y) to \(y) on a change of heights")
  }

  func draw() {
    do { try run.list.draw(at: run.now) } catch { run.check(false, "draw failed: \(error)") }
  }

  func verify(_ place: String) {
    // Draw now (at the same time): what the frame measured is what is checked.
    rows.drawn = []
    draw()
    let layout = list.layout
    func top_(_ row: Int) -> Double { layout.top(ofRow: row) }
    let snapshot = list.controller.snapshot
    var sum = 0.0
    for row in 0..<layout.rowCount { sum += layout.height(ofRow: row) }
    run.check(
      abs(sum - layout.totalHeight) < 1e-6 && abs(snapshot.contentHeight - sum) < 1e-6,
      "\(place): content height \(snapshot.contentHeight), layout \(layout.totalHeight), rows \(sum)")
    // What was drawn against what meets the viewport, at the offset the table draws at (on
    // whole pixels), with the point of margin it keeps.
    let offset = TableView.drawnOffset(
      list.controller.snapshot.offset, scale: run.list.tableView.renderer.scale)
    let height = list.frame.height
    var meeting: [Int] = []
    var top = 0.0
    for row in 0..<layout.rowCount {
      let rowHeight = layout.height(ofRow: row)
      if top < offset + height + 1 && top + rowHeight > offset - 1 { meeting.append(row) }
      top += rowHeight
    }
    run.check(
      rows.drawn == meeting, "\(place): drew rows \(rows.drawn), but \(meeting) meet the viewport")
    for row in meeting where top_(row) < offset + height && top_(row) + layout.height(ofRow: row) > offset {
      run.check(
        layout.isMeasured(row)
          && layout.height(ofRow: row) == rows.truth(row, width: list.frame.width),
        "\(place): row \(row) shows at \(layout.height(ofRow: row)) points, not its measured height"
      )
    }
  }
}
