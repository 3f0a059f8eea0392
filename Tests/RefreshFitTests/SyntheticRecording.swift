import RefreshFit

/// A recording made in the test: a list of rows (each a row of dark "words" at places from a
/// seeded generator, or all alike) drawn shifted down by `offset(t)` points over a white
/// background, a grey header band above it, and optionally a finger's disc.
struct SyntheticRecording: FrameSource {
  let recordingWidth: Int
  let recordingHeight: Int
  let downscale = 1
  var times: [Double]
  var offset: (Double) -> Double
  var finger: (Double) -> Double? = { _ in nil }
  /// Whether the header band shows its label (a dark block at its top left, "completed").
  var label: (Double) -> Bool = { _ in false }
  var rowHeight = 44
  /// The finger's disc radius, pixels (the lab's 44-pt disc at 1 px a point).
  var fingerRadius = 22.0
  var lookAlike = false
  /// Grey levels of seeded noise added to every pixel (a codec's, a camera's), ± this.
  var noise = 0
  /// A pointer drawn over everything at this place, pixels (x11grab's cursor), when not nil.
  var cursor: (Double) -> (x: Double, y: Double)? = { _ in nil }
  /// From this time on the rows show other words (the refresh replaced them).
  var replacedAfter: Double? = nil
  private var index = 0
  private var noiseSeed: UInt64 = 99
  private let words: [[(Int, Int)]]
  private let otherWords: [[(Int, Int)]]

  init(
    width: Int = 200, height: Int = 300, fps: Double, duration: Double, lookAlike: Bool = false,
    offset: @escaping (Double) -> Double
  ) {
    recordingWidth = width
    recordingHeight = height
    times = (0..<Int(duration * fps)).map { Double($0) / fps }
    self.offset = offset
    self.lookAlike = lookAlike
    var seed: UInt64 = 7
    func next() -> Int {
      seed = seed &* 6364136223846793005 &+ 1442695040888963407
      return Int(seed >> 33)
    }
    words = (0..<200).map { _ in (0..<3).map { _ in (8 + next() % (width - 60), 10 + next() % 40) } }
    otherWords = (0..<200).map { _ in (0..<3).map { _ in (8 + next() % (width - 60), 10 + next() % 40) } }
  }

  /// Ink of the content at content row `y` (fractional), column `x`: rows of words with soft
  /// edges, so a sub-pixel shift changes the pixels.
  func ink(_ x: Int, _ y: Double, replaced: Bool = false) -> Double {
    guard y >= 0 else { return 0 }
    let row = Int(y) / rowHeight
    let within = y - Double(row * rowHeight)
    let table = replaced ? otherWords : words
    let line = lookAlike ? table[0] : table[row % table.count]
    var v = 0.0
    let lo = Double(rowHeight) * 12 / 44
    let hi = Double(rowHeight) * 26 / 44
    if within > lo && within < hi {
      for (start, length) in line where x >= start && x < start + length {
        v = 1 - abs(within - (lo + hi) / 2) / ((hi - lo) / 2)
      }
    }
    if within < 1 { v = max(v, 0.3 * (1 - within)) }
    return max(0, v)
  }

  mutating func nextFrame() throws(FitError) -> GreyFrame? {
    guard index < times.count else { return nil }
    let t = times[index]
    index += 1
    let d = offset(t)
    var pixels = [UInt8](repeating: 255, count: recordingWidth * recordingHeight)
    let replaced = replacedAfter.map { t >= $0 } ?? false
    for y in 0..<recordingHeight {
      let contentY = Double(y) - d
      for x in 0..<recordingWidth {
        let grey = contentY < 0 ? 120.0 : 255 - 220 * ink(x, contentY, replaced: replaced)
        pixels[y * recordingWidth + x] = UInt8(max(0, min(255, grey.rounded())))
      }
    }
    if label(t) {
      for y in 4..<max(4, min(Int(d) - 4, 18)) {
        for x in 20..<min(recordingWidth, 120) { pixels[y * recordingWidth + x] = 30 }
      }
    }
    if let f = finger(t) {
      let cx = Double(recordingWidth) / 2
      for y in 0..<recordingHeight {
        for x in 0..<recordingWidth
        where (Double(x) - cx) * (Double(x) - cx) + (Double(y) - f) * (Double(y) - f) <= fingerRadius
          * fingerRadius
        {
          let p = Double(pixels[y * recordingWidth + x])
          pixels[y * recordingWidth + x] = UInt8(((p + 128) / 2).rounded())
        }
      }
    }
    if let c = cursor(t) {
      // An X of two dark strokes, 12 pixels across, with a light rim.
      for k in -6...6 {
        for (dx, dy) in [(k, k), (k, -k), (k + 1, k), (k + 1, -k)] {
          let x = Int(c.x) + dx
          let y = Int(c.y) + dy
          if x >= 0, x < recordingWidth, y >= 0, y < recordingHeight { pixels[y * recordingWidth + x] = 10 }
        }
      }
    }
    if noise > 0 {
      for i in pixels.indices {
        noiseSeed = noiseSeed &* 6364136223846793005 &+ 1442695040888963407
        let n = Int(noiseSeed >> 33) % (2 * noise + 1) - noise
        pixels[i] = UInt8(max(0, min(255, Int(pixels[i]) + n)))
      }
    }
    return GreyFrame(time: t, width: recordingWidth, height: recordingHeight, pixels: pixels)
  }
}
