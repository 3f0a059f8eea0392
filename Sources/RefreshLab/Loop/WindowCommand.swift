import RefreshSDL

/// Every key of the lab's window that is not the list's own, in one map: the app's (quit), the
/// studio's (panel, save, export, slow motion) and the bench's (plot, record, replay). The list
/// keeps its scroll and refresh keys (`GestureMapper`), as in any host; this map never claims
/// one of those unless the panel is open and takes the arrows for its rows.
///
/// The window loop asks this map first, then the studio's panel (for the pointer over it), then
/// the table: one chain, so a key has one meaning and nothing needs a probe of the table.
enum WindowCommand: Sendable, Equatable {
  /// Esc (with the panel closed), Q, or the window's close button.
  case quit
  /// Tab or F1.
  case togglePanel
  /// Ctrl+S.
  case saveTuning
  /// E: the export in the panel's format.
  case export
  /// S slows the session down, Shift+S speeds it up.
  case slowMotion(faster: Bool)
  /// With the panel open: Up and Down pick a row, Left and Right adjust it (Shift for coarse
  /// steps), Esc closes it.
  case panel(PanelKey)
  /// P, R and Shift+R: the bench's plot and recordings.
  case bench(StudioCommand)

  /// A key the open panel takes.
  enum PanelKey: Sendable, Equatable {
    case previousRow
    case nextRow
    case adjust(steps: Int)
    case close
  }

  /// What `event` asks of the window, given whether the panel is open; nil for the table's
  /// (or nobody's) events. Held-down repeats keep their command, so a repeat never leaks to
  /// the table; the responders ignore the repeats that should not act twice.
  init?(_ event: ShellEvent, panelOpen: Bool) {
    switch event {
    case .quit:
      self = .quit
      return
    case .key(let key, let modifiers, _):
      let control = modifiers.contains(.control)
      let plain = modifiers.isDisjoint(with: [.control, .alt, .gui])
      let shift = modifiers.contains(.shift)
      switch key {
      case .tab where plain, .f1 where plain: self = .togglePanel
      case .s where control: self = .saveTuning
      case Self.exportKey where plain: self = .export
      case .s where plain: self = .slowMotion(faster: shift)
      case StudioCommand.plotKey where plain: self = .bench(.togglePlot)
      case .r where plain: self = .bench(shift ? .replayRecording : .toggleRecording)
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

  /// The letter E, as SDL names it.
  static let exportKey = Key(rawValue: "E")
}
