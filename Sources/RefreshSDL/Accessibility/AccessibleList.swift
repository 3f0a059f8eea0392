import RefreshCore

/// What an assistive tool can ask a list to do (AT-SPI's actions): the list's "refresh" and
/// "load more", the footer's "retry".
public enum AccessibleListAction: String, Sendable, CaseIterable {
  /// Refresh, as a pull past the threshold or F5 does.
  case refresh
  /// Load the next page, as reaching the end does.
  case loadMore = "load more"
  /// Load again after a failed load, as a tap on the footer does.
  case retry
}

/// A list as ``AccessibilityBridge`` shows it to screen readers: ``RefreshListView`` is one; a
/// host that drives a `RefreshList` and a `TableView` itself (as the lab does) conforms its own
/// type.
@MainActor
public protocol AccessibleList: AnyObject {
  /// The list's name, read before its role ("Messages, list").
  var accessibilityName: String { get }
  /// The list's state: its frame, rows, selection, focus, header and footer.
  var list: RefreshList { get }
  /// The rows, whose identities tell how many a refresh brought.
  var rows: any TableDataSource { get }
  /// What a screen reader says for row `row` (see ``RowSource/accessibilityLabel(at:)``).
  func accessibilityLabel(at row: Int) -> String
  /// The words a bar label shows, in the list's language.
  func accessibilityText(of label: LabelKey) -> String
  /// Does `action`, asked at `time` on the host's clock.
  func performAccessibilityAction(_ action: AccessibleListAction, at time: Double)
}

extension RowSource {
  /// No label of its own: a screen reader hears the row's number.
  public func accessibilityLabel(at index: Int) -> String { "" }
}

extension TitledRowSource {
  /// The title, then the subtitle.
  public func accessibilityLabel(at index: Int) -> String {
    let subtitle = subtitle(at: index)
    return subtitle.isEmpty ? title(at: index) : title(at: index) + ", " + subtitle
  }
}

/// The label `rows` give row `row`, or its number ("Row 3") when they give none.
@MainActor
func _accessibilityLabel(of rows: any TableDataSource, at row: Int) -> String {
  let label = (rows as? any RowSource)?.accessibilityLabel(at: row) ?? ""
  return label.isEmpty ? "Row \(row + 1)" : label
}

extension RefreshListView: AccessibleList {
  /// The label of row `row`: the row source's ``RowSource/accessibilityLabel(at:)`` (the
  /// title, then the subtitle, for a ``TitledRowSource``), or the row's number.
  public func accessibilityLabel(at row: Int) -> String {
    _accessibilityLabel(of: rows, at: row)
  }

  /// `label` in the language the list draws its bars in.
  public func accessibilityText(of label: LabelKey) -> String {
    label.text(in: tableView.language)
  }

  /// Refreshes (as F5), loads the next page or retries the failed one.
  public func performAccessibilityAction(_ action: AccessibleListAction, at time: Double) {
    switch action {
    case .refresh: beginRefreshing(at: time)
    case .loadMore, .retry: loadMore(at: time)
    }
  }
}
