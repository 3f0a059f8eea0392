import RefreshCore

extension TableView {
  /// Draws the header with the host's renderer, or the one the tuning's style calls for.
  func _drawHeader(_ snapshot: RefreshSnapshot, lastUpdated: String, in rect: Rect)
    throws(SDLError)
  {
    let frame = HeaderFrame(snapshot: snapshot, viewport: rect, lastUpdated: lastUpdated)
    let canvas = RefreshCanvas(self, viewport: rect)
    if snapshot.header == .twoLevel, let secondFloorRenderer {
      let floor = frame.revealedRect.intersection(rect)
      guard floor.height > 0, floor.width > 0, snapshot.headerHeight > 0 else { return }
      try canvas.clipped(to: floor) { () throws(SDLError) in
        try secondFloorRenderer.drawSecondFloor(frame, in: floor, on: canvas)
      }
      try ClassicHeaderRenderer.drawWayBack(
        in: floor, headerHeight: snapshot.headerHeight, on: canvas)
    } else {
      try _headerDrawer(snapshot).drawHeader(frame, in: canvas)
    }
  }

  /// Draws the shapes gathered so far now (under the current clip), not with the frame's others.
  func _flushShapes() throws(SDLError) {
    try renderer.draw(_shapes)
    _shapes.removeAll(scale: renderer.scale)
  }

  /// Draws the sprite of `shape`, `extent` points, centred on `center` (on the nearest pixel
  /// corner), over the shapes gathered before it. A sprite that cannot be made is reported when
  /// the bars are done (``_throwDeferredError()``): drawing an icon does not throw.
  func _drawIcon(_ shape: _IconSprites.Shape, center: Point, extent: Double, color: Color) {
    do throws(SDLError) {
      if !_shapes.isEmpty { try _flushShapes() }
      let sprite = try _icons.sprite(shape, extent: extent, color: color, renderer: renderer)
      let scale = renderer.scale
      // At its own size, a quarter pixel larger at most: scaled, a sprite cut by the clip came
      // out as other pixels than the same sprite moved.
      let size = Double(sprite.pixelWidth)
      renderer.draw(
        sprite,
        in: Rect(
          x: ((center.x * scale).rounded() - size / 2) / scale,
          y: ((center.y * scale).rounded() - size / 2) / scale, width: size / scale,
          height: size / scale))
    } catch {
      _deferredError = _deferredError ?? error
    }
  }

  /// Throws what drawing the bars could not (see ``_drawIcon(_:center:extent:color:)``).
  func _throwDeferredError() throws(SDLError) {
    guard let error = _deferredError else { return }
    _deferredError = nil
    throw error
  }

  /// A chat's bars, flipped: the refresh header under the newest row at the bottom, pulled up
  /// into view, and the load-more footer above the oldest at the top, in the classic look (a
  /// host's renderers draw for the normal orientation), their arrows turned and their labels
  /// saying which way to pull.
  func _drawMirroredBars(_ snapshot: RefreshSnapshot, lastUpdated: String, in rect: Rect)
    throws(SDLError)
  {
    let canvas = RefreshCanvas(self, viewport: rect)
    let header = HeaderFrame(snapshot: snapshot, viewport: rect, lastUpdated: lastUpdated)
    var bar = header.barRect
    bar.y = Self._flip(bar.y, bar.height, in: rect)
    if snapshot.headerHeight > 0, bar.maxY > rect.y, bar.y < rect.maxY {
      var icon = ClassicHeaderRenderer.icon(snapshot)
      if case .arrow(let angle) = icon { icon = .arrow(angle: angle + Double.pi) }
      try _ClassicBar.draw(
        bar, label: snapshot.headerLabel.chatText(in: language), detail: lastUpdated, icon: icon,
        on: canvas)
    }
    let footer = FooterFrame(snapshot: snapshot, viewport: rect)
    var footerBar = footer.barRect
    footerBar.y = Self._flip(footerBar.y, footerBar.height, in: rect)
    guard snapshot.footer != .hidden, footerBar.height > 0, footerBar.maxY > rect.y,
      footerBar.y < rect.maxY
    else { return }
    let icon: _ClassicBar.Icon
    switch snapshot.footer {
    // The footer's angle 0 points up, toward the older rows above: the way to pull is down.
    case .idle, .pulling, .armed: icon = .arrow(angle: snapshot.footerArrowAngle)
    case .loading: icon = .spinner(phase: snapshot.spinnerPhase)
    case .failed, .noMoreData, .hidden: icon = .none
    }
    try _ClassicBar.draw(
      footerBar, label: snapshot.footerLabel.chatText(in: language), detail: "", icon: icon,
      on: canvas)
  }

  /// Draws the footer with the host's renderer, or the classic one, where it shows.
  func _drawFooter(_ snapshot: RefreshSnapshot, in rect: Rect) throws(SDLError) {
    let frame = FooterFrame(snapshot: snapshot, viewport: rect)
    let bar = frame.barRect
    guard snapshot.footer != .hidden, bar.height > 0, bar.maxY > rect.y, bar.y < rect.maxY
    else { return }
    try (footerRenderer ?? _classicFooter).drawFooter(frame, in: RefreshCanvas(self, viewport: rect))
  }

  /// The overlay scrollbar: a thin line that fades when scrolling stops, as iOS's indicator
  /// does, and a wider thumb on a faint track under the pointer or while held, as GTK's.
  func _drawScrollbar(
    _ snapshot: RefreshSnapshot, state: ScrollbarState, in rect: Rect, mirrored: Bool = false
  ) {
    guard let bar = Scrollbar(snapshot, in: rect) else { return }
    let wide = state.isHovered || state.isDragging
    let opacity = wide ? 1 : snapshot.indicatorOpacity
    guard opacity > 0 else { return }
    let width = wide ? Scrollbar.wideWidth : Scrollbar.thinWidth
    if wide {
      let track = Rect(
        x: renderer.snapped(rect.maxX - 2 * Scrollbar.margin - width), y: rect.y,
        width: rect.maxX - renderer.snapped(rect.maxX - 2 * Scrollbar.margin - width),
        height: rect.height)
      renderer.fill(track, color: style.scrollbarTrackColor)
    }
    // Rectangles, not geometry: the scrollbar shows on most frames, and the software renderer
    // rasterises blended triangles through a temporary surface each. Ends inset by a pixel
    // read as rounded at this width.
    let color = style.indicatorColor.withOpacity(opacity)
    // Whole pixels, so the three pieces neither overlap (darker seams) nor leave gaps.
    var thumb = bar.thumb(width: width)
    if mirrored { thumb.y = Self._flip(thumb.y, thumb.height, in: rect) }
    let x = renderer.snapped(thumb.x)
    let y = renderer.snapped(thumb.y)
    let length = max(renderer.snapped(thumb.height), 2 / renderer.scale)
    let cap = 1 / renderer.scale
    renderer.fill(
      Rect(x: x + cap, y: y, width: width - 2 * cap, height: cap), color: color)
    renderer.fill(
      Rect(x: x, y: y + cap, width: width, height: length - 2 * cap), color: color)
    renderer.fill(
      Rect(x: x + cap, y: y + length - cap, width: width - 2 * cap, height: cap), color: color)
  }
}
