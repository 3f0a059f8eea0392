/// Why an animated header's file was refused: one line that says what is wrong and what to do.
/// GIF and Lottie files are untrusted input, so each limit is checked before the decoder that
/// would allocate for it runs.
public enum HeaderAnimationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be read; `reason` is the system's.
  case unreadable(reason: String)
  /// The file's name ends in neither `.gif` nor `.json`.
  case unknownKind
  /// The file is larger than `limit` bytes.
  case tooLarge(bytes: Int, limit: Int)
  /// The bytes are not a file of the kind (`kind`: "GIF" or "Lottie JSON"); `detail` says where.
  case malformed(kind: String, detail: String)
  /// The animation's frames are larger than the limit.
  case framesTooLarge(width: Int, height: Int, limit: Int)
  /// The animation has more frames than the limit (or none).
  case frameCount(Int, limit: Int)

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
    case .framesTooLarge(let width, let height, let limit):
      "has \(width)×\(height) frames; at most \(limit)×\(limit) are allowed"
    case .frameCount(let count, let limit):
      count == 0
        ? "has no frames" : "has \(count) frames; at most \(limit) are allowed"
    }
  }
}

/// The limits on an animated header's file.
public enum HeaderAnimationLimits {
  /// Bytes of a GIF or Lottie file.
  public static let fileBytes = 4 << 20
  /// Pixels on either side of a frame (of a GIF's canvas, of a Lottie's composition).
  public static let side = 1024
  /// Frames in one animation.
  public static let frames = 600
  /// Pixels of all of a GIF's decoded frames together (each frame is a canvas-sized surface).
  public static let gifPixels = 32 << 20
}
