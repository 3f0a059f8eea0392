import RefreshFit

/// Box-averages a grey frame by a whole factor each way: what the GIF source hands the tracker,
/// and the video source its frames' luma.
enum _Downscaler {
  static func shrink(_ grey: [UInt8], width: Int, height: Int, by factor: Int) -> (
    pixels: [UInt8], width: Int, height: Int
  ) {
    guard factor > 1 else { return (grey, width, height) }
    let w = max(1, width / factor)
    let h = max(1, height / factor)
    var out = [UInt8](repeating: 0, count: w * h)
    grey.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { shrunk in
        guard let from = source.baseAddress, let to = shrunk.baseAddress else { return }
        shrink(from, stride: width, width: width, height: height, by: factor, into: to)
      }
    }
    return (out, w, h)
  }

  /// Box-averages `width × height` grey pixels at `source` (rows `stride` bytes apart: a video
  /// frame's luma plane, padded) by `factor` each way into `out` (`width / factor` by
  /// `height / factor`), each average mapped through `levels` where given (a video's limited
  /// luma range, 16 to 235, to the full 0 to 255 its grey is compared at).
  static func shrink(
    _ source: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, by factor: Int,
    into out: UnsafeMutablePointer<UInt8>, levels: UnsafePointer<UInt8>? = nil
  ) {
    let w = max(1, width / factor)
    let h = max(1, height / factor)
    let area = UInt32(factor * factor)
    let span = w * factor
    // Each output row sums its `factor` source rows column by column, then each run of `factor`
    // columns. Written as `while` loops over raw pointers: the fits run in the tests' debug build,
    // where a `for` over a range calls the generic iterator for every pixel (this was a fifth of
    // a GIF's fit there), and a pointer's subscript is inlined where a buffer's is not; an
    // optimised build makes the same code of either. 32-bit sums: twice as many to a vector as
    // 64-bit ones, and a phone's frame is 2.6 million pixels. The mean rounds down, as the GIF
    // frames' always did (libswscale's rounds: its grey lies 0.1 level above on average).
    let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: span)
    defer { sums.deallocate() }
    var y = 0
    while y < h {
      var x = 0
      while x < span {
        sums[x] = 0
        x += 1
      }
      var dy = 0
      while dy < factor {
        let row = source + (y * factor + dy) * stride
        x = 0
        while x < span {
          sums[x] &+= UInt32(row[x])
          x += 1
        }
        dy += 1
      }
      x = 0
      while x < w {
        var sum: UInt32 = 0
        var dx = x * factor
        let end = dx + factor
        while dx < end {
          sum &+= sums[dx]
          dx += 1
        }
        let mean = UInt8(sum / area)
        if let levels { out[y * w + x] = levels[Int(mean)] } else { out[y * w + x] = mean }
        x += 1
      }
      y += 1
    }
  }

  /// Luma of an sRGB colour (BT.601, as libswscale's GRAY8 gives).
  @inline(__always) static func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    let red: Int = 299 * Int(r)
    let green: Int = 587 * Int(g)
    let blue: Int = 114 * Int(b)
    return UInt8((red + green + blue + 500) / 1000)
  }
}
