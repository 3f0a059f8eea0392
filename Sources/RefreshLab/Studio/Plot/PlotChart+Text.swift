import RefreshSDL

extension PlotChart {
  /// Which side of `x` text sits on.
  typealias Alignment = TextAlignment

  /// Draws `string` with its top at `y`; returns its width.
  @discardableResult
  func drawText(
    _ string: String, font: Font, x: Double, y: Double, align: Alignment = .leading, color: Color
  ) throws(SDLError) -> Double {
    try text.draw(string, font: font, at: Point(x: x, y: y), color: color, align: align)
  }

  /// Width of `string` in `font`.
  func width(of string: String, font: Font) throws(SDLError) -> Double {
    try text.item(for: string, font: font)?.width ?? 0
  }

  func drawTitle(_ caption: PlotCaption, in rect: Rect) throws(SDLError) {
    guard rect.height > 0 else { return }
    var y = rect.y
    if let title = caption.title {
      try drawText(title, font: fonts.title, x: rect.x, y: y, color: PlotPalette.ink)
      y += fonts.title.lineHeight + 2
    }
    if let subtitle = caption.subtitle {
      try drawText(subtitle, font: fonts.label, x: rect.x, y: y, color: PlotPalette.mutedInk)
    }
  }

  /// One row of swatches: the curves and lines (on the PNG, which has room), then the state
  /// bands. Entries that do not fit are left out rather than drawn over each other.
  func drawLegend(_ caption: PlotCaption, in rect: Rect) throws(SDLError) {
    guard rect.height > 0 else { return }
    let font = fonts.label
    let middle = rect.midY
    let swatch = 18.0
    var x = rect.x
    func entry(_ name: String, draw: (Double) -> Void) throws(SDLError) -> Bool {
      let needed = swatch + 5 + (try width(of: name, font: font))
      guard x + needed <= rect.maxX else { return false }
      draw(x)
      try drawText(
        name, font: font, x: x + swatch + 5, y: middle - font.lineHeight / 2, color: PlotPalette.ink)
      x += needed + 16
      return true
    }
    let document = metrics.titleHeight > 0
    if document || caption.compareName != nil {
      let name = caption.compareName == nil ? "offset, velocity" : caption.primaryName ?? "left"
      guard try entry(name, draw: { self.line(at: $0, middle, swatch, PlotPalette.curve) }) else { return }
    }
    if let other = caption.compareName {
      guard try entry(other, draw: { self.line(at: $0, middle, swatch, PlotPalette.compareCurve) })
      else { return }
    }
    if let ghost = caption.ghostName {
      if !document && caption.compareName == nil {
        guard try entry("now", draw: { self.line(at: $0, middle, swatch, PlotPalette.curve) }) else { return }
      }
      guard try entry(ghost, draw: { self.line(at: $0, middle, swatch, PlotPalette.ghostCurve) }) else {
        return
      }
    }
    if document {
      guard
        try entry(
          "arm threshold",
          draw: { self.addDashes(at: middle, from: $0, to: $0 + swatch, color: PlotPalette.threshold) })
      else { return }
      guard try entry("rest edges", draw: { self.line(at: $0, middle, swatch, PlotPalette.rest) }) else {
        return
      }
    }
    for band in PlotBand.allCases {
      guard let color = PlotPalette.color(for: band) else { continue }
      let drawn = try entry(PlotPalette.name(for: band)) { left in
        let box = Rect(x: left + 2, y: middle - 6, width: swatch - 4, height: 12)
        self.renderer.fill(box, color: PlotPalette.stripFill)
        self.renderer.fill(box, color: color)
      }
      guard drawn else { return }
    }
  }

  private func line(at x: Double, _ y: Double, _ length: Double, _ color: Color) {
    renderer.fill(Rect(x: x, y: y - 1.25, width: length, height: 2.5), color: color)
  }

  /// Names the threshold, the rest edge and the frame budget at the right end of their lines.
  func drawReferenceLabels(
    _ latest: PlotSample?, offsets: PlotTicks, frames: PlotTicks, layout: PlotLayout
  ) throws(SDLError) {
    let font = fonts.label
    if let latest {
      let y = PlotScale(domain: offsets.domain, start: layout.offset.maxY, end: layout.offset.y)
      try label(
        "arm threshold", at: y.position(of: latest.threshold), in: layout.offset, above: false,
        color: PlotPalette.threshold, font: font)
      try label(
        "rest", at: y.position(of: latest.restTop), in: layout.offset, above: true,
        color: PlotPalette.rest, font: font)
    }
    let y = PlotScale(domain: frames.domain, start: layout.frames.maxY, end: layout.frames.y)
    try label(
      "60 Hz", at: y.position(of: PlotRanges.frameBudget), in: layout.frames, above: true,
      color: PlotPalette.mutedInk, font: font)
  }

  /// `name` at the right end of a line at `y`, on the side asked for when it fits inside the
  /// strip, else on the other.
  private func label(
    _ name: String, at y: Double, in strip: Rect, above: Bool, color: Color, font: Font
  ) throws(SDLError) {
    guard y >= strip.y, y <= strip.maxY else { return }
    let height = font.lineHeight
    var top = above ? y - height - 1 : y + 2
    if top < strip.y + 1 { top = y + 2 }
    if top + height > strip.maxY - 1 { top = y - height - 1 }
    try drawText(name, font: font, x: strip.maxX - 6, y: top, align: .trailing, color: color)
  }
}
