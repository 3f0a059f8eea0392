import CSDL2
import CSDL2Image

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Renderer {
  /// The frame drawn so far, read back in pixels. Call before `present()`.
  public func readPixels() throws(SDLError) -> PixelImage {
    let (width, height) = pixelSize
    var pixels = [UInt32](repeating: 0, count: width * height)
    let code = pixels.withUnsafeMutableBytes { buffer in
      SDL_RenderReadPixels(
        handle, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, buffer.baseAddress, Int32(width * 4))
    }
    try _SDLCall.check(code, "SDL_RenderReadPixels")
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  /// Saves the frame drawn so far as a PNG at `path` (call before `present()`).
  ///
  /// Writes a temporary file beside `path` and renames it over, so a failed save never leaves
  /// a half-written file where the user's was.
  public func savePNG(to path: String) throws(SDLError) {
    let image = try readPixels()
    let temporary = path + ".partial"
    var pixels = image.pixels
    let saved = pixels.withUnsafeMutableBytes { buffer -> Bool in
      // XRGB, so the PNG is plain RGB whatever alpha the back buffer holds.
      guard
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(
          buffer.baseAddress, Int32(image.width), Int32(image.height), 32,
          Int32(image.width * 4), SDL_PIXELFORMAT_RGB888.rawValue)
      else { return false }
      defer { SDL_FreeSurface(surface) }
      return IMG_SavePNG(surface, temporary) == 0
    }
    guard saved else {
      let error = _SDLCall.saveFailure(path)
      unlink(temporary)
      throw error
    }
    if rename(temporary, path) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw .saveFailed(path: path, reason: reason)
    }
  }
}
