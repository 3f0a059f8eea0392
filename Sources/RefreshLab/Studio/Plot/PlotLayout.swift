import RefreshSDL

/// Where each part of a motion chart goes inside its frame: title and legend at the top, then
/// three strips sharing one time axis (offset, velocity, frame time), each under its heading
/// and with its tick labels to the left.
struct PlotLayout: Sendable, Equatable {
  /// The sizes one kind of chart is laid out with, points.
  struct Metrics: Sendable, Equatable {
    /// Space around everything.
    var padding: Double
    /// Height of the title block (title and subtitle); 0 for none.
    var titleHeight: Double
    /// Height of the legend row.
    var legendHeight: Double
    /// Width left of the strips for their tick labels.
    var axisWidth: Double
    /// Height of the heading above each strip.
    var headingHeight: Double
    /// Height under the last strip for the time labels and axis name.
    var timeAxisHeight: Double
    /// Size of tick labels and headings.
    var labelSize: Double
    /// Size of the title.
    var titleSize: Double
    /// Share of the strips' height the offset strip gets; velocity and frame time get theirs.
    var offsetShare: Double
    /// The velocity strip's share.
    var velocityShare: Double
    /// The frame-time strip's share.
    var framesShare: Double

    /// The `--plot` PNG: room for a title, generous labels.
    static let document = Metrics(
      padding: 18, titleHeight: 44, legendHeight: 22, axisWidth: 62, headingHeight: 20,
      timeAxisHeight: 38, labelSize: 12, titleSize: 17, offsetShare: 0.5, velocityShare: 0.32,
      framesShare: 0.18)

    /// The live overlay: compact, no title.
    static let overlay = Metrics(
      padding: 8, titleHeight: 0, legendHeight: 16, axisWidth: 44, headingHeight: 15,
      timeAxisHeight: 28, labelSize: 10, titleSize: 12, offsetShare: 0.48, velocityShare: 0.32,
      framesShare: 0.2)
  }

  /// The whole chart.
  var frame: Rect
  /// Title and subtitle.
  var title: Rect
  /// The legend row.
  var legend: Rect
  /// Offset strip, velocity strip, frame-time strip: the plotting areas, top to bottom.
  var offset: Rect
  /// The velocity strip.
  var velocity: Rect
  /// The frame-time strip.
  var frames: Rect
  /// Under the last strip: time tick labels, then the axis name.
  var timeAxis: Rect

  /// The layout of a chart filling `frame` with `metrics`.
  init(frame: Rect, metrics m: Metrics) {
    self.frame = frame
    let left = frame.x + m.padding
    let width = max(0, frame.width - 2 * m.padding)
    var y = frame.y + m.padding
    title = Rect(x: left, y: y, width: width, height: m.titleHeight)
    y += m.titleHeight
    legend = Rect(x: left, y: y, width: width, height: m.legendHeight)
    y += m.legendHeight
    let plotX = left + m.axisWidth
    let plotWidth = max(0, width - m.axisWidth)
    let bottom = frame.maxY - m.padding - m.timeAxisHeight
    let strips = max(0, bottom - y - 3 * m.headingHeight)
    let total = max(1e-9, m.offsetShare + m.velocityShare + m.framesShare)
    func strip(_ share: Double) -> Rect {
      y += m.headingHeight
      let height = (strips * share / total).rounded(.down)
      defer { y += height }
      return Rect(x: plotX, y: y, width: plotWidth, height: height)
    }
    offset = strip(m.offsetShare)
    velocity = strip(m.velocityShare)
    frames = strip(m.framesShare)
    timeAxis = Rect(x: plotX, y: y, width: plotWidth, height: m.timeAxisHeight)
  }

  /// The three strips, top to bottom.
  var strips: [Rect] { [offset, velocity, frames] }
}
