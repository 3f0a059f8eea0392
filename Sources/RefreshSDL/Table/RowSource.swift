/// A list's rows with what each one shows, typed: the item its row renderer draws for a row, as
/// a GTK item factory binds its model's items and a Flutter builder is handed its own. The
/// list reads only the `TableDataSource` part (how many rows, which is which, their heights and
/// sections); the row renderer reads ``row(at:)``, finding its source behind the list's
/// (`rows as? any RowSource<MyRow>`, or its own type).
public protocol RowSource<Row>: TableDataSource {
  /// What one row shows.
  associatedtype Row
  /// What row `index` shows (with sections, a section's header row too).
  func row(at index: Int) -> Row
  /// What a screen reader says for row `index` (AT-SPI's name of the list item); empty says
  /// its number. A ``TitledRowSource`` says its title, then its subtitle.
  func accessibilityLabel(at index: Int) -> String
}

/// What the default row (``TitleRowRenderer``) shows: a title, and a line under it.
public struct TitledRow: Sendable, Hashable {
  /// The row's main line (a section header's title for a header row).
  public var title: String
  /// The secondary line, drawn smaller and grey; empty for none.
  public var subtitle: String

  /// A row saying `title`, with `subtitle` under it.
  public init(title: String, subtitle: String = "") {
    self.title = title
    self.subtitle = subtitle
  }
}

/// The ready-made source of the default two-line row (``TitleRowRenderer``): a title and a
/// subtitle per row, which it serves as ``TitledRow``s. A host's two-line list is a count, an
/// identity and a title:
///
/// ```swift
/// final class NoteRows: TitledRowSource {
///   var notes = ["Buy milk", "Call Ana"]
///   var rowCount: Int { notes.count }
///   func id(ofRow row: Int) -> String { notes[row] }
///   func title(at row: Int) -> String { notes[row] }
/// }
/// ```
public protocol TitledRowSource: RowSource where Row == TitledRow {
  /// Row `row`'s main line.
  func title(at row: Int) -> String
  /// Row `row`'s secondary line, drawn smaller and grey; empty for none (the default).
  func subtitle(at row: Int) -> String
}

extension TitledRowSource {
  /// No secondary line.
  public func subtitle(at row: Int) -> String { "" }
  /// The row's title and subtitle.
  public func row(at index: Int) -> TitledRow {
    TitledRow(title: title(at: index), subtitle: subtitle(at: index))
  }
}
