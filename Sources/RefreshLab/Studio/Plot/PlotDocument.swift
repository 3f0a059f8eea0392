import FoundationEssentials
import RefreshSDL

/// `--plot PATH`: the motion chart of a whole headless replay, rendered by the shell's software
/// renderer and saved with its PNG writer.
@MainActor
enum PlotDocument {
  /// Size of the PNG, points (one pixel each).
  static let width = 1000
  /// Height of the PNG.
  static let height = 600

  /// Writes the chart of `samples` (the whole replay) to `path`.
  static func write(
    _ samples: some RandomAccessCollection<PlotSample>, caption: PlotCaption, to path: String,
    session: SDLSession
  ) throws(LabError) {
    let png: [UInt8]
    do throws(SDLError) {
      let renderer = try Renderer(session: session, headlessWidth: width, height: height)
      let chart = try PlotChart(
        renderer: renderer, session: session, fonts: try FontLocator.locate(), metrics: .document)
      try renderer.beginFrame(clearingTo: PlotPalette.paper)
      let end = max(samples.last?.time ?? 0, samples.first.map { $0.time + 0.1 } ?? 1)
      try chart.draw(
        samples, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
        window: (samples.first?.time ?? 0)...end, caption: caption)
      png = try renderer.pngData()
    } catch {
      throw .shell(error.description)
    }
    try AtomicFile.write(Data(png), to: path)
  }
}
