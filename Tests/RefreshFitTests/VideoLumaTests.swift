import Foundation
import RefreshFit
import TestKit
import Testing

@testable import RefreshFitMedia

/// A video's grey is its luma plane box-averaged to the tracking size (`VideoFrameSource`),
/// not a libswscale conversion; it must be the grey that conversion gives, within rounding, or
/// every threshold set on grey levels (a touch disc's greys, what counts as movement) moves.
@Suite struct VideoLumaTests {
  /// The lab's own capture (H.264, yuv420p in the limited range, 2× downscaled for tracking):
  /// its first frame as `VideoFrameSource` reads it, against the same frame scaled by the
  /// ffmpeg program with libswscale's area filter to grey. Without the limited range stretched
  /// to the full one, the two differ by 18 grey levels on average; with a padded plane's rows
  /// read at the width instead of the plane's padded stride, by 41.
  @Test func aVideosGreyIsLibswscalesWithinRounding() throws {
    let video = RepositoryFile.path("Tests/Fixtures/captures/ios.mp4")
    let source = try VideoFrameSource(path: video)
    let frame = try #require(try source.nextFrame(), "no frame decoded")
    let ffmpeg = try #require(
      ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) },
      "ffmpeg is not installed (make deps installs it)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    process.arguments = [
      "-nostdin", "-v", "error", "-i", video, "-frames:v", "1",
      "-vf", "scale=\(frame.width):\(frame.height):flags=area", "-pix_fmt", "gray", "-f", "rawvideo", "-",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let bytes = [UInt8](try output.fileHandleForReading.readToEnd(of: "ffmpeg's grey frame", within: 60))
    try process.wait(for: "ffmpeg", within: 60)
    try #require(
      bytes.count == frame.pixels.count, "ffmpeg wrote \(bytes.count) bytes for \(frame.pixels.count)")
    var total = 0
    var worst = 0
    for (a, b) in zip(frame.pixels, bytes) {
      let d = abs(Int(a) - Int(b))
      total += d
      worst = max(worst, d)
    }
    let mean = Double(total) / Double(bytes.count)
    #expect(mean <= 0.5, "the grey differs from libswscale's by \(mean) levels on average")
    #expect(worst <= 8, "the grey differs from libswscale's by up to \(worst) levels")
    #expect(source.lumaFrames == 1, "the frame was scaled by libswscale, not from its luma plane")
  }
}
