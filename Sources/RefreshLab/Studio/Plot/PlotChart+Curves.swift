import RefreshSDL

extension PlotChart {
  /// Adds a polyline of `value` over time. Samples without a value break the line; samples
  /// sharing a pixel column collapse to that column's first, lowest, highest and last points,
  /// so a long replay costs no more than the chart is wide and no spike is lost.
  func addCurve(
    _ samples: [PlotSample], time: PlotScale, y: PlotScale, width: Double,
    color: Color, value: (PlotSample) -> Double?
  ) {
    scratch.removeAll(keepingCapacity: true)
    let top = min(y.start, y.end) - width
    let bottom = max(y.start, y.end) + width
    let pixelsPerPoint = renderer.scale
    var column = Int.min
    var first = 0.0
    var low = 0.0
    var high = 0.0
    var last = 0.0
    var x = 0.0
    func append(_ y: Double) {
      if scratch.last?.y != y || scratch.last?.x != x { scratch.append(Point(x: x, y: y)) }
    }
    func flush() {
      guard column != .min else { return }
      append(first)
      append(low)
      append(high)
      append(last)
      column = .min
    }
    for sample in samples {
      guard let v = value(sample), v.isFinite else {
        flush()
        addPolyline(width: width, color: color)
        scratch.removeAll(keepingCapacity: true)
        continue
      }
      let px = time.position(of: sample.time)
      let py = min(bottom, max(top, y.position(of: v)))
      let pixelColumn = Int((px * pixelsPerPoint).rounded(.down))
      if pixelColumn == column {
        low = min(low, py)
        high = max(high, py)
        last = py
        continue
      }
      flush()
      (column, x, first, low, high, last) = (pixelColumn, px, py, py, py, py)
    }
    flush()
    addPolyline(width: width, color: color)
  }

  /// Strokes `scratch` as connected segments, after merging level runs (every point within a
  /// fraction of a pixel of the run's first) into one segment: a still curve then has no joins,
  /// whose overlapping soft edges would dot it.
  private func addPolyline(width: Double, color: Color) {
    guard scratch.count >= 2 else { return }
    let tolerance = 0.15 / renderer.scale
    var kept = 1
    for index in 1..<scratch.count {
      let point = scratch[index]
      if kept >= 2, abs(scratch[kept - 1].y - scratch[kept - 2].y) < tolerance,
        abs(point.y - scratch[kept - 2].y) < tolerance
      {
        scratch[kept - 1] = point
      } else {
        scratch[kept] = point
        kept += 1
      }
    }
    scratch.removeLast(scratch.count - kept)
    for index in 1..<scratch.count {
      if smoothCurves {
        shapes.addLine(from: scratch[index - 1], to: scratch[index], width: width, color: color)
      } else {
        fillSegment(from: scratch[index - 1], to: scratch[index], width: width, color: color)
      }
    }
  }

  /// A segment as opaque rectangles no wider than `span`, each covering the segment's height
  /// over its width: crisp rather than smooth, but the software renderer fills them at memory
  /// speed, where it blends every anti-aliased triangle through a surface of its own.
  private func fillSegment(from start: Point, to end: Point, width: Double, color: Color) {
    let span = 2 / renderer.scale
    let pieces = max(1, Int((abs(end.x - start.x) / span).rounded(.up)))
    var previous = start
    for piece in 1...pieces {
      let fraction = Double(piece) / Double(pieces)
      let next = Point(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
      let top = min(previous.y, next.y) - width / 2
      renderer.fill(
        Rect(
          x: previous.x, y: top, width: max(next.x - previous.x, 1 / renderer.scale),
          height: abs(next.y - previous.y) + width),
        color: color)
      previous = next
    }
  }

  /// The rest edges as thin curves (they move while the header opens and closes) and the arming
  /// thresholds as dashed lines, one stretch per value they held: the measured table's in red,
  /// the compared table's in its own colour.
  func addRestAndThreshold(_ samples: [PlotSample], time: PlotScale, y: PlotScale, in strip: Rect) {
    addCurve(samples, time: time, y: y, width: 1.2, color: PlotPalette.rest) { $0.restTop }
    addCurve(samples, time: time, y: y, width: 1.2, color: PlotPalette.rest) { $0.restBottom }
    addCurve(samples, time: time, y: y, width: 1.2, color: PlotPalette.compareCurve) { $0.compareRestTop }
    addSteps(samples, time: time, y: y, in: strip, color: PlotPalette.compareCurve) { $0.compareThreshold }
    addSteps(samples, time: time, y: y, in: strip, color: PlotPalette.threshold) { $0.threshold }
  }

  /// `value` as dashed horizontal stretches, one per run of equal values.
  private func addSteps(
    _ samples: [PlotSample], time: PlotScale, y: PlotScale, in strip: Rect, color: Color,
    value: (PlotSample) -> Double?
  ) {
    var run: (x: Double, value: Double)?
    for sample in samples {
      let x = max(strip.x, time.position(of: sample.time))
      let current = value(sample)
      guard run?.value != current else { continue }
      if let run { addDashes(at: y.position(of: run.value), from: run.x, to: x, color: color) }
      run = current.map { (x, $0) }
    }
    if let run { addDashes(at: y.position(of: run.value), from: run.x, to: strip.maxX, color: color) }
  }

  /// A dashed horizontal line, drawn at once (under the curves, which are drawn as a batch).
  func addDashes(at y: Double, from left: Double, to right: Double, color: Color) {
    let dash = 6.0
    let gap = 4.0
    let thickness = 1.5
    var x = left
    while x < right {
      renderer.fill(
        Rect(x: x, y: y - thickness / 2, width: min(dash, right - x), height: thickness), color: color)
      x += dash + gap
    }
  }

  /// A hairline across `strip`, drawn at once.
  func addHorizontal(at y: Double, in strip: Rect, color: Color) {
    renderer.fill(Rect(x: strip.x, y: y - 0.5, width: strip.width, height: 1), color: color)
  }
}
