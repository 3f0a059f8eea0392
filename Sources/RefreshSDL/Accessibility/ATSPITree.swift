import RefreshCore

/// AT-SPI's roles the bridge exposes (`AtspiRole`, at-spi2-core's `atspi-constants.h`): the
/// number a screen reader reads and the name `GetRoleName` gives.
enum _ATSPIRole: UInt32, Sendable {
  case application = 75
  case frame = 23
  case list = 31
  case listItem = 32
  case label = 29
  case statusBar = 54
  case slider = 51
  case notification = 101

  var name: String {
    switch self {
    case .application: "application"
    case .frame: "frame"
    case .list: "list"
    case .listItem: "list item"
    case .label: "label"
    case .statusBar: "status bar"
    case .slider: "slider"
    case .notification: "notification"
    }
  }
}

/// AT-SPI's states the bridge sets (`AtspiStateType`), as the bits of `GetState`'s two words.
struct _ATSPIStates: OptionSet, Sendable, Hashable {
  let rawValue: UInt64

  static let active = Self(bit: 1)
  static let busy = Self(bit: 3)
  static let enabled = Self(bit: 8)
  static let focusable = Self(bit: 11)
  static let focused = Self(bit: 12)
  static let horizontal = Self(bit: 14)
  static let selectable = Self(bit: 22)
  static let selected = Self(bit: 23)
  static let sensitive = Self(bit: 24)
  static let showing = Self(bit: 25)
  static let vertical = Self(bit: 29)
  static let visible = Self(bit: 30)
  static let managesDescendants = Self(bit: 31)

  init(rawValue: UInt64) { self.rawValue = rawValue }
  init(bit: UInt64) { rawValue = 1 << bit }

  /// `GetState`'s answer: the low 32 bits, then the high.
  var words: [UInt32] { [UInt32(truncatingIfNeeded: rawValue), UInt32(truncatingIfNeeded: rawValue >> 32)] }
}

/// One exported object as the bus sees it: what the bridge's thread answers from, built on the
/// window's thread and handed over whole.
struct _ATSPINode: Sendable, Equatable {
  var role: _ATSPIRole
  var name: String
  var description = ""
  /// The parent's path (the application's parent is the registry's root, kept in the tree).
  var parent: String
  var indexInParent = 0
  /// The children's paths, in order; a list's rows are counted instead (``rowCount``).
  var children: [String] = []
  /// For a list: its rows, `rowPath(i)` each, whether or not they are in the tree.
  var rowCount: Int?
  var states: _ATSPIStates = [.enabled, .sensitive, .visible, .showing]
  /// Window points; nil for the application.
  var extents: Rect?
  /// Each action's name and description (`org.a11y.atspi.Action`).
  var actions: [(name: String, description: String)] = []
  var attributes: [String: String] = [:]
  /// A slider's range and value (`org.a11y.atspi.Value`).
  var value: (minimum: Double, maximum: Double, current: Double, text: String)?

  static func == (a: _ATSPINode, b: _ATSPINode) -> Bool {
    a.role == b.role && a.name == b.name && a.description == b.description && a.parent == b.parent
      && a.indexInParent == b.indexInParent && a.children == b.children && a.rowCount == b.rowCount
      && a.states == b.states && a.extents == b.extents
      && a.actions.elementsEqual(b.actions, by: { $0.name == $1.name })
      && a.attributes == b.attributes
      && a.value?.current == b.value?.current && a.value?.text == b.value?.text
  }

  /// The D-Bus interfaces the object answers, as `GetInterfaces` names them.
  var interfaces: [String] {
    var names = ["org.a11y.atspi.Accessible"]
    if role == .application {
      names.append("org.a11y.atspi.Application")
    } else {
      names.append("org.a11y.atspi.Component")
    }
    if !actions.isEmpty { names.append("org.a11y.atspi.Action") }
    if role == .list { names.append("org.a11y.atspi.Selection") }
    if value != nil { names.append("org.a11y.atspi.Value") }
    return names
  }
}

/// Every exported object, by path, and where the window is on the screen.
struct _ATSPITree: Sendable, Equatable {
  static let prefix = "/org/a11y/atspi/accessible/"
  static let rootPath = prefix + "root"
  static let nullPath = "/org/a11y/atspi/null"

  var nodes: [String: _ATSPINode] = [:]
  /// The window's top-left corner on the screen, pixels.
  var windowOrigin = (x: 0, y: 0)
  /// Window points to pixels.
  var scale = 1.0

  static func == (a: _ATSPITree, b: _ATSPITree) -> Bool {
    a.nodes == b.nodes && a.windowOrigin == b.windowOrigin && a.scale == b.scale
  }

  static func rowPath(list: String, row: Int) -> String { "\(list)_row\(row)" }

  /// The object at `path`: one in the tree, or a list's row outside the rows it holds (far
  /// from the viewport), named by its number only.
  func node(at path: String) -> _ATSPINode? {
    if let node = nodes[path] { return node }
    guard let split = path.lastIndex(of: "_") else { return nil }
    let listPath = String(path[..<split])
    let tail = path[path.index(after: split)...]
    guard tail.hasPrefix("row"), let row = Int(tail.dropFirst(3)),
      let list = nodes[listPath], let count = list.rowCount, row >= 0, row < count
    else { return nil }
    return _ATSPINode(
      role: .listItem, name: "", parent: listPath, indexInParent: row,
      states: [.enabled, .sensitive, .selectable, .focusable])
  }
}
