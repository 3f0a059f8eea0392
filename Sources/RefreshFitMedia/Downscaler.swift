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
  /// luma range, 16 to 235, to the full 0 to 255 its grey is compared at). A frame narrower
  /// (or shorter) than `factor` is one box across (or down) of the pixels it has.
  static func shrink(
    _ source: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, by factor: Int,
    into out: UnsafeMutablePointer<UInt8>, levels: UnsafePointer<UInt8>? = nil
  ) {
    let w = max(1, width / factor)
    let h = max(1, height / factor)
    // A box's columns and rows: `factor`, or all there are (a GIF a pixel wide and 960 tall
    // halved: its one box two rows by one column, where a box of two columns read past the row).
    let across = min(factor, width)
    let down = min(factor, height)
    let area = UInt32(across * down)
    let span = w * across
    // Each output row sums its `factor` source rows column by column, then each run of `factor`
    // columns. Written as `while` loops over raw pointers: the fits run in the tests' debug build,
    // where a `for` over a range calls the generic iterator for every pixel (this was a fifth of
    // a GIF's fit there), and a pointer's subscript is inlined where a buffer's is not; an
    // optimised build makes the same code of either. The columns' sums are 16-bit (a factor's
    // rows of 255 at most: 257 rows before they overflow): twice as many to a vector as 32-bit
    // ones, and a phone's frame is 2.6 million pixels, each read once here (a minute of
    // 1080×2400 at 60 fps spent 1.9 s in this loop at 32 bits). The runs' sums are 32-bit. The
    // mean rounds down, as the GIF frames' always did (libswscale's rounds: its grey lies 0.1
    // level above on average).
    precondition(down * 255 <= Int(UInt16.max), "a factor of \(factor) overflows a column's sum")
    let sums = UnsafeMutablePointer<UInt16>.allocate(capacity: span)
    defer { sums.deallocate() }
    // The mean by a multiplication: ⌈2³²/area⌉ times a sum, shifted, is its floor division by
    // the area wherever 255·area² < 2³² (a factor up to 64), the sums being at most 255·area;
    // a division an output pixel was a third of this function's time.
    let reciprocal: UInt64? =
      255 * UInt64(area) * UInt64(area) < (1 << 32) ? ((1 << 32) + UInt64(area) - 1) / UInt64(area) : nil
    let runs = UnsafeMutablePointer<UInt32>.allocate(capacity: w)
    defer { runs.deallocate() }
    var y = 0
    while y < h {
      var x = 0
      while x < span {
        sums[x] = 0
        x += 1
      }
      var dy = 0
      while dy < down {
        let row = source + (y * down + dy) * stride
        x = 0
        while x < span {
          sums[x] &+= UInt16(row[x])
          x += 1
        }
        dy += 1
      }
      // The runs of `factor` columns summed a column of each run at a time, over the whole row
      // (a strided read with no loop per output pixel: a loop over each run cost as much as the
      // columns' sums themselves), then each mean mapped through `levels` in a pass of its own.
      // The mean is at most 255 (a box of 255s), so it narrows unchecked.
      x = 0
      while x < w {
        runs[x] = 0
        x += 1
      }
      var dx = 0
      while dx < across {
        var from = sums + dx
        x = 0
        while x < w {
          runs[x] &+= UInt32(from.pointee)
          from += across
          x += 1
        }
        dx += 1
      }
      let row = out + y * w
      x = 0
      if let reciprocal {
        while x < w {
          row[x] = UInt8(truncatingIfNeeded: (UInt64(runs[x]) &* reciprocal) >> 32)
          x += 1
        }
      } else {
        while x < w {
          row[x] = UInt8(truncatingIfNeeded: runs[x] / area)
          x += 1
        }
      }
      if let levels {
        x = 0
        while x < w {
          row[x] = levels[Int(row[x])]
          x += 1
        }
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
