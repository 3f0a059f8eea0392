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
  /// How far, points, the rows below the first have slid up over the content (rows removed
  /// below the first shown one, the rest closing the gap).
  var slide: (Double) -> Double = { _ in 0 }
  var rowHeight = 44
  var lookAlike = false
  /// Rows all alike but for a short mark of their own (cards that differ in their label only).
  var marked = false
  /// A bar fixed to the screen over the top `bar` pixels (a toolbar: dark, with a light title),
  /// and whether a menu covers its right half (a light block) at a time.
  var bar = 0
  var menu: (Double) -> Bool = { _ in false }
  /// How far, pixels, the bar is drawn up from its place at a time (a page scrolled, the bar
  /// with it).
  var barShift: (Double) -> Double = { _ in 0 }
  /// A light rule across the bar's middle, instead of its title (a title alone is a light blob
  /// that the finger finder takes for a touch and hides).
  var barRule = false
  /// Only the first `lines` rows show words, and no row a separator (a page of a few lines).
  var lines: Int? = nil
  /// A status line over the top `status` pixels (dark digits on white) and whether its digits
  /// show their second reading at a time (a clock, a battery's percentage).
  var status = 0
  var statusChanged: (Double) -> Bool = { _ in false }
  private var index = 0
  private let words: [[(Int, Int)]]

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
  }

  /// Ink of the content at content row `y` (fractional), column `x`: rows of words with soft
  /// edges, so a sub-pixel shift changes the pixels.
  func ink(_ x: Int, _ y: Double) -> Double {
    guard y >= 0 else { return 0 }
    let row = Int(y) / rowHeight
    if let lines, row >= lines { return 0 }
    let within = y - Double(row * rowHeight)
    let line =
      lookAlike
      ? words[0] + (marked ? Array(words[row % words.count].prefix(2)) : []) : words[row % words.count]
    var v = 0.0
    if within > 12 && within < 26 {
      for (start, length) in line where x >= start && x < start + length {
        v = 1 - abs(within - 19) / 7
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
    let slid = slide(t)
    var pixels = [UInt8](repeating: 255, count: recordingWidth * recordingHeight)
    for y in 0..<recordingHeight {
      var contentY = Double(y) - d
      if contentY >= Double(rowHeight) { contentY += slid }
      for x in 0..<recordingWidth {
        let grey = contentY < 0 ? 120.0 : 255 - 220 * ink(x, contentY)
        pixels[y * recordingWidth + x] = UInt8(max(0, min(255, grey.rounded())))
      }
    }
    let up = Int(barShift(t).rounded())
    for y in 0..<min(bar, recordingHeight) where y - up >= 0 {
      for x in 0..<recordingWidth {
        let title =
          barRule ? y >= bar / 2 - 1 && y <= bar / 2 : y > bar / 3 && y < 2 * bar / 3 && x > 30 && x < 90
        let covered = menu(t) && x >= recordingWidth / 2 && y >= 2
        pixels[(y - up) * recordingWidth + x] = covered ? 235 : title ? 200 : 50
      }
    }
    for y in 0..<min(status, recordingHeight) {
      for x in 0..<recordingWidth {
        let digits =
          y > 1 && y < status - 1 && x > recordingWidth - 40 && (x / 4) % 2 == 0
          && (x < recordingWidth - 20 || statusChanged(t))
        pixels[y * recordingWidth + x] = digits ? 20 : 255
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
        where (Double(x) - cx) * (Double(x) - cx) + (Double(y) - f) * (Double(y) - f) <= 22 * 22 {
          let p = Double(pixels[y * recordingWidth + x])
          pixels[y * recordingWidth + x] = UInt8(((p + 128) / 2).rounded())
        }
      }
    }
    return GreyFrame(time: t, width: recordingWidth, height: recordingHeight, pixels: pixels)
  }
}
