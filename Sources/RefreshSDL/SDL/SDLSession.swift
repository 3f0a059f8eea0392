import CSDL2
import CSDL2Image
import CSDL2TTF

/// SDL, SDL_ttf and SDL_image, initialised for as long as this object (and anything made from
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

  /// Initialises SDL for `mode`. In `.window` mode a missing display throws `.noDisplay`.
  public init(mode: Mode) throws(SDLError) {
    self.mode = mode
    // Keep the desktop's compositor on: a tool window should not make the screen flicker.
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    // Scaled text and shapes stay smooth at fractional HiDPI scales.
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
    switch mode {
    case .window:
      if SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) < 0 {
        let error = _SDLCall.noDisplay()
        SDL_Quit()
        throw error
      }
    case .headless:
      try _SDLCall.check(SDL_Init(0), "SDL_Init")
    }
    if TTF_Init() < 0 {
      let error = SDLError.callFailed(call: "TTF_Init", reason: _SDLCall.lastError())
      SDL_Quit()
      throw error
    }
    let png = Int32(IMG_INIT_PNG.rawValue)
    if IMG_Init(png) & png == 0 {
      let error = SDLError.callFailed(call: "IMG_Init", reason: _SDLCall.lastError())
      TTF_Quit()
      SDL_Quit()
      throw error
    }
  }

  isolated deinit {
    IMG_Quit()
    TTF_Quit()
    SDL_Quit()
  }
}
