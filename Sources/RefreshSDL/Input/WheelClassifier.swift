import CSDL2

/// Tells touchpad scrolling from a notched mouse wheel, one SDL wheel event at a time.
///
/// SDL2 on Linux reports every pointer as `which == 0`, so no device identity survives: a
/// touchpad cannot be remembered, only recognised. Its events turn by fractions of a notch
/// (SDL's Wayland driver gives `preciseY` in tenths of the compositor's 10-pixel unit), a wheel
/// turns by whole notches. A whole number inside a touchpad gesture still belongs to it: it comes
/// within `touchpadContinuation` of the gesture's previous event, far sooner than a hand can move
/// from the pad to a wheel.
package struct WheelClassifier: Sendable, Equatable {
  /// How long after a touchpad event a whole-numbered turn still counts as the same gesture:
  /// a few of a touchpad's event intervals (8–16 ms).
  package static let touchpadContinuation = 0.05
  /// When the latest touchpad event came, seconds on the events' clock.
  private var _lastTouchpad = -Double.infinity

  /// A classifier that has seen no touchpad yet.
  package init() {}

  /// Whether a turn of `notches` at `time` (seconds, the event's own) came from a touchpad.
  package mutating func isTouchpad(notches: Double, at time: Double) -> Bool {
    let touchpad =
      notches != notches.rounded() || time - _lastTouchpad <= Self.touchpadContinuation
    if touchpad { _lastTouchpad = time }
    return touchpad
  }

  /// The notches SDL's `wheel` event turned, positive toward the top, as the desktop delivered
  /// them: a `SDL_MOUSEWHEEL_FLIPPED` direction is the user's natural-scrolling setting, already
  /// applied, and is kept as GTK keeps it.
  package static func notches(of wheel: SDL_MouseWheelEvent) -> Double {
    Double(wheel.preciseY)
  }
}
