import RefreshSDL

/// The words a chart carries besides its numbers.
struct PlotCaption: Sendable, Equatable {
  /// Big line at the top (the `--plot` PNG only).
  var title: String?
  /// Second line under the title.
  var subtitle: String?
  /// Heading of the frame-time strip: what its milliseconds measure.
  var frameHeading: String
  /// Name of the time axis.
  var timeHeading: String
  /// Subtracted from times before labelling: the live overlay counts back from now.
  var timeOrigin: Double = 0
  /// The measured table's tuning, named in the legend when comparing.
  var primaryName: String?
  /// The compared table's tuning, if any.
  var compareName: String?
  /// What the ghost curve is (the run before the last edit), named in the legend when shown.
  var ghostName: String?
}

/// Draws the motion chart: offset, velocity and frame time against time, with the arming
/// threshold, the rest edges and the header and footer states as bands behind the curves.
///
/// The same drawing serves the live overlay (the last seconds, over the table) and the
/// `--plot` PNG (a whole replay, with a title). It keeps its scratch storage between frames,
/// so drawing allocates nothing once the texts it shows are cached.
@MainActor
final class PlotChart {
  let renderer: Renderer
  let metrics: PlotLayout.Metrics
  let text: TextCache
  private let session: SDLSession
  private let fontFiles: FontFiles
  private(set) var fonts: PlotFonts
  /// Whether curves are anti-aliased. Smooth curves cost the software renderer (a window
  /// without a GPU, as under Xvfb) more than a frame; the one-off PNG can afford them.
  let smoothCurves: Bool
  var shapes = ShapeBatch()
  var scratch: [Point] = []
  /// The samples on show, copied once per frame into storage that is kept: the drawing code
  /// then works on a plain array, which the optimiser specialises, instead of a generic slice.
  private var visible: [PlotSample] = []

  /// A chart drawing with `renderer`, its text in `fonts`, laid out with `metrics`; its curves
  /// are anti-aliased when `smoothCurves`.
  init(
    renderer: Renderer, session: SDLSession, fonts: FontFiles, metrics: PlotLayout.Metrics,
    smoothCurves: Bool = true
  ) throws(SDLError) {
    self.renderer = renderer
    self.smoothCurves = smoothCurves
    self.session = session
    self.metrics = metrics
    fontFiles = fonts
    text = TextCache(renderer: renderer)
    self.fonts = try PlotFonts(session: session, files: fonts, metrics: metrics, scale: renderer.scale)
  }

  /// Draws `samples` (oldest first) falling in `window` seconds into `frame`.
  func draw(
    _ samples: some RandomAccessCollection<PlotSample>, in frame: Rect, window: ClosedRange<Double>,
    caption: PlotCaption
  ) throws(SDLError) {
    if fonts.scale != renderer.scale {
      fonts = try PlotFonts(session: session, files: fontFiles, metrics: metrics, scale: renderer.scale)
      text.removeAll()
    }
    let layout = PlotLayout(frame: frame, metrics: metrics)
    renderer.fill(frame, color: PlotPalette.paper)
    visible.removeAll(keepingCapacity: true)
    visible.append(contentsOf: Self.visible(samples, in: window))
    let visible = visible
    let time = PlotScale(domain: window, start: layout.offset.x, end: layout.offset.maxX)
    try drawTitle(caption, in: layout.title)
    try drawLegend(caption, in: layout.legend)

    let grid = TimeGrid(window: window, origin: caption.timeOrigin, width: layout.offset.width)
    let offsets = PlotTicks(covering: PlotRanges.offset(visible), count: 5)
    let velocities = PlotTicks(covering: PlotRanges.velocity(visible), count: 4)
    let frameTimes = PlotTicks(covering: PlotRanges.frameTime(visible), count: 3)
    try drawStrip(layout.offset, heading: "offset (pt)", ticks: offsets, visible, time: time, grid: grid) {
      chart, y in
      chart.addRestAndThreshold(visible, time: time, y: y, in: layout.offset)
      chart.addCurve(visible, time: time, y: y, width: 3, color: PlotPalette.ghostCurve) { $0.ghostOffset }
      chart.addCurve(visible, time: time, y: y, width: 2, color: PlotPalette.curve) { $0.offset }
      chart.addCurve(visible, time: time, y: y, width: 1.6, color: PlotPalette.compareCurve) {
        $0.compareOffset
      }
    }
    try drawStrip(
      layout.velocity, heading: "velocity (pt/s)", ticks: velocities, visible, time: time, grid: grid
    ) { chart, y in
      chart.addHorizontal(at: y.position(of: 0), in: layout.velocity, color: PlotPalette.reference)
      chart.addCurve(visible, time: time, y: y, width: 2.4, color: PlotPalette.ghostCurve) {
        $0.ghostVelocity
      }
      chart.addCurve(visible, time: time, y: y, width: 1.6, color: PlotPalette.curve) { $0.velocity }
      chart.addCurve(visible, time: time, y: y, width: 1.4, color: PlotPalette.compareCurve) {
        $0.compareVelocity
      }
    }
    try drawStrip(
      layout.frames, heading: caption.frameHeading, ticks: frameTimes, visible, time: time, grid: grid
    ) { chart, y in
      chart.addDashes(
        at: y.position(of: PlotRanges.frameBudget), from: layout.frames.x, to: layout.frames.maxX,
        color: PlotPalette.reference)
      chart.addCurve(visible, time: time, y: y, width: 1.2, color: PlotPalette.curve) {
        $0.frameMilliseconds
      }
    }
    try drawReferenceLabels(visible.last, offsets: offsets, frames: frameTimes, layout: layout)
    try drawTimeAxis(layout, time: time, grid: grid, heading: caption.timeHeading)
  }

  /// The samples inside `window`, plus the one just before it so the curves reach the left
  /// edge.
  static func visible<Samples: RandomAccessCollection<PlotSample>>(
    _ samples: Samples, in window: ClosedRange<Double>
  ) -> Samples.SubSequence {
    var low = samples.startIndex
    var high = samples.endIndex
    // The first sample at or after the window's start; samples are in time order.
    while low < high {
      let middle = samples.index(low, offsetBy: samples.distance(from: low, to: high) / 2)
      if samples[middle].time < window.lowerBound {
        low = samples.index(after: middle)
      } else {
        high = middle
      }
    }
    let first = low > samples.startIndex ? samples.index(before: low) : low
    return samples[first...]
  }
}
