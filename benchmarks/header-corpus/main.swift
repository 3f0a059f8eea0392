import Foundation
import RefreshCore
import RefreshSDL

/// One file of the animated-header corpus, checked the way the header will play it
/// (`benchmarks/header-corpus.sh` runs it once per file, under a time limit, and reads the one
/// JSON line it prints):
///
///     header-corpus load FILE              the seconds to load it (a Lottie: and render every
///                                          frame at the header's size) and the peak memory
///     header-corpus plan FILE              the Lottie render size and the five pull frames
///     header-corpus check FILE REFERENCE   loads FILE as the header does and compares the frames
///                                          at five pull points with REFERENCE's
///
/// REFERENCE holds raw RGBA frames: ImageMagick's `-coalesce` frames of a GIF (all of them, at
/// the canvas's size), or rlottie's own render of the five planned frames of a Lottie.
enum Corpus {
  /// Where the header shows a Lottie in the corpus run: 80 % of a 60 pt header at 2×.
  static let box = (width: 192, height: 96)
  static let pullPoints = [0.0, 0.25, 0.5, 0.75, 1.0]

  static func print(_ fields: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    Swift.print(String(decoding: data, as: UTF8.self))
  }

  static func pullFrames(_ timeline: HeaderAnimationTimeline) -> [Int] {
    pullPoints.map { timeline.pullFrame(progress: $0) }
  }

  static func lottieSize(_ lottie: LottieAnimation) -> (width: Int, height: Int) {
    let scale = min(
      Double(box.width) / Double(lottie.width), Double(box.height) / Double(lottie.height))
    return (
      max(1, Int(Double(lottie.width) * scale)), max(1, Int(Double(lottie.height) * scale))
    )
  }

  static func timeline(_ lottie: LottieAnimation) -> HeaderAnimationTimeline {
    HeaderAnimationTimeline(
      pullFrames: lottie.pullFrames, refreshFrames: lottie.refreshFrames,
      delays: Array(repeating: 1 / lottie.frameRate, count: lottie.frameCount))
  }

  /// The largest difference of one channel between `ours` (straight alpha) and `theirs`
  /// (RGBA bytes, straight alpha), comparing colours only where both are visible: a fully
  /// transparent pixel has no colour.
  ///
  /// ImageMagick paints a GIF's background colour where no frame has drawn yet (when the GIF
  /// has no transparency); browsers, and the header, leave those pixels transparent. With
  /// `background` such pixels are counted in `painted` instead.
  static func difference(
    _ ours: UnsafeBufferPointer<UInt32>, _ theirs: ArraySlice<UInt8>,
    background: (Int, Int, Int)? = nil, painted: inout Int
  ) -> Int {
    var worst = 0
    var index = theirs.startIndex
    for pixel in ours {
      let red = Int(theirs[index])
      let green = Int(theirs[index + 1])
      let blue = Int(theirs[index + 2])
      let alpha = Int(theirs[index + 3])
      index += 4
      let ourAlpha = Int(pixel >> 24)
      if ourAlpha == 0, alpha == 255, let background, background == (red, green, blue) {
        painted += 1
        continue
      }
      worst = max(worst, abs(ourAlpha - alpha))
      guard ourAlpha > 0, alpha > 0 else { continue }
      // Colours weighed by coverage, so a faint edge's rounding does not count as a wrong colour.
      for (shift, channel) in [(16, red), (8, green), (0, blue)] {
        let mine = Int((pixel >> UInt32(shift)) & 0xFF)
        worst = max(worst, abs(mine * ourAlpha - channel * alpha) / 255)
      }
    }
    return worst
  }

  static func run(_ arguments: [String]) -> Int32 {
    guard arguments.count >= 2 else {
      FileHandle.standardError.write(Data("usage: header-corpus plan|check FILE [REFERENCE]\n".utf8))
      return 2
    }
    let command = arguments[0]
    let file = arguments[1]
    let bytes: [UInt8]
    do {
      bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
    } catch {
      print(["file": file, "result": "unreadable"])
      return 0
    }
    let isGIF = file.lowercased().hasSuffix(".gif")
    let start = Date()
    do throws(HeaderAnimationError) {
      if command == "load" {
        var frames = 0
        if isGIF {
          frames = try GIFAnimation(bytes: bytes).frames.count
        } else {
          let lottie = try LottieAnimation(bytes: bytes)
          let size = lottieSize(lottie)
          let job = try lottie.render(width: size.width, height: size.height)
          if let refusal = job.waitUntilDone() { throw refusal }
          frames = lottie.frameCount
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print([
          "file": file, "result": "loaded", "frames": frames,
          "seconds": Date().timeIntervalSince(start), "peakResidentMB": Double(usage.ru_maxrss) / 1024,
        ])
        return 0
      }
      if isGIF {
        guard command == "check", arguments.count >= 3 else { return 2 }
        let animation = try GIFAnimation(bytes: bytes)
        let loadSeconds = Date().timeIntervalSince(start)
        let reference = (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: arguments[2])))) ?? []
        let decoder = try GIFDecoder(bytes: bytes)
        let frameBytes = decoder.width * decoder.height * 4
        // Every frame is compared (the five pull points among them).
        var worst = 0
        var compared = 0
        var painted = 0
        // The global colour table's background entry, what ImageMagick paints.
        var background: (Int, Int, Int)?
        if bytes.count > 13, bytes[10] & 0x80 != 0 {
          let entry = 13 + 3 * Int(bytes[11])
          if entry + 2 < bytes.count {
            background = (Int(bytes[entry]), Int(bytes[entry + 1]), Int(bytes[entry + 2]))
          }
        }
        var mismatch: Int?
        try decoder.decode { frame throws(HeaderAnimationError) in
          let offset = frame.index * frameBytes
          guard offset + frameBytes <= reference.count else {
            mismatch = mismatch ?? frame.index
            return
          }
          let difference = Corpus.difference(
            frame.pixels, reference[offset..<offset + frameBytes], background: background,
            painted: &painted)
          worst = max(worst, difference)
          compared += 1
          if difference > 2, mismatch == nil { mismatch = frame.index }
        }
        let referenceFrames = frameBytes > 0 ? reference.count / frameBytes : 0
        print([
          "file": file, "kind": "gif", "result": mismatch == nil ? "match" : "differs",
          "frames": animation.frames.count, "referenceFrames": referenceFrames,
          "canvas": "\(decoder.width)x\(decoder.height)", "compared": compared,
          "worst": worst, "firstMismatch": mismatch ?? -1, "loadSeconds": loadSeconds,
          "imageMagickBackground": painted,
        ])
      } else {
        let lottie = try LottieAnimation(bytes: bytes)
        let loadSeconds = Date().timeIntervalSince(start)
        let size = lottieSize(lottie)
        let frames = pullFrames(timeline(lottie))
        if command == "plan" {
          Swift.print("\(size.width) \(size.height) " + frames.map(String.init).joined(separator: " "))
          return 0
        }
        let job = try lottie.render(width: size.width, height: size.height)
        if let refusal = job.waitUntilDone() { throw refusal }
        let renderSeconds = Date().timeIntervalSince(start) - loadSeconds
        let reference = (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: arguments[2])))) ?? []
        let frameBytes = size.width * size.height * 4
        var worst = 0
        var mismatch: Int?
        for (position, index) in frames.enumerated() {
          let offset = position * frameBytes
          guard let image = job.frame(index), offset + frameBytes <= reference.count else {
            mismatch = mismatch ?? index
            continue
          }
          var painted = 0
          let difference = image.pixels.withUnsafeBufferPointer { pixels -> Int in
            Corpus.difference(pixels, reference[offset..<offset + frameBytes], painted: &painted)
          }
          worst = max(worst, difference)
          if difference > 2, mismatch == nil { mismatch = index }
        }
        print([
          "file": file, "kind": "lottie", "result": mismatch == nil ? "match" : "differs",
          "frames": lottie.frameCount, "composition": "\(lottie.width)x\(lottie.height)",
          "size": "\(size.width)x\(size.height)", "worst": worst, "firstMismatch": mismatch ?? -1,
          "loadSeconds": loadSeconds, "renderSeconds": renderSeconds,
        ])
      }
    } catch {
      print([
        "file": file, "kind": isGIF ? "gif" : "lottie", "result": "refused",
        "reason": error.description, "seconds": Date().timeIntervalSince(start),
      ])
    }
    return 0
  }
}

let status = Corpus.run(Array(CommandLine.arguments.dropFirst()))
// An abandoned render would hold `exit` in rlottie's static destructors (see LottieFrames).
if LottieFrames.abandonedRenders > 0 {
  fflush(nil)
  _exit(status)
}
exit(status)
