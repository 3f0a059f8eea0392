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
    case .wheelSideways(let dx, let precise, let x, let y):
      return .wheelSideways(dx: dx, precise: precise, x: x, y: flip(y))
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

/// Along which axis a list scrolls.
public enum ListAxis: String, Sendable, Equatable, CaseIterable {
  /// Rows one under the other; pull down past the start to refresh, up past the end to load.
  case vertical
  /// Columns side by side (MJRefresh's trailer, SmartRefreshHorizontal, easy_refresh's
  /// horizontal axis): pull right past the start to refresh, left past the end to load more.
  /// The list keeps its state as a vertical one does, its x and y swapped on the way in and out.
  case horizontal
}

extension Rect {
  /// This rectangle with x and y (and width and height) swapped.
  public var transposed: Rect { Rect(x: y, y: x, width: height, height: width) }
}

extension ShellEvent {
  /// This event as a list of the other axis sees it: x and y swapped. A sideways wheel turn
  /// (`wheelSideways`) scrolls a horizontal list, toward its start when positive (to the
  /// left); the vertical wheel scrolls it too, as most horizontal lists let it. Left and Right
  /// become Up and Down.
  public var transposed: ShellEvent {
    switch self {
    case .mouseDown(let x, let y, let button): return .mouseDown(x: y, y: x, button: button)
    case .mouseMove(let x, let y, let held): return .mouseMove(x: y, y: x, buttonHeld: held)
    case .mouseUp(let x, let y, let button): return .mouseUp(x: y, y: x, button: button)
    case .touchDown(let x, let y, let finger): return .touchDown(x: y, y: x, finger: finger)
    case .touchMove(let x, let y, let finger): return .touchMove(x: y, y: x, finger: finger)
    case .touchUp(let x, let y, let finger): return .touchUp(x: y, y: x, finger: finger)
    case .wheel(let dy, let precise, let x, let y):
      return .wheel(dy: dy, precise: precise, x: y, y: x)
    case .wheelSideways(let dx, let precise, let x, let y):
      // Positive to the left is toward the start, as positive up is toward the top.
      return .wheel(dy: dx, precise: precise, x: y, y: x)
    case .key(let key, let modifiers, let isRepeat):
      let swapped: [Key: Key] = [.left: .up, .right: .down]
      return .key(swapped[key] ?? key, modifiers: modifiers, isRepeat: isRepeat)
    case .quit, .resize, .focusLost, .pointerLeft, .exposed, .other:
      return self
    }
  }
}
