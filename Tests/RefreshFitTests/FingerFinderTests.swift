import Testing

@testable import RefreshFit

/// The finger finder's window search (`_FingerFinder.find`): the fullest dot-sized window of
/// grey pixels, first in row order, refined to the disc's centre. Checked against the plain
/// definition, each window's grey pixels counted one by one, on seeded frames of white rows,
/// dark text and scattered greys with a translucent disc over them, in a region inset from the
/// frame's edges.
@Suite struct FingerFinderTests {
  /// The fullest window by counting, and its count: what `find` must start its refinement from.
  static func fullest(_ frame: GreyFrame, columns: Range<Int>, rows: Range<Int>, d: Int) -> (
    x: Int, y: Int, count: Int
  ) {
    var best = (x: 0, y: 0, count: 0)
    for y in 0...(rows.count - d) {
      for x in 0...(columns.count - d) {
        var count = 0
        for dy in 0..<d {
          for dx in 0..<d
          where _FingerFinder.greys.contains(
            frame.pixels[(rows.lowerBound + y + dy) * frame.width + columns.lowerBound + x + dx])
          {
            count += 1
          }
        }
        if count > best.count { best = (x, y, count) }
      }
    }
    return best
  }

  @Test(arguments: 0..<12)
  func theFullestWindowIsTheDotsAndItsCentreIsFound(seed: Int) throws {
    var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let (width, height) = (120, 200)
    let columns = 4..<116
    let rows = 10..<190
    let finder = _FingerFinder(columns: columns, rows: rows, downscale: 2)
    let d = finder.diameter
    var pixels = [UInt8](repeating: 255, count: width * height)
    // Rows of dark "text" and scattered greys that no dot makes.
    for y in 0..<height where y % 17 < 4 {
      for x in 0..<width where next(3) == 0 { pixels[y * width + x] = UInt8(40 + next(60)) }
    }
    for _ in 0..<600 { pixels[next(height) * width + next(width)] = UInt8(180 + next(23)) }
    // The dot: a disc of half-opaque mid grey over the white (191), text under it darker.
    let centre = (
      x: Double(columns.lowerBound + d / 2 + next(columns.count - d)),
      y: Double(rows.lowerBound + d / 2 + next(rows.count - d))
    )
    let r = Double(d) / 2
    for y in 0..<height {
      for x in 0..<width {
        let dx = Double(x) + 0.5 - centre.x
        let dy = Double(y) + 0.5 - centre.y
        if dx * dx + dy * dy <= r * r, pixels[y * width + x] > 200 { pixels[y * width + x] = 191 }
      }
    }
    let frame = GreyFrame(time: 0, width: width, height: height, pixels: pixels)
    let fullest = Self.fullest(frame, columns: columns, rows: rows, d: d)
    let found = try #require(
      finder.find(in: frame), "no dot found (the fullest window holds \(fullest.count) of \(d * d))")
    // The refinement starts at the fullest window's centre and moves at most a sixth of the
    // dot (two pixels at least) each way from it.
    let start = (x: Double(columns.lowerBound + fullest.x) + r, y: Double(rows.lowerBound + fullest.y) + r)
    let reach = Double(max(2, d / 6))
    #expect(
      abs(found.x - start.x) <= reach && abs(found.y - start.y) <= reach,
      "found \(found), the fullest window's centre \(start)")
    #expect(
      abs(found.x - centre.x) <= 1.5 && abs(found.y - centre.y) <= 1.5, "found \(found), the dot at \(centre)"
    )
  }

  /// No dot: scattered greys and text fill no window enough.
  @Test func framesWithoutADotHoldNone() {
    var pixels = [UInt8](repeating: 255, count: 120 * 200)
    for i in stride(from: 0, to: pixels.count, by: 7) { pixels[i] = 190 }
    let finder = _FingerFinder(columns: 0..<120, rows: 0..<200, downscale: 2)
    #expect(finder.find(in: GreyFrame(time: 0, width: 120, height: 200, pixels: pixels)) == nil)
  }
}
