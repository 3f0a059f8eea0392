import RefreshFit

/// Box-averages a grey frame by a whole factor each way: what the GIF source hands the tracker
/// (FFmpeg's sources scale with libswscale instead).
enum _Downscaler {
  static func shrink(_ grey: [UInt8], width: Int, height: Int, by factor: Int) -> (
    pixels: [UInt8], width: Int, height: Int
  ) {
    guard factor > 1 else { return (grey, width, height) }
    let w = max(1, width / factor)
    let h = max(1, height / factor)
    var out = [UInt8](repeating: 0, count: w * h)
    let area = factor * factor
    // Each output row sums its `factor` source rows column by column, then each run of `factor`
    // columns. Written as `while` loops over raw buffers: the fits run in the tests' debug build,
    // where a `for` over a range calls the generic iterator for every pixel (this was a fifth of
    // a GIF's fit there); an optimised build makes the same code of either.
    var columns = [Int](repeating: 0, count: w * factor)
    out.withUnsafeMutableBufferPointer { shrunkBuffer in
      grey.withUnsafeBufferPointer { sourceBuffer in
        columns.withUnsafeMutableBufferPointer { sumsBuffer in
          // Raw pointers: their subscripts are inlined even in a debug build, a buffer's are not.
          guard let shrunk = shrunkBuffer.baseAddress, let source = sourceBuffer.baseAddress,
            let sums = sumsBuffer.baseAddress
          else { return }
          let span = w * factor
          var y = 0
          while y < h {
            var x = 0
            while x < span {
              sums[x] = 0
              x += 1
            }
            var dy = 0
            while dy < factor {
              let row = (y * factor + dy) * width
              x = 0
              while x < span {
                sums[x] &+= Int(source[row + x])
                x += 1
              }
              dy += 1
            }
            x = 0
            while x < w {
              var sum = 0
              var dx = x * factor
              let end = dx + factor
              while dx < end {
                sum &+= sums[dx]
                dx += 1
              }
              shrunk[y * w + x] = UInt8(sum / area)
              x += 1
            }
            y += 1
          }
        }
      }
    }
    return (out, w, h)
  }

  /// Luma of an sRGB colour (BT.601, as libswscale's GRAY8 gives).
  @inline(__always) static func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    let red: Int = 299 * Int(r)
    let green: Int = 587 * Int(g)
    let blue: Int = 114 * Int(b)
    return UInt8((red + green + blue + 500) / 1000)
  }
}
