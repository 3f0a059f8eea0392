import RefreshCore

/// Turns window events into the core's inputs: the rules of which click is a drag, which key
/// refreshes and which quits. A pure value, so live input and a replayed script go through
/// exactly the same translation.
public struct GestureMapper: Sendable, Equatable {
  /// What an event means to the app.
  public enum Translation: Sendable, Equatable {
    /// Give this to the core.
    case input(Input)
    /// Quit: Esc, Q, or the window closed.
    case quit
    /// Nothing for the core (the app may still use the raw event).
    case ignored
  }

  /// Where the table is, in window points. Drags and wheel turns count only inside it, and
  /// the core's y is measured from its top.
  public var viewport: Rect
  /// Points per wheel notch, for precise (touchpad) wheels whose turns the core takes in points;
  /// keep it equal to the tuning's `wheelLineDistance`.
  public var wheelLineDistance: Double
  /// Whether a drag that started in the viewport is under way.
  public private(set) var isDragging = false

  /// A mapper for a table in `viewport`.
  public init(viewport: Rect, wheelLineDistance: Double = Tuning().wheelLineDistance) {
    self.viewport = viewport
    self.wheelLineDistance = wheelLineDistance
  }

  /// The meaning of `event`, which happened at `time`.
  public mutating func translate(_ event: ShellEvent, at time: Double) -> Translation {
    switch event {
    case .quit:
      return .quit
    case .mouseDown(let x, let y, .left):
      guard viewport.contains(Point(x: x, y: y)) else { return .ignored }
      isDragging = true
      return .input(.down(y: y - viewport.y, time: time))
    case .mouseMove(_, let y, _):
      guard isDragging else { return .ignored }
      return .input(.move(y: y - viewport.y, time: time))
    case .mouseUp(_, _, .left):
      guard isDragging else { return .ignored }
      isDragging = false
      return .input(.up(time: time))
    case .mouseDown, .mouseUp:
      return .ignored
    case .focusLost, .pointerLeft:
      // Without the pointer the release can never arrive; end the drag where it is.
      guard isDragging else { return .ignored }
      isDragging = false
      return .input(.cancel(time: time))
    case .wheel(let dy, let precise, let x, let y):
      guard viewport.contains(Point(x: x, y: y)) else { return .ignored }
      return .input(
        .wheel(dy: precise ? dy * wheelLineDistance : dy, precise: precise, time: time))
    case .key(let key, let modifiers, let isRepeat):
      return _translate(key, modifiers: modifiers, isRepeat: isRepeat, time: time)
    case .resize, .exposed:
      // The window is the host's to lay out; it moves the list itself (`RefreshList.setFrame`).
      return .ignored
    }
  }

  private func _translate(_ key: Key, modifiers: KeyModifiers, isRepeat: Bool, time: Double)
    -> Translation
  {
    let action: KeyAction
    switch key {
    case .escape, .q: return .quit
    case .f5 where !isRepeat: action = .refresh
    case .r where modifiers.contains(.control) && !isRepeat: action = .refresh
    case .up: action = .lineUp
    case .down: action = .lineDown
    case .pageUp: action = .pageUp
    case .pageDown: action = .pageDown
    case .home: action = .home
    case .end: action = .end
    default: return .ignored
    }
    return .input(.key(action, time: time))
  }
}
