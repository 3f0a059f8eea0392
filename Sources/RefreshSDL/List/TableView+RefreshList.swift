import RefreshCore

extension TableView {
  /// Draws `list` as `snapshot` shows it (its controller's, at the time it was stepped to):
  /// rows from `rows`, the header's second line from `lastUpdatedText`. This is what
  /// ``RefreshListView/draw(at:)`` draws; a host that steps its `RefreshList` itself beside
  /// other work (the lab app's replays, with one snapshot per frame for drawing, trace and
  /// plots) draws it here. The renderer's state is as it was afterwards.
  public func draw(
    _ list: RefreshList, showing snapshot: RefreshSnapshot, rows: any TableDataSource,
    lastUpdatedText: (@MainActor (_ time: Double?) -> String)?
  ) throws(SDLError) {
    // Formatting a date costs more than drawing the header: only when the header shows.
    let headerShows = snapshot.headerY + snapshot.headerHeight > snapshot.offset
    let lastUpdated = headerShows ? lastUpdatedText?(snapshot.lastUpdated) ?? "" : ""
    try renderer.preservingState { () throws(SDLError) in
      try draw(
        snapshot, dataSource: rows, layout: list.layout, lastUpdated: lastUpdated,
        in: list.screenFrame, selectedRow: list.selection.row, pressedRow: list.pressedRow,
        isFocused: list.isFocused, motions: list.motions,
        newRows: list.newRowsPill.map { (list.unseenAbove, $0) }, orientation: list.orientation,
        axis: list.axis, scrollbar: list.gestures.scrollbar)
    }
  }
}
