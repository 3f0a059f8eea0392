import RefreshCore
import RefreshFit
import RefreshSDL

/// `--match`: the recording playing in the compared table's place, its list's top at the live
/// list's top and drawn at the fit's scale (the same size as the list), the fit's inputs driven
/// into the live list at their times, and the plot in a strip of its own above the tables: the
/// recording's tracked offsets, the fitted motion and the live list's offsets over one play,
/// with a line at the time shown, a legend and the key that plays it again.
@MainActor
final class MatchView {
  let recording: MatchRecording
  private let renderer: Renderer
  private let chart: PlotChart
  private var shownIndex: Int?
  private var texture: Texture?
  /// The live list's offset at each frame drawn this play, recording time and points.
  private var live: [(t: Double, value: Double?)] = []
  /// The session time the recording's time 0 falls at: when this play began.
  private(set) var origin = 0.0
  /// The next of the recording's refreshes to drive into the live list.
  private var nextRefresh = 0
  /// The inputs of the refresh being driven, not yet sent, in session time.
  private var pending: ArraySlice<Input> = []

  /// The plot strip's height, points.
  nonisolated static let plotHeight = 200.0
  /// The live plot's sizes, with a line above the legend for the fit's figures.
  static let metrics: PlotLayout.Metrics = {
    var m = PlotLayout.Metrics.overlay
    m.titleHeight = 30
    m.titleSize = m.labelSize
    return m
  }()
  /// The key that plays the recording again, as the plot's legend and the keys overlay say.
  static let playAgainNote = "Space: play again"

  init(recording: MatchRecording, renderer: Renderer, session: SDLSession) throws(LabError) {
    self.recording = recording
    self.renderer = renderer
    do throws(SDLError) {
      chart = try PlotChart(
        renderer: renderer, session: session, fonts: try FontLocator.locate(), metrics: Self.metrics,
        smoothCurves: false)
    } catch {
      throw .shell(error.description)
    }
  }

  /// Drives the recording's inputs due by session time `time` into `session`, each at its own
  /// time: the same inputs the fitter replays (`RefreshReplay`). Each refresh's are made as it
  /// comes, for the list's height then (the band's reach depends on it, and the window's table
  /// gives height to the status line and the start hint).
  func drive(_ session: inout ListDriver, to time: Double) {
    let refreshes = recording.fit.refreshes
    while true {
      if pending.isEmpty {
        guard nextRefresh < refreshes.count else { return }
        pending = ArraySlice(
          RefreshReplay.inputs(
            of: refreshes[nextRefresh], in: recording.fit.track, tuning: session.controller.tuning,
            viewport: session.viewport.height
          ).map { Self.shifted($0, by: origin) })
        nextRefresh += 1
      }
      guard let input = pending.first, input.time <= time else { return }
      session.send(input)
      pending.removeFirst()
    }
  }

  /// Plays the recording again from session time `time` (the live list has started afresh).
  func restart(at time: Double) {
    origin = time
    nextRefresh = 0
    pending = []
    live = []
    shownIndex = nil
  }

  /// `input` `delta` seconds later.
  static func shifted(_ input: Input, by delta: Double) -> Input {
    switch input {
    case .down(let y, let t): .down(y: y, time: t + delta)
    case .move(let y, let t): .move(y: y, time: t + delta)
    case .up(let t): .up(time: t + delta)
    default: input
    }
  }

  /// Draws the frame shown at session time `time` in `frame` (the compared table's place), and
  /// the plot across `plot` with the live list's `snapshot` at `time` added to it.
  func draw(at time: Double, live snapshot: RefreshSnapshot, in frame: Rect, plot: Rect) throws(SDLError) {
    let t = time - origin
    if t <= recording.duration, live.last.map({ $0.t < t }) ?? true {
      live.append((t, RefreshReplay.shown(snapshot, headerStyle: recording.tuning.headerStyle)))
    }
    let index = recording.frameIndex(at: t)
    if index != shownIndex || texture == nil {
      texture = try Texture.make(renderer: renderer, image: recording.frames[index], opaque: true)
      shownIndex = index
    }
    if let texture {
      // The recording at the fit's scale, its list's top at the table's top: a point of it is a
      // point of the list.
      let pointsPerPixel = 1 / recording.scale
      let top = frame.y - Double(recording.region.y) * pointsPerPixel
      try renderer.preservingState { () throws(SDLError) in
        renderer.setClip(frame)
        renderer.fill(frame, color: Color(rgb: 0xFFFFFF))
        renderer.draw(
          texture,
          in: Rect(
            x: frame.x, y: top, width: Double(recording.recordingSize.width) * pointsPerPixel,
            height: Double(recording.recordingSize.height) * pointsPerPixel))
      }
    }
    try chart.drawSeries(
      series(), in: plot, window: 0...recording.duration, heading: "offset (pt)",
      caption: caption,
      cursor: min(t, recording.duration), note: Self.playAgainNote)
  }

  /// The plot's words: the fit's figures as `refresh-lab fit` prints them, over two lines.
  var caption: PlotCaption {
    let figures = FitReport.figures(recording.fit)
    return PlotCaption(
      title: "fit: " + figures.prefix(3).joined(separator: " · "),
      subtitle: figures.dropFirst(3).joined(separator: " · "), frameHeading: "",
      timeHeading: "time in the recording (s)")
  }

  /// The plot's curves: the recording's track, the fitted motion (`fit --plot`'s) and the live
  /// list's offsets so far.
  func series() -> [PlotSeries] {
    [
      FitPlot.recording(recording.fit, color: PlotPalette.compareCurve),
      FitPlot.fitted(recording.fit, color: PlotPalette.reference),
      PlotSeries(name: "live list", color: PlotPalette.curve, width: 2, points: live),
    ]
  }

  /// The captions over the two columns: the live list's tuning, and the recording's name (the
  /// fit's figures, as `refresh-lab fit` prints them, head the plot).
  func captions(liveTuning: Tuning) -> [String] {
    [
      "live list: \(StudioNames.summary(of: liveTuning))",
      "recording: \(StudioNames.fileName(recording.path))",
    ]
  }
}
