import RefreshCore

/// The classic bar the built-in header and footer draw: a cyan bar with a centred label (and an
/// optional second line) and an icon to its left. Drawn with the public ``RefreshCanvas`` alone,
/// as a host's renderer would.
@MainActor
enum _ClassicBar {
  /// What sits left of the label.
  enum Icon: Equatable {
    case none
    /// Angle 0 points down.
    case arrow(angle: Double)
    case spinner(phase: Double)
    case check
    case cross
  }

  /// Draws the bar over `bar`, its label and icon at `scale` of their size.
  static func draw(
    _ bar: Rect, label: String, detail: String, icon: Icon, scale: Double = 1,
    on canvas: RefreshCanvas
  ) throws(SDLError) {
    let style = canvas.style
    try canvas.fill(bar, color: style.barColor)
    let labelSize = try canvas.measure(label, .label)
    let detailSize = try canvas.measure(detail, .detail)
    let labelHeight = (labelSize?.height ?? 0) * scale
    let detailHeight = (detailSize?.height ?? 0) * scale
    let gap = labelSize != nil && detailSize != nil ? scale : 0
    var y = bar.midY - (labelHeight + gap + detailHeight) / 2
    if let labelSize {
      try canvas.drawText(
        label, .label, color: style.barInkColor,
        at: Point(x: bar.midX - labelSize.width * scale / 2, y: y), scale: scale)
      y += labelHeight + gap
    }
    if let detailSize {
      try canvas.drawText(
        detail, .detail, color: style.barDetailColor,
        at: Point(x: bar.midX - detailSize.width * scale / 2, y: y), scale: scale)
    }
    let textWidth = max(labelSize?.width ?? 0, detailSize?.width ?? 0) * scale
    let iconSize = min(22, bar.height * 0.55) * scale
    let center = Point(x: bar.midX - textWidth / 2 - 14 * scale - iconSize / 2, y: bar.midY)
    let ink = style.barInkColor
    switch icon {
    case .none: break
    case .arrow(let angle): canvas.drawArrow(center: center, length: iconSize, angle: angle, color: ink)
    case .spinner(let phase):
      canvas.drawSpinner(center: center, radius: iconSize / 2, phase: phase, color: ink)
    case .check: canvas.drawCheckmark(center: center, size: iconSize * 0.8, color: ink)
    case .cross: canvas.drawCross(center: center, size: iconSize * 0.8, color: ink)
    }
  }
}
