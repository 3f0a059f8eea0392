import CSDL2
import CSDL2Image

extension Renderer {
  /// The frame drawn so far, read back in pixels. Call before `present()`, on a frame drawn
  /// whole: a frame of changes drawn after content scrolled on the X server (see
  /// ``beginPartialFrame()``) holds only what it drew, and reading it fails.
  public func readPixels() throws(SDLError) -> PixelImage {
    guard !_surfaceIsStale else {
      throw .callFailed(
        call: "SDL_RenderReadPixels",
        reason: "the window's content scrolled on the X server since the last whole frame; draw one first")
    }
    let (width, height) = pixelSize
    var pixels = [UInt32](repeating: 0, count: width * height)
    let code = pixels.withUnsafeMutableBytes { buffer in
      SDL_RenderReadPixels(
        handle, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, buffer.baseAddress, Int32(width * 4))
    }
    try _SDLCall.check(code, "SDL_RenderReadPixels")
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  /// The frame drawn so far as the bytes of a PNG file (call before `present()`).
  ///
  /// The shell encodes and the host writes, so the host's own file handling (a temporary file
  /// renamed over, the replaced file's mode, its error messages) covers screenshots too.
  public func pngData() throws(SDLError) -> [UInt8] {
    try readPixels().pngData()
  }
}
