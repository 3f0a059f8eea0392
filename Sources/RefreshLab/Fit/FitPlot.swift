import FoundationEssentials
import RefreshFit
import RefreshSDL

/// `refresh-lab fit --plot`: the recording's track (ink, with gaps where it was lost), the
/// fitted tuning's motion (blue) and the closest preset's (orange) over time, on a grid of half
/// seconds and 20 pt, drawn with the shell's software renderer in the studio plot's palette.
@MainActor
enum FitPlot {
  static let width = 1000
  static let height = 500
  static let margin = 30.0

  static func write(_ fit: RecordingFit, to path: String) throws(LabError) {
    let png: [UInt8]
    do throws(SDLError) {
      let session = try SDLSession(mode: .headless)
      let renderer = try Renderer(session: session, headlessWidth: width, height: height)
      try renderer.beginFrame(clearingTo: PlotPalette.paper)
      var shapes = ShapeBatch()
      shapes.removeAll(scale: renderer.scale)
      let points = fit.track.points
      let end = max(points.last?.t ?? 1, 0.1)
      let values = points.compactMap(\.offset) + fit.fittedOffsets.compactMap { $0 }
      let top = max(20, (values.max() ?? 20) * 1.1)
      let bottom = min(0, values.min() ?? 0)
      let w = Double(width) - 2 * margin
      let h = Double(height) - 2 * margin
      func at(_ t: Double, _ x: Double) -> Point {
        Point(x: margin + t / end * w, y: margin + (top - x) / (top - bottom) * h)
      }
      for t in stride(from: 0.0, through: end, by: 0.5) {
        shapes.addLine(from: at(t, bottom), to: at(t, top), width: 1, color: PlotPalette.grid)
      }
      for x in stride(from: (bottom / 20).rounded(.down) * 20, through: top, by: 20) {
        shapes.addLine(
          from: at(0, x), to: at(end, x), width: x == 0 ? 2 : 1,
          color: x == 0 ? PlotPalette.rest : PlotPalette.grid)
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
      try renderer.draw(shapes)
      png = try renderer.pngData()
    } catch {
      throw .shell("--plot: \(error.description)")
    }
    try AtomicFile.write(Data(png), to: path)
  }
}
