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
    // The grey mask, then each dot-sized window's count of grey pixels: the mask's columns
    // summed over the window's rows (slid down a row at a time), their running sum along the
    // row, and each window's count the difference of two; the fullest window the first in row
    // order with the most. Every frame of every recording runs this, so it is `while` loops over
    // raw buffers (in the tests' debug build a `for` over a range costs a generic call an
    // element), and each row's most is found before its first window with it: a phone's minute
    // of frames spent 0.9 s here with a summed-area table and a test a window.
    let d = diameter
    var best: Int32 = 0
    var at = (0, 0)
    var mask = [UInt8](repeating: 0, count: w * h)
    var columnSums = [Int32](repeating: 0, count: w)
    var running = [Int32](repeating: 0, count: w + 1)
    let lightest = Self.greys.lowerBound
    let span = UInt8(Self.greys.upperBound - Self.greys.lowerBound)
    mask.withUnsafeMutableBufferPointer { maskBuffer in
      columnSums.withUnsafeMutableBufferPointer { columnBuffer in
        running.withUnsafeMutableBufferPointer { runningBuffer in
          frame.pixels.withUnsafeBufferPointer { pixelsBuffer in
            // Raw pointers: their subscripts are inlined even in a debug build, a buffer's are not.
            guard let mask = maskBuffer.baseAddress, let sums = columnBuffer.baseAddress,
              let run = runningBuffer.baseAddress, let pixels = pixelsBuffer.baseAddress
            else { return }
            var total = 0
            var y = 0
            while y < h {
              let row = pixels + (rows.lowerBound + y) * frame.width + columns.lowerBound
              let out = mask + y * w
              var x = 0
              var count = 0
              while x < w {
                // In the greys' range: one unsigned comparison.
                let grey: UInt8 = row[x] &- lightest <= span ? 1 : 0
                out[x] = grey
                count &+= Int(grey)
                x += 1
              }
              total &+= count
              y += 1
            }
            // No window holds more grey pixels than the whole region: where that is too few for
            // a dot (most frames of most recordings), the windows need no looking at.
            guard Double(total) >= Self.fill * Double(d * d) else { return }
            y = 0
            while y < d {
              let source = mask + y * w
              var x = 0
              while x < w {
                sums[x] &+= Int32(source[x])
                x += 1
              }
              y += 1
            }
            y = 0
            while y <= h - d {
              if y > 0 {
                let entering = mask + (y + d - 1) * w
                let leaving = mask + (y - 1) * w
                var x = 0
                while x < w {
                  sums[x] &+= Int32(entering[x]) &- Int32(leaving[x])
                  x += 1
                }
              }
              var x = 0
              run[0] = 0
              while x < w {
                run[x + 1] = run[x] &+ sums[x]
                x += 1
              }
              var most: Int32 = 0
              x = 0
              while x <= w - d {
                most = max(most, run[x + d] &- run[x])
                x += 1
              }
              if most > best {
                best = most
                x = 0
                while run[x + d] &- run[x] != most { x += 1 }
                at = (x, y)
              }
              y += 1
            }
          }
        }
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
