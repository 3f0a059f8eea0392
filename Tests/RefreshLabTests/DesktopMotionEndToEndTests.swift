import Foundation
import RefreshSDL
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// The desktop's reduced-motion setting read from a settings portal on a session bus of the
/// test's own (`dbus-daemon`), its portal a small fake (python3-gi's GDBus) answering
/// `org.freedesktop.appearance` `reduced-motion`: the reader, and the window's trace.
@MainActor @Suite(.serialized) struct DesktopMotionEndToEndTests {
  /// A fake `org.freedesktop.portal.Settings` answering `reduced-motion` with argv[1]
  /// (`ReadOne`, and `Read` with its variant in a variant); says "ready" once it owns its name.
  static let fakePortal = #"""
    import sys
    from gi.repository import Gio, GLib
    XML = """<node><interface name="org.freedesktop.portal.Settings">
    <method name="ReadOne"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
    <method name="Read"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
    </interface></node>"""
    value = int(sys.argv[1])
    node = Gio.DBusNodeInfo.new_for_xml(XML)
    def call(connection, sender, path, interface, method, parameters, invocation):
        namespace, key = parameters.unpack()
        if (namespace, key) != ("org.freedesktop.appearance", "reduced-motion"):
            invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "no such key")
            return
        answer = GLib.Variant("u", value)
        if method == "Read":
            answer = GLib.Variant("v", answer)
        invocation.return_value(GLib.Variant.new_tuple(GLib.Variant("v", answer)))
    def bus_acquired(connection, name):
        connection.register_object("/org/freedesktop/portal/desktop", node.interfaces[0], call, None, None)
    def name_acquired(connection, name):
        print("ready", flush=True)
    def name_lost(connection, name):
        sys.exit(1)
    Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop",
                     Gio.BusNameOwnerFlags.NONE, bus_acquired, name_acquired, name_lost)
    GLib.MainLoop().run()
    """#

  /// A private session bus and a fake portal on it answering `value`; `body` runs with the
  /// bus's address, and both are stopped after.
  func withPortal(answering value: Int, _ body: (String) throws -> Void) throws {
    for tool in ["/usr/bin/dbus-daemon", "/usr/bin/python3"] {
      guard FileManager.default.isExecutableFile(atPath: tool) else {
        throw EndToEndError.missing("\(tool) (run `make test`, which installs dbus-daemon and python3-gi)")
      }
    }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Self.withPrivateSessionBus { address in
      let portal = Process()
      portal.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      portal.arguments = ["-c", Self.fakePortal, String(value)]
      var environment = ProcessInfo.processInfo.environment
      environment["DBUS_SESSION_BUS_ADDRESS"] = address
      portal.environment = environment
      let readyPipe = Pipe()
      portal.standardOutput = readyPipe
      try portal.run()
      defer {
        kill(portal.processIdentifier, SIGKILL)
        try? portal.wait(for: "the fake portal to end after SIGKILL", within: 10)
      }
      let ready = try Self.firstLine(of: readyPipe, "the fake portal to own its name", within: 30)
      #expect(ready == "ready")
      try body(address)
    }
  }

  /// A private session bus (`dbus-daemon --session`), its address handed to `body`; stopped
  /// after.
  static func withPrivateSessionBus(_ body: (String) throws -> Void) throws {
    let daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    daemon.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
    let addressPipe = Pipe()
    daemon.standardOutput = addressPipe
    daemon.standardError = FileHandle.nullDevice
    try daemon.run()
    defer {
      kill(daemon.processIdentifier, SIGKILL)
      try? daemon.wait(for: "dbus-daemon to end after SIGKILL", within: 10)
    }
    let address = try firstLine(of: addressPipe, "dbus-daemon's address", within: 20)
    #expect(!address.isEmpty)
    try body(address)
  }

  /// The first line `pipe` carries, `seconds` at most (the read runs on a thread of its own).
  static func firstLine(of pipe: Pipe, _ what: String, within seconds: Double) throws -> String {
    let box = _Line()
    let done = DispatchSemaphore(value: 0)
    let handle = pipe.fileHandleForReading
    Thread.detachNewThread {
      var text = ""
      while !text.contains("\n") {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        text += String(decoding: chunk, as: UTF8.self)
      }
      box.set(String(text.split(separator: "\n").first ?? ""))
      done.signal()
    }
    try done.wait(for: what, within: seconds)
    return box.value
  }

  @Test func withNoSessionBusNothingIsReadOrStarted() {
    let threads = Self.threadCount()
    #expect(DesktopMotion.reducesMotion(environment: [:]) == nil)
    #expect(DesktopMotion.reducesMotion(environment: ["DBUS_SESSION_BUS_ADDRESS": ""]) == nil)
    #expect(Self.threadCount() == threads)
  }

  @Test(arguments: [(1, true), (0, false)])
  func thePortalsAnswerIsRead(value: Int, reduces: Bool) throws {
    try withPortal(answering: value) { address in
      #expect(DesktopMotion.portalReducesMotion(address: address) == reduces)
      #expect(DesktopMotion.reducesMotion(environment: ["DBUS_SESSION_BUS_ADDRESS": address]) == reduces)
    }
  }

  @Test func aPortalAskingForReducedMotionTurnsItOnInTheWindowsTrace() throws {
    try withPortal(answering: 1) { address in
      let reduced = try windowTrace(address: address, flags: [])
      #expect(!reduced.isEmpty && reduced.allSatisfy { $0.contains(#""reducedMotion":true"#) })
      // The flag overrides the desktop.
      let overridden = try windowTrace(address: address, flags: ["--reduced-motion", "off"])
      #expect(!overridden.isEmpty && overridden.allSatisfy { $0.contains(#""reducedMotion":false"#) })
    }
  }

  /// The window's trace lines, run under Xvfb with the session bus at `address` through a
  /// replay that only ends the run.
  func windowTrace(address: String, flags: [String]) throws -> [String] {
    let display = try VirtualDisplay()
    defer { display.stop() }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let script = try folder.write(#"{"t":0.5,"type":"end"}"# + "\n", to: "end.jsonl")
    let trace = folder.file("trace.jsonl")
    let app = try display.launch(
      AppWindow.appPath, arguments: ["--size", "400x600", "--replay", script, "--trace", trace] + flags,
      errors: folder.file("errors.log"), environment: ["DBUS_SESSION_BUS_ADDRESS": address])
    try app.wait(for: "the window to end its replay", within: 60)
    let errors = (try? String(contentsOfFile: folder.file("errors.log"), encoding: .utf8)) ?? ""
    #expect(app.terminationStatus == 0, "\(errors)")
    return try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  /// The threads of this process.
  static func threadCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
  }
}

/// A line one thread reads and another takes.
private final class _Line: @unchecked Sendable {
  private let lock = NSLock()
  private var _value = ""
  func set(_ value: String) { lock.withLock { _value = value } }
  var value: String { lock.withLock { _value } }
}
