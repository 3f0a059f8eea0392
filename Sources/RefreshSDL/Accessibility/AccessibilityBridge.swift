import CGIO
import CSDL2
import RefreshCore

/// Shows a window's lists to screen readers (Orca) through AT-SPI on the accessibility bus, as
/// GTK and Qt programs do: the application, the window (a frame with its title), each list (its
/// name, its rows' labels, their selection and focus, busy while refreshing or loading), each
/// list's header and footer (status bars saying what they show), the lists' actions ("refresh",
/// "load more", the footer's "retry"), and an announcement when a refresh or a load ends
/// ("20 new rows", "No more data", "Refresh failed").
///
/// ``start(window:title:environment:)`` connects only when the desktop runs the accessibility
/// bus (`org.a11y.Bus` on the session bus answers, without being started for it): otherwise it
/// returns nil, and nothing is loaded, started or printed. When it connects, GDBus's worker
/// thread and one thread of the bridge answer the screen reader's calls from the last state
/// ``update(at:)`` handed over; the window's loop is woken only when a call asks it for
/// something (an action). A host calls ``update(at:)`` once a turn of its loop, after handling
/// its events: it costs nothing when nothing changed.
@MainActor
public final class AccessibilityBridge {
  /// The window's title, as the frame's name.
  public var title: String
  private let _window: Window
  private let _server: _ATSPIServer
  private var _lists: [any AccessibleList] = []
  private var _sliders: [AccessibleSlider] = []
  /// What each list was at the last update, to tell what changed.
  private var _last: [ObjectIdentifier: _ListState] = [:]
  private var _tree = _ATSPITree()
  /// The identities of each list's first rows when its refresh began: what a refresh brought
  /// is what was not among them.
  private var _rowsBefore: [ObjectIdentifier: Set<AnyHashable>] = [:]
  /// How many rows either side of those in view are named (a Page Up's or Down's worth of
  /// rows on a phone-sized list).
  static let nearRows = 5
  /// How many of a list's first rows are compared after a refresh.
  static let comparedRows = 1000
  private var _announcement = ""
  private var _isActive = false
  /// What the last tree was built from: an update that finds the same builds nothing.
  private var _lastSignature: _Signature?

  private init(window: Window, title: String, server: _ATSPIServer) {
    _window = window
    self.title = title
    _server = server
  }

  /// The environment variable that turns the bridge off ("0"), as GTK's `NO_AT_BRIDGE`.
  public static let offVariable = "NO_AT_BRIDGE"

  /// A bridge for `window` named `title`, connected when the session bus in `environment`
  /// (`DBUS_SESSION_BUS_ADDRESS`; nil: the process's own) has the accessibility bus running;
  /// nil otherwise, or when `NO_AT_BRIDGE=1` turns it off.
  public static func start(window: Window, title: String, environment: [String: String]? = nil)
    -> AccessibilityBridge?
  {
    let environment = environment ?? _processEnvironment()
    guard environment[offVariable] != "1",
      let session = environment["DBUS_SESSION_BUS_ADDRESS"], !session.isEmpty,
      let address = _ATSPIServer.accessibilityBusAddress(sessionAddress: session),
      let server = _ATSPIServer.start(address: address, initialTree: _ATSPITree())
    else { return nil }
    let bridge = AccessibilityBridge(window: window, title: title, server: server)
    bridge._publish()
    return bridge
  }

  /// The variables the bridge reads, from the process's environment.
  static func _processEnvironment() -> [String: String] {
    var values: [String: String] = [:]
    for key in ["DBUS_SESSION_BUS_ADDRESS", offVariable] {
      if let value = SDL_getenv(key) { values[key] = String(cString: value) }
    }
    return values
  }

  /// Shows `list` to screen readers, after the lists already shown.
  public func add(_ list: any AccessibleList) {
    _lists.append(list)
  }

  /// Shows `sliders` (a settings panel's) after the lists, in place of those shown before.
  public func setSliders(_ sliders: [AccessibleSlider]) {
    _sliders = sliders
  }

  /// The sliders of the last tree: what a slider's value and focus changed from.
  private var _shownSliders: [AccessibleSlider] = []

  /// Whether a screen reader asked for something since the last ``update(at:)``.
  public var hasRequests: Bool { _server.requests.withLock { !$0.isEmpty } }

  /// Does what screen readers asked since the last call (the actions, at `time` on the host's
  /// clock), then hands over the lists as they are now and tells screen readers what changed:
  /// focus, selection, busy, rows added or removed, bar labels, a refresh's or a load's end.
  public func update(at time: Double) {
    for request in _server.requests.withLock({ requests in
      defer { requests = [] }; return requests
    }) {
      _perform(request, at: time)
    }
    _publish()
    _recheckWaiting()
    for reason in _pendingReasons { _announce(reason) }
    _pendingReasons = []
  }

  /// Actions asked for while their list could not take them (a refresh while the last one
  /// is still finishing), kept until it can: ``update(at:)`` hands each back to the loop as a
  /// request once its list can take it, or announces why it never will.
  private var _waiting: [_ATSPIRequest] = []

  /// Whether an action waits for its list to be able to take it.
  public var hasWaitingActions: Bool { !_waiting.isEmpty }

  /// The list and the action `request` asks of it.
  private func _target(of request: _ATSPIRequest) -> (list: any AccessibleList, action: AccessibleListAction)?
  {
    for (index, list) in _lists.enumerated() {
      if request.path == _listPath(index) {
        let actions: [AccessibleListAction] = [.refresh, .loadMore]
        return actions.indices.contains(request.action) ? (list, actions[request.action]) : nil
      } else if request.path == _listPath(index) + "_footer" {
        return (list, .retry)
      }
    }
    return nil
  }

  private func _perform(_ request: _ATSPIRequest, at time: Double) {
    guard let (list, action) = _target(of: request) else { return }
    switch _ActionReadiness(action, of: list.list) {
    case .now: list.performAccessibilityAction(action, at: time)
    case .later: if !_waiting.contains(request) { _waiting.append(request) }
    case .never(let reason): _pendingReasons.append(reason)
    }
  }

  /// Why actions asked for could not run, announced with the next update.
  private var _pendingReasons: [String] = []

  /// The waiting actions whose lists can now take them go back to the loop as requests (which
  /// wakes it); those that now never can are dropped, their reason announced.
  private func _recheckWaiting() {
    var still: [_ATSPIRequest] = []
    for request in _waiting {
      guard let (list, action) = _target(of: request) else { continue }
      switch _ActionReadiness(action, of: list.list) {
      case .now: _server._request(request)
      case .later: still.append(request)
      case .never(let reason): _pendingReasons.append(reason)
      }
    }
    _waiting = still
  }

  private func _listPath(_ index: Int) -> String { _ATSPITree.prefix + "list\(index)" }
  private static let windowPath = _ATSPITree.prefix + "window"
  private static let announcementPath = _ATSPITree.prefix + "announcement"

  /// Builds the tree, hands it over when it changed and emits the events of what changed.
  private func _publish() {
    var x: Int32 = 0
    var y: Int32 = 0
    SDL_GetWindowPosition(_window.sdlWindow, &x, &y)
    let size = _window.size
    let isActive = SDL_GetWindowFlags(_window.sdlWindow) & SDL_WINDOW_INPUT_FOCUS.rawValue != 0
    let signature = _Signature(
      window: [Double(x), Double(y), Double(size.width), Double(size.height)], isActive: isActive,
      title: title, sliders: _sliders,
      lists: _lists.map { list in
        let model = list.list
        return _Signature.List(
          state: _ListState(list), visible: model.visibleRows, offset: model.controller.snapshot.offset,
          frame: model.screenFrame)
      })
    guard signature != _lastSignature else { return }
    _lastSignature = signature
    _build(windowOrigin: (Int(x), Int(y)), size: size, isActive: isActive, lists: signature.lists)
  }

  private func _build(
    windowOrigin: (x: Int, y: Int), size: (width: Int, height: Int), isActive: Bool,
    lists: [_Signature.List]
  ) {
    var states: [(path: String, state: _ListState, old: _ListState?)] = []
    var tree = _ATSPITree()
    tree.windowOrigin = windowOrigin
    var windowChildren: [String] = []
    for (index, list) in _lists.enumerated() {
      let path = _listPath(index)
      let state = lists[index].state
      let old = _last[ObjectIdentifier(list)]
      states.append((path, state, old))
      _last[ObjectIdentifier(list)] = state
      if state.header == .refreshing, old?.header != .refreshing {
        _rowsBefore[ObjectIdentifier(list)] = Self._firstIDs(list.rows)
      }
      windowChildren += [path + "_header", path, path + "_footer"]
      _addList(list, state: state, path: path, to: &tree)
    }
    for (index, slider) in _sliders.enumerated() {
      let path = _ATSPITree.prefix + "slider\(index)"
      windowChildren.append(path)
      tree.nodes[path] = Self._sliderNode(slider)
    }
    windowChildren.append(Self.announcementPath)
    tree.nodes[Self.announcementPath] = _ATSPINode(
      role: .notification, name: _announcement, parent: Self.windowPath,
      states: _announcement.isEmpty ? [.enabled] : [.enabled, .visible, .showing],
      attributes: ["live": "polite", "container-live": "polite"])
    for (index, child) in windowChildren.enumerated() { tree.nodes[child]?.indexInParent = index }
    tree.nodes[Self.windowPath] = _ATSPINode(
      role: .frame, name: title, parent: _ATSPITree.rootPath, children: windowChildren,
      states: _ATSPIStates([.enabled, .sensitive, .visible, .showing, .focusable])
        .union(isActive ? [.active] : []),
      extents: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
    tree.nodes[_ATSPITree.rootPath] = _ATSPINode(
      role: .application, name: title, parent: "", children: [Self.windowPath],
      states: [])
    guard tree != _tree else { return }
    _tree = tree
    _server.tree.withLock { $0 = tree }
    if isActive != _isActive {
      _isActive = isActive
      _server.emit(
        isActive ? "Activate" : "Deactivate", from: Self.windowPath, data: _V.string(title),
        kind: "Window")
      _server.emit(
        "StateChanged", from: Self.windowPath, detail: "active", isActive ? 1 : 0)
    }
    for (index, (path, state, old)) in states.enumerated() {
      let list = _lists[index]
      var newRows: Int?
      if state.header == .finishing, old?.header != .finishing,
        let before = _rowsBefore.removeValue(forKey: ObjectIdentifier(list))
      {
        newRows = Self._firstIDs(list.rows).subtracting(before).count
      }
      _emitChanges(path: path, state: state, old: old, newRows: newRows)
    }
    _emitSliderChanges()
  }

  static func _firstIDs(_ rows: any TableDataSource) -> Set<AnyHashable> {
    Set((0..<min(rows.rowCount, comparedRows)).map { AnyHashable(rows.id(ofRow: $0)) })
  }

  /// The list at `path`, its header, footer and the rows near its viewport.
  private func _addList(
    _ list: any AccessibleList, state: _ListState, path: String, to tree: inout _ATSPITree
  ) {
    let model = list.list
    let frame = model.screenFrame
    var listStates: _ATSPIStates = [
      .enabled, .sensitive, .visible, .showing, .focusable, .managesDescendants,
      model.axis == .horizontal ? .horizontal : .vertical,
    ]
    if state.isBusy { listStates.insert(.busy) }
    if state.isFocused && state.selectedRow == nil { listStates.insert(.focused) }
    tree.nodes[path] = _ATSPINode(
      role: .list, name: list.accessibilityName, parent: Self.windowPath, rowCount: state.rowCount,
      states: listStates, extents: frame,
      actions: [
        (AccessibleListAction.refresh.rawValue, "Fetch fresh rows"),
        (AccessibleListAction.loadMore.rawValue, "Load the next page"),
      ])
    let snapshot = model.controller.snapshot
    tree.nodes[path + "_header"] = _ATSPINode(
      role: .statusBar, name: state.headerText, parent: Self.windowPath,
      states: snapshot.header == .idle ? [.enabled] : [.enabled, .visible, .showing],
      extents: Rect(x: frame.x, y: frame.y, width: frame.width, height: max(0, -snapshot.offset)))
    tree.nodes[path + "_footer"] = _ATSPINode(
      role: .statusBar, name: state.footerText, parent: Self.windowPath,
      states: snapshot.footer == .hidden ? [.enabled] : [.enabled, .visible, .showing],
      extents: Rect(x: frame.x, y: frame.maxY, width: frame.width, height: 0),
      actions: [(AccessibleListAction.retry.rawValue, "Load the failed page again")])
    // The rows drawn, and a few either side: where a key moves the focus next. Rows further
    // away answer with their number only (`_ATSPITree.node(at:)`).
    let visible = model.visibleRows
    let rows =
      max(0, visible.lowerBound - Self.nearRows)..<min(state.rowCount, visible.upperBound + Self.nearRows)
    for row in rows {
      var rowStates: _ATSPIStates = [.enabled, .sensitive, .selectable, .focusable]
      if visible.contains(row) { rowStates.formUnion([.visible, .showing]) }
      if state.selectedRow == row {
        rowStates.insert(.selected)
        if state.isFocused { rowStates.insert(.focused) }
      }
      tree.nodes[_ATSPITree.rowPath(list: path, row: row)] = _ATSPINode(
        role: .listItem, name: list.accessibilityLabel(at: row), parent: path,
        indexInParent: row, states: rowStates, extents: Self._rowRect(row, of: model))
    }
  }

  /// Where row `row` is drawn, window points: laid out down the list's own frame, flipped in a
  /// chat (the first row at the bottom), transposed in a horizontal list.
  static func _rowRect(_ row: Int, of model: RefreshList) -> Rect {
    let frame = model.frame
    let top = model.layout.top(ofRow: row) - model.controller.snapshot.offset
    let height = model.layout.height(ofRow: row)
    let y = model.orientation == .chat ? frame.height - top - height : top
    let rect = Rect(x: frame.x, y: frame.y + y, width: frame.width, height: height)
    return model.axis == .horizontal ? rect.transposed : rect
  }

  /// A slider's value changed, or the focus moved to another one (the panel's selection).
  private func _emitSliderChanges() {
    let old = _shownSliders
    _shownSliders = _sliders
    for (index, slider) in _sliders.enumerated() {
      let path = _ATSPITree.prefix + "slider\(index)"
      let before = old.indices.contains(index) ? old[index] : nil
      if let before, before.name == slider.name, before.value != slider.value {
        _server.emit(
          "PropertyChange", from: path, detail: "accessible-value",
          data: g_variant_new_double(slider.value))
      }
      if slider.isFocused, before?.isFocused != true || before?.name != slider.name {
        _server.emit("StateChanged", from: path, detail: "focused", 1)
      }
    }
  }

  private func _emitChanges(path: String, state: _ListState, old: _ListState?, newRows: Int?) {
    guard let old else { return }
    if state.isBusy != old.isBusy {
      _server.emit("StateChanged", from: path, detail: "busy", state.isBusy ? 1 : 0)
    }
    if state.rowCount != old.rowCount {
      let added = state.rowCount > old.rowCount
      let changed = added ? old.rowCount..<state.rowCount : state.rowCount..<old.rowCount
      // At most a page of events: a screen reader reads the count again after the first.
      for row in changed.prefix(50) {
        _server.emit(
          "ChildrenChanged", from: path, detail: added ? "add" : "remove", row, 0,
          data: _server.reference(_ATSPITree.rowPath(list: path, row: row)))
      }
    }
    if state.selectedRow != old.selectedRow {
      if let row = old.selectedRow {
        _server.emit("StateChanged", from: _ATSPITree.rowPath(list: path, row: row), detail: "selected", 0)
      }
      if let row = state.selectedRow {
        _server.emit("StateChanged", from: _ATSPITree.rowPath(list: path, row: row), detail: "selected", 1)
      }
      _server.emit("SelectionChanged", from: path)
    }
    let focus = state.focusPath(list: path)
    let oldFocus = old.focusPath(list: path)
    if focus != oldFocus {
      if let oldFocus { _server.emit("StateChanged", from: oldFocus, detail: "focused", 0) }
      if let focus { _server.emit("StateChanged", from: focus, detail: "focused", 1) }
    }
    if state.headerText != old.headerText {
      _server.emit(
        "PropertyChange", from: path + "_header", detail: "accessible-name",
        data: _V.string(state.headerText))
    }
    if state.footerText != old.footerText {
      _server.emit(
        "PropertyChange", from: path + "_footer", detail: "accessible-name",
        data: _V.string(state.footerText))
    }
    if let message = state.announcement(after: old, newRows: newRows) { _announce(message) }
  }

  /// Says `message` politely: AT-SPI's `Announcement` (Orca 45 and later), and the
  /// notification object showing with it as its name (what Orca 43 speaks).
  private func _announce(_ message: String) {
    _announcement = message
    _server.emit("Announcement", from: Self.windowPath, 1, data: _V.string(message))
    // The notification's name changes with the tree handed over next; it shows now.
    var tree = _tree
    tree.nodes[Self.announcementPath]?.name = message
    tree.nodes[Self.announcementPath]?.states = [.enabled, .visible, .showing]
    _tree = tree
    _server.tree.withLock { $0 = tree }
    _server.emit("StateChanged", from: Self.announcementPath, detail: "showing", 0)
    _server.emit("StateChanged", from: Self.announcementPath, detail: "showing", 1)
  }
}

extension AccessibilityBridge {
  /// The node of `slider`: enabled and sensitive only when moving it changes something now,
  /// described by what it does or why it is greyed.
  static func _sliderNode(_ slider: AccessibleSlider) -> _ATSPINode {
    var node = _ATSPINode(
      role: .slider, name: slider.name, parent: windowPath,
      states: _ATSPIStates([.visible, .showing, .focusable, .horizontal])
        .union(slider.isEnabled ? [.enabled, .sensitive] : [])
        .union(slider.isFocused ? [.focused] : []),
      extents: slider.frame,
      value: (slider.minimum, slider.maximum, slider.value, slider.valueText))
    node.description = slider.description
    return node
  }
}

/// A setting shown as a slider (a studio's parameter): its name, range and value.
public struct AccessibleSlider: Sendable, Equatable {
  /// What the setting is called ("Damping").
  public var name: String
  /// The lowest value it takes.
  public var minimum: Double
  /// The highest value it takes.
  public var maximum: Double
  /// Its value now.
  public var value: Double
  /// The value as the panel writes it ("0.55", "120 pt").
  public var valueText: String
  /// Where it is drawn, window points.
  public var frame: Rect
  /// Whether it has the keys (the panel's selected row).
  public var isFocused: Bool
  /// Whether moving it changes anything now; a setting idle in the current mode is shown
  /// greyed and told as not sensitive.
  public var isEnabled: Bool
  /// What it does, or why it is greyed: the accessible description.
  public var description: String

  /// A slider named `name` from `minimum` to `maximum` at `value`, written `valueText`, drawn
  /// at `frame`, with the keys when `isFocused`, sensitive when `isEnabled`, described by
  /// `description`.
  public init(
    name: String, minimum: Double, maximum: Double, value: Double, valueText: String, frame: Rect,
    isFocused: Bool = false, isEnabled: Bool = true, description: String = ""
  ) {
    self.isFocused = isFocused
    self.isEnabled = isEnabled
    self.description = description
    self.name = name
    self.minimum = minimum
    self.maximum = maximum
    self.value = value
    self.valueText = valueText
    self.frame = frame
  }
}

/// What a tree is built from: the window, and each list's state and place.
struct _Signature: Equatable {
  struct List: Equatable {
    var state: _ListState
    var visible: Range<Int>
    var offset: Double
    var frame: Rect
  }
  var window: [Double]
  var isActive: Bool
  var title: String
  var sliders: [AccessibleSlider]
  var lists: [List]
}

/// What the bridge compares from one update to the next, of one list.
@MainActor
struct _ListState: Equatable {
  var rowCount: Int
  var selectedRow: Int?
  var isFocused: Bool
  var header: HeaderState
  var headerResult: RefreshResult?
  var footer: FooterState
  var headerText: String
  var footerText: String

  init(_ list: any AccessibleList) {
    let model = list.list
    let snapshot = model.controller.snapshot
    rowCount = model.rowCount
    selectedRow = model.selection.row
    isFocused = model.isFocused
    header = snapshot.header
    headerResult = snapshot.headerResult
    footer = snapshot.footer
    headerText = list.accessibilityText(of: snapshot.headerLabel)
    footerText = list.accessibilityText(of: snapshot.footerLabel)
  }

  var isBusy: Bool { header == .refreshing || footer == .loading }

  func focusPath(list path: String) -> String? {
    guard isFocused else { return nil }
    return selectedRow.map { _ATSPITree.rowPath(list: path, row: $0) } ?? path
  }

  /// What to announce when a refresh or a load ended between `old` and this.
  /// `newRows`: how many of the rows a refresh brought were not there before it, when known.
  func announcement(after old: _ListState, newRows: Int?) -> String? {
    if header == .finishing, old.header != .finishing {
      if headerResult == .failure { return "Refresh failed" }
      return Self.newRows(newRows ?? rowCount - old.rowCount)
    }
    if old.footer == .loading, footer != .loading {
      switch footer {
      case .noMoreData:
        return rowCount > old.rowCount
          ? Self.newRows(rowCount - old.rowCount) + ", no more data" : "No more data"
      case .failed: return "Load failed"
      default: return Self.newRows(rowCount - old.rowCount)
      }
    }
    return nil
  }

  static func newRows(_ count: Int) -> String {
    count == 1 ? "1 new row" : count > 0 ? "\(count) new rows" : "No new rows"
  }
}

/// Whether a list can take an action now, later (it is finishing what it did last, or a
/// finger holds it), or never as it is: then the words a screen reader says instead.
enum _ActionReadiness: Equatable {
  case now
  case later
  case never(String)

  @MainActor
  init(_ action: AccessibleListAction, of list: RefreshList) {
    let snapshot = list.controller.snapshot
    let exclusive = !list.controller.tuning.allowsSimultaneousRefreshAndLoad
    switch action {
    case .refresh:
      switch snapshot.header {
      case .refreshing: self = .never("Already refreshing")
      case .twoLevel: self = .never("The second floor is open; close it to refresh")
      case .finishing, .pulling, .armed: self = .later
      case .idle: self = snapshot.footer == .loading && exclusive ? .later : .now
      }
    case .loadMore, .retry:
      switch snapshot.footer {
      case .loading: self = .never("Already loading")
      case .noMoreData: self = .never("No more data")
      case .hidden: self = .never("Nothing more to load")
      case .pulling, .armed: self = .later
      case .idle, .failed: self = snapshot.header == .refreshing && exclusive ? .later : .now
      }
    }
  }
}
