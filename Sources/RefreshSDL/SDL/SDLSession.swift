import CSDL2
import CSDL2TTF
import CX11

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SDL and SDL_ttf, initialised for as long as this object (and anything made from
/// it: windows, renderers, fonts) lives.
///
/// Everything created from a session keeps it alive, so SDL is shut down only after the last
/// texture and font are gone.
@MainActor
public final class SDLSession {
  /// Whether the session can open windows and receive events, or only render off screen.
  public enum Mode: Sendable, Equatable {
    /// A display, a window and its events.
    case window
    /// No display at all: software rendering into memory, as for `--headless` and tests.
    case headless
  }

  /// What the session was opened for.
  public let mode: Mode
  private let _subsystems: UInt32

  /// Initialises SDL for `mode`. In `.window` mode a missing display throws `.noDisplay`.
  public init(mode: Mode) throws(SDLError) {
    self.mode = mode
    // No hint here: a host that opens SDL itself shares this process, and what RefreshSDL
    // needs it sets where it makes the thing (`Window`, `Texture`), or per object.
    let subsystems: UInt32 = mode == .window ? SDL_INIT_VIDEO | SDL_INIT_EVENTS : 0
    let chosenDriver = Self._environment("SDL_VIDEODRIVER")
    if mode == .window, chosenDriver == nil, Self._environment("DISPLAY") == nil,
      Self._environment("WAYLAND_DISPLAY") == nil
    {
      throw .noDisplay(reason: "neither DISPLAY nor WAYLAND_DISPLAY is set")
    }
    // Subsystems are reference counted, so sessions that overlap (tests) do not shut each
    // other down, as SDL_Quit would. A window prefers Wayland when there is one.
    let drivers = VideoDriverChoice(
      explicitDriver: chosenDriver, waylandDisplay: Self._environment("WAYLAND_DISPLAY"))
    let started =
      mode == .window ? drivers.initialise(subsystems) : SDL_InitSubSystem(subsystems) == 0
    if !started {
      throw mode == .window
        ? _SDLCall.noDisplay()
        : .callFailed(call: "SDL_InitSubSystem", reason: _SDLCall.lastError())
    }
    // When no display answers, SDL quietly falls back to an invisible off-screen driver; a
    // window nobody can see is the no-display case, unless the user asked for that driver.
    if mode == .window, chosenDriver == nil, let driver = SDL_GetCurrentVideoDriver(),
      Self._invisibleDrivers.contains(String(cString: driver))
    {
      SDL_QuitSubSystem(subsystems)
      let display = Self._environment("DISPLAY") ?? Self._environment("WAYLAND_DISPLAY") ?? ""
      throw .noDisplay(reason: "cannot connect to display \(display)")
    }
    if TTF_Init() < 0 {
      let error = SDLError.callFailed(call: "TTF_Init", reason: _SDLCall.lastError())
      SDL_QuitSubSystem(subsystems)
      throw error
    }
    // Last: a session that threw above is not whole, so its deinit, which would quit SDL_ttf
    // and the subsystems once more (both are counted, and other sessions' counts with them),
    // never runs.
    _subsystems = subsystems
  }

  private static let _invisibleDrivers: Set<String> = ["offscreen", "dummy"]

  /// SDL's X connection, once a window of this session showed through SDL's X11 driver: the
  /// event loop sleeps on it (`EventSource`). Nil on any other driver and before a window.
  private(set) var _xDisplay: UnsafeMutableRawPointer?

  /// Learns the X connection from the first window (every window of SDL's video subsystem
  /// shares it, and it lives as long as the subsystem this session keeps open).
  func _noteWindow(_ sdlWindow: OpaquePointer) {
    guard mode == .window, _xDisplay == nil else { return }
    _xDisplay = cx11_display_of(UnsafeMutableRawPointer(sdlWindow))
  }

  /// The variable's value, nil when unset or empty.
  private static func _environment(_ name: String) -> String? {
    guard let value = getenv(name), value.pointee != 0 else { return nil }
    return String(cString: value)
  }

  isolated deinit {
    TTF_Quit()
    SDL_QuitSubSystem(_subsystems)
  }
}
