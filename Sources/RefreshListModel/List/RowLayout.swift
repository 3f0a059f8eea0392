/// Where each row of a list sits: rows of any height, each either known (the data source said,
/// or the row measured itself) or estimated, with the offset of a row and the row at an offset
/// found in O(log n).
///
/// Heights are kept for the rows from 0 up to the last one ever given a height, in a Fenwick
/// tree of prefix sums beside the heights themselves (12 bytes and a bit per row: a million
/// measured rows take 12 MB); every row past them is `estimatedHeight` tall and costs nothing, so
/// a list of 10^15 rows that are never measured takes no memory at all. At most
/// ``maximumKnownRows`` rows keep their own height; rows past that stay estimated.
///
/// The layout is a value: the list keeps it, and a change made to a copy changes nothing shown.
public struct RowLayout: Sendable, Equatable {
  /// How many rows keep a height of their own at most: 2^25 (33 million, 400 MB). Rows past it
  /// are drawn at the estimate.
  public static let maximumKnownRows = 1 << 25

  /// How many rows there are.
  public private(set) var rowCount: Int
  /// The height of every row not given one, points.
  public private(set) var estimatedHeight: Double
  /// Counts every change of a row's height or place, so a drawing that depends on the layout
  /// knows when to start again.
  public private(set) var revision = 0

  /// The heights of rows 0..<_heights.count.
  private var _heights: [Float] = []
  /// Fenwick tree over `_heights` (1-based: `_tree[i]` sums the `i & -i` heights ending at i).
  private var _tree: [Double] = [0]
  /// A bit per kept row: whether its height is measured (or given) rather than estimated.
  private var _measured: [UInt64] = []

  /// `rowCount` rows, each `estimatedHeight` tall until told otherwise.
  public init(rowCount: Int, estimatedHeight: Double) {
    self.rowCount = max(0, rowCount)
    self.estimatedHeight = Self._valid(estimatedHeight) ?? 44
  }

  /// The content height: every row's height added up.
  public var totalHeight: Double {
    _prefix(_heights.count) + Double(rowCount - _heights.count) * estimatedHeight
  }

  /// Row `row`'s height (its own, or the estimate).
  public func height(ofRow row: Int) -> Double {
    row >= 0 && row < _heights.count ? Double(_heights[row]) : estimatedHeight
  }

  /// Content y of row `row`'s top edge; `rowCount` gives the content's bottom.
  public func top(ofRow row: Int) -> Double {
    let row = min(max(row, 0), rowCount)
    if row <= _heights.count { return _prefix(row) }
    return _prefix(_heights.count) + Double(row - _heights.count) * estimatedHeight
  }

  /// Whether `row`'s height was measured or given, rather than estimated.
  public func isMeasured(_ row: Int) -> Bool {
    guard row >= 0, row < _heights.count else { return false }
    return _measured[row >> 6] & (1 << UInt64(row & 63)) != 0
  }

  /// The row at content y `y`: the first whose bottom edge lies below `y` (rows 0 and
  /// `rowCount − 1` for offsets before and past the content); nil without rows.
  public func row(atOffset y: Double) -> Int? {
    guard rowCount > 0 else { return nil }
    guard y.isFinite, y >= 0 else { return y.isNaN ? nil : (y < 0 ? 0 : rowCount - 1) }
    let kept = _prefix(_heights.count)
    if y >= kept {
      let past = ((y - kept) / estimatedHeight).rounded(.down)
      let index = Double(_heights.count) + past
      return index >= Double(rowCount) ? rowCount - 1 : Int(index)
    }
    // The Fenwick descent: the largest i whose prefix sum is at most y, so row i holds y.
    var index = 0
    var remaining = y
    var step = 1
    while step * 2 < _tree.count { step *= 2 }
    while step > 0 {
      let next = index + step
      if next < _tree.count, _tree[next] <= remaining {
        index = next
        remaining -= _tree[next]
      }
      step /= 2
    }
    return min(index, rowCount - 1)
  }

  /// The rows that meet content span `top..<bottom` (a row only touching it at an edge does
  /// not).
  public func rows(meeting top: Double, _ bottom: Double) -> Range<Int> {
    guard rowCount > 0, top.isFinite, bottom.isFinite, bottom > top, bottom > 0,
      top < totalHeight, let first = row(atOffset: top), let last = row(atOffset: bottom)
    else { return 0..<0 }
    // `last` holds `bottom`; it meets the span only if it starts above it.
    let end = self.top(ofRow: last) < bottom ? last + 1 : last
    return first..<max(first, end)
  }

  // MARK: Changes

  /// Gives row `row` the height `height` (measured when `measured`, else an estimate of its
  /// own); returns by how much it grew. A height that is not a positive finite number, or a
  /// row out of range or past ``maximumKnownRows``, changes nothing.
  @discardableResult
  public mutating func setHeight(_ height: Double, ofRow row: Int, measured: Bool = true) -> Double {
    guard let height = Self._valid(height), row >= 0, row < rowCount, row < Self.maximumKnownRows
    else { return 0 }
    _keep(through: row)
    let old = Double(_heights[row])
    let stored = Float(height)
    _setMeasured(row, measured)
    guard Double(stored) != old else { return 0 }
    _heights[row] = stored
    _add(Double(stored) - old, at: row)
    revision += 1
    return Double(stored) - old
  }

  /// The list now has `rowCount` rows: rows are added or removed at the end, and the kept ones
  /// keep their heights.
  public mutating func setRowCount(_ rowCount: Int) {
    let rowCount = max(0, rowCount)
    guard rowCount != self.rowCount else { return }
    self.rowCount = rowCount
    if _heights.count > rowCount { _rebuild(Array(_heights.prefix(rowCount))) }
    revision += 1
  }

  /// Every row becomes estimated again at `estimatedHeight` (new rows after a refresh).
  public mutating func reset(rowCount: Int, estimatedHeight: Double? = nil) {
    self.rowCount = max(0, rowCount)
    if let estimate = estimatedHeight.flatMap(Self._valid) { self.estimatedHeight = estimate }
    _heights = []
    _tree = [0]
    _measured = []
    revision += 1
  }

  /// Inserts `count` estimated rows before row `row` (rows from there on move down).
  public mutating func insertRows(at row: Int, count: Int) {
    let row = min(max(row, 0), rowCount)
    guard count > 0 else { return }
    rowCount += count
    if row < _heights.count {
      var heights = _heights
      heights.insert(
        contentsOf: repeatElement(Float(estimatedHeight), count: count), at: row)
      let measured = (0..<heights.count).map { index in
        index < row ? isMeasured(index) : index < row + count ? false : isMeasured(index - count)
      }
      _rebuild(heights, measured: measured)
    }
    revision += 1
  }

  /// Removes rows `range` (rows after it move up).
  public mutating func removeRows(_ range: Range<Int>) {
    let range = range.clamped(to: 0..<rowCount)
    guard !range.isEmpty else { return }
    rowCount -= range.count
    if range.lowerBound < _heights.count {
      var heights = _heights
      let kept = range.clamped(to: 0..<heights.count)
      let measured = (0..<(heights.count - kept.count)).map { index in
        isMeasured(index < range.lowerBound ? index : index + kept.count)
      }
      heights.removeSubrange(kept)
      _rebuild(heights, measured: measured)
    }
    revision += 1
  }

  /// Marks every row estimated again, keeping its height as the estimate (the width changed:
  /// wrapped text measures differently, and rows are measured again as they show).
  public mutating func markAllEstimated() {
    guard !_measured.isEmpty else { return }
    for index in _measured.indices { _measured[index] = 0 }
    revision += 1
  }

  // MARK: Storage

  private static func _valid(_ height: Double) -> Double? {
    height.isFinite && height > 0 ? height : nil
  }

  /// Sum of the heights of rows 0..<count (count ≤ kept rows).
  private func _prefix(_ count: Int) -> Double {
    var sum = 0.0
    var index = count
    while index > 0 {
      sum += _tree[index]
      index &= index - 1
    }
    return sum
  }

  private mutating func _add(_ delta: Double, at row: Int) {
    var index = row + 1
    while index < _tree.count {
      _tree[index] += delta
      index += index & -index
    }
  }

  /// Keeps a height for every row up to `row`, the new ones at the estimate.
  private mutating func _keep(through row: Int) {
    guard row >= _heights.count else { return }
    let estimate = Float(estimatedHeight)
    // Appending grows the arrays geometrically; a jump far ahead reserves once.
    if row + 1 > _heights.capacity { _heights.reserveCapacity(Swift.max(row + 1, _heights.count * 2)) }
    if row + 2 > _tree.capacity { _tree.reserveCapacity(Swift.max(row + 2, _tree.count * 2)) }
    while _heights.count <= row {
      _heights.append(estimate)
      // A new node sums its span: the new height plus the nodes that cover the rest of it.
      let index = _heights.count
      let low = index - (index & -index)
      _tree.append(Double(estimate) + _prefix(index - 1) - _prefix(low))
    }
    let words = (row >> 6) + 1
    if _measured.count < words {
      _measured.append(contentsOf: repeatElement(0, count: words - _measured.count))
    }
  }

  private mutating func _setMeasured(_ row: Int, _ measured: Bool) {
    let bit: UInt64 = 1 << UInt64(row & 63)
    if measured { _measured[row >> 6] |= bit } else { _measured[row >> 6] &= ~bit }
  }

  /// Rebuilds the tree over `heights` in O(n); `measured` gives the flags (those the rows
  /// have now when nil).
  private mutating func _rebuild(_ heights: [Float], measured: [Bool]? = nil) {
    let flags = measured ?? (0..<heights.count).map { isMeasured($0) }
    _heights = heights
    _tree = [0] + heights.map(Double.init)
    for index in 1..<max(1, _tree.count) {
      let parent = index + (index & -index)
      if parent < _tree.count { _tree[parent] += _tree[index] }
    }
    _measured = Array(repeating: 0, count: (heights.count + 63) >> 6)
    for (row, flag) in flags.enumerated() where flag { _setMeasured(row, true) }
  }
}
