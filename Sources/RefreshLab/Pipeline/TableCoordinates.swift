import RefreshSDL

// Table coordinates (see `CompareLayout`) become window coordinates by adding the table's
// origin in the window.

extension ShellEvent {
  /// This event with its pointer position moved by `offset`.
  func moved(by offset: Point) -> ShellEvent {
    guard offset.x != 0 || offset.y != 0 else { return self }
    switch self {
    case .mouseDown(let x, let y, let button):
      return .mouseDown(x: x + offset.x, y: y + offset.y, button: button)
    case .mouseMove(let x, let y, let held):
      return .mouseMove(x: x + offset.x, y: y + offset.y, buttonHeld: held)
    case .mouseUp(let x, let y, let button):
      return .mouseUp(x: x + offset.x, y: y + offset.y, button: button)
    case .wheel(let dy, let precise, let x, let y):
      return .wheel(dy: dy, precise: precise, x: x + offset.x, y: y + offset.y)
    case .wheelSideways(let dx, let precise, let x, let y):
      return .wheelSideways(dx: dx, precise: precise, x: x + offset.x, y: y + offset.y)
    case .touchDown(let x, let y, let finger):
      return .touchDown(x: x + offset.x, y: y + offset.y, finger: finger)
    case .touchMove(let x, let y, let finger):
      return .touchMove(x: x + offset.x, y: y + offset.y, finger: finger)
    case .touchUp(let x, let y, let finger):
      return .touchUp(x: x + offset.x, y: y + offset.y, finger: finger)
    case .quit, .key, .resize, .focusLost, .pointerLeft, .exposed, .other:
      return self
    }
  }
}
