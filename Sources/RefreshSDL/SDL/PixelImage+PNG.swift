import CSDL2
import CSDL2Image

extension PixelImage {
  /// Reads a PNG (or any format SDL_image knows) into `0xAARRGGBB` pixels, so tests and tools
  /// can check screenshots the app wrote.
  public init(contentsOf path: String) throws(SDLError) {
    let loaded = try _SDLCall.unwrap(IMG_Load(path), "IMG_Load(\(path))")
    defer { SDL_FreeSurface(loaded) }
    let converted = try _SDLCall.unwrap(
      SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0),
      "SDL_ConvertSurfaceFormat")
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
}
