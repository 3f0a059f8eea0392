import CSDL2

/// The one place that reads `SDL_GetError`: every wrapper funnels SDL's return codes through
/// here, so the rest of the shell only ever sees a thrown `SDLError`.
enum _SDLCall {
  /// SDL's message for the last failure (SDL_ttf and SDL_image report through it too).
  static func lastError() -> String {
    guard let message = SDL_GetError() else { return "unknown error" }
    let text = String(cString: message)
    return text.isEmpty ? "unknown error" : text
  }

  /// Throws unless `code` is SDL's success value (zero or positive).
  static func check(_ code: Int32, _ call: String) throws(SDLError) {
    if code < 0 { throw .callFailed(call: call, reason: lastError()) }
  }

  /// The pointer, or a thrown error naming `call` when SDL returned null.
  static func unwrap<T>(_ pointer: T?, _ call: String) throws(SDLError) -> T {
    guard let pointer else { throw .callFailed(call: call, reason: lastError()) }
    return pointer
  }

  /// SDL's last message as a missing display.
  static func noDisplay() -> SDLError {
    .noDisplay(reason: lastError())
  }
}
