import CSDL2

/// Which of SDL's video drivers a window the shell opens itself talks to.
///
/// SDL2 tries X11 before Wayland, so on a Wayland desktop (GNOME, KDE: `WAYLAND_DISPLAY` and
/// `DISPLAY` both set) it would run under XWayland: scaled up, blurry at fractional scales, and
/// with touchpad scrolling reduced to whole wheel notches. The shell asks for Wayland first
/// whenever a Wayland display is named, and falls back to SDL's own order (X11) when Wayland
/// cannot start. An explicit `SDL_VIDEODRIVER` always wins: SDL reads it before any hint.
///
/// Only the path where the shell creates the window uses this (`SDLSession(mode: .window)`); a
/// host that hands the list its own window has already chosen.
public struct VideoDriverChoice: Sendable, Equatable {
  /// The drivers to try, in order; nil is SDL's own choice (its built-in order, or the user's
  /// `SDL_VIDEODRIVER`).
  public let attempts: [String?]

  /// The choice for an environment where `explicitDriver` is `SDL_VIDEODRIVER` and
  /// `waylandDisplay` is `WAYLAND_DISPLAY` (each nil when unset or empty).
  public init(explicitDriver: String?, waylandDisplay: String?) {
    attempts = explicitDriver == nil && waylandDisplay != nil ? ["wayland", nil] : [nil]
  }

  /// Initialises `subsystems` with each attempt in turn until one starts; the hint that asks
  /// for a driver is cleared again afterwards, so nothing of it outlives the choice. Returns
  /// whether SDL started.
  @MainActor
  func initialise(_ subsystems: UInt32) -> Bool {
    for driver in attempts {
      // Overriding, so an empty `SDL_VIDEODRIVER` (which SDL would read first) asks for nothing.
      if let driver { SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, driver, SDL_HINT_OVERRIDE) }
      let started = SDL_InitSubSystem(subsystems) == 0
      if driver != nil { SDL_ResetHint(SDL_HINT_VIDEODRIVER) }
      if started { return true }
    }
    return false
  }

  /// The driver SDL's video runs on ("wayland", "x11", …); nil before SDL's video starts.
  @MainActor
  public static var current: String? {
    SDL_GetCurrentVideoDriver().map { String(cString: $0) }
  }
}
