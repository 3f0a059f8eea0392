import RefreshCore
import RefreshSDL

/// Draws what the studio adds to a frame: the compared table and the captions naming both
/// tunings, the live plot overlay, and the recording or replay badge.
@MainActor
final class StudioPainter {
  let surface: TableCanvas
  private let fontFiles: FontFiles
  private var badgeFont: Font
  private var chart: PlotChart?
  /// Draws the compared table, made on first use.
  private var companionView: TableView?
  private var shapes = ShapeBatch()

  /// Captions strip colour, and the line between the two tables.
  static let captionFill = Color(rgb: 0x263238)
  static let captionInk = Color(rgb: 0xFFFFFF)
  static let badgeFill = Color(red: 20, green: 24, blue: 28, alpha: 200)
  static let recordRed = Color(rgb: 0xF44336)
  static let replayGreen = Color(rgb: 0x66BB6A)
  static let badgeSize = 12.5

  init(surface: TableCanvas) throws(LabError) {
    self.surface = surface
    do throws(SDLError) {
      fontFiles = try FontLocator.locate()
      badgeFont = try Font(
        session: surface.sdl, files: fontFiles, pointSize: Self.badgeSize,
        scale: surface.renderer.scale, bold: true)
    } catch {
      throw .shell(error.description)
    }
  }

  private var renderer: Renderer { surface.renderer }

  /// Reopens the badge font when the window moved to a display of another density.
  private func refreshFonts() throws(SDLError) {
    guard badgeFont.scale != renderer.scale else { return }
    badgeFont = try Font(
      session: surface.sdl, files: fontFiles, pointSize: Self.badgeSize, scale: renderer.scale,
      bold: true)
  }

  /// The compared table, where it sits, as `snapshot` shows it.
  func drawTable(_ session: ListDriver, showing snapshot: RefreshSnapshot) throws(SDLError) {
    let view: TableView
    if let companionView {
      view = companionView
    } else {
      // A table view like the surface's, sharing its text cache.
      view = try TableView(
        renderer: renderer, fonts: fontFiles, style: surface.tableView.style,
        language: surface.tableView.language, textCache: surface.tableView.textCache)
      companionView = view
    }
    try surface.draw(session, showing: snapshot, with: view)
  }

  /// A dark strip over each table naming its tuning, and a line between the tables.
  func drawCaptions(_ captions: [String], in frames: [Rect], windowHeight: Double) throws(SDLError) {
    try refreshFonts()
    for (caption, frame) in zip(captions, frames) {
      renderer.fill(frame, color: Self.captionFill)
      try surface.tableView.textCache.draw(
        caption, font: badgeFont,
        at: Point(x: frame.x + 10, y: frame.midY - badgeFont.lineHeight / 2), color: Self.captionInk)
    }
    if frames.count == 2 {
      renderer.fill(
        Rect(x: frames[1].x - 0.5, y: frames[1].y, width: 1, height: windowHeight - frames[1].y),
        color: Self.captionFill)
    }
  }

  /// The live plot over the lower part of the window.
  func drawPlot(
    _ samples: RingBuffer<PlotSample>, window: ClosedRange<Double>, caption: PlotCaption, in frame: Rect
  ) throws(SDLError) {
    if chart == nil {
      chart = try PlotChart(
        renderer: renderer, session: surface.sdl, fonts: fontFiles, metrics: .overlay,
        smoothCurves: renderer.isAccelerated)
    }
    try chart?.draw(samples, in: frame, window: window, caption: caption)
    // A rule between the table and the overlay, which is opaque: rows showing through would
    // fight the curves.
    renderer.fill(Rect(x: frame.x, y: frame.y, width: frame.width, height: 1), color: PlotPalette.stripBorder)
  }

  /// Height of the readouts' strip under the live plot: two lines.
  static let readoutsHeight = 34.0

  /// The readouts (`MotionReadouts.lines`) in a strip under the live plot.
  func drawReadouts(_ lines: [String], in frame: Rect) throws(SDLError) {
    let font = try readoutFont()
    renderer.fill(frame, color: Self.captionFill)
    for (index, line) in lines.enumerated() {
      try surface.tableView.textCache.draw(
        line, font: font, at: Point(x: frame.x + 8, y: frame.y + 3 + Double(index) * font.lineHeight),
        color: Self.captionInk)
    }
  }

  /// The readouts' font, opened on first use at the renderer's density.
  private func readoutFont() throws(SDLError) -> Font {
    if let readoutsFont, readoutsFont.scale == renderer.scale { return readoutsFont }
    let font = try Font(session: surface.sdl, files: fontFiles, pointSize: 11, scale: renderer.scale)
    readoutsFont = font
    return font
  }

  private var readoutsFont: Font?

  /// Height of the scrubber's strip under the list.
  static let scrubberHeight = 30.0
  static let onionHeaderInk = Color(rgb: 0x1E88E5)
  static let onionContentInk = Color(rgb: 0xFB8C00)

  /// The onion skin: for each frame near the shown one, the header's bottom edge (blue) and
  /// row 0's outline (orange) of `table` in `frame` (window points), fainter the farther the
  /// frame: earlier frames across the whole width, later ones across its middle half only, so
  /// the way the motion went shows.
  func drawOnionSkin(_ onion: [(distance: Int, frame: FrameSnapshots)], rowHeight: Double, in frame: Rect) {
    for (distance, neighbour) in onion {
      let alpha = UInt8(150 - 35 * (abs(distance) - 1))
      let edges = Scrubber.edges(of: neighbour.table, top: frame.y)
      let inset = distance < 0 ? 0 : frame.width * 0.25
      let span = (frame.x + inset, frame.width - 2 * inset)
      var content = Self.onionContentInk
      content.alpha = alpha
      let row = Rect(x: span.0, y: edges.content, width: span.1, height: rowHeight)
      for edge in [
        Rect(x: row.x, y: row.y, width: row.width, height: 1),
        Rect(x: row.x, y: row.maxY - 1, width: row.width, height: 1),
        Rect(x: row.x, y: row.y, width: 1, height: row.height),
        Rect(x: row.maxX - 1, y: row.y, width: 1, height: row.height),
      ] where edge.y >= frame.y && edge.maxY <= frame.maxY {
        renderer.fill(edge, color: content)
      }
      if let header = edges.header, header >= frame.y, header <= frame.maxY {
        var ink = Self.onionHeaderInk
        ink.alpha = alpha
        renderer.fill(Rect(x: span.0, y: header - 1, width: span.1, height: 2), color: ink)
      }
    }
  }

  /// The scrubber under the list: a track with the run's frames, the shown one marked, and
  /// `caption` (which frame, its time and offset).
  func drawScrubber(caption: String, position: Int, count: Int, in frame: Rect) throws(SDLError) {
    renderer.fill(frame, color: Self.captionFill)
    let track = Rect(x: frame.x + 10, y: frame.maxY - 7, width: frame.width - 20, height: 3)
    renderer.fill(track, color: Color(red: 255, green: 255, blue: 255, alpha: 70))
    let fraction = count > 1 ? Double(position) / Double(count - 1) : 1
    renderer.fill(
      Rect(x: track.x, y: track.y, width: track.width * fraction, height: track.height),
      color: Self.replayGreen)
    renderer.fill(
      Rect(x: track.x + track.width * fraction - 1.5, y: track.y - 4, width: 3, height: 11),
      color: Self.captionInk)
    let font = try readoutFont()
    try surface.tableView.textCache.draw(
      caption, font: font, at: Point(x: frame.x + 10, y: frame.y + 3), color: Self.captionInk)
  }

  /// What the record keys are doing, in the window's top-right corner.
  enum Badge {
    case take, replaying
  }

  /// A dark pill with a red dot and "REC", or a green triangle and "REPLAY".
  func drawBadge(_ badge: Badge, top: Double, right: Double) throws(SDLError) {
    try refreshFonts()
    let label = badge == .take ? "REC" : "REPLAY"
    let textWidth = try surface.tableView.textCache.item(for: label, font: badgeFont)?.width ?? 0
    let height = 24.0
    let pill = Rect(x: right - 8 - (textWidth + 38), y: top + 8, width: textWidth + 38, height: height)
    shapes.removeAll(scale: renderer.scale)
    shapes.addCapsule(pill, color: Self.badgeFill)
    let mark = Point(x: pill.x + 16, y: pill.midY)
    switch badge {
    case .take:
      shapes.addCircle(center: mark, radius: 6, color: Self.recordRed)
    case .replaying:
      shapes.addConvexPolygon(
        [
          Point(x: mark.x - 5, y: mark.y - 6), Point(x: mark.x + 6, y: mark.y),
          Point(x: mark.x - 5, y: mark.y + 6),
        ], color: Self.replayGreen)
    }
    try renderer.draw(shapes)
    try surface.tableView.textCache.draw(
      label, font: badgeFont, at: Point(x: pill.x + 28, y: pill.midY - badgeFont.lineHeight / 2),
      color: Self.captionInk)
  }
}
