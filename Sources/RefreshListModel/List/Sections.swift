/// A row's index path in a sectioned list: its section, and its index within the section
/// (UIKit's `IndexPath`; named apart from Foundation's, which a host may import too).
public struct ListIndexPath: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The section, from 0.
  public var section: Int
  /// The row within the section, from 0.
  public var row: Int

  /// Row `row` of section `section`.
  public init(section: Int, row: Int) {
    self.section = section
    self.row = row
  }

  public static func < (a: ListIndexPath, b: ListIndexPath) -> Bool {
    (a.section, a.row) < (b.section, b.row)
  }

  public var description: String { "[\(section), \(row)]" }
}

/// How a list's rows fall into sections, as UIKit's plain table style shows them: each section
/// is a header row followed by its rows, and the header of the section at the top sticks there
/// while its rows scroll under it.
///
/// The list itself sees one flat sequence of rows (headers included: they have heights and are
/// drawn as rows are); this maps between flat indices and index paths in O(log s) for s
/// sections, keeping one integer per section.
public struct Sections: Sendable, Equatable {
  /// The flat index of each section's header row, in order.
  private var _headers: [Int]
  /// How many flat rows there are, headers included.
  public let flatCount: Int

  /// Sections holding `rowCounts[i]` rows each (a header row each besides).
  public init(rowCounts: [Int]) {
    var headers: [Int] = []
    headers.reserveCapacity(rowCounts.count)
    var flat = 0
    for count in rowCounts {
      headers.append(flat)
      flat += 1 + max(0, count)
    }
    _headers = headers
    flatCount = flat
  }

  /// How many sections there are.
  public var count: Int { _headers.count }

  /// The flat index of section `section`'s header row.
  public func headerRow(ofSection section: Int) -> Int { _headers[section] }

  /// How many rows section `section` holds, its header not counted.
  public func rowCount(inSection section: Int) -> Int {
    let end = section + 1 < _headers.count ? _headers[section + 1] : flatCount
    return end - _headers[section] - 1
  }

  /// The section flat row `flatRow` lies in (its header included); nil outside the rows.
  public func section(containing flatRow: Int) -> Int? {
    guard flatRow >= 0, flatRow < flatCount, !_headers.isEmpty else { return nil }
    // The last header at or before the row.
    var low = 0
    var high = _headers.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if _headers[middle] <= flatRow { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// Whether flat row `flatRow` is a section's header.
  public func isHeader(_ flatRow: Int) -> Bool {
    section(containing: flatRow).map { _headers[$0] == flatRow } ?? false
  }

  /// The index path of flat row `flatRow`; nil for a header row or outside the rows.
  public func indexPath(ofFlatRow flatRow: Int) -> ListIndexPath? {
    guard let section = section(containing: flatRow), _headers[section] != flatRow else {
      return nil
    }
    return ListIndexPath(section: section, row: flatRow - _headers[section] - 1)
  }

  /// The flat index of `indexPath`'s row; nil when there is no such row.
  public func flatRow(of indexPath: ListIndexPath) -> Int? {
    guard indexPath.section >= 0, indexPath.section < count, indexPath.row >= 0,
      indexPath.row < rowCount(inSection: indexPath.section)
    else { return nil }
    return _headers[indexPath.section] + 1 + indexPath.row
  }
}
