import CSDL2

/// A window for a program that has no SDL code of its own: resizable and HiDPI-aware (its size
/// is in points; the renderer draws in pixels behind it).
@MainActor
public final class Window {
  let session: SDLSession
  let handle: OpaquePointer
  /// Whether the host made the `SDL_Window` and keeps it (``init(adopting:session:)``).
  public let isAdopted: Bool

  /// Opens a window titled `title` of `width` × `height` points, centred on the screen.
  ///
  /// The one hint RefreshSDL sets, it sets here, for the window it opens itself: the desktop's
  /// compositor stays on (`SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR` 0), since a tool window
  /// should not make the screen flicker. A host that opens its own window decides that itself.
  public init(session: SDLSession, title: String, width: Int, height: Int) throws(SDLError) {
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    let flags =
      SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
      | SDL_WINDOW_SHOWN.rawValue
    let centred = csdl_windowpos_centered()
    self.session = session
    self.isAdopted = false
    self.handle = try _SDLCall.unwrap(
      SDL_CreateWindow(title, centred, centred, Int32(width), Int32(height), flags),
      "SDL_CreateWindow")
    session._noteWindow(handle)
  }

  /// The `SDL_Window` a host opened itself (`SDL_CreateWindow`), which the host keeps: it
  /// stays open after this object. `session` keeps SDL open for as long as this object.
  public init(adopting sdlWindow: OpaquePointer, session: SDLSession) {
    self.session = session
    self.handle = sdlWindow
    self.isAdopted = true
    session._noteWindow(sdlWindow)
  }

  isolated deinit {
    if !isAdopted { SDL_DestroyWindow(handle) }
  }

  /// The `SDL_Window` underneath.
  public var sdlWindow: OpaquePointer { handle }

  /// The window's size in points (what mouse coordinates are measured in).
  public var size: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(handle, &width, &height)
    return (Int(width), Int(height))
  }

  /// The window's size in pixels: its size in points on displays of one pixel a point (as X11
  /// always is to SDL 2), more on a HiDPI display that scales.
  public var pixelSize: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSizeInPixels(handle, &width, &height)
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

  /// Asks for a size of `width` × `height` points, kept within the usable area of the window's
  /// display, and returns the size asked for; a resize event follows once the window system has
  /// applied it.
  @discardableResult
  public func resize(width: Int, height: Int) -> (width: Int, height: Int) {
    var bounds = SDL_Rect()
    let display = SDL_GetWindowDisplayIndex(handle)
    var size = (width: width, height: height)
    guard display >= 0, SDL_GetDisplayUsableBounds(display, &bounds) == 0, bounds.w > 0, bounds.h > 0
    else {
      SDL_SetWindowSize(handle, Int32(size.width), Int32(size.height))
      return size
    }
    size = (min(width, Int(bounds.w)), min(height, Int(bounds.h)))
    SDL_SetWindowSize(handle, Int32(size.width), Int32(size.height))
    // A window grown past the screen's edge comes back in, so all of it stays in reach.
    var x: Int32 = 0
    var y: Int32 = 0
    SDL_GetWindowPosition(handle, &x, &y)
    let right = bounds.x + bounds.w
    let bottom = bounds.y + bounds.h
    if x + Int32(size.width) > right || y + Int32(size.height) > bottom {
      SDL_SetWindowPosition(
        handle, max(bounds.x, min(x, right - Int32(size.width))),
        max(bounds.y, min(y, bottom - Int32(size.height))))
    }
    return size
  }

  /// Changes the title, for example to show the current preset.
  public func setTitle(_ title: String) {
    SDL_SetWindowTitle(handle, title)
  }
}
