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

  /// Draws a horizontal list's bar, a strip `bar` as tall as the list: the icon above the label,
  /// the label wrapped to the strip's width.
  static func drawUpright(_ bar: Rect, label: String, icon: Icon, on canvas: RefreshCanvas)
    throws(SDLError)
  {
    let style = canvas.style
    try canvas.fill(bar, color: style.barColor)
    let lines = canvas.wrap(label, .detail, width: max(8, bar.width - 8))
    let lineHeight = canvas.lineHeight(.detail)
    let iconSize = min(22, bar.width * 0.45)
    let total = iconSize + 8 + Double(lines.count) * lineHeight
    var y = bar.midY - total / 2
    drawIcon(icon, center: Point(x: bar.midX, y: y + iconSize / 2), size: iconSize, on: canvas)
    y += iconSize + 8
    for line in lines {
      if let text = try canvas.text(line, .detail, color: style.barInkColor) {
        try canvas.draw(text, at: Point(x: bar.midX - text.width / 2, y: y))
      }
      y += lineHeight
    }
  }

  /// Draws `icon` `size` points across at `center`.
  static func drawIcon(_ icon: Icon, center: Point, size: Double, on canvas: RefreshCanvas) {
    let ink = canvas.style.barInkColor
    switch icon {
    case .none: break
    case .arrow(let angle): canvas.drawArrow(center: center, length: size, angle: angle, color: ink)
    case .spinner(let phase):
      canvas.drawSpinner(center: center, radius: size / 2, phase: phase, color: ink)
    case .check: canvas.drawCheckmark(center: center, size: size * 0.8, color: ink)
    case .cross: canvas.drawCross(center: center, size: size * 0.8, color: ink)
    }
  }

  /// Draws the bar over `bar`, its label and icon at `scale` of their size.
  static func draw(
    _ bar: Rect, label: String, detail: String, icon: Icon, scale: Double = 1,
    on canvas: RefreshCanvas
  ) throws(SDLError) {
    let style = canvas.style
    try canvas.fill(bar, color: style.barColor)
    let labelText = try canvas.text(label, .label, color: style.barInkColor)
    let detailText = try canvas.text(detail, .detail, color: style.barDetailColor)
    let labelHeight = (labelText?.height ?? 0) * scale
    let detailHeight = (detailText?.height ?? 0) * scale
    let gap = labelText != nil && detailText != nil ? scale : 0
    var y = bar.midY - (labelHeight + gap + detailHeight) / 2
    if let labelText {
      try canvas.draw(labelText, at: Point(x: bar.midX - labelText.width * scale / 2, y: y), scale: scale)
      y += labelHeight + gap
    }
    if let detailText {
      try canvas.draw(detailText, at: Point(x: bar.midX - detailText.width * scale / 2, y: y), scale: scale)
    }
    let textWidth = max(labelText?.width ?? 0, detailText?.width ?? 0) * scale
    let iconSize = min(22, bar.height * 0.55) * scale
    let center = Point(x: bar.midX - textWidth / 2 - 14 * scale - iconSize / 2, y: bar.midY)
    drawIcon(icon, center: center, size: iconSize, on: canvas)
  }
}
