import CSDL2
import CSDL2Image

/// An animated GIF's frames and delays, decoded by SDL_image's `IMG_LoadAnimation` once its
/// structure has been walked and checked against `HeaderAnimationLimits`: SDL_image decodes
/// every frame into a canvas-sized surface, so the canvas and the frame count are known first.
public struct GIFAnimation: Sendable, Equatable {
  /// The frames, each the canvas's size, `0xAARRGGBB`.
  public let frames: [PixelImage]
  /// Each frame's delay, seconds (a GIF's zero delay reads as 0.1 s, as browsers show it).
  public let delays: [Double]

  /// Decodes `bytes`, or says in one line why not.
  public init(bytes: [UInt8]) throws(HeaderAnimationError) {
    let structure = try GIFStructure(bytes)
    let decoded: UnsafeMutablePointer<IMG_Animation>? = bytes.withUnsafeBytes { buffer in
      guard let stream = SDL_RWFromConstMem(buffer.baseAddress, Int32(buffer.count)) else {
        return nil
      }
      return IMG_LoadAnimation_RW(stream, 1)
    }
    guard let animation = decoded else {
      throw .malformed(kind: "GIF", detail: _SDLCall.lastError())
    }
    defer { IMG_FreeAnimation(animation) }
    let count = Int(animation.pointee.count)
    guard count > 0, count <= structure.frameCount, let surfaces = animation.pointee.frames else {
      throw .malformed(kind: "GIF", detail: "no frame could be decoded")
    }
    var frames: [PixelImage] = []
    var delays: [Double] = []
    for index in 0..<count {
      guard let surface = surfaces[index], let image = PixelImage(surface: surface) else {
        throw .malformed(kind: "GIF", detail: "frame \(index + 1) could not be read")
      }
      frames.append(image)
      let delay = animation.pointee.delays.map { Double($0[index]) / 1000 } ?? 0
      delays.append(delay > 0 ? delay : Self.zeroDelay)
    }
    self.frames = frames
    self.delays = delays
  }

  /// What a zero delay shows as.
  static let zeroDelay = 0.1
}

/// A GIF's blocks walked without decoding any pixel: the canvas size and the number of frames,
/// checked against the limits before SDL_image allocates a surface per frame.
struct GIFStructure {
  let width: Int
  let height: Int
  let frameCount: Int

  init(_ bytes: [UInt8]) throws(HeaderAnimationError) {
    guard bytes.count <= HeaderAnimationLimits.fileBytes else {
      throw .tooLarge(bytes: bytes.count, limit: HeaderAnimationLimits.fileBytes)
    }
    var reader = _ByteReader(bytes)
    guard let signature = reader.take(6).map(Array.init),
      signature == Array("GIF87a".utf8) || signature == Array("GIF89a".utf8)
    else { throw .malformed(kind: "GIF", detail: "no GIF87a or GIF89a signature") }
    guard let width = reader.uint16(), let height = reader.uint16(), let flags = reader.byte(),
      reader.take(2) != nil
    else { throw Self.truncated("the screen descriptor") }
    guard width > 0, height > 0 else { throw .malformed(kind: "GIF", detail: "a 0-pixel canvas") }
    let side = HeaderAnimationLimits.side
    guard width <= side, height <= side else {
      throw .framesTooLarge(width: width, height: height, limit: side)
    }
    if flags & 0x80 != 0, reader.take(3 << (Int(flags & 7) + 1)) == nil {
      throw Self.truncated("the global colour table")
    }
    var frames = 0
    var scan = _GIFFrameScan()
    walk: while true {
      guard let introducer = reader.byte() else { break walk }  // A missing trailer is common.
      switch introducer {
      case 0x3B:
        break walk
      case 0x21:
        guard let label = reader.byte() else { throw Self.truncated("an extension") }
        if label == 0xF9 {
          // SDL_image reads a graphic control extension's first block whatever its size, then
          // the blocks up to an empty one: after an empty first block it takes one more, so
          // the walk does too, or the two would see different frames.
          guard let size = reader.byte(), reader.take(Int(size)) != nil else {
            throw Self.truncated("a graphic control extension")
          }
        }
        try Self.skipSubBlocks(&reader)
      case 0x2C:
        guard let left = reader.uint16(), let top = reader.uint16(), let w = reader.uint16(),
          let h = reader.uint16(), let local = reader.byte()
        else { throw Self.truncated("frame \(frames + 1)'s descriptor") }
        guard left + w <= width, top + h <= height else {
          throw .malformed(kind: "GIF", detail: "frame \(frames + 1) lies outside the canvas")
        }
        if local & 0x80 != 0, reader.take(3 << (Int(local & 7) + 1)) == nil {
          throw Self.truncated("frame \(frames + 1)'s colour table")
        }
        guard w > 0, h > 0 else {
          throw .malformed(kind: "GIF", detail: "frame \(frames + 1) has no pixels")
        }
        guard let codeSize = reader.byte() else { throw Self.truncated("frame \(frames + 1)") }
        guard (2...8).contains(codeSize) else {
          throw .malformed(kind: "GIF", detail: "frame \(frames + 1) has a code size of \(codeSize)")
        }
        // SDL_image 2.6's decoder writes out of bounds when a code points past its table, and
        // stops reading where the frame's pixels are full, so the walk goes on from where it
        // stops: the frame's data is read exactly as it reads it.
        let target = _GIFFrameScan.pixelsRead(width: w, height: h, interlaced: local & 0x40 != 0)
        guard scan.read(&reader, codeSize: Int(codeSize), pixels: target) else {
          throw .malformed(kind: "GIF", detail: "frame \(frames + 1)'s compressed data is corrupt")
        }
        frames += 1
        let limit = min(
          HeaderAnimationLimits.frames, HeaderAnimationLimits.gifPixels / (width * height))
        guard frames <= limit else { throw .frameCount(frames, limit: limit) }
      default:
        // Any other byte is skipped, as SDL_image skips it (the end of a frame's data it did
        // not need, typically its terminator).
        continue walk
      }
    }
    guard frames > 0 else { throw .frameCount(0, limit: HeaderAnimationLimits.frames) }
    self.width = width
    self.height = height
    frameCount = frames
  }

  static func skipSubBlocks(_ reader: inout _ByteReader) throws(HeaderAnimationError) {
    while true {
      guard let size = reader.byte() else { throw truncated("a data block") }
      if size == 0 { return }
      guard reader.take(Int(size)) != nil else { throw truncated("a data block") }
    }
  }

  static func truncated(_ part: String) -> HeaderAnimationError {
    .malformed(kind: "GIF", detail: "it ends inside \(part)")
  }
}

/// Reads bytes in order, never past the end.
struct _ByteReader {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func byte() -> UInt8? {
    guard index < bytes.count else { return nil }
    defer { index += 1 }
    return bytes[index]
  }

  mutating func uint16() -> Int? {
    guard let low = byte(), let high = byte() else { return nil }
    return Int(low) | Int(high) << 8
  }

  mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
    guard count >= 0, bytes.count - index >= count else { return nil }
    defer { index += count }
    return bytes[index..<index + count]
  }
}
