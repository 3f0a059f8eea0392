/// Every key the window takes, in one list that the `?` overlay, `--help` and README's Keys
/// table all show: the list's own keys (as any host of `RefreshListView` gets them) and the
/// lab's (`WindowCommand`). A key added to either map belongs here too; `WindowKeysTests`
/// checks both maps against it.
enum WindowKeys {
  /// One line of the table: the keys, and what they do.
  struct Entry: Sendable, Equatable {
    var keys: String
    var action: String
  }

  /// The list's keys: scrolling, refreshing and the selection.
  static let list: [Entry] = [
    Entry(keys: "Up, Down", action: "scroll a line, or move the selection"),
    Entry(keys: "Page Up, Page Down", action: "scroll a page"),
    Entry(keys: "Home, End", action: "go to the top, to the end"),
    Entry(keys: "F5, Ctrl+R", action: "refresh"),
  ]

  /// The lab's keys: the overlay, the studio, the files and the bench.
  static let lab: [Entry] = [
    Entry(keys: "?", action: "show or hide these keys"),
    Entry(keys: "Tab, F1", action: "tuning studio, docked beside the list"),
    Entry(keys: "/", action: "studio: filter its settings by name"),
    Entry(keys: "Up, Down", action: "studio: pick a setting"),
    Entry(keys: "Left, Right", action: "studio: adjust it (Shift: ×10)"),
    Entry(keys: "Ctrl+S", action: "save the tuning"),
    Entry(keys: "Ctrl+0", action: "reset the tuning to the preset or the defaults"),
    Entry(keys: "E", action: "export in the studio's format"),
    Entry(keys: "S, Shift+S", action: "slow motion: slower, faster"),
    Entry(keys: "P", action: "plot the last 5 s of motion"),
    Entry(keys: "G", action: "clear the plot's ghost of the run before an edit"),
    Entry(keys: "R, Shift+R", action: "record a gesture script; replay it"),
    Entry(keys: "Space", action: "play the matched recording again"),
    Entry(keys: "L", action: "loop the replay"),
    Entry(keys: "[, ]", action: "step a frame back, on through the last run (Shift: ×10)"),
    Entry(keys: "Esc", action: "close the keys or studio, else quit"),
    Entry(keys: "Q", action: "quit"),
  ]

  /// What the pointer does, which the keys table ends with.
  static let pointer =
    "Drag, wheel or two fingers to scroll; pull down past the top to refresh, up past the end to "
    + "load more; click a row to select it, a failed footer to retry."

  /// The keys as plain text for `--help`: one aligned line per entry.
  static var helpText: String {
    let width = (list + lab).map(\.keys.count).max() ?? 0
    func lines(_ entries: [Entry]) -> String {
      entries.map { "  " + $0.keys.padding(to: width) + "  " + $0.action }.joined(separator: "\n")
    }
    return "The list:\n\(lines(list))\nThe lab:\n\(lines(lab))\n\(pointer)"
  }
}

extension String {
  /// The text followed by spaces up to `width` characters.
  fileprivate func padding(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
