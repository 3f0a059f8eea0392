import FoundationEssentials
import RefreshFit
import RefreshSDL

/// `refresh-lab fit --plot`: the recording's track (ink, with gaps where it was lost), the
/// fitted tuning's motion (blue) and the closest preset's (orange) over time, on a grid of half
/// seconds and 20 pt, with its title, the axes' figures and a legend, drawn with the shell's
/// software renderer in the studio plot's palette and fonts.
@MainActor
enum FitPlot {
  static let width = 1000
  static let height = 500
  /// Room for the title and the legend above the chart, the offsets' figures on its left and
  /// the times' below it.
  static let top = 62.0
  static let left = 52.0
  static let right = 20.0
  static let bottom = 34.0

  static func write(_ fit: RecordingFit, recording: String, to path: String) throws(LabError) {
    let png: [UInt8]
    do throws(SDLError) {
      let session = try SDLSession(mode: .headless)
      let renderer = try Renderer(session: session, headlessWidth: width, height: height)
      let files = try FontLocator.locate()
      let label = try Font(session: session, files: files, pointSize: 12, scale: renderer.scale)
      let title = try Font(session: session, files: files, pointSize: 15, scale: renderer.scale, bold: true)
      let text = TextCache(renderer: renderer)
      try renderer.beginFrame(clearingTo: PlotPalette.paper)
      var shapes = ShapeBatch()
      shapes.removeAll(scale: renderer.scale)
      let points = fit.track.points
      let end = max(points.last?.t ?? 1, 0.1)
      let values = points.compactMap(\.offset) + fit.fittedOffsets.compactMap { $0 }
      let highest = max(20, (values.max() ?? 20) * 1.1)
      let lowest = min(0, values.min() ?? 0)
      let w = Double(width) - left - right
      let h = Double(height) - top - bottom
      func at(_ t: Double, _ x: Double) -> Point {
        Point(x: left + t / end * w, y: top + (highest - x) / (highest - lowest) * h)
      }
      // Half seconds, or whole ones when a long recording would crowd their figures.
      let step = end > 12 ? 2.0 : end > 6 ? 1.0 : 0.5
      var figures: [(String, Point, TextAlignment)] = []
      for t in stride(from: 0.0, through: end, by: step) {
        shapes.addLine(from: at(t, lowest), to: at(t, highest), width: 1, color: PlotPalette.grid)
        figures.append((t.fixed(1) + " s", at(t, lowest), .center))
      }
      let offsetStep = highest - lowest > 240 ? 40.0 : 20.0
      for x in stride(
        from: (lowest / offsetStep).rounded(.down) * offsetStep, through: highest, by: offsetStep)
      {
        shapes.addLine(
          from: at(0, x), to: at(end, x), width: x == 0 ? 2 : 1,
          color: x == 0 ? PlotPalette.rest : PlotPalette.grid)
        figures.append(("\(Int(x))", at(0, x), .trailing))
      }
      func curve(_ ys: [Double?], color: Color, width: Double) {
        for k in ys.indices.dropFirst() {
          guard let a = ys[k - 1], let b = ys[k] else { continue }
          shapes.addLine(from: at(points[k - 1].t, a), to: at(points[k].t, b), width: width, color: color)
        }
      }
      curve(points.map(\.offset), color: PlotPalette.ink, width: 3)
      curve(fit.presetOffsets, color: PlotPalette.compareCurve, width: 2)
      curve(fit.fittedOffsets, color: PlotPalette.curve, width: 2)
      // The legend's swatches, after the title.
      let entries: [(String, Color)] = [
        ("recording", PlotPalette.ink), ("fitted", PlotPalette.curve),
        ("closest preset: \(fit.closestPreset?.rawValue ?? "none")", PlotPalette.compareCurve),
      ]
      var x = left
      var swatches: [(Double, String)] = []
      for (name, color) in entries {
        shapes.addLine(
          from: Point(x: x, y: 45), to: Point(x: x + 18, y: 45), width: 3, color: color)
        swatches.append((x + 24, name))
        x += 24 + (try text.item(for: name, font: label)?.width ?? 0) + 18
      }
      try renderer.draw(shapes)
      let name = recording.split(separator: "/").last.map(String.init) ?? recording
      try text.draw(
        "\(name): content offset (pt) over time", font: title, at: Point(x: left, y: 8),
        color: PlotPalette.ink)
      for (x, name) in swatches {
        try text.draw(
          name, font: label, at: Point(x: x, y: 45 - label.lineHeight / 2), color: PlotPalette.ink)
      }
      for (figure, point, align) in figures {
        let origin =
          align == .trailing
          ? Point(x: point.x - 6, y: point.y - label.lineHeight / 2) : Point(x: point.x, y: point.y + 6)
        try text.draw(figure, font: label, at: origin, color: PlotPalette.mutedInk, align: align)
      }
      png = try renderer.pngData()
    } catch {
      throw .shell("--plot: \(error.description)")
    }
    try AtomicFile.write(Data(png), to: path)
  }
}
