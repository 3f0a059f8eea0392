import FoundationEssentials
import RefreshCore
import RefreshFit
import RefreshFitMedia
import RefreshSDL

/// `--match RECORDING`: the recording fitted exactly as `refresh-lab fit` fits it
/// (`RecordingFitting`, the same scale, so the two print the same figures), its frames kept for
/// showing beside the live list, and the inputs that drive the list: for each refresh, the
/// finger the fitter replays into RefreshCore's controller (`RefreshReplay`: the recorded finger
/// when one shows, else the fitter's drag to the recorded peak) and the lift at the release,
/// with a data source that answers when the recording's collapse begins.
///
/// The live list is in the fit's points: the recording is drawn at one point per
/// `1 / scale` pixels, so the list and the recording are drawn the same size and their offsets
/// compare.
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
  /// Seconds the lab's data source takes to answer a refresh, so the list's collapse begins
  /// when the recording's does.
  let latency: Double?
  /// Whether the inputs follow a recorded finger (else the fitter's drag to each peak).
  let followsFinger: Bool
  /// What the fit assumed for want of a flag, as `fit` says it.
  let assumed: [String]

  /// Pixels all kept frames may hold together: a 50 fps phone GIF of several seconds is shown
  /// at a reduced size rather than held whole (about 96 MB).
  static let pixelBudget = 24 << 20

  /// Recording pixels a point, the fit's.
  var scale: Double { fit.track.scale }

  /// The recording's size in the fit's points: the table `--match` opens when `--size` names
  /// none, so the recording is shown whole beside a list of its size.
  var sizeInPoints: WindowSize {
    WindowSize(
      width: max(WindowSize.smallest.width, Int((Double(recordingSize.width) / scale).rounded())),
      height: max(WindowSize.smallest.height, Int((Double(recordingSize.height) / scale).rounded())))
  }

  /// Seconds the recording plays, and half a second after: one play of `--match`.
  var duration: Double { max(frameTimes.last ?? 0, fit.track.points.last?.t ?? 0) + 0.5 }

  /// Reads and fits `path` as `fit` does, over `baseTuning` (the flags').
  static func load(_ path: String, baseTuning: Tuning) throws(LabError) -> MatchRecording {
    let (fit, width, height, assumed) = try RecordingFitting.fit(path)
    let size = (width: width, height: height)
    guard let first = fit.refreshes.first else {
      throw .unreadableFile(
        path: path, reason: "no refresh in it (the list never holds open), so there is nothing to match")
    }
    let (frames, times) = try Self.frames(path, size: size, count: fit.track.points.count)
    // The fitted tuning; without one (no refresh's release could be fitted), the closest
    // preset's or the flags', holding open at the recorded height and arming at the recorded
    // pull.
    var tuning = fit.tuning ?? fit.closestPreset?.tuning ?? baseTuning
    if fit.tuning == nil {
      tuning.headerHeight = fit.hold ?? first.hold
      tuning.refreshThreshold = min(tuning.refreshThreshold, first.peak * 0.9, tuning.headerHeight)
    }
    var latency: Double? = nil
    if let collapse = first.collapseStart ?? collapseStart(of: first, in: fit.track) {
      latency = max(0, collapse - first.release - tuning.finishingHoldDuration)
    }
    return MatchRecording(
      path: path, frames: frames, frameTimes: times, recordingSize: size, region: fit.track.region, fit: fit,
      tuning: tuning, latency: latency,
      followsFinger: fit.track.points.contains { $0.finger != nil }, assumed: assumed)
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

  /// When the track leaves `refresh`'s hold for good, for a fit that found no collapse: the
  /// last frame within a point of the hold before the offset falls below half of it.
  static func collapseStart(of refresh: RefreshPhases, in track: Track) -> Double? {
    let after = track.points.filter { $0.t >= refresh.holdStart }
    guard let fall = after.firstIndex(where: { ($0.offset ?? refresh.hold) < refresh.hold / 2 }) else {
      return nil
    }
    return after[..<fall].last { abs(($0.offset ?? .infinity) - refresh.hold) <= 1 }?.t
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
