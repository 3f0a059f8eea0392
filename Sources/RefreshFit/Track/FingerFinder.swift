/// Finds a "show touches" finger: a round translucent grey dot (iOS's and Android's, and the
/// lab's `--show-touches` 44-pt disc at half-opaque mid grey). Over a light list such a dot is
/// one flat grey, lighter than text and darker than the rows' white: the finder counts such
/// pixels in a dot-sized window and takes the fullest window, if full enough to be a dot.
struct _FingerFinder {
  let columns: Range<Int>
  let rows: Range<Int>
  /// The dot's diameter, downscaled pixels.
  let diameter: Int
  /// The grey a translucent mid-grey dot gives over white (128 at half opacity: 191), with room
  /// for a video codec's error; the dot over text is darker and not counted.
  static let greys: ClosedRange<UInt8> = 180...202
  /// Share of a window the dot must fill: its disc is π/4 of it, less the text under it.
  static let fill = 0.35

  /// The dot's diameter in points: the lab's disc, the size of iOS's and Android's.
  static let diameterPoints = 44.0

  init(columns: Range<Int>, rows: Range<Int>, downscale: Int, scale: Double = 1) {
    self.columns = columns
    self.rows = rows
    diameter = max(3, Int((Self.diameterPoints * scale / Double(downscale)).rounded()))
  }

  /// The dot's centre in `frame`, downscaled pixels (x, y), or nil when there is none.
  func find(in frame: GreyFrame) -> (x: Double, y: Double)? {
    let w = columns.count
    let h = rows.count
    guard w > diameter, h > diameter else { return nil }
    // Summed-area table of the grey mask.
    var table = [Int32](repeating: 0, count: (w + 1) * (h + 1))
    frame.pixels.withUnsafeBufferPointer { pixels in
      for y in 0..<h {
        var run: Int32 = 0
        let row = (rows.lowerBound + y) * frame.width + columns.lowerBound
        for x in 0..<w {
          if Self.greys.contains(pixels[row + x]) { run += 1 }
          table[(y + 1) * (w + 1) + x + 1] = table[y * (w + 1) + x + 1] + run
        }
      }
    }
    let d = diameter
    var best: Int32 = 0
    var at = (0, 0)
    for y in stride(from: 0, through: h - d, by: 1) {
      for x in stride(from: 0, through: w - d, by: 1) {
        let count =
          table[(y + d) * (w + 1) + x + d] - table[y * (w + 1) + x + d]
          - table[(y + d) * (w + 1) + x] + table[y * (w + 1) + x]
        if count > best {
          best = count
          at = (x, y)
        }
      }
    }
    guard Double(best) >= Self.fill * Double(d * d) else { return nil }
    // The window's count peaks where it holds the whole dot: a parabola through the counts
    // beside the peak places the centre between pixels.
    func count(_ x: Int, _ y: Int) -> Double {
      guard x >= 0, y >= 0, x <= w - d, y <= h - d else { return 0 }
      return Double(
        table[(y + d) * (w + 1) + x + d] - table[y * (w + 1) + x + d]
          - table[(y + d) * (w + 1) + x] + table[y * (w + 1) + x])
    }
    func vertex(_ below: Double, _ peak: Double, _ above: Double) -> Double {
      let curvature = below - 2 * peak + above
      return curvature < 0 ? max(-0.5, min(0.5, (below - above) / (2 * curvature))) : 0
    }
    let peak = Double(best)
    let dx = vertex(count(at.0 - 1, at.1), peak, count(at.0 + 1, at.1))
    let dy = vertex(count(at.0, at.1 - 1), peak, count(at.0, at.1 + 1))
    return (
      Double(columns.lowerBound + at.0) + dx + Double(d) / 2,
      Double(rows.lowerBound + at.1) + dy + Double(d) / 2
    )
  }
}
