import FoundationEssentials
import RefreshFit
import RefreshSDL

/// `refresh-lab fit --plot`: the recording's track (ink, with gaps where it was lost), the
/// fitted tuning's motion (blue) and the closest preset's (orange) over time, drawn by the
/// studio's motion chart (`PlotChart.drawSeries`) with its title, axes and legend.
@MainActor
enum FitPlot {
  static let width = 1000
  static let height = 500

  /// The three curves: the track, the closest preset's motion and the fitted one (drawn last,
  /// over the preset's where the two agree).
  static func series(_ fit: RecordingFit) -> [PlotSeries] {
    [
      recording(fit, color: PlotPalette.ink),
      PlotSeries(
        name: "closest preset: \(fit.closestPreset?.rawValue ?? "none")", color: PlotPalette.compareCurve,
        width: 2, points: Array(zip(fit.track.points.map(\.t), fit.presetOffsets))),
      fitted(fit, color: PlotPalette.curve),
    ]
  }

  /// The recording's track, with gaps where it was lost.
  static func recording(_ fit: RecordingFit, color: Color) -> PlotSeries {
    PlotSeries(
      name: "recording", color: color, width: 3,
      points: fit.track.points.map { ($0.t, $0.offset) })
  }

  /// The fitted tuning's motion through each refresh.
  static func fitted(_ fit: RecordingFit, color: Color) -> PlotSeries {
    PlotSeries(
      name: "fitted", color: color, width: 2, points: Array(zip(fit.track.points.map(\.t), fit.fittedOffsets))
    )
  }

  static func write(_ fit: RecordingFit, recording: String, to path: String) throws(LabError) {
    let png: [UInt8]
    do throws(SDLError) {
      let session = try SDLSession(mode: .headless)
      let renderer = try Renderer(session: session, headlessWidth: width, height: height)
      let chart = try PlotChart(
        renderer: renderer, session: session, fonts: try FontLocator.locate(), metrics: .document)
      try renderer.beginFrame(clearingTo: PlotPalette.paper)
      let name = recording.split(separator: "/").last.map(String.init) ?? recording
      let caption = PlotCaption(
        title: "\(name): content offset over time", subtitle: FitReport.numbers(fit),
        frameHeading: "", timeHeading: "time (s)")
      let end = max(fit.track.points.last?.t ?? 1, 0.1)
      try chart.drawSeries(
        series(fit), in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), window: 0...end,
        heading: "offset (pt)", caption: caption)
      png = try renderer.pngData()
    } catch {
      throw .shell("--plot: \(error.description)")
    }
    try AtomicFile.write(Data(png), to: path)
  }
}
