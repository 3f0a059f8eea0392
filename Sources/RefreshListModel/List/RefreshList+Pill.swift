import RefreshCore

// The "N new" pill: rows that arrived above unseen, and a click on the pill that scrolls to
// them.

extension RefreshList {
  /// The "N new" pill's rectangle (window points) while rows arrived above unseen, placed as
  /// ``newRowsPillPlacement`` says; nil while there are none, or without a placement. A click
  /// on it (or Home) scrolls to the top.
  public var newRowsPill: Rect? {
    guard unseenAbove > 0, let placement = newRowsPillPlacement else { return nil }
    return Rect(
      x: frame.midX - placement.width / 2,
      y: frame.y + controller.snapshot.baselineInset.top + placement.gap,
      width: placement.width, height: placement.height)
  }

  /// A press and release on the "N new" pill scroll to the top; nil for any other event.
  mutating func _pillReaction(_ event: ShellEvent, at time: Double) -> Reaction? {
    switch event {
    case .mouseDown(let x, let y, .left), .touchDown(let x, let y, _):
      guard let pill = newRowsPill, pill.contains(Point(x: x, y: y)) else { return nil }
      _pillPressed = true
      isFocused = true
      return Reaction(meaning: .handled, requests: [])
    case .mouseUp(let x, let y, .left), .touchUp(let x, let y, _):
      guard _pillPressed else { return nil }
      _pillPressed = false
      guard let pill = newRowsPill, pill.contains(Point(x: x, y: y)) else {
        return Reaction(meaning: .handled, requests: [])
      }
      return Reaction(
        meaning: .handled, requests: _absorb(controller.handle(.key(.home, time: time))))
    case .mouseMove, .touchMove:
      return _pillPressed ? Reaction(meaning: .handled, requests: []) : nil
    default:
      return nil
    }
  }

  /// Clears the unseen rows once the list shows its first row whole.
  mutating func _noteTopReached() {
    guard unseenAbove > 0, let first = firstVisibleRow else { return }
    if first.row == 0 && first.y >= -0.5 { unseenAbove = 0 }
  }
}
