import RefreshCore

extension TableView {
  /// A horizontal list (`ListAxis.horizontal`): its rows as columns side by side, the refresh
  /// header a strip left of the first, the load-more footer a strip right of the last, and the
  /// scroll indicator along the bottom, all from the same snapshot as a vertical list's with x
  /// and y swapped. Drawn whole every frame; the rows' motions, pinned sections and the "N new"
  /// pill belong to vertical lists. In a frame drawn over the last one, the whole rectangle
  /// goes to the display: a window shows only what a frame says it changed.
  func _drawHorizontal(
    _ snapshot: RefreshSnapshot, dataSource: any TableDataSource, layout: RowLayout,
    lastUpdated: String, in rect: Rect, selectedRow: Int?, isFocused: Bool,
    scrollbar: ScrollbarState
  ) throws(SDLError) {
    _shapes.removeAll(scale: renderer.scale)
    renderer.setClip(rect)
    defer { renderer.setClip(nil) }
    _noteDrawn()
    renderer.fill(rect, color: style.background)
    let offset = Self.drawnOffset(snapshot.offset, scale: renderer.scale)
    let canvas = RefreshCanvas(self, viewport: rect)
    let rowRenderer = self.rowRenderer ?? _titleRows
    let shown = layout.rows(meeting: offset, offset + rect.width)
    let hairline = 1 / renderer.scale
    var x = rect.x + (shown.isEmpty ? 0 : layout.top(ofRow: shown.lowerBound)) - offset
    for row in shown {
      let width = layout.height(ofRow: row)
      defer { x += width }
      let column = Rect(x: x, y: rect.y, width: width, height: rect.height)
      let selected = row == selectedRow
      let background = selected ? style.selectedRowBackground : style.rowBackground
      try canvas.fill(column.intersection(rect), color: background)
      let frame = RowFrame(
        row: row, rect: column, dirtyRect: rect, isSelected: selected, isListFocused: isFocused,
        background: background, indexPath: ListIndexPath(section: 0, row: row))
      // A column is narrower than a row's text: everything a row draws is clipped to it.
      try canvas.clipped(to: column) { () throws(SDLError) in
        try rowRenderer.drawRow(frame, rows: dataSource, in: canvas)
      }
      try canvas.fill(
        Rect(
          x: renderer.snapped(column.maxX) - hairline, y: rect.y + style.horizontalPadding,
          width: hairline, height: rect.height - style.horizontalPadding), color: style.separator)
    }
    // The header: a strip left of column 0, pulled in from the left edge.
    let headerX = rect.x + snapshot.headerY - offset
    if snapshot.headerHeight > 0, headerX + snapshot.headerHeight > rect.x, headerX < rect.maxX {
      var icon = ClassicHeaderRenderer.icon(snapshot)
      // The arrow points the way to pull: right, then left once armed.
      if case .arrow(let angle) = icon { icon = .arrow(angle: angle - Double.pi / 2) }
      try _ClassicBar.drawUpright(
        Rect(x: headerX, y: rect.y, width: snapshot.headerHeight, height: rect.height),
        label: snapshot.headerLabel.sidewaysText(in: language), icon: icon, on: canvas)
    }
    let footerX = rect.x + snapshot.footerY - offset
    if snapshot.footer != .hidden, snapshot.footerHeight > 0, footerX + snapshot.footerHeight > rect.x,
      footerX < rect.maxX
    {
      let icon: _ClassicBar.Icon
      switch snapshot.footer {
      case .idle, .pulling, .armed: icon = .arrow(angle: snapshot.footerArrowAngle + Double.pi / 2)
      case .loading: icon = .spinner(phase: snapshot.spinnerPhase)
      case .failed, .noMoreData, .hidden: icon = .none
      }
      try _ClassicBar.drawUpright(
        Rect(x: footerX, y: rect.y, width: snapshot.footerHeight, height: rect.height),
        label: snapshot.footerLabel.sidewaysText(in: language), icon: icon, on: canvas)
    }
    try renderer.draw(_shapes)
    _shapes.removeAll(scale: renderer.scale)
    try _throwDeferredError()
    // The indicator along the bottom.
    let opacity = scrollbar.isDragging || scrollbar.isHovered ? 1 : snapshot.indicatorOpacity
    if opacity > 0, let bar = Scrollbar(snapshot, in: rect.transposed) {
      let thumb = bar.thumb(width: Scrollbar.thinWidth).transposed
      renderer.fill(thumb, color: style.indicatorColor.withOpacity(opacity))
    }
    renderer.flush()
  }
}

extension LabelKey {
  /// What the label says on a horizontal list, where the header is pulled in from the left
  /// and the footer from the right.
  public func sidewaysText(in language: Language) -> String {
    switch (self, language) {
    case (.pullToRefresh, .english): "Pull right to refresh"
    case (.pullToRefresh, .chinese): "右拉刷新"
    case (.pullUpToLoadMore, .english): "Pull left to load more"
    case (.pullUpToLoadMore, .chinese): "左拉加载更多"
    case (.tapOrPullToLoadMore, .english): "Tap or pull left to load more"
    case (.tapOrPullToLoadMore, .chinese): "点击或左拉加载更多"
    default: text(in: language)
    }
  }
}
