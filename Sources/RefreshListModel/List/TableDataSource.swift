/// The rows a list lays out: how many there are, which is which, and what the layout needs
/// (heights, sections). What a row shows is not asked here: that is the row renderer's, read
/// from a row source of its own type (RefreshSDL's `RowSource`, and `TitledRowSource` for the
/// default two-line row). Only rows near the viewport are asked for, so a data source may be
/// arbitrarily long as long as answering for one row is cheap.
public protocol TableDataSource {
  /// What tells rows apart across changes.
  associatedtype ID: Hashable
  /// How many rows there are.
  var rowCount: Int { get }
  /// Row `row`'s stable identity: the same row keeps it when rows are inserted, removed or
  /// moved around it, and no two rows share one (as Android's stable ids and Flutter's
  /// `findChildIndexCallback`). ``rowIDs`` before and after a change give
  /// `RefreshList.applyDifference(from:to:animated:at:measure:)` what moved.
  func id(ofRow row: Int) -> ID
  /// The height of rows not measured yet (every row's, unless ``height(ofRow:)`` or the row's
  /// renderer says otherwise), points; nil keeps the style's (44, UIKit's default).
  var rowHeight: Double? { get }
  /// Row `row`'s own height when the data source knows it (an image's known size, a stored
  /// layout); nil to let the row's renderer measure it, or to keep ``rowHeight``. Asked once
  /// per row as it first comes near the viewport, and again after the width changed.
  func height(ofRow row: Int) -> Double?
  /// How the rows fall into sections, each a header row and its rows, the header of the
  /// section at the top sticking there; nil for one list of rows. With sections, ``rowCount``
  /// and every row index count the header rows too (`Sections.flatCount`).
  var sections: Sections? { get }
}

extension TableDataSource {
  /// The style's row height.
  public var rowHeight: Double? { nil }
  /// No height of its own: the renderer measures, or the estimate stays.
  public func height(ofRow row: Int) -> Double? { nil }
  /// One list of rows, no sections.
  public var sections: Sections? { nil }
  /// Every row's identity, in order: taken before and after a change, what
  /// `RefreshList.applyDifference(from:to:animated:at:measure:)` needs to tell inserted,
  /// removed and moved rows apart.
  public var rowIDs: [ID] { (0..<rowCount).map { id(ofRow: $0) } }
}
