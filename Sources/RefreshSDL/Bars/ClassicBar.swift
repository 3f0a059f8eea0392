import RefreshCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    /// Reduced motion's arrow: pointing down and pointing up cross-faded, `up` of the way to
    /// up (the turned arrow's progress), instead of turning.
    case fadedArrow(up: Double)
    /// Reduced motion's spinner: still, its opacity breathing with `phase` instead of turning.
    case stillSpinner(phase: Double)
  }

  /// Opacity levels a reduced-motion icon steps through: each is a sprite of its own, so the
  /// fades are kept to a few.
  static let fadeLevels = 16.0

  /// `color` at `opacity`, stepped to one of ``fadeLevels``.
  static func faded(_ color: Color, _ opacity: Double) -> Color {
    var c = color
    let stepped = (max(0, min(1, opacity)) * fadeLevels).rounded() / fadeLevels
    c.alpha = UInt8((Double(color.alpha) * stepped).rounded())
    return c
  }

  /// The still spinner's opacity at `phase` turns: from full to 0.45 and back once a turn.
  static func breathing(_ phase: Double) -> Double {
    let step = (ShapeBatch.spinnerStep(phase) * Double(ShapeBatch.spinnerSpokes)).rounded()
    return 0.45 + 0.55 * (0.5 + 0.5 * cos(2 * Double.pi * step / Double(ShapeBatch.spinnerSpokes)))
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
    case .fadedArrow(let up):
      if up < 1 { canvas.drawArrow(center: center, length: size, angle: 0, color: faded(ink, 1 - up)) }
      if up > 0 { canvas.drawArrow(center: center, length: size, angle: Double.pi, color: faded(ink, up)) }
    case .stillSpinner(let phase):
      canvas.drawSpinner(center: center, radius: size / 2, phase: 0, color: faded(ink, breathing(phase)))
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
