import FoundationEssentials
import RefreshCore
import RefreshFit
import RefreshFitMedia
import RefreshSDL

/// `--match RECORDING`: the recording fitted (RefreshFit, as `refresh-lab fit` does), its
/// frames kept for showing beside the live list, and the motion that drives the list the way
/// the recording moved: the recorded finger when one shows, otherwise a drag that shows the
/// recorded offsets until the release, and a data source that answers when the recording's
/// collapse begins.
///
/// The recording is read at the table's width: `scale` is the recording's pixels per table
/// point, so the list and the recording are drawn the same size and their offsets compare.
struct MatchRecording: Sendable {
  /// The file, as given.
  let path: String
  /// The frames to show, fitted within a memory budget, and the time each starts.
  let frames: [PixelImage]
  let frameTimes: [Double]
  /// The recording's own size, pixels.
  let recordingSize: (width: Int, height: Int)
  /// The list's region in the recording, recording pixels.
  let region: PixelRegion
  /// The fit: track, phases, closest preset, tuning.
  let fit: RecordingFit
  /// The tuning the live list runs: the fitted one, else the closest preset's (or the flags')
  /// holding open at the recorded height.
  let tuning: Tuning
  /// The motion driven into the live list.
  let script: GestureScript
  /// Seconds the lab's data source takes to answer a refresh, so the list's collapse begins
  /// when the recording's does.
  let latency: Double?
  /// Whether the script follows a recorded finger (else the phases' times).
  let followsFinger: Bool

  /// Pixels all kept frames may hold together: a 50 fps phone GIF of several seconds is shown
  /// at a reduced size rather than held whole (about 96 MB).
  static let pixelBudget = 24 << 20
  /// Where the driven finger goes down when the recording shows none, table points.
  static let fingerStart = 80.0
  /// The interval of the driven drag's moves when the recording shows no finger, seconds.
  static let moveInterval = 1.0 / 60

  /// Reads and fits `path` for a table `tableWidth` points wide, over `baseTuning` (the flags').
  static func load(_ path: String, tableWidth: Double, baseTuning: Tuning) throws(LabError) -> MatchRecording
  {
    let fit: RecordingFit
    let size: (width: Int, height: Int)
    do throws(FitError) {
      var source = try RecordingSource.open(path, fps: nil)
      size = (source.recordingWidth, source.recordingHeight)
      let tracker = RecordingTracker(region: nil, scale: Double(size.width) / tableWidth, fps: nil)
      let track = try tracker.track(&source)
      fit = RecordingFitter.fit(track)
    } catch {
      throw .unreadableFile(path: path, reason: error.message)
    }
    guard !fit.refreshes.isEmpty else {
      throw .unreadableFile(
        path: path, reason: "no refresh in it (the list never holds open), so there is nothing to match")
    }
    let (frames, times) = try Self.frames(path, size: size, count: fit.track.points.count)
    // The fitted tuning; without one (no collapse fitted), the closest preset's or the flags',
    // holding open at the recorded height.
    var tuning = fit.tuning ?? fit.closestPreset?.tuning ?? baseTuning
    if fit.tuning == nil, let hold = fit.hold ?? fit.refreshes.first?.hold { tuning.headerHeight = hold }
    let fingered = fit.track.points.contains { $0.finger != nil }
    let script =
      fingered
      ? Self.fingerScript(fit.track, width: tableWidth)
      : Self.phaseScript(fit, tuning: tuning, width: tableWidth)
    var latency: Double? = nil
    if let first = fit.refreshes.first,
      let collapse = first.collapseStart ?? collapseStart(of: first, in: fit.track)
    {
      latency = max(0, collapse - first.release - tuning.finishingHoldDuration)
    }
    return MatchRecording(
      path: path, frames: frames, frameTimes: times, recordingSize: size, region: fit.track.region, fit: fit,
      tuning: tuning, script: script, latency: latency, followsFinger: fingered)
  }

  /// The frames in colour, each fitted within the budget's share, and their start times: a GIF
  /// by the window's GIF decoder, a video or a folder of PNG frames by FFmpeg (`count` frames, as
  /// the fit read them).
  static func frames(_ path: String, size: (width: Int, height: Int), count: Int) throws(LabError) -> (
    [PixelImage], [Double]
  ) {
    var frames: [PixelImage] = []
    var times: [Double] = []
    let box = Self.box(size: size, count: count)
    let opened: any FrameSource
    do throws(FitError) { opened = try RecordingSource.open(path, fps: nil) } catch {
      throw .unreadableFile(path: path, reason: error.message)
    }
    guard var source = opened as? any ColourFrameSource else { return try gifFrames(path, size: size) }
    do throws(FitError) {
      while let frame = try source.nextColourFrame(width: box.width, height: box.height) {
        frames.append(PixelImage(width: frame.width, height: frame.height, pixels: frame.pixels))
        times.append(frame.time)
      }
    } catch {
      throw .unreadableFile(path: path, reason: error.message)
    }
    guard !frames.isEmpty else { throw .unreadableFile(path: path, reason: FitError.noFrames.message) }
    return (frames, times)
  }

  /// The size each of `count` frames of a `size` recording is kept at, so all fit the budget.
  static func box(size: (width: Int, height: Int), count: Int) -> (width: Int, height: Int) {
    let share = Double(pixelBudget) / Double(max(1, count)) / Double(max(1, size.width * size.height))
    let factor = min(1, share.squareRoot())
    return (max(1, Int(Double(size.width) * factor)), max(1, Int(Double(size.height) * factor)))
  }

  /// A GIF's frames, composited by the window's GIF decoder.
  static func gifFrames(_ path: String, size: (width: Int, height: Int)) throws(LabError) -> (
    [PixelImage], [Double]
  ) {
    let bytes = [UInt8](try FileReading.read(path))
    var frames: [PixelImage] = []
    var times: [Double] = []
    var time = 0.0
    do throws(HeaderAnimationError) {
      let decoder = try GIFDecoder(bytes: bytes)
      // Frames are counted first, so each gets an equal share of the budget.
      let box = Self.box(size: size, count: try decoder.decode { _ in })
      try decoder.decode { frame in
        let image = PixelImage(width: decoder.width, height: decoder.height, pixels: Array(frame.pixels))
        frames.append(image.width > box.width ? image.fitted(within: box) : image)
        times.append(time)
        time += frame.delay
      }
    } catch {
      throw .unreadableFile(path: path, reason: error.description)
    }
    return (frames, times)
  }

  /// Down, moves and up where the recorded finger was, at the middle of the table.
  static func fingerScript(_ track: Track, width: Double) -> GestureScript {
    var events: [ScriptEvent] = []
    var down = false
    let x = width / 2
    for point in track.points {
      if let finger = point.finger {
        events.append(
          ScriptEvent(
            time: point.t,
            action: down ? .move(x: x, y: finger, touch: true) : .down(x: x, y: finger, touch: true)))
        down = true
      } else if down {
        events.append(ScriptEvent(time: point.t, action: .up(x: nil, y: nil, touch: true)))
        down = false
      }
    }
    let end = (track.points.last?.t ?? 0) + 0.5
    if down { events.append(ScriptEvent(time: end - 0.5, action: .up(x: nil, y: nil, touch: true))) }
    events.append(ScriptEvent(time: end, action: .end))
    return GestureScript(events: events)
  }

  /// For each refresh, a finger down at its pull's start that shows the recorded offsets
  /// through the tuning's band until the release, where it lifts.
  static func phaseScript(_ fit: RecordingFit, tuning: Tuning, width: Double) -> GestureScript {
    var events: [ScriptEvent] = []
    let x = width / 2
    let edge = OverscrollEdge(
      side: .top, viewportHeight: 700, barHeight: tuning.headerHeight, threshold: tuning.refreshThreshold)
    for refresh in fit.refreshes {
      events.append(ScriptEvent(time: refresh.pullStart, action: .down(x: x, y: fingerStart, touch: true)))
      var t = refresh.pullStart + moveInterval
      while t < refresh.release {
        let shown = max(0, offset(in: fit.track, at: t) ?? 0)
        let travel = tuning.physics.travel(forDisplacement: shown, past: edge)
        events.append(ScriptEvent(time: t, action: .move(x: x, y: fingerStart + travel, touch: true)))
        t += moveInterval
      }
      let peak = max(0, offset(in: fit.track, at: refresh.release) ?? 0)
      let travel = tuning.physics.travel(forDisplacement: peak, past: edge)
      events.append(
        ScriptEvent(time: refresh.release, action: .up(x: x, y: fingerStart + travel, touch: true)))
    }
    events.append(ScriptEvent(time: (fit.track.points.last?.t ?? 0) + 0.5, action: .end))
    return GestureScript(events: events)
  }

  /// When the track leaves `refresh`'s hold for good, for a fit that found no collapse: the
  /// last frame within a point of the hold before the offset falls below half of it.
  static func collapseStart(of refresh: RefreshPhases, in track: Track) -> Double? {
    let after = track.points.filter { $0.t >= refresh.holdStart }
    guard let fall = after.firstIndex(where: { ($0.offset ?? refresh.hold) < refresh.hold / 2 }) else {
      return nil
    }
    return after[..<fall].last { abs(($0.offset ?? .infinity) - refresh.hold) <= 1 }?.t
  }

  /// The tracked offset at `time`, points, between frames by straight lines.
  static func offset(in track: Track, at time: Double) -> Double? {
    let points = track.points
    guard let after = points.firstIndex(where: { $0.t >= time }) else { return points.last?.offset }
    guard after > 0 else { return points[after].offset }
    let a = points[after - 1]
    let b = points[after]
    guard let oa = a.offset, let ob = b.offset, b.t > a.t else { return b.offset ?? a.offset }
    return oa + (ob - oa) * (time - a.t) / (b.t - a.t)
  }

  /// The index of the frame shown at `time`: the last one starting at or before it.
  func frameIndex(at time: Double) -> Int {
    var low = 0
    var high = frameTimes.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if frameTimes[middle] <= time { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
