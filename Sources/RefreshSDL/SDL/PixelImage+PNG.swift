import CSDL2
import CSDL2Image

extension PixelImage {
  /// Reads a PNG (or any format SDL_image knows) into `0xAARRGGBB` pixels, so tests and tools
  /// can check screenshots the app wrote.
  public init(contentsOf path: String) throws(SDLError) {
    let loaded = try _SDLCall.unwrap(csdl2image_load(path), "IMG_Load(\(path))")
    defer { SDL_FreeSurface(loaded) }
    self = try _SDLCall.unwrap(PixelImage(surface: loaded), "SDL_ConvertSurfaceFormat")
  }

  /// The pixels of `surface` as `0xAARRGGBB`, or nil if SDL cannot convert it.
  init?(surface: UnsafeMutablePointer<SDL_Surface>) {
    guard let converted = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0)
    else { return nil }
    defer { SDL_FreeSurface(converted) }
    let width = Int(converted.pointee.w)
    let height = Int(converted.pointee.h)
    let pitch = Int(converted.pointee.pitch)
    var pixels = [UInt32](repeating: 0, count: width * height)
    if let base = converted.pointee.pixels {
      for row in 0..<height {
        let source = base.advanced(by: row * pitch).assumingMemoryBound(to: UInt32.self)
        for column in 0..<width { pixels[row * width + column] = source[column] }
      }
    }
    self.init(width: width, height: height, pixels: pixels)
  }

  /// The image laid over an opaque `background`, as the renderer blends it there: the same
  /// pixels, opaque, so a texture of it is copied rather than blended where it is drawn on that
  /// colour (an avatar disc on its row, its corners showing the row's fill).
  public func composited(over background: Color) throws(SDLError) -> PixelImage {
    var pixels = self.pixels
    let width = Int32(self.width)
    let height = Int32(self.height)
    let result: Result<PixelImage, SDLError> = pixels.withUnsafeMutableBytes { buffer in
      let format = SDL_PIXELFORMAT_ARGB8888.rawValue
      guard
        let source = SDL_CreateRGBSurfaceWithFormatFrom(
          buffer.baseAddress, width, height, 32, width * 4, format),
        let canvas = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, format)
      else {
        return .failure(.callFailed(call: "SDL_CreateRGBSurface", reason: _SDLCall.lastError()))
      }
      defer {
        SDL_FreeSurface(source)
        SDL_FreeSurface(canvas)
      }
      SDL_FillRect(
        canvas, nil,
        SDL_MapRGBA(canvas.pointee.format, background.red, background.green, background.blue, 255))
      SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_BLEND)
      guard SDL_UpperBlit(source, nil, canvas, nil) == 0, let image = PixelImage(surface: canvas) else {
        return .failure(.callFailed(call: "SDL_BlitSurface", reason: _SDLCall.lastError()))
      }
      // Over an opaque colour every pixel is opaque, whatever alpha the blend left behind.
      return .success(
        PixelImage(width: image.width, height: image.height, pixels: image.pixels.map { $0 | 0xFF00_0000 }))
    }
    return try result.get()
  }

  /// The image encoded as a PNG file's bytes, in memory: no file is touched, so whoever writes
  /// them names the file and the operating system's reason when that fails.
  public func pngData() throws(SDLError) -> [UInt8] {
    let sink = _PNGSink()
    let stream = try _SDLCall.unwrap(SDL_AllocRW(), "SDL_AllocRW")
    defer { SDL_FreeRW(stream) }
    stream.pointee.type = UInt32(SDL_RWOPS_UNKNOWN)
    stream.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(sink).toOpaque()
    stream.pointee.write = { stream, bytes, size, count in
      guard let stream, let context = stream.pointee.hidden.unknown.data1, let bytes else { return 0 }
      let sink = Unmanaged<_PNGSink>.fromOpaque(context).takeUnretainedValue()
      sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: size * count))
      return count
    }
    stream.pointee.seek = { stream, offset, whence in
      // The encoder only asks where it is.
      guard let stream, let context = stream.pointee.hidden.unknown.data1, offset == 0,
        whence == RW_SEEK_CUR || whence == RW_SEEK_END
      else { return -1 }
      return Int64(Unmanaged<_PNGSink>.fromOpaque(context).takeUnretainedValue().bytes.count)
    }
    stream.pointee.size = { stream in
      guard let stream, let context = stream.pointee.hidden.unknown.data1 else { return -1 }
      return Int64(Unmanaged<_PNGSink>.fromOpaque(context).takeUnretainedValue().bytes.count)
    }
    stream.pointee.close = { _ in 0 }
    var pixels = pixels
    let code = pixels.withUnsafeMutableBytes { buffer -> Int32 in
      // XRGB, so the PNG is plain RGB whatever alpha the back buffer holds.
      guard
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(
          buffer.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
          SDL_PIXELFORMAT_RGB888.rawValue)
      else { return -1 }
      defer { SDL_FreeSurface(surface) }
      return withExtendedLifetime(sink) { csdl2image_save_png_rw(surface, stream, 0) }
    }
    try _SDLCall.check(code, "IMG_SavePNG_RW")
    return sink.bytes
  }
}

/// Where `pngData()` collects the encoder's output.
private final class _PNGSink {
  var bytes: [UInt8] = []
}
