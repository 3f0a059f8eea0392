import RefreshSDL

/// The studio's own keys, which never reach the table: P shows or hides the live plot, R starts
/// or stops a recording, Shift+R replays the last one. Ctrl+R stays the table's refresh.
enum StudioCommand: Sendable, Equatable {
  /// P.
  case togglePlot
  /// R.
  case toggleRecording
  /// Shift+R.
  case replayRecording

  /// The command `event` gives, if any; held-down repeats give none.
  init?(_ event: ShellEvent) {
    guard case .key(let key, let modifiers, let isRepeat) = event, !isRepeat,
      modifiers.isDisjoint(with: [.control, .alt, .gui])
    else { return nil }
    switch key {
    case Self.plotKey: self = .togglePlot
    case .r: self = modifiers.contains(.shift) ? .replayRecording : .toggleRecording
    default: return nil
    }
  }

  /// The letter P, as SDL names it.
  static let plotKey = Key(rawValue: "P")
}
