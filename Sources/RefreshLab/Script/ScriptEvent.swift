/// One line of a gesture script: something a person did, at a time, in window points.
public struct ScriptEvent: Sendable, Equatable {
  /// Seconds from the start of the replay.
  public var time: Double
  /// What happened.
  public var action: Action

  /// An event `action` at `time`.
  public init(time: Double, action: Action) {
    self.time = time
    self.action = action
  }

  /// The things a gesture script can say.
  public enum Action: Sendable, Equatable {
    /// The button went down at a window point (a finger on a touchscreen when `touch`).
    case down(x: Double, y: Double, touch: Bool = false)
    /// The pointer moved, button held (the finger moved when `touch`).
    case move(x: Double, y: Double, touch: Bool = false)
    /// The button came up (the finger lifted when `touch`), where the pointer was if known.
    case up(x: Double?, y: Double?, touch: Bool = false)
    /// The gesture was taken away (focus lost).
    case cancel
    /// The wheel turned `dy` notches, positive toward the top, as SDL reports them (fractional
    /// and `precise` for touchpads). The pointer's position, when known, picks the table.
    case wheel(dy: Double, precise: Bool, x: Double?, y: Double?)
    /// A key was pressed.
    case key(ScriptKey)
    /// Row `row` of the lab's data source becomes `height` points tall (an image arrived, text
    /// was edited); what the person reads keeps its place.
    case rowHeight(row: Int, height: Double)
    /// `count` rows are inserted before the row shown at `at` (0 at the top in normal
    /// orientation): what the person reads keeps its place.
    case insert(at: Int, count: Int)
    /// The `count` rows shown from `at` on are removed: what the person reads keeps its place.
    case remove(at: Int, count: Int)
    /// The replay ends here.
    case end
  }
}

/// Key names a gesture script may use, as the window records them.
public enum ScriptKey: String, Sendable, Equatable, CaseIterable {
  /// Arrow up: a line toward the top.
  case up = "Up"
  /// Arrow down: a line toward the end.
  case down = "Down"
  /// A page toward the top.
  case pageUp = "PageUp"
  /// A page toward the end.
  case pageDown = "PageDown"
  /// To the top.
  case home = "Home"
  /// To the end.
  case end = "End"
  /// Refresh.
  case f5 = "F5"
  /// Refresh, the other way.
  case controlR = "Ctrl+R"
  /// Closes the open second floor (in the window, otherwise it quits).
  case escape = "Escape"
}
