/// Why an SDL call failed, worded so the user knows what to do next.
public enum SDLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// There is no display to open a window on (no `DISPLAY`, no Wayland, no video device).
  case noDisplay(reason: String)
  /// An SDL, SDL_ttf or SDL_image call failed; `call` names it and `reason` is SDL's message.
  case callFailed(call: String, reason: String)
  /// A bundled font was not found; `searched` lists the paths that were tried.
  case fontNotFound(searched: [String])

  public var description: String {
    switch self {
    case .noDisplay(let reason):
      "no display: cannot open a window (\(reason)); start one, or a virtual display with Xvfb "
        + "(for example: xvfb-run PROGRAM)"
    case .callFailed(let call, let reason):
      "\(call) failed: \(reason)"
    case .fontNotFound(let searched):
      "font not found: looked for \(searched.joined(separator: ", ")); set "
        + "\(FontLocator.environmentKey) to the folder holding the fonts"
    }
  }
}
