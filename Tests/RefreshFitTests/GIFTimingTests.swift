import Foundation
import RefreshFitMedia
import TestKit
import Testing

/// A GIF's frames are timed as the recorder wrote them: a delay of one hundredth in a file that
/// writes longer delays too lasted 0.01 s (a 60 fps recorder's rounding, 2, 2, 1, …), while a
/// file of nothing but 0s and 1s shows each frame for 0.1 s, as browsers do. The GIFs are made
/// by ImageMagick, as a recorder writes them.
@Suite struct GIFTimingTests {
  /// The frames' times read from a GIF whose frames have `hundredths` as their delays.
  static func times(_ hundredths: [Int]) throws -> [Double] {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let convert = try #require(
      ["/usr/bin/convert", "/usr/local/bin/convert"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      },
      "ImageMagick's convert is not installed (make deps installs it)")
    var arguments: [String] = []
    for (index, delay) in hundredths.enumerated() {
      // Each frame a different grey, so that no encoder merges two frames.
      arguments += ["-delay", "\(delay)", "-size", "40x40", "xc:gray\(10 + index * 10)"]
    }
    let gif = folder.file("timed.gif")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: convert)
    process.arguments = arguments + [gif]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "convert could not write the GIF")
    let source = try GIFFrameSource(path: gif)
    var times: [Double] = []
    while let frame = try source.nextFrame() { times.append(frame.time) }
    return times
  }

  @Test func aSixtyFrameRecordersRoundingIsKept() throws {
    let times = try Self.times([2, 2, 1, 2, 2, 1, 2])
    let expected = [0, 0.02, 0.04, 0.05, 0.07, 0.09, 0.10]
    try #require(times.count == expected.count, "\(times.count) frames read, 7 written")
    for (time, want) in zip(times, expected) {
      #expect(abs(time - want) < 1e-9, "frame at \(time) s, written at \(want) s: \(times)")
    }
  }

  @Test func aFirstFrameOfOneHundredthIsKeptWhereTheNextIsLonger() throws {
    let times = try Self.times([1, 2, 2])
    #expect(times.map { ($0 * 100).rounded() / 100 } == [0, 0.01, 0.03])
  }

  @Test func aFileOfZerosAndOnesShowsEachFrameForATenth() throws {
    let times = try Self.times([1, 0, 1, 1])
    #expect(times.map { ($0 * 100).rounded() / 100 } == [0, 0.1, 0.2, 0.3])
  }
}
