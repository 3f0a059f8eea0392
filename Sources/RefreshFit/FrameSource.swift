/// One frame of a recording as the tracker reads it: its time and its pixels in grey, already
/// downscaled by the source.
public struct GreyFrame: Sendable {
  /// Seconds from the recording's first frame.
  public var time: Double
  /// Width of `pixels`, downscaled pixels.
  public var width: Int
  /// Height of `pixels`, downscaled pixels.
  public var height: Int
  /// Luma 0…255, row by row, `width × height` values.
  public var pixels: [UInt8]

  /// A frame of `width × height` grey pixels shown at `time`.
  public init(time: Double, width: Int, height: Int, pixels: [UInt8]) {
    precondition(pixels.count == width * height, "a grey frame holds width × height pixels")
    self.time = time
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The pixel at column `x`, row `y`.
  @inlinable public subscript(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }
}

/// Frames streamed one at a time from a recording (a GIF, a video, a folder of images, or a
/// test's synthetic frames), so a long recording costs one frame at a time, not its length.
///
/// A source downscales as it decodes: each downscaled pixel stands for `downscale` recording
/// pixels each way, so the tracker's pixel measures become recording pixels by multiplying by it.
public protocol FrameSource {
  /// The recording's frame size, recording pixels.
  var recordingWidth: Int { get }
  /// The recording's frame size, recording pixels.
  var recordingHeight: Int { get }
  /// Recording pixels per downscaled pixel, each way (1 keeps the recording's size).
  var downscale: Int { get }
  /// The next frame in time order, or nil after the last. Throws `FitError` when the recording
  /// turns out to be broken.
  mutating func nextFrame() throws(FitError) -> GreyFrame?
}

/// What went wrong reading or fitting a recording, said so a person knows what to do.
public enum FitError: Error, Equatable, Sendable {
  /// The file could not be read as a recording: the reason, for one line after its name.
  case unreadable(String)
  /// The recording had no frames.
  case noFrames
  /// The recording is longer than `FitLimits.maximumDuration`.
  case tooLong(seconds: Double, limit: Double)
  /// No part of the picture moved: no list in it.
  case noList
  /// A `--region` outside the frame.
  case badRegion(String)

  /// One line saying what is wrong and what to do.
  public var message: String {
    switch self {
    case .unreadable(let reason): reason
    case .noFrames: "it has no frames; give a GIF, a video or a folder of numbered PNG frames"
    case .tooLong(let seconds, let limit):
      "it lasts \(Int(seconds.rounded())) s, over the \(Int(limit)) s fit reads; cut the refresh out "
        + "(ffmpeg -ss START -t SECONDS -i IN OUT.mp4) and fit that"
    case .noList:
      "nothing in it moves, so there is no list to track; record a pull, or give --region X,Y,W,H"
    case .badRegion(let reason): reason
    }
  }
}

/// The bounds the fit keeps to, so any recording is read within a known time and memory.
public enum FitLimits {
  /// The longest recording read, seconds: a refresh lasts a few seconds, and the tracker keeps a
  /// few kilobytes per frame (a 10 min 60 fps video would be 36 000 frames).
  public static let maximumDuration: Double = 120
  /// The most frames read (a GIF or folder says no duration up front).
  public static let maximumFrames = 7200
  /// The tallest frame the sources hand the tracker, downscaled pixels: finer gains nothing the
  /// sub-pixel match does not, and costs time on a phone's 2400-pixel frames.
  public static let trackingHeight = 480

  /// The downscale that brings a frame `height` pixels tall within `trackingHeight`.
  public static func downscale(forHeight height: Int) -> Int {
    max(1, (height + trackingHeight - 1) / trackingHeight)
  }
}
