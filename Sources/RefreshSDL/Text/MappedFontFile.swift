import CSDL2
import CSDL2TTF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A font file mapped into memory, read only, for as long as the face opened on it lives.
///
/// `TTF_OpenFont` reads the file through SDL's file stream: FreeType then seeks and reads the
/// file for every glyph it loads, two system calls a glyph, which a list scrolling through new
/// rows pays on every frame. Mapped, the glyphs are read from memory, and the pages are the
/// page cache's, shared by every size opened on the same file.
final class _MappedFontFile {
  private let _base: UnsafeMutableRawPointer
  private let _size: Int

  /// Maps `path`; throws naming the call as `TTF_OpenFont` would fail with it.
  init(path: String) throws(SDLError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Self._failure(path) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Self._failure(path) }
    guard status.st_size > 0 else {
      throw .callFailed(call: "TTF_OpenFont(\(path))", reason: "the file is empty")
    }
    let size = Int(status.st_size)
    guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED
    else { throw Self._failure(path) }
    _base = base
    _size = size
  }

  deinit {
    munmap(_base, _size)
  }

  /// Opens the face at `pixels` on the mapped bytes (which must outlive it).
  func openFace(pixels: Int32, path: String) throws(SDLError) -> OpaquePointer {
    guard let stream = SDL_RWFromConstMem(_base, Int32(clamping: _size)),
      let face = TTF_OpenFontRW(stream, 1, pixels)
    else {
      throw .callFailed(call: "TTF_OpenFont(\(path))", reason: _SDLCall.lastError())
    }
    return face
  }

  private static func _failure(_ path: String) -> SDLError {
    .callFailed(call: "TTF_OpenFont(\(path))", reason: String(cString: strerror(errno)))
  }
}
