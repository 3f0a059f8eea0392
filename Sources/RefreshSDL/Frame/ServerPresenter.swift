import CSDL2
import CX11

/// Shows a window SDL's software renderer draws into on the X server itself: the pixels are in
/// memory the server shares (MIT-SHM), the changed rectangles are put from it, and content
/// that only moved is scrolled there (`XCopyArea`), so such a frame costs the client the strip
/// that came into view and the server one copy within its own framebuffer. That is how X
/// toolkits have scrolled since Xt.
///
/// SDL's own X11 framebuffer (`SDL_UpdateWindowSurfaceRects`) waits for the server after every
/// present (`XSync`), a round trip that put the process to sleep and woke it once a frame. Here
/// the requests go on a connection of the presenter's own, the server says when a present is
/// done, and that answer is read just before the pixels are drawn into again (``settle()``),
/// when it has almost always come: nothing waits. SDL's connection, which the event loop sleeps
/// on, never carries the answers, so they wake nothing.
///
/// The pixels then hold what was drawn where it was drawn, not where the server shows it after
/// a copy: `Renderer` knows it (`_surfaceIsStale`) and draws the next frame whole when anything
/// must read them back. A copy from a part of the window that another window covers has no
/// pixels to read; the server says so (a GraphicsExpose event), and the next frame is drawn
/// whole.
///
/// Only SDL's X11 driver on a local server has one (`create(for:width:height:)` is nil
/// elsewhere: Wayland, a remote display, headless); there SDL presents.
@MainActor
final class _ServerPresenter {
  private let _presenter: UnsafeMutablePointer<cx11_presenter>
  /// The surface the software renderer draws into, over the shared pixels. The renderer keeps
  /// this pointer, so a new size changes the surface in place (``resize(width:height:)``).
  let surface: UnsafeMutablePointer<SDL_Surface>

  private init(
    _ presenter: UnsafeMutablePointer<cx11_presenter>, surface: UnsafeMutablePointer<SDL_Surface>
  ) {
    self._presenter = presenter
    self.surface = surface
  }

  /// A presenter for `sdlWindow` (an `SDL_Window`) of `width` × `height` pixels, nil unless SDL
  /// shows it through X11 on a server that shares memory with this process.
  static func create(for sdlWindow: OpaquePointer, width: Int, height: Int) -> _ServerPresenter? {
    guard
      let presenter = cx11_presenter_create(
        UnsafeMutableRawPointer(sdlWindow), Int32(max(1, width)), Int32(max(1, height)))
    else { return nil }
    guard
      let surface = SDL_CreateRGBSurfaceWithFormatFrom(
        cx11_presenter_pixels(presenter), Int32(max(1, width)), Int32(max(1, height)), 32,
        cx11_presenter_pitch(presenter), SDL_PIXELFORMAT_RGB888.rawValue)
    else {
      cx11_presenter_destroy(presenter)
      return nil
    }
    return _ServerPresenter(presenter, surface: surface)
  }

  /// Shared pixels for a window now `width` × `height` pixels, under the same surface. False
  /// when none could be made; the surface then keeps its old size.
  func resize(width: Int, height: Int) -> Bool {
    let width = max(1, width)
    let height = max(1, height)
    guard cx11_presenter_resize(_presenter, Int32(width), Int32(height)) != 0 else { return false }
    // SDL reads a surface's size, pitch and pixels at every blit: they may change under it.
    surface.pointee.pixels = cx11_presenter_pixels(_presenter)
    surface.pointee.pitch = cx11_presenter_pitch(_presenter)
    surface.pointee.w = Int32(width)
    surface.pointee.h = Int32(height)
    SDL_SetClipRect(surface, nil)
    return true
  }

  /// Queues `copy` of the window's pixels; it runs before the rectangles presented after it.
  func copy(_ copy: _PendingCopy) {
    cx11_presenter_copy(
      _presenter, copy.x, copy.y, UInt32(copy.width), UInt32(copy.height), copy.toY)
  }

  /// Sends the copies queued and `rects` of the pixels to the window.
  func present(_ rects: [SDL_Rect]) {
    rects.withUnsafeBufferPointer { buffer in
      cx11_presenter_present(_presenter, buffer.baseAddress, Int32(buffer.count))
    }
  }

  /// Reads what the server answered, waiting only for answers not yet come: afterwards the
  /// pixels may be drawn into. True when a copy since the last call read pixels the server did
  /// not have, so the window must be drawn whole.
  func settle() -> Bool {
    cx11_presenter_settle(_presenter) != 0
  }

  /// Frees the surface, the shared pixels and the connection; the window must still be open,
  /// and the renderer drawing into the surface gone.
  func close() {
    SDL_FreeSurface(surface)
    cx11_presenter_destroy(_presenter)
  }
}
