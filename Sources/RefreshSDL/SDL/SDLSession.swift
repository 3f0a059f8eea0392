import CSDL2
import CSDL2TTF

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
    // Keep the desktop's compositor on: a tool window should not make the screen flicker.
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    // Scaled text and shapes stay smooth at fractional HiDPI scales.
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
    let subsystems: UInt32 = mode == .window ? SDL_INIT_VIDEO | SDL_INIT_EVENTS : 0
    _subsystems = subsystems
    // Subsystems are reference counted, so sessions that overlap (tests) do not shut each
    // other down, as SDL_Quit would.
    if SDL_InitSubSystem(subsystems) < 0 {
      throw mode == .window
        ? _SDLCall.noDisplay()
        : .callFailed(call: "SDL_InitSubSystem", reason: _SDLCall.lastError())
    }
    if TTF_Init() < 0 {
      let error = SDLError.callFailed(call: "TTF_Init", reason: _SDLCall.lastError())
      SDL_QuitSubSystem(subsystems)
      throw error
    }
  }

  isolated deinit {
    TTF_Quit()
    SDL_QuitSubSystem(_subsystems)
  }
}
