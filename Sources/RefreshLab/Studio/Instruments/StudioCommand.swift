import RefreshSDL

/// What the bench's keys ask (the keys themselves are in `WindowCommand`): P shows or hides the
/// live plot, R starts or stops a recording, Shift+R replays the last one, Space plays `--match`'s recording
/// again. Ctrl+R stays the
/// table's refresh.
enum StudioCommand: Sendable, Equatable {
  /// P.
  case togglePlot
  /// R.
  case toggleTake
  /// Shift+R.
  case replayTake
  /// Space: `--match` plays its recording again, the live list afresh beside it.
  case playMatchAgain
  /// G: forgets the ghost of the run before the last edit.
  case clearGhost
  /// L: a replay (Shift+R) starts again each time it has played out and settled.
  case toggleLoop
  /// [ and ]: the list shows the last run's frame `count` frames back (negative) or on from the
  /// one shown (`Scrubber`); Shift steps ten.
  case stepFrame(by: Int)

  /// Frames a step with Shift moves.
  static let coarseFrameStep = 10

  /// The letter P, as SDL names it.
  static let plotKey = Key(rawValue: "P")
  /// The letter G, as SDL names it.
  static let ghostKey = Key(rawValue: "G")
  /// The letter L, as SDL names it.
  static let loopKey = Key(rawValue: "L")
  /// [, a frame back through the last run.
  static let frameBackKey = Key(rawValue: "[")
  /// ], a frame on through the last run.
  static let frameOnKey = Key(rawValue: "]")

  /// Whether a held-down key's repeats act too: stepping through frames does.
  var acceptsRepeats: Bool {
    if case .stepFrame = self { return true }
    return false
  }
}
