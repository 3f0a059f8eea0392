import PropertyBased
import RefreshCore
import RefreshSDL
import Testing

// Issue 25: 10,000 random sequences through the real `RefreshListView` of rows that change
// under the reader: inserts, removes and moves above, inside and below the viewport (by
// identity, through `CollectionDifference`), at rest and during drags, flings, refreshes and
// load-mores. After every change the first visible row keeps its place within half a point
// (unless the list rested at the very top, where new rows push in, or the content's start or end
// came into view, past which no list shows); each refresh and load-more reaches the host once; and every frame shows
// each row at most once and none missing between the first and the last shown.

@Suite("Lists that change under the reader", .serialized)
@MainActor
struct ListChangePropertyTests {
  @Test func theReaderKeepsTheirPlaceAndNoRowIsShownTwiceOrLost() async throws {
    let canvas = try ListCanvas()
    await propertyCheck(count: 10_000, input: Self.steps) { steps in
      let host = ChangingHost(canvas: canvas)
      for (index, step) in steps.enumerated() where host.violation == nil {
        host.perform(step, index: index)
      }
      #expect(host.violation == nil, "\(host.violation ?? "") after \(steps)")
    }
  }

  static let steps: Generator<[ChangeStep], some Sequence & SendableMetatype> = zip(
    Gen.int(in: 0...15), Gen.int(in: 0...999), Gen.int(in: 0...99)
  )
  .map { ChangeStep(kind: $0, place: $1, delay: $2) }
  .array(of: 1...24)
}

/// One thing the host or the person does, decoded from integers.
struct ChangeStep: Sendable, CustomStringConvertible {
  var kind: Int
  var place: Int
  var delay: Int

  var seconds: Double { delay < 20 ? 0 : Double(delay - 19) / 100 }
  var description: String { "+\(seconds) k\(kind) p\(place)" }
}

/// Rows by stable identifier, and nothing else: what they show is the renderer's.
struct IdentifiedRows: TableDataSource {
  var ids: [Int]
  var rowCount: Int { ids.count }
  func id(ofRow row: Int) -> Int { ids[row] }
}

/// Draws each row as a fill and notes which identifier each frame showed.
@MainActor
final class RecordingRows: RowRenderer {
  var shown: [Int] = []
  func height(ofRow row: Int, rows: any TableDataSource, width: Double, canvas: RefreshCanvas)
    -> Double?
  { Double(30 + ((rows as? IdentifiedRows)?.ids[row] ?? 0) % 5 * 10) }
  func drawRow(_ frame: RowFrame, rows: any TableDataSource, in canvas: RefreshCanvas)
    throws(SDLError)
  {
    try canvas.fill(frame.rect, color: Color(rgb: 0xFAFAFA))
    if let rows = rows as? IdentifiedRows { shown.append(rows.ids[frame.row]) }
  }
}

@MainActor
final class ChangingHost {
  let list: RefreshListView
  let renderer = RecordingRows()
  var rows = IdentifiedRows(ids: Array(0..<40))
  var nextID = 1000
  var now = 0.0
  var violation: String?
  var refreshSince: Double?
  var loadSince: Double?

  init(canvas: ListCanvas) {
    list = try! RefreshListView(
      renderer: canvas.renderer, frame: Rect(x: 0, y: 0, width: 300, height: 240),
      rows: IdentifiedRows(ids: Array(0..<40)), fonts: canvas.fonts)
    list.tableView.rowRenderer = renderer
    list.onRefresh = { [unowned self] time in
      check(refreshSince == nil, "a second refresh at \(time) before the first was answered")
      refreshSince = time
    }
    list.onLoadMore = { [unowned self] time in
      check(loadSince == nil, "a second load-more at \(time) before the first was answered")
      check(refreshSince == nil, "a load-more at \(time) while refreshing")
      loadSince = time
    }
  }

  func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition, violation == nil { violation = message() }
  }

  func perform(_ step: ChangeStep, index: Int) {
    now += step.seconds
    let x = 150.0
    let y = Double(step.place % 240)
    switch step.kind {
    case 0: list.handle(.mouseDown(x: x, y: y, button: .left), at: now)
    case 1: list.handle(.mouseMove(x: x, y: y, buttonHeld: true), at: now)
    case 2: list.handle(.mouseUp(x: x, y: y, button: .left), at: now)
    case 3: list.handle(.wheel(dy: Double(step.place % 9) - 4, precise: false, x: x, y: 100), at: now)
    case 4:
      // A fling toward the end or the top.
      let up = step.place % 2 == 0
      list.handle(.mouseDown(x: x, y: up ? 220 : 20, button: .left), at: now)
      for move in 1...4 {
        now += 0.01
        list.handle(
          .mouseMove(x: x, y: up ? 220 - Double(move) * 50 : 20 + Double(move) * 50, buttonHeld: true),
          at: now)
      }
      list.handle(.mouseUp(x: x, y: up ? 20 : 220, button: .left), at: now)
    case 5:
      if refreshSince != nil {
        refreshSince = nil
        let result: RefreshResult = step.place % 3 == 0 ? .failure : .success
        if result == .success {
          rows = IdentifiedRows(ids: Array(nextID..<(nextID + 30)))
          nextID += 30
          list.rows = rows
        }
        list.endRefreshing(result, at: now)
      } else {
        list.beginRefreshing(at: now)
      }
    case 6:
      guard loadSince != nil else { break }
      loadSince = nil
      let result: LoadResult = [.success, .success, .failure][step.place % 3]
      if result == .success {
        rows.ids += Array(nextID..<(nextID + 10))
        nextID += 10
        list.rows = rows
      }
      list.endLoadingMore(result, at: now)
    case 7...11: change(step, index: index)
    default: frame(index)
    }
  }

  /// Rows inserted, removed or moved by identity, above, inside or below the viewport, with
  /// frames at the same time on both sides: the first visible row must not move.
  func change(_ step: ChangeStep, index: Int) {
    frame(index)
    let before = list.list.firstVisibleRow
    let layoutBefore = list.list.layout
    let snapshot = list.list.controller.snapshot
    let atTop = snapshot.header == .idle && abs(snapshot.offset) < 0.5
    let old = rows.ids
    var new = old
    let first = before?.row ?? 0
    // Where: above the viewport, inside it, or below it.
    let places = [
      max(0, first - 1 - step.place % 6), first + 1 + step.place % 4, first + 8 + step.place % 10,
    ]
    let at = min(places[step.place % 3], new.count)
    switch step.kind {
    case 7, 8:
      let count = 1 + step.place % 4
      new.insert(contentsOf: nextID..<(nextID + count), at: at)
      nextID += count
    case 9, 10:
      guard at < new.count else { return }
      new.removeSubrange(at..<min(new.count, at + 1 + step.place % 3))
    default:
      guard new.count > 2, at < new.count else { return }
      let moved = new.remove(at: at)
      new.insert(moved, at: (at + 7 + step.place) % (new.count + 1))
    }
    rows = IdentifiedRows(ids: new)
    list.rows = rows
    list.rowsChanged(from: old, to: new, at: now)
    frame(index)
    // A list pulled so far that its first row is below the viewport shows no row to keep.
    guard let before, !(atTop && before.y >= 0), before.y < list.frame.height else { return }
    let after = list.list.controller.snapshot
    // Unless the content's start or end came into view: a list cannot show past them.
    let startShows = list.list.firstVisibleRow.map { $0.row == 0 && $0.y >= -0.5 } ?? true
    guard after.offset < after.restBounds.upperBound - 0.5,
      after.offset > after.restBounds.lowerBound + 0.5, !startShows
    else { return }
    // The anchor is the row that was first, or the first after it that stayed where it was:
    // neither removed nor moved, as the difference of the two lists tells (a row that swapped
    // places with its neighbour is the one the difference names as moved).
    var moved: Set<Int> = []
    for change in new.difference(from: old).inferringMoves() {
      if case .remove(_, let id, let to?) = change, to >= 0 { moved.insert(id) }
    }
    var anchorOld = before.row
    while anchorOld < old.count, !new.contains(old[anchorOld]) || moved.contains(old[anchorOld]) {
      anchorOld += 1
    }
    guard anchorOld < old.count, let newRow = new.firstIndex(of: old[anchorOld]) else { return }
    // Its place before the change, as the list laid it out then.
    let wasY = before.y + layoutBefore.top(ofRow: anchorOld) - layoutBefore.top(ofRow: before.row)
    let y = list.list.layout.top(ofRow: newRow) - after.offset
    check(
      abs(y - wasY) <= 0.5,
      "step \(index): row \(old[anchorOld]) moved from \(wasY) to \(y) on a change")
  }

  /// A frame; the rows drawn are each shown once, and none missing between the first and last.
  func frame(_ index: Int) {
    renderer.shown = []
    do { try list.draw(at: now) } catch { check(false, "draw failed: \(error)") }
    let shown = renderer.shown
    check(Set(shown).count == shown.count, "step \(index): a row shown twice: \(shown)")
    guard let first = shown.first, let start = rows.ids.firstIndex(of: first) else {
      check(shown.isEmpty, "step \(index): a row shown that the list does not hold: \(shown)")
      return
    }
    let expected = Array(rows.ids[start..<min(rows.ids.count, start + shown.count)])
    check(shown == expected, "step \(index): shown \(shown), but the rows there are \(expected)")
  }
}

extension Array {
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
