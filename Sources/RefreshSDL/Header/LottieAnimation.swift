import FoundationEssentials

/// A Lottie animation checked and ready to render, with the two segments the header plays:
/// `pull` (the frame follows the pull's progress) and `refresh` (looped while refreshing), from
/// the file's markers of those names, else its first and second halves.
///
/// Loading checks the file in Swift in linear time (its size, its nesting, the keys the header
/// reads); rlottie (which has had CVEs and loops forever on some files) only ever runs in a
/// render job's own thread (``render(width:height:seconds:)``), at the size the header shows
/// the animation, so a composition of any size costs only the pixels drawn.
public final class LottieAnimation: Sendable {
  /// The composition's size, as the file gives it (it is rendered at the header's size).
  public let width: Int
  /// The composition's size, as the file gives it.
  public let height: Int
  /// Frames in the whole animation.
  public let frameCount: Int
  /// Frames per second.
  public let frameRate: Double
  /// Frames shown while pulling, in order of progress.
  public let pullFrames: Range<Int>
  /// Frames looped while refreshing.
  public let refreshFrames: Range<Int>
  /// The file, NUL-terminated for rlottie.
  let text: [UInt8]

  /// Checks `bytes`, or says in one line why they are refused.
  public init(bytes: [UInt8]) throws(HeaderAnimationError) {
    guard bytes.count <= HeaderAnimationLimits.fileBytes else {
      throw .tooLarge(bytes: bytes.count, limit: HeaderAnimationLimits.fileBytes)
    }
    try Self.checkNesting(bytes)
    let header: _LottieHeader
    do {
      header = try JSONDecoder().decode(_LottieHeader.self, from: Data(bytes))
    } catch {
      throw .malformed(kind: "Lottie JSON", detail: Self.reason(error))
    }
    guard header.w.isFinite, header.h.isFinite, header.w >= 1, header.h >= 1,
      header.w <= 1e6, header.h <= 1e6
    else {
      throw .malformed(
        kind: "Lottie JSON", detail: "its composition is \(header.w) × \(header.h); both must be 1 or more")
    }
    guard header.fr.isFinite, header.fr > 0, header.fr <= 240 else {
      throw .malformed(kind: "Lottie JSON", detail: "frame rate \(header.fr) is not within 1…240")
    }
    guard header.ip.isFinite, header.op.isFinite, abs(header.ip) < 1e9, abs(header.op) < 1e9 else {
      throw .malformed(
        kind: "Lottie JSON", detail: "its in and out points (\(header.ip), \(header.op)) are not within ±10⁹")
    }
    // rlottie counts whole frames from the in point to the out point.
    let total = Int(header.op.rounded(.towardZero)) - Int(header.ip.rounded(.towardZero))
    guard total >= 1 else { throw .noFrames }
    width = Int(header.w.rounded())
    height = Int(header.h.rounded())
    frameCount = total
    frameRate = header.fr
    let markers = header.markers ?? []
    let start = Int(header.ip.rounded(.towardZero))
    func segment(_ name: String) -> Range<Int>? {
      guard let marker = markers.first(where: { $0.cm == name }), marker.tm.isFinite,
        marker.dr.isFinite, abs(marker.tm) < 1e9, abs(marker.dr) < 1e9
      else { return nil }
      let lower = min(max(Int(marker.tm.rounded(.down)) - start, 0), total - 1)
      let upper = min(max(Int((marker.tm + marker.dr).rounded(.down)) - start, lower + 1), total)
      return lower..<upper
    }
    let half = max(1, total / 2)
    pullFrames = segment("pull") ?? 0..<half
    refreshFrames = segment("refresh") ?? (half < total ? half..<total : 0..<total)
    text = bytes + [0]
  }

  /// Starts rendering every frame at `width`×`height` pixels in a thread of its own, in order
  /// (rlottie's render of a frame depends on the frames rendered before it, as it re-evaluates
  /// only what it thinks changed: in order, as its own player plays them, every frame comes
  /// out the same however the header is pulled). Refused at once when the frames would hold more
  /// than ``HeaderAnimationLimits/renderedPixels``; the job refuses itself when they are not
  /// all done within `seconds`.
  public func render(
    width: Int, height: Int, seconds: Double = HeaderAnimationLimits.renderSeconds
  ) throws(HeaderAnimationError) -> LottieFrames {
    let width = max(1, width)
    let height = max(1, height)
    let limit = HeaderAnimationLimits.renderedPixels / (width * height)
    guard frameCount <= limit else {
      throw .renderedPixels(frames: frameCount, width: width, height: height, limit: limit)
    }
    return LottieFrames(
      self, width: width, height: height, order: Array(0..<frameCount), seconds: seconds)
  }

  /// Refuses arrays and objects nested deeper than ``HeaderAnimationLimits/jsonDepth`` (how a
  /// small file exhausts a recursive parser's stack) in one pass over the bytes; the JSON
  /// itself is checked by the decoder.
  static func checkNesting(_ bytes: [UInt8]) throws(HeaderAnimationError) {
    var depth = 0
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        guard depth <= HeaderAnimationLimits.jsonDepth else {
          throw .malformed(
            kind: "Lottie JSON",
            detail: "nested more than \(HeaderAnimationLimits.jsonDepth) deep")
        }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
  }

  static func reason(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, _): "no \"\(key.stringValue)\" key"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      context.codingPath.isEmpty
        ? "it is not a JSON object"
        : "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
    case DecodingError.dataCorrupted: "it is not valid JSON"
    default: "it is not valid JSON"
    }
  }
}

/// The keys of a Lottie file the loader checks before rlottie reads it. The decoder scans the
/// whole document once (linear) and then reads only these.
struct _LottieHeader: Decodable {
  var w: Double
  var h: Double
  var fr: Double
  var ip: Double
  var op: Double
  var layers: _JSONArray
  var markers: [Marker]?

  struct Marker: Decodable {
    var cm: String
    var tm: Double
    var dr: Double
  }
}

/// A JSON array, whatever it holds, left undecoded.
struct _JSONArray: Decodable {
  init(from decoder: any Decoder) throws {
    _ = try decoder.unkeyedContainer()
  }
}
