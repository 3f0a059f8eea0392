/// The frames as the offset match needs them: each frame reduced to a few column bands' row
/// means (a band profile), a few kilobytes a frame, so a whole recording's profiles fit where
/// its frames never would.
///
/// A vertical shift of the content shifts every band's profile by the same rows; a finger, a
/// spinner or a badge changes a few rows of a few bands. Bands rather than whole rows keep lists
/// of look-alike rows apart: their titles differ in where along the row the ink is.
struct _ProfileStack {
  static let bands = 6

  /// Rows per profile (the region's height, downscaled pixels).
  let rows: Int
  /// Column ranges of the bands, downscaled pixels.
  let bandColumns: [Range<Int>]
  /// First row of the profiles in the frame, downscaled pixels.
  let firstRow: Int
  private(set) var profiles: [[Float]] = []
  private(set) var times: [Double] = []

  init(columns all: Range<Int>, rows: Range<Int>) {
    self.rows = rows.count
    firstRow = rows.lowerBound
    // The right edge holds the scroll indicator on iOS, Android and the lab: it appears, fades
    // and moves on its own while the content moves, so it is left out.
    let columns = all.lowerBound..<max(all.lowerBound + 1, all.upperBound - max(1, all.count / 20))
    let count = min(Self.bands, max(1, columns.count / 4))
    bandColumns = (0..<count).map { b in
      let lo = columns.lowerBound + columns.count * b / count
      let hi = columns.lowerBound + columns.count * (b + 1) / count
      return lo..<hi
    }
  }

  /// Adds `frame`'s profile. The rows a finger's dot covers (`dot`, downscaled pixels, and its
  /// `radius`) are left out of the bands it lies over (NaN), so the dot moving over the content
  /// does not pull the match.
  mutating func append(_ frame: GreyFrame, hiding dot: (x: Double, y: Double)? = nil, radius: Double = 0) {
    var profile = [Float](repeating: 0, count: bandColumns.count * rows)
    frame.pixels.withUnsafeBufferPointer { pixelsBuffer in
      guard let pixels = pixelsBuffer.baseAddress else { return }
      for (b, columns) in bandColumns.enumerated() {
        let scale = 1 / Float(columns.count)
        for r in 0..<rows {
          let start = (firstRow + r) * frame.width
          var sum = 0
          // A `while` loop: in the tests' debug build a `for` over a range costs a generic call a pixel.
          var x = columns.lowerBound
          while x < columns.upperBound {
            sum += Int(pixels[start + x])
            x += 1
          }
          profile[b * rows + r] = Float(sum) * scale
        }
      }
    }
    if let dot {
      for (b, columns) in bandColumns.enumerated()
      where Double(columns.upperBound) > dot.x - radius && Double(columns.lowerBound) < dot.x + radius {
        let lo = max(0, Int((dot.y - radius).rounded(.down)) - firstRow)
        let hi = min(rows, Int((dot.y + radius).rounded(.up)) - firstRow)
        if lo < hi { for r in lo..<hi { profile[b * rows + r] = .nan } }
      }
    }
    profiles.append(profile)
    times.append(frame.time)
  }
}
