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
    // Summed-area table of the grey mask, then the fullest dot-sized window in it. Both run
    // over every pixel of every frame, so they are `while` loops over raw buffers: in the tests'
    // debug build a `for` over a range or a `stride` costs a generic call an element.
    let stride = w + 1
    var table = [Int32](repeating: 0, count: stride * (h + 1))
    let lightest = Self.greys.lowerBound
    let darkest = Self.greys.upperBound
    let d = diameter
    var best: Int32 = 0
    var at = (0, 0)
    table.withUnsafeMutableBufferPointer { sumsBuffer in
      // Raw pointers: their subscripts are inlined even in a debug build, a buffer's are not.
      guard let sums = sumsBuffer.baseAddress else { return }
      frame.pixels.withUnsafeBufferPointer { pixelsBuffer in
        guard let pixels = pixelsBuffer.baseAddress else { return }
        var y = 0
        while y < h {
          var run: Int32 = 0
          let row = (rows.lowerBound + y) * frame.width + columns.lowerBound
          let above = y * stride + 1
          let below = (y + 1) * stride + 1
          var x = 0
          while x < w {
            let grey = pixels[row + x]
            if grey >= lightest && grey <= darkest { run += 1 }
            sums[below + x] = sums[above + x] + run
            x += 1
          }
          y += 1
        }
      }
      // No window holds more grey pixels than the whole region: where that is too few for a
      // dot (most frames of most recordings), the windows need no looking at.
      guard Double(sums[h * stride + w]) >= Self.fill * Double(d * d) else { return }
      var y = 0
      while y <= h - d {
        let top = y * stride
        let bottom = (y + d) * stride
        var x = 0
        while x <= w - d {
          let count = sums[bottom + x + d] - sums[top + x + d] - sums[bottom + x] + sums[top + x]
          if count > best {
            best = count
            at = (x, y)
          }
          x += 1
        }
        y += 1
      }
    }
    guard Double(best) >= Self.fill * Double(d * d) else { return nil }
    // The square window is only near the dot (text under it thins the count unevenly). The
    // centre is where a disc of the dot's size holds the most grey pixels and the ring just
    // outside it the fewest: the dot's edge, which text does not move.
    let r = Double(d) / 2
    let frameWidth = frame.width
    func isGrey(_ x: Int, _ y: Int) -> Bool {
      guard x >= columns.lowerBound, x < columns.upperBound, y >= rows.lowerBound, y < rows.upperBound else {
        return false
      }
      return Self.greys.contains(frame.pixels[y * frameWidth + x])
    }
    let cx0 = Double(columns.lowerBound + at.0) + r
    let cy0 = Double(rows.lowerBound + at.1) + r
    let reach = max(2, d / 6)
    var bestScore = Int.min
    var centre = (cx0, cy0)
    for oy in -reach...reach {
      for ox in -reach...reach {
        let cx = cx0 + Double(ox)
        let cy = cy0 + Double(oy)
        var score = 0
        let outer = r + 2
        for y in Int((cy - outer).rounded(.down))...Int((cy + outer).rounded(.up)) {
          for x in Int((cx - outer).rounded(.down))...Int((cx + outer).rounded(.up)) {
            let dx = Double(x) + 0.5 - cx
            let dy = Double(y) + 0.5 - cy
            let dd = dx * dx + dy * dy
            if dd <= r * r {
              if isGrey(x, y) { score += 1 }
            } else if dd <= outer * outer, isGrey(x, y) {
              score -= 2
            }
          }
        }
        if score > bestScore {
          bestScore = score
          centre = (cx, cy)
        }
      }
    }
    return centre
  }
}
