/// Why an animated header's file was refused: one line that says what is wrong, with the file's
/// own figure and the limit where a limit refused it. GIF and Lottie files are untrusted input,
/// so each limit is checked before the work it bounds is done.
public enum HeaderAnimationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be read; `reason` is the system's.
  case unreadable(reason: String)
  /// The file's name ends in neither `.gif` nor `.json`.
  case unknownKind
  /// The file is larger than `limit` bytes.
  case tooLarge(bytes: Int, limit: Int)
  /// The bytes are not a file of the kind (`kind`: "GIF" or "Lottie JSON"); `detail` says where.
  case malformed(kind: String, detail: String)
  /// A GIF's canvas has more pixels than `limit`.
  case canvasTooLarge(width: Int, height: Int, limit: Int)
  /// Compositing a GIF's frames on its canvas would take more than `limit` frames.
  case compositing(frames: Int, width: Int, height: Int, limit: Int)
  /// The frames kept or rendered (`frames` of `width`×`height` pixels) are more than `limit`.
  case renderedPixels(frames: Int, width: Int, height: Int, limit: Int)
  /// A Lottie's frames did not all render within `seconds` (`frame` is the first not done).
  case renderTime(frame: Int, of: Int, seconds: Double)
  /// The animation has no frames.
  case noFrames

  public var description: String {
    switch self {
    case .unreadable(let reason):
      "cannot be read: \(reason)"
    case .unknownKind:
      "is neither a GIF (.gif) nor a Lottie animation (.json); name it with one of those extensions"
    case .tooLarge(let bytes, let limit):
      "is \(bytes) bytes; an animated header may be at most \(limit) bytes"
    case .malformed(let kind, let detail):
      "is not a \(kind) file the header can read (\(detail))"
    case .canvasTooLarge(let width, let height, let limit):
      "has a \(width) × \(height) px canvas (\(width * height) px); at most \(limit) px"
        + "; scale the GIF down"
    case .compositing(let frames, let width, let height, let limit):
      "has \(frames) frames on a \(width) × \(height) px canvas; at most \(limit)"
        + " at that size; use fewer frames or a smaller canvas"
    case .renderedPixels(let frames, let width, let height, let limit):
      "has \(frames) frames at \(width) × \(height) px; at most \(limit); use fewer frames"
    case .renderTime(let frame, let count, let seconds):
      "did not render within \(Self.seconds(seconds)) s (frame \(frame + 1) of \(count) was not done)"
        + "; simplify the animation"
    case .noFrames:
      "has no frames"
    }
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}

/// The limits on an animated header's file, by what it costs: the bytes read, the pixels
/// composited and kept, the time its frames take to render. README names the same figures.
public enum HeaderAnimationLimits {
  /// Bytes of a GIF or Lottie file.
  public static let fileBytes = 4 << 20
  /// Pixels of a GIF's canvas (two canvases are held while compositing).
  public static let canvasPixels = 4096 * 4096
  /// Canvas pixels composited while decoding a GIF: its frame count times its canvas.
  public static let compositedPixels = 1 << 30
  /// Pixels of all an animation's frames at the size they are kept (GIF) or rendered (Lottie).
  public static let renderedPixels = 16 << 20
  /// The box a GIF's frames are kept within, pixels: a larger canvas is scaled down to fit it
  /// when decoded, since a header shows its animation at most 80 % of the header tall (a 60 pt
  /// header at 2× shows 96 px) and left of its label.
  public static let keptBox = (width: 320, height: 128)
  /// Seconds all of a Lottie animation's frames may take to render at one size.
  public static let renderSeconds = 5.0
  /// How deep a Lottie file's arrays and objects may nest.
  public static let jsonDepth = 64
}
