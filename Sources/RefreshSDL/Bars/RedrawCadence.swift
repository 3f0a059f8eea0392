/// How often a header's or footer's picture changes while the list is otherwise still, so a
/// window can skip frames that would look the same and sleep until the next one that does not.
///
/// The table reads it from its renderers (``HeaderRenderer/redrawCadence``,
/// ``FooterRenderer/redrawCadence``), a host's as the built-ins', in
/// ``TableView/spinnerSteps(for:)``.
public enum RedrawCadence: Sendable, Equatable {
  /// It may change at any frame (an animation that follows the clock): every frame is drawn.
  case everyFrame
  /// It changes with the spinner's phase in this many steps a turn, and with the snapshot's
  /// state and position; between two steps it looks the same (the built-in spinner: twelve
  /// spokes).
  case spinnerSteps(Int)
  /// It changes only with the snapshot's state, progress and position, never with the
  /// spinner's phase or the clock.
  case stateChanges

  /// The steps a turn a frame's spinner phase is kept to, for
  /// `RefreshController.nextChangeTime(spinnerSteps:)`: nil draws every phase; a picture that
  /// ignores the phase is one step a turn (the window then wakes once a turn at most).
  public var spinnerSteps: Int? {
    switch self {
    case .everyFrame: nil
    case .spinnerSteps(let steps): steps > 0 ? steps : nil
    case .stateChanges: 1
    }
  }
}
