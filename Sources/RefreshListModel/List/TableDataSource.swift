/// The rows a list shows (RefreshSDL's `TableView` and `RefreshListView` draw them). Only visible rows are asked for, so
/// a data source may be arbitrarily long as long as answering for one row is cheap. It is asked
/// while drawing, on the main actor.
@MainActor
public protocol TableDataSource {
  /// How many rows there are.
  var rowCount: Int { get }
  /// The row's main line.
  func title(at row: Int) -> String
  /// The row's secondary line, drawn smaller and grey; empty for none.
  func subtitle(at row: Int) -> String
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
}
