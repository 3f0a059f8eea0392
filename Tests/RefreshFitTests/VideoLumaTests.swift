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

  /// The box average itself, for every factor a frame's height can ask (1 to 9; 64, the largest
  /// whose mean is a reciprocal's product, and 65 and 70, whose mean takes the division), against the plain floor of each box's mean, on a seeded frame of
  /// random greys and of all 255s (the largest sums), its rows padded past the width, with and
  /// without the limited range's levels. Its 16-bit column sums, strided runs and mean by a
  /// reciprocal must be the same pixels as that arithmetic, or every GIF's grey moves.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8, 9, 64, 65, 70])
  func theBoxAverageIsEachBoxsFloorMean(factor: Int) {
    let (width, height, stride) = (143, 150, 160)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(factor)
    for filled in [false, true] {
      let plane: [UInt8] = (0..<(stride * height)).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return filled ? 255 : UInt8(truncatingIfNeeded: state >> 56)
      }
      let levels: [UInt8] = (0..<256).map { UInt8(255 - $0) }
      for mapped in [false, true] {
        let w = max(1, width / factor)
        let h = max(1, height / factor)
        var out = [UInt8](repeating: 0, count: w * h)
        plane.withUnsafeBufferPointer { p in
          levels.withUnsafeBufferPointer { l in
            out.withUnsafeMutableBufferPointer { o in
              _Downscaler.shrink(
                p.baseAddress!, stride: stride, width: width, height: height, by: factor,
                into: o.baseAddress!,
                levels: mapped ? l.baseAddress : nil)
            }
          }
        }
        var wrong = 0
        for y in 0..<h {
          for x in 0..<w {
            var sum = 0
            for dy in 0..<factor {
              for dx in 0..<factor { sum += Int(plane[(y * factor + dy) * stride + x * factor + dx]) }
            }
            let mean = sum / (factor * factor)
            if out[y * w + x] != (mapped ? levels[mean] : UInt8(mean)) { wrong += 1 }
          }
        }
        #expect(
          wrong == 0,
          "factor \(factor), \(filled ? "all 255" : "random"), levels \(mapped): \(wrong) pixels off")
      }
    }
  }

  /// A frame narrower or shorter than the factor (a GIF a pixel wide, halved for being 960
  /// tall) is one box across or down of the pixels it has, each box's floor mean; a box of the
  /// whole factor read past the row's end.
  @Test(arguments: [(3, 20), (20, 2), (1, 12)])
  func aFrameSmallerThanTheFactorIsOneBoxOfWhatItHas(size: (width: Int, height: Int)) {
    let factor = 5
    let stride = size.width + 3
    let plane: [UInt8] = (0..<(stride * size.height)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    let across = min(factor, size.width)
    let down = min(factor, size.height)
    let w = max(1, size.width / factor)
    let h = max(1, size.height / factor)
    var out = [UInt8](repeating: 0, count: w * h)
    plane.withUnsafeBufferPointer { p in
      out.withUnsafeMutableBufferPointer { o in
        _Downscaler.shrink(
          p.baseAddress!, stride: stride, width: size.width, height: size.height, by: factor,
          into: o.baseAddress!)
      }
    }
    for y in 0..<h {
      for x in 0..<w {
        var sum = 0
        for dy in 0..<down {
          for dx in 0..<across { sum += Int(plane[(y * down + dy) * stride + x * across + dx]) }
        }
        #expect(
          Int(out[y * w + x]) == sum / (across * down),
          "\(size.width)×\(size.height) at (\(x), \(y)): \(out[y * w + x]) for \(sum / (across * down))")
      }
    }
  }
}
