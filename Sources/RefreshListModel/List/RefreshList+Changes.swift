import RefreshCore

// Rows inserted, removed and moved: the first visible row keeps its place, and the rows slide
// and fade to their new places.

extension RefreshList {
  /// Inserts `count` rows before row `row` at `time`, estimated until measured. Rows inserted
  /// above the first visible one do not move what the person reads, as a chat that loads older
  /// messages should not; at rest at the very top, a feed's new rows push in and show.
  public mutating func insertRows(at row: Int, count: Int, animated: Bool = true, at time: Double)
    -> [Effect]
  {
    let row = min(max(row, 0), rowCount)
    guard count > 0 else { return [] }
    return applyChanges(inserted: Array(row..<(row + count)), animated: animated, at: time)
  }

  /// Removes rows `range` at `time`. Rows removed above the first visible one do not move what
  /// the person reads.
  public mutating func removeRows(_ range: Range<Int>, animated: Bool = true, at time: Double)
    -> [Effect]
  {
    let range = range.clamped(to: 0..<rowCount)
    guard !range.isEmpty else { return [] }
    return applyChanges(removed: Array(range), animated: animated, at: time)
  }

  /// The rows changed from `old` to `new` (each row's stable identifier, in order): the list
  /// works out what was inserted, removed and moved (the standard library's
  /// `CollectionDifference`) and applies it as ``applyChanges(removed:inserted:moved:animated:at:measure:)``.
  public mutating func applyDifference<ID: Hashable>(
    from old: [ID], to new: [ID], animated: Bool = true, at time: Double,
    measure: ((Int) -> Double?)? = nil
  ) -> [Effect] {
    var removed: [Int] = []
    var inserted: [Int] = []
    var moved: [(from: Int, to: Int)] = []
    for change in new.difference(from: old).inferringMoves() {
      switch change {
      case .remove(let offset, _, let associated):
        if let to = associated { moved.append((offset, to)) } else { removed.append(offset) }
      case .insert(let offset, _, let associated):
        if associated == nil { inserted.append(offset) }
      }
    }
    return applyChanges(
      removed: removed, inserted: inserted, moved: moved, animated: animated, at: time,
      measure: measure)
  }

  /// Rows changed at `time`: `removed` are indices in the rows as they were, `inserted` indices
  /// in the rows as they are now, and each of `moved` a row from an old index to a new one (it
  /// keeps its height). What the person reads keeps its place: the first visible row stays
  /// where it is on screen (the next one if it was removed), unless the list rests at the very
  /// top, where a feed's new rows push in and show. Rows that stay slide to their new places,
  /// inserted ones fade in and removed ones fade out (``motions``) when `animated`.
  ///
  /// With `measure`, the rows the change brings into view are measured in the same step (see
  /// ``measureVisibleRows(at:_:)``), so a change that ends the content in view brings the list
  /// back to an end that is really there.
  public mutating func applyChanges(
    removed: [Int] = [], inserted: [Int] = [], moved: [(from: Int, to: Int)] = [],
    animated: Bool = true, at time: Double, measure: ((Int) -> Double?)? = nil
  ) -> [Effect] {
    let oldCount = rowCount
    let gone = Set(
      removed.filter { $0 >= 0 && $0 < oldCount } + moved.map(\.from).filter { $0 >= 0 && $0 < oldCount })
    let movedTo = Dictionary(moved.map { ($0.from, $0.to) }, uniquingKeysWith: { a, _ in a })
    let newCount = oldCount - gone.count + inserted.count + movedTo.count
    let arriving = Set(
      inserted.filter { $0 >= 0 && $0 < newCount } + movedTo.values.filter { $0 >= 0 && $0 < newCount })
    guard !gone.isEmpty || !arriving.isEmpty else { return [] }
    var effects = _absorb(controller.handle(.advance(to: time)))
    let snapshot = controller.snapshot
    let offset = snapshot.offset
    let atTop = snapshot.header == .idle && abs(offset + snapshot.baselineInset.top) < 0.5
    // Where each row near the viewport shows now (motions included), before the change.
    let reach = motions.reach(at: time)
    var shown: [Int: Double] = [:]
    for row in layout.rows(meeting: offset - reach - 1, offset + frame.height + reach + 1) {
      shown[row] = layout.top(ofRow: row) - offset + motions.offset(ofRow: row, at: time)
    }
    let first = firstVisibleRow
    // The new index of every old row that stays: the rows gone closed up, the arriving opened.
    let arrivingSorted = arriving.sorted()
    let goneSorted = gone.sorted()
    func newIndex(_ old: Int) -> Int? {
      if let to = movedTo[old] { return to }
      guard !gone.contains(old) else { return nil }
      var index = old - Self._countBelow(goneSorted, old)
      for slot in arrivingSorted {
        if slot <= index { index += 1 } else { break }
      }
      return index
    }
    // The anchor: the first visible row, or the first after it that stays, where it shows now.
    var anchor: (old: Int, y: Double)?
    if let first, !(atTop && first.y >= 0) {
      // A row that left (removed, or moved elsewhere) cannot hold the place: the next one does.
      var old = first.row
      while old < oldCount, newIndex(old) == nil || movedTo[old] != nil { old += 1 }
      if old < oldCount { anchor = (old, layout.top(ofRow: old) - offset) }
    }
    // Heights go with moved rows; the rest of the layout follows the change.
    var carried: [Int: Double] = [:]
    for (from, to) in movedTo where layout.isMeasured(from) { carried[to] = layout.height(ofRow: from) }
    // In runs: each removal or insertion rebuilds the kept heights once.
    for run in Self._runs(goneSorted).reversed() { layout.removeRows(run) }
    for run in Self._runs(arrivingSorted) { layout.insertRows(at: run.lowerBound, count: run.count) }
    for (row, height) in carried { layout.setHeight(height, ofRow: row) }
    // Rows that arrive near what shows are measured before the anchor is placed: a row placed
    // at its estimate and measured a frame later would move what the person reads.
    if let measure, let anchor, let anchorNew = newIndex(anchor.old) {
      let reach = anchorNew - 64...anchorNew + 64
      for row in arrivingSorted where reach.contains(row) && movedTo.values.contains(row) == false {
        if let height = measure(row) { layout.setHeight(height, ofRow: row) }
      }
    }
    var selection = self.selection
    selection.remap(newIndex)
    self.selection = selection
    pressedRow = pressedRow.flatMap(newIndex)
    // The anchor's top stays where it shows: the content moves by the difference.
    var shift = 0.0
    if let anchor, let new = newIndex(anchor.old) {
      shift = layout.top(ofRow: new) - anchor.y - offset
      // Rows that arrived above what the person reads (a refresh's included): the pill
      // counts them until the first row shows.
      unseenAbove += inserted.filter { $0 < new }.count
    }
    if let measure {
      shift +=
        _layOut(
          given: [], measured: true, measure: measure, offset: offset + shift,
          anchor: anchor.flatMap { newIndex($0.old) }
        ).shift
    }
    effects += _absorb(
      controller.handle(.shiftContent(by: shift, contentHeight: layout.totalHeight, time: time)))
    if animated {
      let newOffset = controller.snapshot.offset
      let laidOut = layout
      var motions = self.motions
      motions.change(
        shownBefore: shown, newIndex: newIndex, placeAfter: { laidOut.top(ofRow: $0) - newOffset },
        inserted: inserted.filter { $0 >= 0 && $0 < newCount }.sorted(),
        reducingMotion: reducesMotion, at: time)
      self.motions = motions
    } else {
      motions = RowMotions()
    }
    return effects
  }

  /// `sorted` (ascending, distinct) as runs of consecutive indices.
  static func _runs(_ sorted: [Int]) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    for index in sorted {
      if let last = runs.last, last.upperBound == index {
        runs[runs.count - 1] = last.lowerBound..<(index + 1)
      } else {
        runs.append(index..<(index + 1))
      }
    }
    return runs
  }

  /// How many of `sorted` lie below `value`.
  static func _countBelow(_ sorted: [Int], _ value: Int) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
