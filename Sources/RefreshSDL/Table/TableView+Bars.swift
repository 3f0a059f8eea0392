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

  /// Draws the header in its style (`RefreshSnapshot.headerStyle`).
  func _drawHeader(_ snapshot: RefreshSnapshot, lastUpdated: String, in rect: Rect)
    throws(SDLError)
  {
    let height = snapshot.headerHeight
    guard height > 0 else { return }
    let label = snapshot.headerLabel.text(in: language)
    let icon = _headerIcon(snapshot)
    // Where fixed headers sit: the top of the viewport, below the app's own inset.
    let top = rect.y + snapshot.baselineInset.top
    let rowZero = _screenY(0, snapshot, rect)
    switch snapshot.headerStyle {
    case .translate:
      // The header scrolls with the content: nothing to draw once its bottom is above the top.
      let barTop = _screenY(snapshot.headerY, snapshot, rect)
      guard barTop + height > rect.y, barTop < rect.maxY else { return }
      try _drawBar(
        Rect(x: rect.x, y: barTop, width: rect.width, height: height), label: label,
        detail: lastUpdated, icon: icon)
    case .fixedBehind:
      // The bar stays put; only the strip the rows have slid off shows.
      let shown = Rect(x: rect.x, y: top, width: rect.width, height: min(height, rowZero - top))
        .intersection(rect)
      guard shown.height > 0, shown.width > 0 else { return }
      renderer.setClip(shown)
      try _drawBar(
        Rect(x: rect.x, y: top, width: rect.width, height: height), label: label,
        detail: lastUpdated, icon: icon)
      // The icon is drawn now, under this clip, not with the frame's other shapes.
      try renderer.draw(_shapes)
      _shapes.removeAll(scale: renderer.scale)
      renderer.setClip(rect)
    case .scale:
      // The bar fills the gap above row 0, its contents growing until the gap is its height.
      let gap = rowZero - top
      guard gap > 0, top < rect.maxY else { return }
      try _drawBar(
        Rect(x: rect.x, y: top, width: rect.width, height: gap), label: label, detail: lastUpdated,
        icon: icon, scale: min(1, gap / height))
    case .overlay:
      _drawBadge(snapshot, top: top, in: rect)
    }
  }

  func _headerIcon(_ snapshot: RefreshSnapshot) -> _BarIcon {
    switch snapshot.header {
    case .idle, .pulling, .armed: return .arrow(angle: snapshot.headerArrowAngle)
    case .refreshing: return .spinner(phase: snapshot.spinnerPhase)
    case .finishing:
      switch snapshot.headerResult {
      case .success: return .check
      case .failure: return .cross
      case nil: return .none
      }
    }
  }

  /// Material's header: a round badge pulled down over the still rows, its arc growing into an
  /// arrow with the pull and turning as a spinner while refreshing.
  func _drawBadge(_ snapshot: RefreshSnapshot, top: Double, in rect: Rect) {
    let travel = snapshot.headerTravel
    let radius = style.badgeDiameter / 2
    // It starts just above the top edge, so any travel brings it in.
    let center = Point(x: rect.midX, y: top - radius + travel)
    guard travel > 0, center.y + radius > rect.y else { return }
    _shapes.addCircle(
      center: Point(x: center.x, y: center.y + 1.5), radius: radius + 1, color: style.badgeShadow)
    _shapes.addCircle(center: center, radius: radius, color: style.badgeColor)
    let ink = style.barColor
    let arc = radius * 0.42
    let stroke = radius * 0.14
    switch snapshot.header {
    case .idle, .pulling, .armed:
      // Material's arrow: an arc up to 80 % of a turn, its head growing with the pull.
      let progress = snapshot.headerProgress
      let start = -0.25 + 0.4 * progress
      let sweep = max(0.02, 0.8 * progress)
      _shapes.addArc(
        center: center, radius: arc, startTurn: start, sweepTurns: sweep, width: stroke, color: ink)
      _shapes.addArcHead(
        center: center, radius: arc, atTurn: start + sweep, size: stroke * 2.6 * progress, color: ink)
    case .refreshing:
      _shapes.addArc(
        center: center, radius: arc, startTurn: snapshot.spinnerPhase, sweepTurns: 0.7, width: stroke,
        color: ink)
    case .finishing:
      switch snapshot.headerResult {
      case .success: _shapes.addCheckmark(center: center, size: arc * 2, color: ink)
      case .failure: _shapes.addCross(center: center, size: arc * 2, color: ink)
      case nil: break
      }
    }
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
  private func _drawBar(
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
