import RefreshFit
import RefreshFitMedia

/// Reading and fitting a recording, the one way `refresh-lab fit` and `--match` both do it, so
/// the two print the same figures for the same file.
enum RecordingFitting {
  /// The scale when neither `--scale` nor `--width-pt` gives one: a recording pixel a point.
  static let defaultScale = 1.0

  /// `path` tracked and fitted: `scale` recording pixels a point, or the recording's width over
  /// `widthPoints`, else ``defaultScale``; the list in `region` (else found by what moves),
  /// `fps` frames a second (else the recording's times). Also the recording's size, pixels, and
  /// what was assumed for want of a flag, each with the flag that sets it.
  static func fit(
    _ path: String, scale: Double? = nil, widthPoints: Double? = nil, region: PixelRegion? = nil,
    fps: Double? = nil
  ) throws(LabError) -> (fit: RecordingFit, width: Int, height: Int, assumed: [String]) {
    do throws(FitError) {
      let source = try RecordingSource.open(path, fps: fps)
      var assumed: [String] = []
      if fps == nil, source is FolderFrameSource {
        assumed.append(
          "the frames are \(Int(FolderFrameSource.defaultFps)) fps (a folder of frames carries no times); "
            + "give --fps N if they are not")
      }
      if scale == nil && widthPoints == nil {
        assumed.append(
          "1 recording pixel a point; give --scale PX_PER_PT or --width-pt W (the screen's width in points, "
            + "e.g. 390 for an iPhone, 360 for most Android phones) if it is not")
      }
      let given = widthPoints.map { Double(source.recordingWidth) / $0 } ?? scale
      let tracker = RecordingTracker(
        region: region, scale: given ?? defaultScale, fps: fps, scaleAssumed: given == nil)
      var frames = PrefetchedFrames(source)
      let track = try tracker.track(&frames)
      return (RecordingFitter.fit(track), frames.recordingWidth, frames.recordingHeight, assumed)
    } catch {
      throw .unreadableFile(path: path, reason: error.message)
    }
  }
}
