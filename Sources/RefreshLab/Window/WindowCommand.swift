import RefreshSDL

/// Every key of the lab's window that is not the list's own, in one map: the app's (quit), the
/// studio's (panel, save, export, slow motion) and the bench's (plot, record, replay). The list
/// keeps its scroll and refresh keys (`GestureMapper`), as in any host; this map never claims
/// one of those unless the panel is open and takes the arrows for its rows.
///
/// The window loop asks this map first, then the studio's panel (for the pointer over it), then
/// the table: one chain, so a key has one meaning and nothing needs a probe of the table.
enum WindowCommand: Sendable, Equatable {
  /// Esc (with the panel and the keys closed), Q, or the window's close button.
  case quit
  /// ? (Shift and the slash key on most layouts), and Esc while the keys show.
  case toggleKeys
  /// Tab or F1.
  case togglePanel
  /// Ctrl+S.
  case saveTuning
  /// Ctrl+0: the tuning back to `--preset`'s, else the iOS defaults.
  case resetTuning
  /// E: the export in the panel's format.
  case export
  /// S slows the session down, Shift+S speeds it up.
  case slowMotion(faster: Bool)
  /// With the panel open: Up and Down pick a row, Left and Right adjust it (Shift for coarse
  /// steps), Esc closes it.
  case panel(PanelKey)
  /// P, R, Shift+R, Space, G, L, [ and ]: the bench's plot, recordings, `--match`'s play again,
  /// ghost, loop and frame steps.
  case bench(StudioCommand)

  /// A key the open panel takes.
  enum PanelKey: Sendable, Equatable {
    case previousRow
    case nextRow
    case adjust(steps: Int)
    case close
    /// /: start typing a filter.
    case startFilter
    /// A letter or digit typed into the filter.
    case type(Character)
    /// Backspace in the filter.
    case erase
    /// Return: stop typing, keep the filter.
    case endFilter
    /// Esc while typing: drop the filter.
    case clearFilter
  }

  /// What the window shows that changes what a key means.
  struct Context: Sendable, Equatable {
    /// Whether the tuning panel is open.
    var panelOpen = false
    /// Whether the panel's filter takes typing: every letter goes to it.
    var filtering = false
    /// Whether the keys overlay is shown.
    var keysShown = false
  }

  /// What `event` asks of the window, given whether the panel is open; nil for the table's
  /// (or nobody's) events.
  init?(_ event: ShellEvent, panelOpen: Bool) {
    self.init(event, context: Context(panelOpen: panelOpen))
  }

  /// What `event` asks of the window in `context`; nil for the table's (or nobody's) events.
  /// Held-down repeats keep their command, so a repeat never leaks to the table; the responders
  /// ignore the repeats that should not act twice.
  init?(_ event: ShellEvent, context: Context) {
    switch event {
    case .quit:
      self = .quit
      return
    case .key(let key, let modifiers, _):
      let control = modifiers.contains(.control)
      let plain = modifiers.isDisjoint(with: [.control, .alt, .gui])
      let shift = modifiers.contains(.shift)
      let panelOpen = context.panelOpen
      if context.panelOpen && context.filtering, plain, let typed = Self.filterKey(key) {
        self = .panel(typed)
        return
      }
      switch key {
      case Self.questionKey where plain, Self.slashKey where plain && shift: self = .toggleKeys
      case .escape where context.keysShown: self = .toggleKeys
      case Self.slashKey where plain && panelOpen: self = .panel(.startFilter)
      case .tab where plain, .f1 where plain: self = .togglePanel
      case .s where control: self = .saveTuning
      case Self.resetKey where control: self = .resetTuning
      case Self.exportKey where plain: self = .export
      case .s where plain: self = .slowMotion(faster: shift)
      case StudioCommand.plotKey where plain: self = .bench(.togglePlot)
      case StudioCommand.ghostKey where plain: self = .bench(.clearGhost)
      case StudioCommand.loopKey where plain: self = .bench(.toggleLoop)
      case StudioCommand.frameBackKey where plain:
        self = .bench(.stepFrame(by: -(shift ? StudioCommand.coarseFrameStep : 1)))
      case StudioCommand.frameOnKey where plain:
        self = .bench(.stepFrame(by: shift ? StudioCommand.coarseFrameStep : 1))
      case .r where plain: self = .bench(shift ? .replayTake : .toggleTake)
      case .space where plain: self = .bench(.playMatchAgain)
      case .up where plain && panelOpen: self = .panel(.previousRow)
      case .down where plain && panelOpen: self = .panel(.nextRow)
      case .left where plain && panelOpen:
        self = .panel(.adjust(steps: -(shift ? PanelModel.coarseSteps : 1)))
      case .right where plain && panelOpen:
        self = .panel(.adjust(steps: shift ? PanelModel.coarseSteps : 1))
      case .escape where panelOpen: self = .panel(.close)
      case .escape, .q: self = .quit
      default: return nil
      }
    default:
      return nil
    }
  }

  /// The 0 key, which resets the tuning with Ctrl.
  static let resetKey = Key(rawValue: "0")
  /// The letter E, as SDL names it.
  static let exportKey = Key(rawValue: "E")
  /// The slash key, which gives ? with Shift on US and many other layouts.
  static let slashKey = Key(rawValue: "/")
  /// ? where a layout has it on a key of its own.
  static let questionKey = Key(rawValue: "?")

  /// What a key does to the filter being typed: letters, digits and a few joiners go in
  /// (setting names are camel case words), Backspace, Return and Esc edit or end it; nil for the
  /// keys that keep their meaning while typing (the arrows, Tab).
  static func filterKey(_ key: Key) -> PanelKey? {
    switch key.rawValue {
    case "Backspace": return .erase
    case "Return", "Keypad Enter": return .endFilter
    case "Escape": return .clearFilter
    default:
      guard key.rawValue.count == 1, let character = key.rawValue.lowercased().first,
        character.isLetter || character.isNumber
      else { return nil }
      return .type(character)
    }
  }
}

extension ShellEvent {
  /// Whether a person did something: a key, a press, a wheel turn or a touch. A pointer merely
  /// passing over the window is not (it comes in with the window under it).
  var isInput: Bool {
    switch self {
    case .key, .mouseDown, .wheel, .wheelSideways, .touchDown: true
    case .mouseMove, .mouseUp, .touchMove, .touchUp, .focusLost, .pointerLeft, .quit, .resize, .exposed,
      .other:
      false
    }
  }

  /// Whether the pointer or a finger did this: a press, a move, a release, a wheel turn or a
  /// touch.
  var isPointer: Bool {
    switch self {
    case .mouseDown, .mouseMove, .mouseUp, .wheel, .wheelSideways, .touchDown, .touchMove, .touchUp: true
    case .key, .focusLost, .pointerLeft, .quit, .resize, .exposed, .other: false
    }
  }
}
