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
  /// Height of every row, points; nil keeps the style's (44, UIKit's default).
  var rowHeight: Double? { get }
}

extension TableDataSource {
  /// The style's row height.
  public var rowHeight: Double? { nil }
}
