import RefreshSDL

/// Where a button or finger is held down, in window points, or nil while none is: what
/// `--show-touches` draws. It follows the events a table takes, so a replay's script and a
/// person's hand give the same disc.
public struct PressedPointer: Sendable, Equatable {
  /// The held pointer's position, window points; nil when nothing is pressed.
  public private(set) var position: Point?

  /// Nothing pressed.
  public init() {}

  /// Follows `event` (window coordinates): a press starts it, a move while pressed carries it,
  /// a release, a lost focus or a pointer gone from the window ends it.
  public mutating func observe(_ event: ShellEvent) {
    switch event {
    case .mouseDown(let x, let y, _), .touchDown(let x, let y, _):
      position = Point(x: x, y: y)
    case .mouseMove(let x, let y, _), .touchMove(let x, let y, _):
      if position != nil { position = Point(x: x, y: y) }
    case .mouseUp, .touchUp, .focusLost, .pointerLeft:
      position = nil
    default:
      break
    }
  }
}
