import RefreshSDL

/// `--record`: keeps the window events that meant something to the table, as script lines,
/// and writes them (atomically) when the window closes.
struct ScriptRecorder {
  /// Where the script goes.
  let path: String
  /// The lines so far.
  private(set) var events: [ScriptEvent] = []

  init(path: String) {
    self.path = path
  }

  /// Keeps `event` if the mapper gave it a meaning (an input, or the scrollbar's thumb let go);
  /// a window event the table ignored would replay as nothing anyway.
  mutating func record(_ event: ShellEvent, at time: Double, meaning: GestureMapper.Translation) {
    switch meaning {
    case .input, .handled: break
    case .ignored: return
    }
    guard let action = Self.action(for: event) else { return }
    events.append(ScriptEvent(time: Self.rounded(time), action: action))
  }

  /// Writes the script, closed with an `end` line at `time`.
  func save(endingAt time: Double) throws(LabError) {
    try AtomicFile.write(script(endingAt: time).encoded(), to: path)
  }

  /// The most time a script keeps before its first line: the wait before the first touch is
  /// trimmed to this, so a replay starts at once, however long the person waited after R.
  static let leadIn = 0.2

  /// The lines so far, the wait before the first trimmed to `leadIn`, closed with an `end`
  /// line at `time` (as far after the first line as it was).
  func script(endingAt time: Double) -> GestureScript {
    let trim = max(0, (events.first?.time ?? 0) - Self.leadIn)
    let lines = events.map { ScriptEvent(time: Self.rounded($0.time - trim), action: $0.action) }
    let end = max(Self.rounded(time - trim), lines.last?.time ?? 0)
    return GestureScript(events: lines + [ScriptEvent(time: end, action: .end)])
  }

  static func action(for event: ShellEvent) -> ScriptEvent.Action? {
    switch event {
    case .mouseDown(let x, let y, _): .down(x: x, y: y, touch: false)
    case .mouseMove(let x, let y, _): .move(x: x, y: y, touch: false)
    case .mouseUp(let x, let y, _): .up(x: x, y: y, touch: false)
    case .touchDown(let x, let y, _): .down(x: x, y: y, touch: true)
    case .touchMove(let x, let y, _): .move(x: x, y: y, touch: true)
    case .touchUp(let x, let y, _): .up(x: x, y: y, touch: true)
    case .focusLost, .pointerLeft: .cancel
    case .wheel(let dy, let precise, let x, let y): .wheel(dy: dy, precise: precise, x: x, y: y)
    case .key(let key, let modifiers, _): ScriptKey(key, modifiers: modifiers).map { .key($0) }
    // A sideways wheel has no script line yet: a recording of a horizontal list keeps its drags.
    case .wheelSideways, .quit, .resize, .exposed, .other: nil
    }
  }

  /// Microseconds are far finer than any input device and keep the lines short.
  static func rounded(_ time: Double) -> Double {
    (time * 1_000_000).rounded() / 1_000_000
  }
}
