import CSDL2

/// A window for a program that has no SDL code of its own: resizable and HiDPI-aware (its size
/// is in points; the renderer draws in pixels behind it).
@MainActor
public final class Window {
  let session: SDLSession
  let handle: OpaquePointer

  /// Opens a window titled `title` of `width` × `height` points, centred on the screen.
  public init(session: SDLSession, title: String, width: Int, height: Int) throws(SDLError) {
    let flags =
      SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
      | SDL_WINDOW_SHOWN.rawValue
    let centred = csdl_windowpos_centered()
    self.session = session
    self.handle = try _SDLCall.unwrap(
      SDL_CreateWindow(title, centred, centred, Int32(width), Int32(height), flags),
      "SDL_CreateWindow")
  }

  isolated deinit {
    SDL_DestroyWindow(handle)
  }

  /// The window's size in points (what mouse coordinates are measured in).
  public var size: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(handle, &width, &height)
    return (Int(width), Int(height))
  }

  /// SDL's id for this window, as carried by its events.
  public var id: UInt32 { SDL_GetWindowID(handle) }

  /// The refresh rate of the display the window is on, hertz; 60 when the display does not say
  /// (as under Xvfb).
  public var displayRefreshRate: Double {
    var mode = SDL_DisplayMode()
    let display = SDL_GetWindowDisplayIndex(handle)
    guard display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate > 0
    else { return 60 }
    return Double(mode.refresh_rate)
  }

  /// Changes the title, for example to show the current preset.
  public func setTitle(_ title: String) {
    SDL_SetWindowTitle(handle, title)
  }
}
