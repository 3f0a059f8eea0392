import CX11

/// Scrolls a window's pixels on the X server (`XCopyArea`) for SDL's software renderer, instead
/// of moving them in the window surface and sending them all again: a frame of content that
/// only moved then costs the client the strip that came into view, and the server one copy
/// within its own framebuffer. That is how X toolkits have scrolled since Xt.
///
/// The window surface then keeps the pixels where they were drawn, not where they show:
/// `Renderer` knows it (`_surfaceIsStale`) and draws the next frame whole when anything must
/// read it back. A copy from a part of the window that another window covers has no pixels to
/// read; the server says so (a GraphicsExpose event), and the next frame is drawn whole.
///
/// Only SDL's X11 driver has one (`create(for:)` is nil elsewhere: Wayland, headless).
@MainActor
final class _ServerCopier {
  private let _copier: UnsafeMutablePointer<cx11_copier>

  private init(_ copier: UnsafeMutablePointer<cx11_copier>) {
    self._copier = copier
  }

  /// A copier for `sdlWindow` (an `SDL_Window`), nil unless SDL shows it through X11.
  static func create(for sdlWindow: OpaquePointer) -> _ServerCopier? {
    cx11_copier_create(UnsafeMutableRawPointer(sdlWindow)).map(_ServerCopier.init)
  }

  /// Queues `copy` of the window's pixels; it runs before the rectangles presented after it.
  func copy(_ copy: _PendingCopy) {
    cx11_copier_copy(_copier, copy.x, copy.y, UInt32(copy.width), UInt32(copy.height), copy.toY)
  }

  /// Once the frame is presented (the server has answered its `copies` copies): whether a copy
  /// read pixels the server did not have, so the window must be drawn whole.
  func takeLostPixels(copies: Int) -> Bool {
    cx11_copier_take_lost(_copier, Int32(copies)) != 0
  }

  /// Frees the server's graphics context; the window and its connection must still be open.
  func close() {
    cx11_copier_destroy(_copier)
  }
}
