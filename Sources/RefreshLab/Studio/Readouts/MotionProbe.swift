import RefreshCore
import RefreshSDL

/// A gesture script played through the lab's step function (`ListDriver`) without drawing:
/// what a headless replay's trace would say of the motion, sampled at `fps`, in the time a
/// slider's move allows. The studio's readouts read it, and the tests that ask whether a
/// setting changes any motion.
struct MotionProbe: Sendable {
  /// What one frame shows of the motion: every position, angle and state a person sees move.
  struct Sample: Sendable, Equatable {
    var time: Double
    var offset: Double
    var insetTop: Double
    var insetBottom: Double
    var header: HeaderState
    var headerY: Double
    var headerArrowAngle: Double
    var spinnerPhase: Double
    var footer: FooterState
    var footerY: Double
    var footerArrowAngle: Double
    var indicatorOpacity: Double
    var isDragging: Bool

    init(_ snapshot: RefreshSnapshot, time: Double) {
      self.time = time
      offset = snapshot.offset
      insetTop = snapshot.inset.top
      insetBottom = snapshot.inset.bottom
      header = snapshot.header
      headerY = snapshot.headerY
      headerArrowAngle = snapshot.headerArrowAngle
      spinnerPhase = snapshot.spinnerPhase
      footer = snapshot.footer
      footerY = snapshot.footerY
      footerArrowAngle = snapshot.footerArrowAngle
      indicatorOpacity = snapshot.indicatorOpacity
      isDragging = snapshot.isDragging
    }

    /// Whether `other` shows the same within `tolerance` points (or radians, or seconds).
    func matches(_ other: Sample, tolerance: Double = 1e-6) -> Bool {
      header == other.header && footer == other.footer && isDragging == other.isDragging
        && abs(offset - other.offset) <= tolerance && abs(insetTop - other.insetTop) <= tolerance
        && abs(insetBottom - other.insetBottom) <= tolerance && abs(headerY - other.headerY) <= tolerance
        && abs(headerArrowAngle - other.headerArrowAngle) <= tolerance
        && abs(spinnerPhase - other.spinnerPhase) <= tolerance && abs(footerY - other.footerY) <= tolerance
        && abs(footerArrowAngle - other.footerArrowAngle) <= tolerance
        && abs(indicatorOpacity - other.indicatorOpacity) <= tolerance
    }
  }

  /// The table's rectangle, table coordinates: the default window's.
  var viewport = Rect(
    x: 0, y: 0, width: Double(WindowSize.standard.width), height: Double(WindowSize.standard.height))
  /// Frames a second.
  var fps = 60.0
  /// The longest a script may run past its last event while the motion settles, seconds.
  var settleAllowance = 10.0

  /// The frames of `script` played on `tuning` over a data source of `data`.
  func samples(
    _ script: GestureScript, tuning: Tuning, data: DataSourceConfiguration = DataSourceConfiguration()
  ) -> [Sample] {
    var session = ListDriver(
      tuning: tuning, data: data, viewport: viewport, rowHeight: TableStyle().rowHeight, script: script)
    let lastEvent = script.events.last?.time ?? 0
    var samples: [Sample] = []
    var frame = 0
    while true {
      let t = Double(frame) / fps
      if let end = script.endTime, t > end { break }
      session.step(to: t)
      samples.append(Sample(session.controller.snapshot, time: t))
      if script.endTime == nil && t >= lastEvent && (session.isIdle || t > lastEvent + settleAllowance) {
        break
      }
      frame += 1
    }
    return samples
  }

  /// Whether `tuning` and `other` move differently anywhere in `script`.
  func differ(_ script: GestureScript, _ tuning: Tuning, _ other: Tuning) -> Bool {
    let a = samples(script, tuning: tuning)
    let b = samples(script, tuning: other)
    return a.count != b.count || zip(a, b).contains { !$0.matches($1) }
  }
}
