import CRLottie
import FoundationEssentials

/// A Lottie animation rendered by rlottie, with the two segments the header plays: `pull`
/// (the frame follows the pull's progress) and `refresh` (looped while refreshing), from the
/// file's markers of those names, else its first and second halves.
///
/// The JSON is parsed in Swift first and its size, composition and frame count are checked
/// against `HeaderAnimationLimits`, so rlottie (which has had CVEs) only sees well-formed JSON
/// within bounds; the fuzz target `fuzz-header` feeds both loaders.
public final class LottieAnimation: @unchecked Sendable {
  // rlottie's handle is used from one thread at a time: the main actor that renders headers,
  // or the loader that made it.
  private let handle: OpaquePointer

  /// The composition's size, pixels.
  public let width: Int
  /// The composition's size, pixels.
  public let height: Int
  /// Frames in the whole animation.
  public let frameCount: Int
  /// Frames per second.
  public let frameRate: Double
  /// Frames shown while pulling, in order of progress.
  public let pullFrames: Range<Int>
  /// Frames looped while refreshing.
  public let refreshFrames: Range<Int>

  /// Loads `bytes`, or says in one line why not.
  public init(bytes: [UInt8]) throws(HeaderAnimationError) {
    guard bytes.count <= HeaderAnimationLimits.fileBytes else {
      throw .tooLarge(bytes: bytes.count, limit: HeaderAnimationLimits.fileBytes)
    }
    let header: _LottieHeader
    do {
      header = try JSONDecoder().decode(_LottieHeader.self, from: Data(bytes))
    } catch {
      throw .malformed(kind: "Lottie JSON", detail: Self.reason(error))
    }
    let side = HeaderAnimationLimits.side
    guard header.w >= 1, header.h >= 1, header.w <= Double(side), header.h <= Double(side) else {
      throw .framesTooLarge(width: Self.whole(header.w), height: Self.whole(header.h), limit: side)
    }
    guard header.fr.isFinite, header.fr > 0, header.fr <= 240 else {
      throw .malformed(kind: "Lottie JSON", detail: "frame rate \(header.fr) is not within 1…240")
    }
    let span = header.op - header.ip
    guard span.isFinite, span >= 1, span <= Double(HeaderAnimationLimits.frames) else {
      throw .frameCount(
        span.isFinite ? max(0, Self.whole(span)) : Int.max, limit: HeaderAnimationLimits.frames)
    }
    var text = bytes
    text.append(0)
    let loaded = text.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        lottie_animation_from_data($0.baseAddress, "", "")
      }
    }
    guard let loaded else {
      throw .malformed(kind: "Lottie JSON", detail: "rlottie found no animation in it")
    }
    handle = loaded
    var w = 0
    var h = 0
    lottie_animation_get_size(loaded, &w, &h)
    width = w
    height = h
    let total = lottie_animation_get_totalframe(loaded)
    frameCount = total
    frameRate = lottie_animation_get_framerate(loaded)
    guard total >= 1, total <= HeaderAnimationLimits.frames, w >= 1, h >= 1, w <= side, h <= side
    else {
      lottie_animation_destroy(loaded)
      throw .frameCount(total, limit: HeaderAnimationLimits.frames)
    }
    let markers = header.markers ?? []
    let start = Int(header.ip.rounded(.down))
    func segment(_ name: String) -> Range<Int>? {
      guard let marker = markers.first(where: { $0.cm == name }), marker.tm.isFinite, marker.dr.isFinite
      else { return nil }
      let lower = min(max(Int(marker.tm.rounded(.down)) - start, 0), total - 1)
      let upper = min(max(Int((marker.tm + marker.dr).rounded(.down)) - start, lower + 1), total)
      return lower..<upper
    }
    let half = max(1, total / 2)
    pullFrames = segment("pull") ?? 0..<half
    refreshFrames = segment("refresh") ?? (half < total ? half..<total : 0..<total)
  }

  deinit { lottie_animation_destroy(handle) }

  /// Frame `frame` at `width`×`height` pixels, `0xAARRGGBB` with straight alpha.
  public func render(frame: Int, width: Int, height: Int) -> PixelImage {
    let w = max(1, min(width, HeaderAnimationLimits.side * 4))
    let h = max(1, min(height, HeaderAnimationLimits.side * 4))
    var pixels = [UInt32](repeating: 0, count: w * h)
    pixels.withUnsafeMutableBufferPointer { buffer in
      lottie_animation_render(
        handle, min(max(frame, 0), frameCount - 1), buffer.baseAddress, w, h, w * 4)
    }
    // rlottie writes premultiplied alpha; SDL blends straight alpha.
    for index in pixels.indices {
      let pixel = pixels[index]
      let alpha = pixel >> 24
      guard alpha != 0, alpha != 255 else { continue }
      func channel(_ shift: UInt32) -> UInt32 {
        min(255, ((pixel >> shift) & 0xFF) * 255 / alpha) << shift
      }
      pixels[index] = alpha << 24 | channel(16) | channel(8) | channel(0)
    }
    return PixelImage(width: w, height: h, pixels: pixels)
  }

  static func whole(_ value: Double) -> Int {
    value.isFinite ? Int(min(max(value, -1e9), 1e9)) : 0
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

/// The keys of a Lottie file the loader checks before rlottie reads it.
struct _LottieHeader: Decodable {
  var w: Double
  var h: Double
  var fr: Double
  var ip: Double
  var op: Double
  var layers: [_AnyJSON]
  var markers: [Marker]?

  struct Marker: Decodable {
    var cm: String
    var tm: Double
    var dr: Double
  }
}

/// Any JSON value, checked for well-formedness and depth and otherwise ignored.
struct _AnyJSON: Decodable {
  init(from decoder: any Decoder) throws {
    // Deep nesting is how a small file exhausts a recursive parser's stack.
    guard decoder.codingPath.count < 64 else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "nested more than 64 deep"))
    }
    if var array = try? decoder.unkeyedContainer() {
      while !array.isAtEnd { _ = try array.decode(_AnyJSON.self) }
    } else if let object = try? decoder.container(keyedBy: _AnyKey.self) {
      for key in object.allKeys { _ = try object.decode(_AnyJSON.self, forKey: key) }
    } else {
      _ = try decoder.singleValueContainer()
    }
  }
}

struct _AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) {
    self.intValue = intValue
    stringValue = String(intValue)
  }
}
