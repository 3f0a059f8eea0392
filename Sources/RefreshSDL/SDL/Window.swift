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
  }

  /// The `SDL_Window` a host opened itself (`SDL_CreateWindow`), which the host keeps: it
  /// stays open after this object. `session` keeps SDL open for as long as this object.
  public init(adopting sdlWindow: OpaquePointer, session: SDLSession) {
    self.session = session
    self.handle = sdlWindow
    self.isAdopted = true
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
