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
  /// The first file's decoder, which reads every file after it too.
  private let decoder: VideoFrameSource

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
    // One decoder for every file, on one thread: each file is one frame.
    decoder = try VideoFrameSource(path: files[0], threads: 1)
    recordingWidth = decoder.recordingWidth
    recordingHeight = decoder.recordingHeight
    downscale = decoder.downscale
  }

  public func nextFrame() throws(FitError) -> GreyFrame? {
    guard let name = try nextFile() else { return nil }
    let decoded: GreyFrame?
    do { decoded = try decoder.nextFrame() } catch { throw .unreadable("frame \(name): \(error.message)") }
    guard var frame = decoded else { throw notLikeTheFirst(name) }
    frame.time = Double(index) / fps
    index += 1
    return frame
  }

  public func nextColourFrame(width: Int, height: Int) throws(FitError) -> ColourFrame? {
    guard let name = try nextFile() else { return nil }
    let decoded: ColourFrame?
    do { decoded = try decoder.nextColourFrame(width: width, height: height) } catch {
      throw .unreadable("frame \(name): \(error.message)")
    }
    guard var frame = decoded else { throw notLikeTheFirst(name) }
    frame.time = Double(index) / fps
    index += 1
    return frame
  }

  /// The next frame's file opened for the decoder (the first is open from the start), and its
  /// name; nil after the last.
  private func nextFile() throws(FitError) -> String? {
    guard index < files.count else { return nil }
    let path = files[index]
    let name = path.split(separator: "/").last.map(String.init) ?? path
    if index > 0 {
      do { try decoder.openNextImage(path) } catch { throw .unreadable("frame \(name): \(error.message)") }
    }
    return name
  }

  private func notLikeTheFirst(_ name: String) -> FitError {
    .unreadable("frame \(name) is not a \(recordingWidth)×\(recordingHeight) PNG like the first")
  }
}
