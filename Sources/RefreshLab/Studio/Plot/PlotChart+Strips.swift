import RefreshSDL

extension PlotChart {
  /// Draws one strip: its fill, the state bands, the grid, whatever `curves` adds (drawn as one
  /// batch clipped to the strip), its border, tick labels and heading.
  func drawStrip(
    _ strip: Rect, heading: String, ticks: PlotTicks, _ samples: [PlotSample],
    time: PlotScale, grid: TimeGrid, curves: (PlotChart, PlotScale) -> Void
  ) throws(SDLError) {
    guard strip.width > 0, strip.height > 0 else { return }
    let y = PlotScale(domain: ticks.domain, start: strip.maxY, end: strip.y)
    renderer.fill(strip, color: PlotPalette.stripFill)
    drawBands(samples, time: time, in: strip)
    for index in 0..<ticks.count {
      addHorizontal(at: y.position(of: ticks.value(index)), in: strip, color: PlotPalette.grid)
    }
    for index in 0..<grid.ticks.count {
      guard let t = grid.time(index) else { continue }
      let x = time.position(of: t)
      renderer.fill(Rect(x: x - 0.5, y: strip.y, width: 1, height: strip.height), color: PlotPalette.grid)
    }
    shapes.removeAll(scale: renderer.scale)
    renderer.setClip(strip)
    curves(self, y)
    try renderer.draw(shapes)
    renderer.setClip(nil)
    drawBorder(strip)
    let font = fonts.label
    for index in 0..<ticks.count {
      let value = ticks.value(index)
      // Centred on its line, but kept level with the strip so the end labels do not run into
      // the heading below.
      let top = min(
        max(y.position(of: value) - font.lineHeight / 2, strip.y - 2), strip.maxY - font.lineHeight + 2)
      try drawText(
        ticks.label(value), font: font, x: strip.x - 6, y: top, align: .trailing, color: PlotPalette.mutedInk)
    }
    try drawText(
      heading, font: fonts.heading, x: strip.x - metrics.axisWidth,
      y: strip.y - metrics.headingHeight + (metrics.headingHeight - fonts.heading.lineHeight) / 2 - 1,
      color: PlotPalette.ink)
  }

  /// Coloured bands behind the curves, one rectangle per stretch of frames in the same state;
  /// each frame's state lasts until the next frame. Comparing, the measured table's phases fill
  /// the strip's upper half and the compared table's the lower half.
  func drawBands(
    _ samples: [PlotSample], time: PlotScale, in strip: Rect
  ) {
    let comparing = samples.contains { $0.compareBand != nil }
    let half = strip.height / 2
    addBands(samples, time: time, top: strip.y, height: comparing ? half : strip.height, in: strip) {
      $0.band
    }
    if comparing {
      addBands(samples, time: time, top: strip.y + half, height: half, in: strip) { $0.compareBand ?? .none }
    }
  }

  private func addBands(
    _ samples: [PlotSample], time: PlotScale, top: Double, height: Double, in strip: Rect,
    band: (PlotSample) -> PlotBand
  ) {
    var run: (band: PlotBand, start: Double)?
    func close(at end: Double) {
      guard let run, let color = PlotPalette.color(for: run.band) else { return }
      let left = max(strip.x, time.position(of: run.start))
      let right = min(strip.maxX, time.position(of: end))
      renderer.fill(Rect(x: left, y: top, width: right - left, height: height), color: color)
    }
    for sample in samples where run?.band != band(sample) {
      close(at: sample.time)
      run = (band(sample), sample.time)
    }
    close(at: time.domain.upperBound)
  }

  /// A one-point frame around `strip`.
  func drawBorder(_ strip: Rect) {
    let color = PlotPalette.stripBorder
    renderer.fill(Rect(x: strip.x, y: strip.y, width: strip.width, height: 1), color: color)
    renderer.fill(Rect(x: strip.x, y: strip.maxY - 1, width: strip.width, height: 1), color: color)
    renderer.fill(Rect(x: strip.x, y: strip.y, width: 1, height: strip.height), color: color)
    renderer.fill(Rect(x: strip.maxX - 1, y: strip.y, width: 1, height: strip.height), color: color)
  }

  /// The time axis: ticks, its name and the labels under the last strip.
  func drawTimeAxis(_ layout: PlotLayout, time: PlotScale, grid: TimeGrid, heading: String)
    throws(SDLError)
  {
    let font = fonts.label
    let top = layout.timeAxis.y + 3
    for index in 0..<grid.ticks.count {
      guard let t = grid.time(index) else { continue }
      let x = time.position(of: t)
      renderer.fill(
        Rect(x: x - 0.5, y: layout.timeAxis.y, width: 1, height: 3), color: PlotPalette.stripBorder)
      try drawText(
        grid.ticks.label(grid.ticks.value(index)), font: font, x: x, y: top, align: .center,
        color: PlotPalette.mutedInk)
    }
    try drawText(
      heading, font: fonts.heading, x: layout.timeAxis.midX, y: top + font.lineHeight,
      align: .center, color: PlotPalette.ink)
  }
}

/// The time axis's round values: ticks counted from an origin (the replay's start, or now for
/// the live overlay), placed at absolute times.
struct TimeGrid: Sendable, Equatable {
  /// Ticks over the window's times relative to `origin`.
  var ticks: PlotTicks
  /// The absolute time labelled zero.
  var origin: Double
  /// The window shown.
  var window: ClosedRange<Double>

  /// About one tick per 90 points of `width`.
  init(window: ClosedRange<Double>, origin: Double, width: Double) {
    self.window = window
    self.origin = origin
    ticks = PlotTicks(
      covering: (window.lowerBound - origin)...(window.upperBound - origin),
      count: max(2, Int(width / 90) + 1))
  }

  /// The absolute time of tick `index`, nil when it falls outside the window (the ticks' domain
  /// is widened to whole steps; the axis is not).
  func time(_ index: Int) -> Double? {
    let t = ticks.value(index) + origin
    let slack = (window.upperBound - window.lowerBound) * 1e-9
    return t >= window.lowerBound - slack && t <= window.upperBound + slack ? t : nil
  }
}
