import PropertyBased
import RefreshCore
import RefreshListModel
import Testing

// `RowLayout` against the obvious model: an array of heights summed from the top.

struct RowLayoutTests {
  /// What the layout should say: every height, added up from the top.
  struct Model {
    var heights: [Double]
    func top(_ row: Int) -> Double { heights.prefix(row).reduce(0, +) }
    var total: Double { heights.reduce(0, +) }
    /// The first row whose bottom lies below `y`.
    func row(at y: Double) -> Int? {
      guard !heights.isEmpty else { return nil }
      var top = 0.0
      for (row, height) in heights.enumerated() {
        if top + height > y { return row }
        top += height
      }
      return heights.count - 1
    }
  }

  enum Change: Sendable, CustomStringConvertible {
    case height(row: Int, height: Int)
    case count(Int)
    case insert(at: Int, count: Int)
    case remove(at: Int, count: Int)
    case estimateAll

    var description: String {
      switch self {
      case .height(let row, let height): "h\(row)=\(height)"
      case .count(let count): "n=\(count)"
      case .insert(let at, let count): "+\(count)@\(at)"
      case .remove(let at, let count): "-\(count)@\(at)"
      case .estimateAll: "est"
      }
    }
  }

  static let changes = zip(Gen.int(in: 0...9), Gen.int(in: 0...80), Gen.int(in: 1...300))
    .map { kind, row, value -> Change in
      switch kind {
      case 0...4: .height(row: row, height: value)
      case 5: .count(row)
      case 6: .insert(at: row, count: value % 7 + 1)
      case 7: .remove(at: row, count: value % 7 + 1)
      default: .estimateAll
      }
    }
    .array(of: 0...60)

  @Test func agreesWithSummingEveryHeight() async {
    await propertyCheck(count: 400, input: Self.changes) { changes in
      var layout = RowLayout(rowCount: 40, estimatedHeight: 44)
      var model = Model(heights: Array(repeating: 44, count: 40))
      for change in changes {
        switch change {
        case .height(let row, let height):
          layout.setHeight(Double(height), ofRow: row)
          if row < model.heights.count { model.heights[row] = Double(height) }
        case .count(let count):
          layout.setRowCount(count)
          if count < model.heights.count {
            model.heights.removeLast(model.heights.count - count)
          } else {
            model.heights += Array(repeating: 44, count: count - model.heights.count)
          }
        case .insert(let at, let count):
          layout.insertRows(at: at, count: count)
          model.heights.insert(
            contentsOf: Array(repeating: 44, count: count), at: min(at, model.heights.count))
        case .remove(let at, let count):
          layout.removeRows(at..<(at + count))
          let range = (at..<(at + count)).clamped(to: 0..<model.heights.count)
          model.heights.removeSubrange(range)
        case .estimateAll:
          layout.markAllEstimated()
        }
      }
      #expect(layout.rowCount == model.heights.count)
      #expect(abs(layout.totalHeight - model.total) < 1e-9)
      for row in 0...model.heights.count {
        #expect(abs(layout.top(ofRow: row) - model.top(row)) < 1e-9, "top of \(row)")
      }
      for y in stride(from: -10.0, through: model.total + 10, by: 7) {
        #expect(layout.row(atOffset: y) == model.row(at: max(y, 0)), "row at \(y)")
      }
    }
  }

  @Test func measuredFlagsFollowTheirRows() {
    var layout = RowLayout(rowCount: 10, estimatedHeight: 44)
    layout.setHeight(100, ofRow: 3)
    layout.setHeight(44, ofRow: 5)
    #expect(layout.isMeasured(3) && layout.isMeasured(5) && !layout.isMeasured(4))
    layout.insertRows(at: 4, count: 2)
    #expect(layout.isMeasured(3) && !layout.isMeasured(4) && layout.isMeasured(7))
    #expect(layout.height(ofRow: 3) == 100)
    layout.removeRows(0..<4)
    #expect(!layout.isMeasured(0) && layout.isMeasured(3))
    layout.markAllEstimated()
    #expect(!layout.isMeasured(3))
    // An estimated row keeps the height it had as its estimate.
    #expect(layout.totalHeight == 44 * 8)
  }

  @Test func aHugeListOfEstimatedRowsCostsNothingAndStaysExact() {
    let layout = RowLayout(rowCount: 1_000_000_000_000_000, estimatedHeight: 44)
    #expect(layout.totalHeight == 44e15)
    #expect(layout.row(atOffset: 44 * 123_456_789) == 123_456_789)
    #expect(layout.rows(meeting: 440, 880) == 10..<20)
  }

  @Test func badHeightsChangeNothing() {
    var layout = RowLayout(rowCount: 3, estimatedHeight: 44)
    for bad in [0, -5, Double.nan, Double.infinity] {
      #expect(layout.setHeight(bad, ofRow: 1) == 0)
    }
    #expect(layout.setHeight(50, ofRow: 7) == 0)
    #expect(layout.totalHeight == 132 && !layout.isMeasured(1))
  }
}

struct SectionsTests {
  @Test func flatRowsAndIndexPathsRoundTrip() {
    let sections = Sections(rowCounts: [3, 0, 2])
    #expect(sections.flatCount == 8)
    #expect((0..<8).map { sections.isHeader($0) } == [true, false, false, false, true, true, false, false])
    #expect(sections.indexPath(ofFlatRow: 2) == ListIndexPath(section: 0, row: 1))
    #expect(sections.indexPath(ofFlatRow: 4) == nil)
    #expect(sections.flatRow(of: ListIndexPath(section: 2, row: 1)) == 7)
    #expect(sections.flatRow(of: ListIndexPath(section: 1, row: 0)) == nil)
    for flat in 0..<8 {
      if let path = sections.indexPath(ofFlatRow: flat) { #expect(sections.flatRow(of: path) == flat) }
    }
    #expect(sections.section(containing: 8) == nil)
  }
}

struct AnchoredChangeTests {
  /// A list scrolled to row 50 of 100 rows 44 tall, 600 points high.
  func scrolled() -> RefreshList {
    var list = RefreshList(
      frame: Rect(x: 0, y: 0, width: 400, height: 600), rowCount: 100, rowHeight: 44)
    _ = list.send(.scroll(toOffset: 50 * 44 + 10, animated: false, time: 1))
    return list
  }

  @Test func rowsAboveGrowingMoveNothingShown() {
    var list = scrolled()
    let before = list.firstVisibleRow!
    _ = list.setRowHeights([(row: 3, height: 200), (row: 60, height: 90)], at: 1)
    let after = list.firstVisibleRow!
    #expect(after.row == before.row && after.y == before.y)
    #expect(list.controller.snapshot.contentHeight == 100 * 44 + 156 + 46)
  }

  @Test func rowsInsertedAndRemovedAboveMoveNothingShown() {
    var list = scrolled()
    let before = list.firstVisibleRow!
    _ = list.insertRows(at: 0, count: 5, at: 1)
    #expect(list.firstVisibleRow!.row == before.row + 5 && list.firstVisibleRow!.y == before.y)
    _ = list.removeRows(10..<13, at: 1)
    #expect(list.firstVisibleRow!.row == before.row + 2 && list.firstVisibleRow!.y == before.y)
  }

  @Test func aFeedAtRestAtTheTopShowsNewRows() {
    var list = RefreshList(
      frame: Rect(x: 0, y: 0, width: 400, height: 600), rowCount: 100, rowHeight: 44)
    _ = list.insertRows(at: 0, count: 3, at: 1)
    #expect(list.firstVisibleRow! == (row: 0, y: 0))
  }

  @Test func aFlingShiftedByRowsAboveLandsWhereItWouldHaveLandedPlusTheShift() {
    func flung() -> RefreshList {
      var list = scrolled()
      _ = list.handle(.mouseDown(x: 100, y: 500, button: .left), at: 2)
      for step in 1...5 {
        _ = list.handle(
          .mouseMove(x: 100, y: 500 - Double(step) * 40, buttonHeld: true), at: 2 + Double(step) * 0.01)
      }
      _ = list.handle(.mouseUp(x: 100, y: 300, button: .left), at: 2.06)
      return list
    }
    var plain = flung()
    var shifted = flung()
    _ = shifted.setRowHeights([(row: 2, height: 144)], at: 2.2)
    _ = plain.advance(to: 2.2)
    // At any later time the shifted fling is the plain one moved by the 100 points above.
    for time in [2.3, 2.5, 3.0, 6.0] {
      _ = plain.advance(to: time)
      _ = shifted.advance(to: time)
      #expect(abs(shifted.controller.snapshot.offset - plain.controller.snapshot.offset - 100) < 1e-6)
    }
  }
}

struct AxisAndOrientationTests {
  @Test func aHorizontalListTakesXAsItsAxisAndTheSidewaysWheel() {
    var list = RefreshList(
      frame: Rect(x: 0, y: 0, width: 600, height: 300), rowCount: 50, rowHeight: 180,
      axis: .horizontal)
    #expect(list.frame == Rect(x: 0, y: 0, width: 300, height: 600))
    #expect(list.screenFrame == Rect(x: 0, y: 0, width: 600, height: 300))
    _ = list.handle(.wheelSideways(dx: -3, precise: false, x: 300, y: 150), at: 1)
    _ = list.advance(to: 3)
    #expect(list.controller.snapshot.offset > 0, "a sideways turn to the right scrolled nothing")
    var vertical = RefreshList(
      frame: Rect(x: 0, y: 0, width: 600, height: 300), rowCount: 50, rowHeight: 44)
    #expect(!vertical.handle(.wheelSideways(dx: -3, precise: false, x: 300, y: 150), at: 1).isConsumed)
  }

  @Test func aChatMirrorsEventsTopToBottom() {
    let frame = Rect(x: 10, y: 20, width: 400, height: 600)
    #expect(
      ShellEvent.mouseDown(x: 50, y: 30, button: .left).mirrored(in: frame)
        == .mouseDown(x: 50, y: 610, button: .left))
    #expect(
      ShellEvent.wheel(dy: 2, precise: false, x: 50, y: 30).mirrored(in: frame)
        == .wheel(dy: -2, precise: false, x: 50, y: 610))
    #expect(
      ShellEvent.key(.home, modifiers: [], isRepeat: false).mirrored(in: frame)
        == .key(.end, modifiers: [], isRepeat: false))
  }
}
