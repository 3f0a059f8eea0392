import FoundationEssentials
import RefreshFit

/// A folder of numbered PNG frames (`frame-001.png`, `2.png`, …), in the order of the numbers in
/// their names, each decoded by FFmpeg's PNG decoder; timed at `fps` (default 30), as an image
/// folder carries no times.
public final class FolderFrameSource: ColourFrameSource {
  public let recordingWidth: Int
  public let recordingHeight: Int
  public let downscale: Int
  private let files: [String]
  private let fps: Double
  /// The frame rate a folder is timed at without `--fps`: its files carry no times.
  public static let defaultFps = 30.0
  private var index = 0

  /// The frames of `folder`; throws when it holds no PNG with a number in its name.
  public init(folder: String, fps: Double?) throws(FitError) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let numbered: [(Int, String)] = names.compactMap { name in
      guard name.lowercased().hasSuffix(".png") else { return nil }
      let digits = name.dropLast(4).reversed().prefix { $0.isNumber }.reversed()
      guard let n = Int(String(digits)) else { return nil }
      return (n, name)
    }
    guard !numbered.isEmpty else {
      throw .unreadable("the folder holds no numbered PNG frames (name them 001.png, 002.png, …)")
    }
    files = numbered.sorted { $0.0 < $1.0 }.map { folder + "/" + $0.1 }
    self.fps = fps ?? Self.defaultFps
    guard Double(files.count) / self.fps <= FitLimits.maximumDuration, files.count <= FitLimits.maximumFrames
    else {
      throw .tooLong(seconds: Double(files.count) / self.fps, limit: FitLimits.maximumDuration)
    }
    let first = try VideoFrameSource(path: files[0])
    recordingWidth = first.recordingWidth
    recordingHeight = first.recordingHeight
    downscale = first.downscale
  }

  public func nextFrame() throws(FitError) -> GreyFrame? {
    guard let source = try nextSource() else { return nil }
    guard var frame = try source.file.nextFrame() else { throw notLikeTheFirst(source.name) }
    frame.time = Double(index) / fps
    index += 1
    return frame
  }

  public func nextColourFrame(width: Int, height: Int) throws(FitError) -> ColourFrame? {
    guard let source = try nextSource() else { return nil }
    guard var frame = try source.file.nextColourFrame(width: width, height: height) else {
      throw notLikeTheFirst(source.name)
    }
    frame.time = Double(index) / fps
    index += 1
    return frame
  }

  /// The next frame's file opened, checked against the first's size, and its name.
  private func nextSource() throws(FitError) -> (file: VideoFrameSource, name: String)? {
    guard index < files.count else { return nil }
    let path = files[index]
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let source: VideoFrameSource
    do { source = try VideoFrameSource(path: path) } catch {
      throw .unreadable("frame \(name): \(error.message)")
    }
    guard source.recordingWidth == recordingWidth, source.recordingHeight == recordingHeight else {
      throw notLikeTheFirst(name)
    }
    return (source, name)
  }

  private func notLikeTheFirst(_ name: String) -> FitError {
    .unreadable("frame \(name) is not a \(recordingWidth)×\(recordingHeight) PNG like the first")
  }
}
