import RefreshCore

extension TableView {
  /// What sits left of a bar's label.
  enum _BarIcon {
    case none
    /// Angle 0 points down.
    case arrow(angle: Double)
    case spinner(phase: Double)
    case check
    case cross
  }

  /// Draws the header with the host's renderer, or the one the tuning's style calls for.
  func _drawHeader(_ snapshot: RefreshSnapshot, lastUpdated: String, in rect: Rect)
    throws(SDLError)
  {
    let frame = HeaderFrame(snapshot: snapshot, viewport: rect, lastUpdated: lastUpdated)
    if let headerRenderer {
      try headerRenderer.drawHeader(frame, in: self)
    } else if snapshot.headerStyle == .overlay {
      try _badgeHeader.drawHeader(frame, in: self)
    } else {
      try _classicHeader.drawHeader(frame, in: self)
    }
  }

  /// Draws the shapes gathered so far now (under the current clip), not with the frame's others.
  func _flushShapes() throws(SDLError) {
    try renderer.draw(_shapes)
    _shapes.removeAll(scale: renderer.scale)
  }

  func _drawFooter(_ snapshot: RefreshSnapshot, in rect: Rect) throws(SDLError) {
    let height = snapshot.footerHeight
    let top = _screenY(snapshot.footerY, snapshot, rect)
    guard snapshot.footer != .hidden, height > 0, top + height > rect.y, top < rect.maxY
    else { return }
    let icon: _BarIcon
    switch snapshot.footer {
    // The footer's angle 0 points up; the shape's points down.
    case .idle, .pulling, .armed: icon = .arrow(angle: snapshot.footerArrowAngle + Double.pi)
    case .loading: icon = .spinner(phase: snapshot.spinnerPhase)
    case .failed, .noMoreData, .hidden: icon = .none
    }
    try _drawBar(
      Rect(x: rect.x, y: top, width: rect.width, height: height),
      label: snapshot.footerLabel.text(in: language), detail: "", icon: icon)
  }

  /// A cyan bar with a centred label (and optional second line) and an icon to its left, the
  /// label and icon drawn at `scale` of their size.
  func _drawBar(
    _ bar: Rect, label: String, detail: String, icon: _BarIcon, scale: Double = 1
  ) throws(SDLError) {
    renderer.fill(bar, color: style.barColor)
    let fonts = _currentFonts
    let labelItem = try textCache.item(for: label, font: fonts.label, color: style.barInkColor)
    let detailItem = try textCache.item(
      for: detail, font: fonts.detail, color: style.barDetailColor)
    let labelHeight = (labelItem?.height ?? 0) * scale
    let detailHeight = (detailItem?.height ?? 0) * scale
    let gap = labelItem != nil && detailItem != nil ? scale : 0
    var y = bar.midY - (labelHeight + gap + detailHeight) / 2
    if let labelItem {
      renderer.draw(
        labelItem.texture,
        in: Rect(
          x: renderer.snapped(bar.midX - labelItem.width * scale / 2), y: renderer.snapped(y),
          width: labelItem.width * scale, height: labelHeight))
      y += labelHeight + gap
    }
    if let detailItem {
      renderer.draw(
        detailItem.texture,
        in: Rect(
          x: renderer.snapped(bar.midX - detailItem.width * scale / 2), y: renderer.snapped(y),
          width: detailItem.width * scale, height: detailHeight))
    }
    let textWidth = max(labelItem?.width ?? 0, detailItem?.width ?? 0) * scale
    let iconSize = min(22, bar.height * 0.55) * scale
    let center = Point(x: bar.midX - textWidth / 2 - 14 * scale - iconSize / 2, y: bar.midY)
    let ink = style.barInkColor
    switch icon {
    case .none: break
    case .arrow(let angle):
      _shapes.addArrow(center: center, length: iconSize, angle: angle, color: ink)
    case .spinner(let phase):
      _shapes.addSpinner(center: center, radius: iconSize / 2, phase: phase, color: ink)
    case .check: _shapes.addCheckmark(center: center, size: iconSize * 0.8, color: ink)
    case .cross: _shapes.addCross(center: center, size: iconSize * 0.8, color: ink)
    }
  }

  /// The overlay scrollbar: a thin line that fades when scrolling stops, as iOS's indicator
  /// does, and a wider thumb on a faint track under the pointer or while held, as GTK's.
  func _drawScrollbar(_ snapshot: RefreshSnapshot, state: ScrollbarState, in rect: Rect) {
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
    let thumb = bar.thumb(width: width)
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
