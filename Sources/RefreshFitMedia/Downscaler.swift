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
    out.withUnsafeMutableBufferPointer { shrunk in
      grey.withUnsafeBufferPointer { source in
        for y in 0..<h {
          for x in 0..<w {
            var sum = 0
            for dy in 0..<factor {
              let row = (y * factor + dy) * width + x * factor
              for dx in 0..<factor { sum += Int(source[row + dx]) }
            }
            shrunk[y * w + x] = UInt8(sum / area)
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
