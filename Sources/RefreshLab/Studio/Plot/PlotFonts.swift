import RefreshSDL

/// The chart's three faces, opened for one pixel density.
@MainActor
final class PlotFonts {
  /// Pixels per point the faces were opened for.
  let scale: Double
  /// Tick labels, legend and subtitle.
  let label: Font
  /// Strip headings.
  let heading: Font
  /// The title of the PNG.
  let title: Font

  init(
    session: SDLSession, files: FontFiles, metrics: PlotLayout.Metrics, scale: Double
  ) throws(SDLError) {
    self.scale = scale
    label = try Font(session: session, files: files, pointSize: metrics.labelSize, scale: scale)
    heading = try Font(
      session: session, files: files, pointSize: metrics.labelSize, scale: scale, bold: true)
    title = try Font(
      session: session, files: files, pointSize: metrics.titleSize, scale: scale, bold: true)
  }
}
