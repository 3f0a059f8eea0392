import RefreshCore

// Rows of their own heights: which rows show, and measuring them while keeping what the
// person reads in place.

extension RefreshList {
  /// The first row whose bottom edge lies below the viewport's top, and its top edge in
  /// viewport points (negative when it is partly scrolled off); nil without rows.
  public var firstVisibleRow: (row: Int, y: Double)? {
    let offset = controller.snapshot.offset
    guard let row = layout.row(atOffset: offset) else { return nil }
    return (row, layout.top(ofRow: row) - offset)
  }

  /// The rows that meet the viewport as it is now.
  public var visibleRows: Range<Int> {
    let offset = controller.snapshot.offset
    return layout.rows(meeting: offset, offset + frame.height)
  }

  /// Measures the rows about to show that have no measured height yet with `measure` (nil:
  /// the row keeps its estimate), at `time`, anchored as ``setRowHeights(_:measured:at:measure:)`` is;
  /// again while what shows changed with the new heights, eight rounds at most. A host calls it
  /// before drawing; a row a point outside the viewport is measured too, so that a row coming
  /// into view under a finger is measured a frame before it shows.
  public mutating func measureVisibleRows(at time: Double, _ measure: (Int) -> Double?)
    -> [Effect]
  {
    var effects: [Effect] = []
    // The content may have come back to its end (rows measured shorter there), showing rows
    // above that are not measured yet: those are measured next.
    withoutActuallyEscaping(measure) { measure in
      for _ in 0..<4 {
        guard let requests = _relayout(given: [], measured: true, measure: measure, at: time)
        else { break }
        effects += requests
      }
    }
    return effects
  }

  /// Gives rows their heights (measured, or known at last: an image arrived, text was edited),
  /// at `time`. Rows above the first visible one move the content with them, so that row keeps
  /// its place on screen, at rest and in any motion; a change at or below it moves what is
  /// below, as it should. `measured` false gives estimates, which are measured again later.
  ///
  /// With `measure`, the rows the change brings into view that have no height yet are measured
  /// in the same step (see ``measureVisibleRows(at:_:)``): a row that shrank at the end brings
  /// the list back to the end as the rows above it really are.
  public mutating func setRowHeights(
    _ heights: some Sequence<(row: Int, height: Double)>, measured: Bool = true, at time: Double,
    measure: ((Int) -> Double?)? = nil
  ) -> [Effect] {
    var effects =
      _relayout(given: Array(heights), measured: measured, measure: measure, at: time) ?? []
    if let measure { effects += measureVisibleRows(at: time, measure) }
    return effects
  }

  /// Lays rows out again (``_layOut(given:measured:measure:offset:)``) and tells the scroll
  /// view once; nil when nothing changed.
  mutating func _relayout(
    given: [(row: Int, height: Double)], measured: Bool, measure: ((Int) -> Double?)?,
    at time: Double
  ) -> [Effect]? {
    let result = _layOut(
      given: given, measured: measured, measure: measure, offset: controller.snapshot.offset)
    guard result.changed else { return nil }
    return _absorb(
      controller.handle(
        .shiftContent(by: result.shift, contentHeight: layout.totalHeight, time: time)))
  }

  /// Lays rows out again with the content at `start` (where it will be once the scroll view
  /// hears of it): the `given` heights first, then rounds of measuring the rows that show (with
  /// `measure`), all before the scroll view hears of it, once. A round that shortened the
  /// content (rows measured shorter at the end) must not bring the list back to an end that the
  /// next round's rows extend again. Returns how far the content must move to keep the anchor,
  /// and whether anything changed.
  mutating func _layOut(
    given: [(row: Int, height: Double)], measured: Bool, measure: ((Int) -> Double?)?,
    offset start: Double, anchor held: Int? = nil
  ) -> (shift: Double, changed: Bool) {
    let snapshot = controller.snapshot
    var offset = start
    // Where the end of the content leaves the offset: rows measured shorter bring the end
    // above a list at rest there, which then shows the rows above; those are measured too.
    let tail = snapshot.restBounds.upperBound - snapshot.contentHeight
    var shift = 0.0
    var changed = false
    let anchor = layout.row(atOffset: offset) ?? 0
    for (row, height) in given {
      let grew = layout.setHeight(height, ofRow: row, measured: measured)
      guard grew != 0 else { continue }
      changed = true
      if row < anchor {
        shift += grew
        offset += grew
      }
    }
    for _ in 0..<(measure == nil ? 0 : 8) {
      guard let measure else { break }
      let end = max(snapshot.restBounds.lowerBound, layout.totalHeight + tail)
      let near = layout.rows(meeting: offset - 1, offset + frame.height + 1)
      // Most frames: every row that shows is measured and the end is not above.
      if end >= offset, near.allSatisfy({ layout.isMeasured($0) || $0 >= RowLayout.maximumKnownRows }) {
        break
      }
      var rows = Array(near)
      if end < offset {
        rows += layout.rows(meeting: end - 1, end + frame.height + 1).filter { !rows.contains($0) }
      }
      // What the person reads: the first row that shows (or the row a change held in place).
      // Its top stays.
      let anchor = held ?? layout.row(atOffset: offset) ?? 0
      var measuredAny = false
      for row in rows where !layout.isMeasured(row) && row < RowLayout.maximumKnownRows {
        guard let height = measure(row) else { continue }
        measuredAny = true
        let grew = layout.setHeight(height, ofRow: row)
        guard grew != 0 else { continue }
        changed = true
        if row < anchor {
          shift += grew
          offset += grew
        }
      }
      guard measuredAny else { break }
    }
    return (shift, changed)
  }
}
