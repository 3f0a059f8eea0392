/// Which way a list runs.
public enum ListOrientation: String, Sendable, Equatable, CaseIterable {
  /// Row 0 at the top; pull down past the top to refresh, reach the end below to load more.
  case normal
  /// A chat: row 0 (the newest) at the bottom and the list opening at the end; reaching the top
  /// loads older rows through the load-more machine, pulling up past the bottom refreshes. The
  /// same machines as `normal`, mirrored: the list keeps its state as a normal list does (row
  /// 0's side is its "top"), and events in and pixels out are flipped top to bottom.
  case chat
}

extension ShellEvent {
  /// This event as a list of the other orientation sees it in `frame`: positions flipped top to
  /// bottom, wheels turned the other way, the vertical keys swapped.
  public func mirrored(in frame: Rect) -> ShellEvent {
    func flip(_ y: Double) -> Double { 2 * frame.y + frame.height - y }
    switch self {
    case .mouseDown(let x, let y, let button): return .mouseDown(x: x, y: flip(y), button: button)
    case .mouseMove(let x, let y, let held): return .mouseMove(x: x, y: flip(y), buttonHeld: held)
    case .mouseUp(let x, let y, let button): return .mouseUp(x: x, y: flip(y), button: button)
    case .touchDown(let x, let y, let finger): return .touchDown(x: x, y: flip(y), finger: finger)
    case .touchMove(let x, let y, let finger): return .touchMove(x: x, y: flip(y), finger: finger)
    case .touchUp(let x, let y, let finger): return .touchUp(x: x, y: flip(y), finger: finger)
    case .wheel(let dy, let precise, let x, let y):
      return .wheel(dy: -dy, precise: precise, x: x, y: flip(y))
    case .key(let key, let modifiers, let isRepeat):
      let swapped: [Key: Key] = [
        .up: .down, .down: .up, .pageUp: .pageDown, .pageDown: .pageUp, .home: .end, .end: .home,
      ]
      return .key(swapped[key] ?? key, modifiers: modifiers, isRepeat: isRepeat)
    case .quit, .resize, .focusLost, .pointerLeft, .exposed, .other:
      return self
    }
  }
}
