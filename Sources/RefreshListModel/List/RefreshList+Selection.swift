import RefreshCore

// The selected and the pressed row: taps select, a press shows until it lifts or moves the list.

extension RefreshList {
  /// Applies the core's taps to the selection and returns the rest: the host's requests.
  mutating func _absorb(_ effects: [Effect]) -> [Effect] {
    guard effects.contains(where: { if case .tap = $0 { true } else { false } }) else {
      return effects
    }
    var requests: [Effect] = []
    for effect in effects {
      if case .tap(let contentY, _) = effect {
        selection.select(atContentY: contentY, in: layout)
      } else {
        requests.append(effect)
      }
    }
    return requests
  }

  /// Keeps ``pressedRow``: set by a press the list took, gone when it lifts or moves the list.
  mutating func _trackPress(_ event: ShellEvent, _ meaning: GestureMapper.Translation) {
    let offset = controller.snapshot.offset
    switch (event, meaning) {
    case (.mouseDown(_, let y, _), .input(.down)), (.touchDown(_, let y, _), .input(.down)):
      let contentY = y - frame.y + offset
      pressedRow =
        contentY >= 0 && contentY < layout.totalHeight ? layout.row(atOffset: contentY) : nil
      _pressOffset = offset
    case (.mouseUp, _), (.touchUp, _), (.focusLost, _), (.pointerLeft, _):
      pressedRow = nil
    default:
      if pressedRow != nil, abs(offset - _pressOffset) >= 0.5 { pressedRow = nil }
    }
  }
}
