import RefreshCore
import RefreshSDL

/// `--match`: the recording playing in the compared table's place, its list's top at the live
/// list's top and drawn at the same width, and a plot over the bottom of the window laying the
/// recording's tracked offsets (orange) over the live list's (cyan) as they are drawn, with a
/// line at the time shown.
@MainActor
final class MatchView {
  let recording: MatchRecording
  private let renderer: Renderer
  private var shownIndex: Int?
  private var texture: Texture?
  /// The live list's displacement at each frame drawn, points.
  private var live: [(t: Double, offset: Double)] = []
  private var shapes = ShapeBatch()

  static let recordedInk = Color(rgb: 0xFF9800)
  static let liveInk = Color(rgb: 0x00BCD4)
  static let plotFill = Color(red: 20, green: 24, blue: 28, alpha: 200)
  static let gridInk = Color(red: 255, green: 255, blue: 255, alpha: 60)
  static let cursorInk = Color(red: 255, green: 255, blue: 255, alpha: 160)
  /// The plot's height, points.
  static let plotHeight = 150.0

  init(recording: MatchRecording, renderer: Renderer) {
    self.recording = recording
    self.renderer = renderer
  }

  /// The span the plot covers, seconds: the recording and half a second after.
  var duration: Double { max(recording.frameTimes.last ?? 0, recording.fit.track.points.last?.t ?? 0) + 0.5 }

  /// Draws the frame shown at `time` in `frame` (the compared table's place), and the plot
  /// across `plot` with the live list's `offset` at `time` added to it.
  func draw(at time: Double, liveOffset offset: Double, in frame: Rect, plot: Rect) throws(SDLError) {
    if live.last.map({ $0.t < time }) ?? true { live.append((time, offset)) }
    let index = recording.frameIndex(at: time)
    if index != shownIndex || texture == nil {
      texture = try Texture.make(renderer: renderer, image: recording.frames[index], opaque: true)
      shownIndex = index
    }
    if let texture {
      // The recording at the table's width, its list's top at the table's top.
      let pointsPerPixel = frame.width / Double(recording.recordingSize.width)
      let top = frame.y - Double(recording.region.y) * pointsPerPixel
      let height = Double(recording.recordingSize.height) * pointsPerPixel
      try renderer.preservingState { () throws(SDLError) in
        renderer.setClip(frame)
        renderer.fill(frame, color: Color(rgb: 0xFFFFFF))
        renderer.draw(texture, in: Rect(x: frame.x, y: top, width: frame.width, height: height))
      }
    }
    try drawPlot(in: plot, at: time)
  }

  private func drawPlot(in rect: Rect, at time: Double) throws(SDLError) {
    renderer.fill(rect, color: Self.plotFill)
    let recorded = recording.fit.track.points.compactMap { point in point.offset.map { (point.t, $0) } }
    let highest = max(10, (recorded.map(\.1) + live.map(\.offset)).max() ?? 10) * 1.1
    let inner = Rect(x: rect.x + 8, y: rect.y + 8, width: rect.width - 16, height: rect.height - 16)
    func place(_ t: Double, _ offset: Double) -> Point {
      Point(
        x: inner.x + inner.width * min(1, max(0, t / duration)),
        y: inner.maxY - inner.height * min(1, max(-0.05, offset / highest)))
    }
    shapes.removeAll(scale: renderer.scale)
    shapes.addLine(from: place(0, 0), to: place(duration, 0), width: 1, color: Self.gridInk)
    for (series, ink) in [(recorded, Self.recordedInk), (live.map { ($0.t, $0.offset) }, Self.liveInk)] {
      for (a, b) in zip(series, series.dropFirst()) {
        shapes.addLine(from: place(a.0, a.1), to: place(b.0, b.1), width: 2, color: ink)
      }
    }
    let cursor = place(time, 0)
    shapes.addLine(
      from: Point(x: cursor.x, y: inner.y), to: Point(x: cursor.x, y: inner.maxY), width: 1,
      color: Self.cursorInk)
    try renderer.draw(shapes)
  }
}
