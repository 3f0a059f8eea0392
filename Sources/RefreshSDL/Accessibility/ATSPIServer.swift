import CGIO
import CSDL2
import RefreshCore
import Synchronization

/// What a screen reader asked the window to do through the bus: an object's action by number.
struct _ATSPIRequest: Sendable, Equatable {
  var path: String
  var action: Int
}

/// The bridge's side on the accessibility bus: the connection, the objects it exports (every
/// path under `/org/a11y/atspi/accessible/`, one subtree) and the thread that answers their
/// calls from the last tree the window handed over. Calls run on that thread (a GLib main
/// context of its own), never on the window's: the window's loop keeps sleeping until a call
/// asks it for something (an action), which wakes it (an SDL event and ``_LoopWakeup``).
final class _ATSPIServer: Sendable {
  /// The `GDBusConnection` to the accessibility bus; GDBus's calls on it are thread-safe.
  nonisolated(unsafe) let connection: OpaquePointer
  /// This connection's unique name, which every object reference carries.
  let busName: String
  /// The registry's root, the application's parent (`Socket.Embed`'s answer).
  let parent: Mutex<(bus: String, path: String)> = Mutex(("", _ATSPITree.nullPath))
  let tree = Mutex(_ATSPITree())
  let requests = Mutex<[_ATSPIRequest]>([])
  /// The SDL event that wakes the window's loop when a request arrives.
  let wakeEvent: UInt32
  /// What the application says of itself.
  let toolkitName = "RefreshSDL"

  /// How long a call to the session bus or the registry may take at start-up, milliseconds.
  static let startTimeout: Int32 = 1000

  private init(connection: OpaquePointer, wakeEvent: UInt32) {
    self.connection = connection
    self.busName = String(cString: g_dbus_connection_get_unique_name(connection))
    self.wakeEvent = wakeEvent
  }

  /// The accessibility bus's address, asked of `org.a11y.Bus` on the session bus at
  /// `sessionAddress` without starting it (a desktop with assistive technology on has it
  /// running); nil when there is none.
  static func accessibilityBusAddress(sessionAddress: String) -> String? {
    guard let session = _connect(sessionAddress) else { return nil }
    defer {
      g_dbus_connection_close_sync(session, nil, nil)
      g_object_unref(UnsafeMutableRawPointer(session))
    }
    var error: UnsafeMutablePointer<GError>?
    guard
      let reply = g_dbus_connection_call_sync(
        session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", nil, nil,
        Int32(CGIO_DBUS_CALL_FLAGS_NO_AUTO_START), startTimeout, nil, &error)
    else {
      g_clear_error(&error)
      return nil
    }
    defer { g_variant_unref(reply) }
    guard g_variant_n_children(reply) == 1, let child = g_variant_get_child_value(reply, 0) else {
      return nil
    }
    defer { g_variant_unref(child) }
    guard String(cString: g_variant_get_type_string(child)) == "s" else { return nil }
    let address = String(cString: g_variant_get_string(child, nil))
    return address.isEmpty ? nil : address
  }

  /// A connection to the message bus at `address` (the session bus or the accessibility bus),
  /// or nil when none answers there or GIO cannot be opened. The one way to a bus, so GIO is
  /// opened here, when a bus is first asked for, and never in a run that has none.
  static func _connect(_ address: String) -> OpaquePointer? {
    guard cgio_load() != 0 else { return nil }
    var error: UnsafeMutablePointer<GError>?
    let flags = Int32(
      CGIO_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT
        | CGIO_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION)
    guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error)
    else {
      g_clear_error(&error)
      return nil
    }
    return connection
  }

  /// Connects to the accessibility bus at `address`, exports the objects, starts the thread
  /// that answers them and registers with the registry. Nil (and nothing left running) when the
  /// bus cannot be reached.
  static func start(address: String, initialTree: _ATSPITree) -> _ATSPIServer? {
    guard let connection = _connect(address), let info = _interfaces.node else { return nil }
    let server = _ATSPIServer(connection: connection, wakeEvent: SDL_RegisterEvents(1))
    server.tree.withLock { $0 = initialTree }
    // The server lives as long as the program: the bus may call it until the process ends.
    let context = Unmanaged.passRetained(server).toOpaque()
    guard let mainContext = g_main_context_new() else { return nil }
    // Calls are dispatched to the context current when the objects were registered, which the
    // bridge's thread runs.
    g_main_context_push_thread_default(mainContext)
    // GLib copies the table: it need not outlive the call.
    var subtree = GDBusSubtreeVTable()
    subtree.introspect = _introspect
    subtree.dispatch = _dispatch
    var error: UnsafeMutablePointer<GError>?
    let registered = withUnsafePointer(to: &subtree) { table in
      g_dbus_connection_register_subtree(
        connection, "/org/a11y/atspi/accessible", table,
        Int32(CGIO_DBUS_SUBTREE_FLAGS_DISPATCH_TO_UNENUMERATED_NODES), context, nil, &error)
    }
    g_clear_error(&error)
    if let cache = g_dbus_node_info_lookup_interface(info, "org.a11y.atspi.Cache") {
      _ = g_dbus_connection_register_object(
        connection, "/org/a11y/atspi/cache", cache, _vtable, context, nil, &error)
      g_clear_error(&error)
    }
    g_main_context_pop_thread_default(mainContext)
    guard registered != 0 else {
      g_dbus_connection_close_sync(connection, nil, nil)
      return nil
    }
    _ = g_thread_new("atspi", _run, UnsafeMutableRawPointer(mainContext))
    server._embed()
    return server
  }

  /// `Socket.Embed` on the registry's root: the registry lists the application from then on
  /// and answers with its root, the application's parent.
  private func _embed() {
    var reference: [OpaquePointer?] = [_V.reference(busName, _ATSPITree.rootPath)]
    let parameters = reference.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 1) }
    var error: UnsafeMutablePointer<GError>?
    guard
      let reply = g_dbus_connection_call_sync(
        connection, "org.a11y.atspi.Registry", _ATSPITree.rootPath, "org.a11y.atspi.Socket",
        "Embed", parameters, nil, Int32(CGIO_DBUS_CALL_FLAGS_NONE), Self.startTimeout, nil,
        &error)
    else {
      g_clear_error(&error)
      return
    }
    defer { g_variant_unref(reply) }
    guard let answer = g_variant_get_child_value(reply, 0) else { return }
    defer { g_variant_unref(answer) }
    guard String(cString: g_variant_get_type_string(answer)) == "(so)",
      let bus = g_variant_get_child_value(answer, 0), let path = g_variant_get_child_value(answer, 1)
    else { return }
    let registry = (
      String(cString: g_variant_get_string(bus, nil)), String(cString: g_variant_get_string(path, nil))
    )
    g_variant_unref(bus)
    g_variant_unref(path)
    parent.withLock { $0 = registry }
  }

  // MARK: Signals (any thread)

  /// An `org.a11y.atspi.Event.<kind>` signal from `path`: AT-SPI's `(siiva{sv})`.
  func emit(
    _ member: String, from path: String, detail: String = "", _ detail1: Int = 0,
    _ detail2: Int = 0, data: OpaquePointer? = nil, kind: String = "Object"
  ) {
    let arguments: [OpaquePointer] = [
      _V.string(detail), _V.int(detail1), _V.int(detail2), g_variant_new_variant(data ?? _V.int(0)),
      _V.array("{sv}", []),
    ]
    g_dbus_connection_emit_signal(
      connection, nil, path, "org.a11y.atspi.Event." + kind, member, _V.tuple(arguments), nil)
  }

  /// A reference to the object at `path` as events and replies carry it.
  func reference(_ path: String) -> OpaquePointer {
    path == _ATSPITree.nullPath ? _V.reference("", path) : _V.reference(busName, path)
  }

  // MARK: Calls (the bridge's thread)

  /// The answer to one call: the reply's arguments, or a D-Bus error.
  enum _Reply {
    case values([OpaquePointer])
    case error(String)
  }

  func _call(path: String, interface: String, method: String, parameters: OpaquePointer?)
    -> _Reply
  {
    if interface == "org.a11y.atspi.Cache" {
      return .values([_V.array("((so)(so)(so)iiassusau)", [])])
    }
    let tree = self.tree.withLock { $0 }
    guard let node = tree.node(at: path) else {
      return .error("The object \(path) is gone")
    }
    let argument = { (index: Int) -> Int in
      guard let parameters, index < g_variant_n_children(parameters),
        let child = g_variant_get_child_value(parameters, index)
      else { return 0 }
      defer { g_variant_unref(child) }
      switch String(cString: g_variant_get_type_string(child)) {
      case "i": return Int(g_variant_get_int32(child))
      case "u": return Int(g_variant_get_uint32(child))
      default: return 0
      }
    }
    switch (interface, method) {
    case ("org.a11y.atspi.Accessible", "GetChildAtIndex"):
      return .values([reference(_child(of: node, path: path, at: argument(0)))])
    case ("org.a11y.atspi.Accessible", "GetChildren"):
      let count = _childCount(node)
      return .values([
        _V.array("(so)", (0..<count).map { reference(_child(of: node, path: path, at: $0)) })
      ])
    case ("org.a11y.atspi.Accessible", "GetIndexInParent"):
      return .values([_V.int(node.indexInParent)])
    case ("org.a11y.atspi.Accessible", "GetRelationSet"):
      return .values([_V.array("(ua(so))", [])])
    case ("org.a11y.atspi.Accessible", "GetRole"):
      return .values([g_variant_new_uint32(node.role.rawValue)])
    case ("org.a11y.atspi.Accessible", "GetRoleName"),
      ("org.a11y.atspi.Accessible", "GetLocalizedRoleName"):
      return .values([_V.string(node.role.name)])
    case ("org.a11y.atspi.Accessible", "GetState"):
      return .values([_V.array("u", node.states.words.map { g_variant_new_uint32($0) })])
    case ("org.a11y.atspi.Accessible", "GetAttributes"):
      return .values([
        _V.array(
          "{ss}",
          node.attributes.sorted { $0.key < $1.key }.map {
            g_variant_new_dict_entry(_V.string($0.key), _V.string($0.value))
          })
      ])
    case ("org.a11y.atspi.Accessible", "GetApplication"):
      return .values([reference(_ATSPITree.rootPath)])
    case ("org.a11y.atspi.Accessible", "GetInterfaces"):
      return .values([_V.array("s", node.interfaces.map(_V.string))])
    case ("org.a11y.atspi.Application", "GetLocale"):
      return .values([_V.string("en_US")])
    case ("org.a11y.atspi.Component", _):
      return _component(node, tree: tree, method: method, argument)
    case ("org.a11y.atspi.Action", _):
      return _action(node, path: path, method: method, argument(0))
    case ("org.a11y.atspi.Selection", _):
      return _selection(node, path: path, tree: tree, method: method, argument(0))
    default:
      return .error("\(interface).\(method) is not answered here")
    }
  }

  func _childCount(_ node: _ATSPINode) -> Int { node.rowCount ?? node.children.count }

  func _child(of node: _ATSPINode, path: String, at index: Int) -> String {
    if node.rowCount != nil {
      return index >= 0 && index < _childCount(node)
        ? _ATSPITree.rowPath(list: path, row: index) : _ATSPITree.nullPath
    }
    return node.children.indices.contains(index) ? node.children[index] : _ATSPITree.nullPath
  }

  /// The extents in `coordinates` (0 screen, 1 window, 2 parent), pixels.
  func _extents(_ node: _ATSPINode, tree: _ATSPITree, coordinates: Int) -> [Int] {
    guard let rect = node.extents else { return [0, 0, 0, 0] }
    var x = rect.x
    var y = rect.y
    if coordinates == 0 {
      x += Double(tree.windowOrigin.x) / tree.scale
      y += Double(tree.windowOrigin.y) / tree.scale
    } else if coordinates == 2, let parent = tree.node(at: node.parent)?.extents {
      x -= parent.x
      y -= parent.y
    }
    return [x, y, rect.width, rect.height].map { Int(($0 * tree.scale).rounded()) }
  }

  func _component(
    _ node: _ATSPINode, tree: _ATSPITree, method: String, _ argument: (Int) -> Int
  ) -> _Reply {
    switch method {
    case "GetExtents":
      return .values([_V.tuple(_extents(node, tree: tree, coordinates: argument(0)).map(_V.int))])
    case "GetPosition":
      return .values(_extents(node, tree: tree, coordinates: argument(0)).prefix(2).map(_V.int))
    case "GetSize":
      return .values(_extents(node, tree: tree, coordinates: 1).suffix(2).map(_V.int))
    case "Contains":
      let box = _extents(node, tree: tree, coordinates: argument(2))
      let (x, y) = (argument(0), argument(1))
      return .values([
        g_variant_new_boolean(
          x >= box[0] && y >= box[1] && x < box[0] + box[2] && y < box[1] + box[3] ? 1 : 0)
      ])
    case "GetAccessibleAtPoint":
      return .values([reference(_ATSPITree.nullPath)])
    case "GetLayer": return .values([g_variant_new_uint32(node.role == .frame ? 7 : 3)])
    case "GetMDIZOrder": return .values([g_variant_new_int16(0)])
    case "GrabFocus": return .values([g_variant_new_boolean(0)])
    case "GetAlpha": return .values([g_variant_new_double(1)])
    default: return .error("org.a11y.atspi.Component.\(method) is not answered here")
    }
  }

  func _action(_ node: _ATSPINode, path: String, method: String, _ index: Int) -> _Reply {
    let action = node.actions.indices.contains(index) ? node.actions[index] : nil
    switch method {
    case "GetName", "GetLocalizedName": return .values([_V.string(action?.name ?? "")])
    case "GetDescription": return .values([_V.string(action?.description ?? "")])
    case "GetKeyBinding":
      return .values([_V.string(action?.name == "refresh" ? "F5" : "")])
    case "GetActions":
      return .values([
        _V.array(
          "(sss)",
          node.actions.map {
            _V.tuple([
              _V.string($0.name), _V.string($0.description), _V.string($0.name == "refresh" ? "F5" : ""),
            ])
          })
      ])
    case "DoAction":
      guard action != nil else { return .values([g_variant_new_boolean(0)]) }
      _request(_ATSPIRequest(path: path, action: index))
      return .values([g_variant_new_boolean(1)])
    default: return .error("org.a11y.atspi.Action.\(method) is not answered here")
    }
  }

  func _selection(
    _ node: _ATSPINode, path: String, tree: _ATSPITree, method: String, _ index: Int
  ) -> _Reply {
    let selected = (0..<_childCount(node)).lazy.map { _ATSPITree.rowPath(list: path, row: $0) }
      .filter { tree.nodes[$0]?.states.contains(.selected) == true }
    switch method {
    case "GetSelectedChild":
      let all = Array(selected)
      return .values([reference(all.indices.contains(index) ? all[index] : _ATSPITree.nullPath)])
    case "IsChildSelected":
      return .values([
        g_variant_new_boolean(
          tree.nodes[_ATSPITree.rowPath(list: path, row: index)]?.states.contains(.selected) == true
            ? 1 : 0)
      ])
    case "SelectChild", "DeselectSelectedChild", "SelectAll", "ClearSelection", "DeselectChild":
      return .values([g_variant_new_boolean(0)])
    default: return .error("org.a11y.atspi.Selection.\(method) is not answered here")
    }
  }

  func _property(path: String, interface: String, name: String) -> OpaquePointer? {
    let tree = self.tree.withLock { $0 }
    guard let node = tree.node(at: path) else { return nil }
    switch (interface, name) {
    case ("org.a11y.atspi.Accessible", "Name"): return _V.string(node.name)
    case ("org.a11y.atspi.Accessible", "Description"): return _V.string(node.description)
    case ("org.a11y.atspi.Accessible", "Parent"):
      if path == _ATSPITree.rootPath {
        let registry = parent.withLock { $0 }
        return _V.reference(registry.bus, registry.path)
      }
      return reference(node.parent)
    case ("org.a11y.atspi.Accessible", "ChildCount"): return _V.int(_childCount(node))
    case ("org.a11y.atspi.Accessible", "Locale"): return _V.string("en_US")
    case ("org.a11y.atspi.Accessible", "AccessibleId"):
      return _V.string(String(path.split(separator: "/").last ?? ""))
    case ("org.a11y.atspi.Accessible", "HelpText"): return _V.string("")
    case ("org.a11y.atspi.Application", "ToolkitName"): return _V.string(toolkitName)
    case ("org.a11y.atspi.Application", "Version"): return _V.string("1.0")
    case ("org.a11y.atspi.Application", "AtspiVersion"): return _V.string("2.1")
    case ("org.a11y.atspi.Application", "Id"): return _V.int(0)
    case ("org.a11y.atspi.Action", "NActions"): return _V.int(node.actions.count)
    case ("org.a11y.atspi.Selection", "NSelectedChildren"):
      return _V.int(
        (0..<_childCount(node)).filter {
          tree.nodes[_ATSPITree.rowPath(list: path, row: $0)]?.states.contains(.selected) == true
        }.count)
    case ("org.a11y.atspi.Value", "MinimumValue"): return g_variant_new_double(node.value?.minimum ?? 0)
    case ("org.a11y.atspi.Value", "MaximumValue"): return g_variant_new_double(node.value?.maximum ?? 0)
    case ("org.a11y.atspi.Value", "CurrentValue"): return g_variant_new_double(node.value?.current ?? 0)
    case ("org.a11y.atspi.Value", "MinimumIncrement"): return g_variant_new_double(0)
    case ("org.a11y.atspi.Value", "Text"): return _V.string(node.value?.text ?? "")
    default: return nil
    }
  }

  /// Queues a request for the window and wakes its loop.
  func _request(_ request: _ATSPIRequest) {
    requests.withLock { $0.append(request) }
    var event = SDL_Event()
    event.type = wakeEvent
    SDL_PushEvent(&event)
    _LoopWakeup.signal()
  }
}

// MARK: GDBus's callbacks

/// The server behind a callback's user data.
private func _server(_ data: UnsafeMutableRawPointer?) -> _ATSPIServer? {
  data.map { Unmanaged<_ATSPIServer>.fromOpaque($0).takeUnretainedValue() }
}

private func _string(_ text: UnsafePointer<gchar>?) -> String { text.map { String(cString: $0) } ?? "" }

/// The bridge's thread: runs the main context the objects were registered in, for ever.
private let _run: GThreadFunc = { context in
  let loop = g_main_loop_new(OpaquePointer(context), 0)
  g_main_loop_run(loop)
  return nil
}

private let _introspect: GDBusSubtreeIntrospectFunc = { _, _, _, node, _ in
  // Every object answers the same interfaces (what does not apply to it answers nothing).
  let names = [
    "org.a11y.atspi.Accessible", "org.a11y.atspi.Application", "org.a11y.atspi.Component",
    "org.a11y.atspi.Action", "org.a11y.atspi.Selection", "org.a11y.atspi.Value",
  ]
  guard node != nil, let info = _interfaces.node,
    let array = g_malloc0(MemoryLayout<OpaquePointer?>.stride * (names.count + 1))?
      .bindMemory(to: OpaquePointer?.self, capacity: names.count + 1)
  else { return nil }
  for (index, name) in names.enumerated() {
    // GDBus drops a reference of each interface after the call.
    array[index] = g_dbus_interface_info_ref(g_dbus_node_info_lookup_interface(info, name))
  }
  return array
}

private let _dispatch: GDBusSubtreeDispatchFunc = { _, _, _, _, _, userDataOut, userData in
  userDataOut?.pointee = userData
  return UnsafePointer(_vtable)
}

private let _methodCall: GDBusInterfaceMethodCallFunc = {
  _, _, path, interface, method, parameters, invocation, data in
  guard let server = _server(data) else { return }
  switch server._call(
    path: _string(path), interface: _string(interface), method: _string(method),
    parameters: parameters)
  {
  case .values(let values):
    g_dbus_method_invocation_return_value(invocation, _V.tuple(values))
  case .error(let message):
    g_dbus_method_invocation_return_dbus_error(
      invocation, "org.freedesktop.DBus.Error.UnknownObject", message)
  }
}

private let _getProperty: GDBusInterfaceGetPropertyFunc = {
  _, _, path, interface, name, _, data in
  _server(data)?._property(path: _string(path), interface: _string(interface), name: _string(name))
}

/// Only the application's `Id` is written (the registry numbers the applications); it is
/// taken and forgotten.
private let _setProperty: GDBusInterfaceSetPropertyFunc = { _, _, _, _, _, _, _, _ in 1 }

/// The one table every object's calls go through.
private nonisolated(unsafe) let _vtable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
  let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
  table.initialize(to: GDBusInterfaceVTable())
  table.pointee.method_call = _methodCall
  table.pointee.get_property = _getProperty
  table.pointee.set_property = _setProperty
  return table
}()

/// The interfaces, parsed once (at-spi2-core's `xml/*.xml`, the members the bridge answers).
enum _interfaces {
  nonisolated(unsafe) static let node: OpaquePointer? = {
    var error: UnsafeMutablePointer<GError>?
    let node = g_dbus_node_info_new_for_xml(xml, &error)
    g_clear_error(&error)
    return node
  }()

  static let xml = """
    <node>
    <interface name="org.a11y.atspi.Accessible">
    <property name="Name" type="s" access="read"/>
    <property name="Description" type="s" access="read"/>
    <property name="Parent" type="(so)" access="read"/>
    <property name="ChildCount" type="i" access="read"/>
    <property name="Locale" type="s" access="read"/>
    <property name="AccessibleId" type="s" access="read"/>
    <property name="HelpText" type="s" access="read"/>
    <method name="GetChildAtIndex"><arg direction="in" type="i"/><arg direction="out" type="(so)"/></method>
    <method name="GetChildren"><arg direction="out" type="a(so)"/></method>
    <method name="GetIndexInParent"><arg direction="out" type="i"/></method>
    <method name="GetRelationSet"><arg direction="out" type="a(ua(so))"/></method>
    <method name="GetRole"><arg direction="out" type="u"/></method>
    <method name="GetRoleName"><arg direction="out" type="s"/></method>
    <method name="GetLocalizedRoleName"><arg direction="out" type="s"/></method>
    <method name="GetState"><arg direction="out" type="au"/></method>
    <method name="GetAttributes"><arg direction="out" type="a{ss}"/></method>
    <method name="GetApplication"><arg direction="out" type="(so)"/></method>
    <method name="GetInterfaces"><arg direction="out" type="as"/></method>
    </interface>
    <interface name="org.a11y.atspi.Application">
    <property name="ToolkitName" type="s" access="read"/>
    <property name="Version" type="s" access="read"/>
    <property name="AtspiVersion" type="s" access="read"/>
    <property name="Id" type="i" access="readwrite"/>
    <method name="GetLocale"><arg direction="in" type="u"/><arg direction="out" type="s"/></method>
    </interface>
    <interface name="org.a11y.atspi.Component">
    <method name="Contains"><arg direction="in" type="i"/><arg direction="in" type="i"/><arg direction="in" type="u"/><arg direction="out" type="b"/></method>
    <method name="GetAccessibleAtPoint"><arg direction="in" type="i"/><arg direction="in" type="i"/><arg direction="in" type="u"/><arg direction="out" type="(so)"/></method>
    <method name="GetExtents"><arg direction="in" type="u"/><arg direction="out" type="(iiii)"/></method>
    <method name="GetPosition"><arg direction="in" type="u"/><arg direction="out" type="i"/><arg direction="out" type="i"/></method>
    <method name="GetSize"><arg direction="out" type="i"/><arg direction="out" type="i"/></method>
    <method name="GetLayer"><arg direction="out" type="u"/></method>
    <method name="GetMDIZOrder"><arg direction="out" type="n"/></method>
    <method name="GrabFocus"><arg direction="out" type="b"/></method>
    <method name="GetAlpha"><arg direction="out" type="d"/></method>
    </interface>
    <interface name="org.a11y.atspi.Action">
    <property name="NActions" type="i" access="read"/>
    <method name="GetDescription"><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
    <method name="GetName"><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
    <method name="GetLocalizedName"><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
    <method name="GetKeyBinding"><arg direction="in" type="i"/><arg direction="out" type="s"/></method>
    <method name="GetActions"><arg direction="out" type="a(sss)"/></method>
    <method name="DoAction"><arg direction="in" type="i"/><arg direction="out" type="b"/></method>
    </interface>
    <interface name="org.a11y.atspi.Selection">
    <property name="NSelectedChildren" type="i" access="read"/>
    <method name="GetSelectedChild"><arg direction="in" type="i"/><arg direction="out" type="(so)"/></method>
    <method name="SelectChild"><arg direction="in" type="i"/><arg direction="out" type="b"/></method>
    <method name="DeselectSelectedChild"><arg direction="in" type="i"/><arg direction="out" type="b"/></method>
    <method name="IsChildSelected"><arg direction="in" type="i"/><arg direction="out" type="b"/></method>
    <method name="SelectAll"><arg direction="out" type="b"/></method>
    <method name="ClearSelection"><arg direction="out" type="b"/></method>
    <method name="DeselectChild"><arg direction="in" type="i"/><arg direction="out" type="b"/></method>
    </interface>
    <interface name="org.a11y.atspi.Value">
    <property name="MinimumValue" type="d" access="read"/>
    <property name="MaximumValue" type="d" access="read"/>
    <property name="MinimumIncrement" type="d" access="read"/>
    <property name="CurrentValue" type="d" access="read"/>
    <property name="Text" type="s" access="read"/>
    </interface>
    <interface name="org.a11y.atspi.Cache">
    <method name="GetItems"><arg direction="out" type="a((so)(so)(so)iiassusau)"/></method>
    </interface>
    </node>
    """
}

/// GVariant's constructors with Swift names; each returns a floating reference, which the
/// container, reply or signal it goes into takes.
enum _V {
  static func string(_ text: String) -> OpaquePointer { g_variant_new_string(text) }
  static func int(_ value: Int) -> OpaquePointer { g_variant_new_int32(Int32(clamping: value)) }
  static func tuple(_ children: [OpaquePointer]) -> OpaquePointer {
    var items = children.map { Optional($0) }
    return items.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, $0.count) }
  }
  static func array(_ elementType: String, _ children: [OpaquePointer]) -> OpaquePointer {
    let type = g_variant_type_new(elementType)
    defer { g_variant_type_free(type) }
    var items = children.map { Optional($0) }
    return items.withUnsafeMutableBufferPointer {
      g_variant_new_array(type, $0.baseAddress, $0.count)
    }
  }
  static func reference(_ bus: String, _ path: String) -> OpaquePointer {
    tuple([string(bus), g_variant_new_object_path(path)])
  }
}
