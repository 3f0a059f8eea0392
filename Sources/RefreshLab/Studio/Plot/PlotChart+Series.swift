import RefreshSDL

/// One curve given whole to ``PlotChart/drawSeries(_:in:window:heading:caption:cursor:note:)``:
/// a recording's track, a fitted motion, a live list's offsets.
struct PlotSeries {
  /// What the legend calls it.
  var name: String
  var color: Color
  /// Stroke width, points.
  var width: Double
  /// Times (seconds) and values; a nil value breaks the line.
  var points: [(t: Double, value: Double?)]
}

extension PlotChart {
  /// Draws `series` over `window` seconds into `frame` as one strip of the motion chart (its
  /// fill, grid, ticks, border, heading and time axis, as `draw` draws the offset strip), under
  /// the caption's title and a legend naming each series, then `note` (a key to press) at the
  /// legend's right; `cursor` draws a line at that time. The fit's `--plot` and `--match`'s
  /// strip draw through here, so every motion chart of the lab is this one chart.
  func drawSeries(
    _ series: [PlotSeries], in frame: Rect, window: ClosedRange<Double>, heading: String,
    caption: PlotCaption, cursor: Double? = nil, note: String? = nil
  ) throws(SDLError) {
    let m = metrics
    renderer.fill(frame, color: PlotPalette.paper)
    let left = frame.x + m.padding
    let width = max(0, frame.width - 2 * m.padding)
    let title = Rect(x: left, y: frame.y + m.padding, width: width, height: m.titleHeight)
    let legend = Rect(x: left, y: title.maxY, width: width, height: m.legendHeight)
    let stripTop = legend.maxY + m.headingHeight
    let strip = Rect(
      x: left + m.axisWidth, y: stripTop, width: max(0, width - m.axisWidth),
      height: max(0, frame.maxY - m.padding - m.timeAxisHeight - stripTop))
    try drawTitle(caption, in: title)
    try drawSeriesLegend(series, note: note, in: legend)
    var low = 0.0
    var high = 0.0
    for s in series {
      for case let (_, v?) in s.points where v.isFinite {
        low = min(low, v)
        high = max(high, v)
      }
    }
    // A margin above the highest value; none below curves that rest at zero (a track's noise
    // of a point below it aside).
    let padded = PlotRanges.padded(low...high, minimumSpan: 20)
    let ticks = PlotTicks(
      covering: (low < -0.05 * max(high, 20) ? padded.lowerBound : 0)...padded.upperBound,
      count: max(3, Int(strip.height / 45))
    )
    let time = PlotScale(domain: window, start: strip.x, end: strip.maxX)
    let grid = TimeGrid(window: window, origin: caption.timeOrigin, width: strip.width)
    try drawStrip(strip, heading: heading, ticks: ticks, [], time: time, grid: grid) { chart, y in
      chart.addHorizontal(at: y.position(of: 0), in: strip, color: PlotPalette.rest)
      for s in series { chart.addLines(s, time: time, y: y) }
      if let cursor, window.contains(cursor) {
        let x = time.position(of: cursor)
        chart.renderer.fill(
          Rect(x: x - 0.75, y: strip.y, width: 1.5, height: strip.height), color: PlotPalette.mutedInk)
      }
    }
    // The time axis under this one strip.
    var layout = PlotLayout(frame: frame, metrics: m)
    layout.timeAxis = Rect(x: strip.x, y: strip.maxY, width: strip.width, height: m.timeAxisHeight)
    try drawTimeAxis(layout, time: time, grid: grid, heading: caption.timeHeading)
  }

  /// `series` as straight segments between its points, broken where a value is missing.
  private func addLines(_ series: PlotSeries, time: PlotScale, y: PlotScale) {
    var last: Point?
    for (t, value) in series.points {
      guard let value, value.isFinite else {
        last = nil
        continue
      }
      let point = Point(x: time.position(of: t), y: y.position(of: value))
      if let last { shapes.addLine(from: last, to: point, width: series.width, color: series.color) }
      last = point
    }
  }

  /// One row of swatches naming `series`, then `note` right-aligned; entries that do not fit
  /// are left out rather than drawn over each other.
  private func drawSeriesLegend(_ series: [PlotSeries], note: String?, in rect: Rect) throws(SDLError) {
    guard rect.height > 0 else { return }
    let font = fonts.label
    let middle = rect.midY
    let swatch = 18.0
    var right = rect.maxX
    if let note {
      let noteWidth = try width(of: note, font: fonts.heading)
      right -= noteWidth + 12
      try drawText(
        note, font: fonts.heading, x: rect.maxX, y: middle - fonts.heading.lineHeight / 2, align: .trailing,
        color: PlotPalette.ink)
    }
    var x = rect.x
    for s in series {
      let needed = swatch + 5 + (try width(of: s.name, font: font))
      guard x + needed <= right else { return }
      renderer.fill(Rect(x: x, y: middle - 1.25, width: swatch, height: 2.5), color: s.color)
      try drawText(
        s.name, font: font, x: x + swatch + 5, y: middle - font.lineHeight / 2, color: PlotPalette.ink)
      x += needed + 16
    }
  }
}
