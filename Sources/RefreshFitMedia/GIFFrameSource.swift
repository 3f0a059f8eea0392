import RefreshFit
import RefreshGIF

/// An animated GIF's frames in grey, read from the file one at a time by the project's one GIF
/// decoder (`GIFCompositor`, composited as browsers do) over a white page: what shows through
/// the canvas's transparent pixels in a browser. Times add up the delays as the recorder wrote
/// them (`recorded`). Unlike a header, a recording cut short is refused: its last refresh would
/// be fitted from half a motion.
public final class GIFFrameSource: FrameSource {
  public let recordingWidth: Int
  public let recordingHeight: Int
  public let downscale: Int
  private let compositor: GIFCompositor
  /// The canvas in grey, kept up to date in the rows and columns each frame changes.
  private var grey: [UInt8]
  private var time = 0.0
  /// The frame before's delay as shown and as written: a frame's time is known once the next
  /// frame's delay is (`recorded`).
  private var previous: (delay: Double, written: Int?)?
  /// Whether a delay of two hundredths or more was written before the frame before.
  private var longerWritten = false

  /// Opens `path`; throws when it is no GIF.
  public init(path: String) throws(FitError) {
    do throws(GIFReadError) {
      compositor = try GIFCompositor(path: path, maxCanvasPixels: 40_000_000)
    } catch {
      switch error {
      case .truncatedHeader: throw .unreadable("it ends inside its GIF header (truncated)")
      case .canvasTooLarge(let width, let height, _): throw .unreadable("its canvas is \(width)×\(height) px")
      case .notGIF(let detail), .malformed(let detail): throw .unreadable("it is not a GIF (\(detail))")
      case .corrupt(_, let detail), .frame(_, let detail): throw .unreadable("it is not a GIF (\(detail))")
      }
    }
    recordingWidth = compositor.width
    recordingHeight = compositor.height
    downscale = FitLimits.downscale(forHeight: recordingHeight)
    grey = [UInt8](repeating: 255, count: recordingWidth * recordingHeight)
  }

  public func nextFrame() throws(FitError) -> GreyFrame? {
    let next: GIFCompositor.Frame?
    do throws(GIFReadError) {
      next = try compositor.next()
    } catch {
      switch error {
      case .corrupt(let whole, let detail):
        throw .unreadable("it is truncated or corrupt after frame \(whole) (\(detail))")
      case .frame(let number, let detail):
        throw .unreadable("frame \(number) \(detail)")
      default:
        throw .unreadable("it is not a GIF")
      }
    }
    guard let frame = next else { return nil }
    guard frame.isComplete else {
      throw .unreadable("it is truncated or corrupt in frame \(frame.index + 1)")
    }
    Self.toGrey(frame, width: recordingWidth, into: &grey)
    let shown = _Downscaler.shrink(grey, width: recordingWidth, height: recordingHeight, by: downscale)
    if let previous {
      let timed = longerWritten || (frame.writtenDelay ?? 0) >= 2
      time += Self.recorded(previous.delay, written: previous.written, timed: timed)
      if (previous.written ?? 0) >= 2 { longerWritten = true }
    }
    previous = (frame.delay, frame.writtenDelay)
    return GreyFrame(time: time, width: shown.width, height: shown.height, pixels: shown.pixels)
  }

  /// How long a frame was on the recorder's screen: its delay as browsers show it, except a
  /// delay written as one hundredth in a file that writes longer delays too (`timed`: one so far
  /// or the next), which lasted what it says: a recorder at 50 or 60 frames a second rounds to
  /// whole hundredths (2, 2, 1, …: ffmpeg writes them so), and one that writes each frame's own
  /// duration writes 1 for a frame that changed 10 ms later. Browsers show any delay under two
  /// hundredths for 0.1 s (a file of 0s or 1s once meant "as fast as you can", and one of those
  /// still does). Timed as browsers show it, smoothrefreshlayout-textview's 60 fps pull, written
  /// 2, 1, 2, 2, 1, …, took 1.4 s to its peak where it took 0.52 s.
  static func recorded(_ shown: Double, written: Int?, timed: Bool) -> Double {
    written == 1 && timed ? 0.01 : shown
  }

  /// Brings `grey` up to date with the frame's changed area: each pixel's luma, a transparent
  /// one white. `while` loops over raw pointers: the fits run in the tests' debug build.
  static func toGrey(_ frame: GIFCompositor.Frame, width: Int, into grey: inout [UInt8]) {
    let (xs, ys) = frame.changed
    guard !xs.isEmpty, !ys.isEmpty, let source = frame.pixels.baseAddress else { return }
    grey.withUnsafeMutableBufferPointer { buffer in
      guard let out = buffer.baseAddress else { return }
      var y = ys.lowerBound
      while y < ys.upperBound {
        var index = y * width + xs.lowerBound
        let end = y * width + xs.upperBound
        while index < end {
          let pixel = source[index]
          out[index] =
            pixel >> 24 == 0
            ? 255
            : _Downscaler.luma(
              UInt8(truncatingIfNeeded: pixel >> 16), UInt8(truncatingIfNeeded: pixel >> 8),
              UInt8(truncatingIfNeeded: pixel))
          index += 1
        }
        y += 1
      }
    }
  }
}
