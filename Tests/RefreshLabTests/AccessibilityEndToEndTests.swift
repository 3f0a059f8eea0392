import Foundation
import TestKit
import Testing

/// The window as a screen reader sees it: a private session bus (`dbus-daemon`), at-spi2-core's
/// accessibility bus on it (`at-spi-bus-launcher`, whose bus starts `at-spi2-registryd` when
/// the app registers), the app under Xvfb, and an AT-SPI client (python3-pyatspi) that finds
/// the list, its rows and bars, presses F5, clicks a row and runs the list's refresh action.
/// Without the accessibility bus the app starts no thread and prints nothing more than with
/// the bridge turned off.
@MainActor @Suite(.serialized) struct AccessibilityEndToEndTests {
  static let launcher = "/usr/libexec/at-spi-bus-launcher"

  /// A private session bus: `body` runs with its address and a runtime folder of its own (where
  /// the accessibility bus puts its socket); the bus is stopped after.
  func withSessionBus(_ body: (_ address: String, _ runtime: String) throws -> Void) throws {
    for tool in ["/usr/bin/dbus-daemon", "/usr/bin/python3", "/usr/bin/gdbus", Self.launcher] {
      guard FileManager.default.isExecutableFile(atPath: tool) else {
        throw EndToEndError.missing(
          "\(tool) (run `make test`, which installs dbus-daemon, at-spi2-core, python3-pyatspi)")
      }
    }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try DesktopMotionEndToEndTests.withPrivateSessionBus { address in try body(address, folder.path) }
  }

  /// at-spi2-core's accessibility bus on the session bus at `address`, until `body` returns.
  func withAccessibilityBus(
    session address: String, runtime: String, _ body: () throws -> Void
  ) throws {
    let environment = ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": runtime]
    let launcher = Process()
    launcher.executableURL = URL(fileURLWithPath: Self.launcher)
    launcher.arguments = ["--launch-immediately"]
    launcher.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      .filter { $0.key != "DISPLAY" }
    launcher.standardOutput = FileHandle.nullDevice
    launcher.standardError = FileHandle.nullDevice
    try launcher.run()
    var registry: Int32?
    defer {
      // The launcher's bus (a dbus-daemon it started) and the registry that bus started are
      // stopped with it: the launcher leaves them running when it ends.
      let children =
        (try? String(
          contentsOfFile: "/proc/\(launcher.processIdentifier)/task/\(launcher.processIdentifier)/children",
          encoding: .utf8)) ?? ""
      for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGKILL) }
      if let registry { kill(registry, SIGKILL) }
      kill(launcher.processIdentifier, SIGKILL)
      try? launcher.wait(for: "at-spi-bus-launcher to end after SIGKILL", within: 10)
    }
    // `gdbus wait` returns once the name is owned, or fails after its timeout.
    let wait = Process()
    wait.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
    wait.arguments = ["wait", "--session", "--timeout", "20", "org.a11y.Bus"]
    wait.environment = launcher.environment
    try wait.run()
    try wait.wait(for: "at-spi-bus-launcher to own org.a11y.Bus", within: 30)
    guard wait.terminationStatus == 0 else {
      throw EndToEndError.failed("at-spi-bus-launcher did not own org.a11y.Bus within 20 s")
    }
    do {
      try body()
    } catch {
      registry = try? registryProcess(environment: launcher.environment ?? [:])
      throw error
    }
    registry = try? registryProcess(environment: launcher.environment ?? [:])
  }

  /// The process of at-spi2-registryd on the accessibility bus of the session in `environment`
  /// (the bus starts it when an application registers); nil when it did not start.
  func registryProcess(environment: [String: String]) throws -> Int32? {
    let address = try gdbus(
      [
        "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
        "--method", "org.a11y.Bus.GetAddress",
      ], environment: environment)
    // ('unix:path=...,guid=...',)
    let parts = address.split(separator: "'")
    guard parts.count >= 2 else { return nil }
    let pid = try gdbus(
      [
        "call", "--address", String(parts[1]), "--dest", "org.freedesktop.DBus", "--object-path",
        "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID",
        "org.a11y.atspi.Registry",
      ], environment: environment)
    // (uint32 1234,)
    return pid.split(whereSeparator: { !$0.isNumber }).compactMap { Int32($0) }.last
  }

  /// gdbus's answer to `arguments`, 20 s at most.
  func gdbus(_ arguments: [String], environment: [String: String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
    process.arguments = arguments
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    try process.wait(for: "gdbus \(arguments.prefix(2).joined(separator: " "))", within: 20)
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  @Test func aScreenReaderFindsTheListHearsTheRefreshAndDrivesIt() throws {
    try withSessionBus { address, runtime in
      try withAccessibilityBus(session: address, runtime: runtime) {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let environment = ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": runtime]
        let app = try AppWindow.start(
          on: display, arguments: ["--size", "400x600"], errors: folder.file("errors.log"),
          environment: environment)
        defer { app.stop() }
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        client.arguments = ["-c", ATSPIClientScript.source, "RefreshLab", app.window]
        client.environment = display.environment.merging(environment) { $1 }
        let output = folder.file("client.out")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        client.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        client.standardError = FileHandle.nullDevice
        try client.run()
        try client.wait(for: "the AT-SPI client to find and drive the list", within: 150)
        let lines = try String(contentsOfFile: output, encoding: .utf8)
          .split(separator: "\n").map(String.init)
        #expect(client.terminationStatus == 0, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("frame frame RefreshLab"))
        // The lab's first page: 20 rows, each named by its title and subtitle.
        #expect(lines.contains("list Rows 20"))
        #expect(lines.contains("row 0 list item #1 Silver Prairie, First load · page 1"))
        #expect(lines.contains("row 1 list item #2 Amber Comet, First load · page 1"))
        #expect(lines.contains("bars Pull to refresh | Tap or pull up to load more"))
        // A refresh brings a whole new first page.
        #expect(lines.contains("f5 busy 20 new rows"))
        // The refresh action asked while that refresh still shows its result waits for the
        // header to come back, then refreshes: busy, then the same announcement.
        let finishing = lines.first { $0.hasPrefix("finishing ") } ?? ""
        #expect(!finishing.hasPrefix("finishing Pull to refresh"), "asked at rest: \(finishing)")
        #expect(finishing.hasSuffix(" busy 20 new rows"), "\(finishing)")
        // The row clicked is the row selected (the page after the refresh).
        let click = lines.first { $0.hasPrefix("click ") } ?? ""
        #expect(click.hasPrefix("click #3 "))
        #expect(lines.contains("actions refresh,load more"))
        #expect(lines.contains("action busy 20 new rows"))
        #expect(lines.last == "ok")
        #expect(try app.quit() == 0)
        let errors = (try? String(contentsOfFile: folder.file("errors.log"), encoding: .utf8)) ?? ""
        #expect(errors.isEmpty, "\(errors)")
      }
    }
  }

  @Test func withoutTheAccessibilityBusNoThreadAndNoMessage() throws {
    try withSessionBus { address, runtime in
      var counts: [Int] = []
      for bridge in ["1", "0"] {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A frame drawn (its screenshot written) comes after the bridge was asked for.
        let shot = folder.file("first.png")
        let app = try AppWindow.start(
          on: display, arguments: ["--size", "400x600", "--screenshot", "0.2:\(shot)"],
          errors: folder.file("errors.log"),
          environment: [
            "DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": runtime,
            "NO_AT_BRIDGE": bridge == "1" ? nil : "1",
          ])
        defer { app.stop() }
        let drawn = try WindowWatch.poll(within: 30, on: display) {
          FileManager.default.fileExists(atPath: shot)
        }
        #expect(drawn, "the window's screenshot at 0.2 s (\(shot)) within 30 s")
        counts.append(
          (try? FileManager.default.contentsOfDirectory(
            atPath: "/proc/\(app.process.processIdentifier)/task"
          ).count) ?? -1)
        #expect(try app.quit() == 0)
        let errors = (try? String(contentsOfFile: folder.file("errors.log"), encoding: .utf8)) ?? ""
        #expect(errors.isEmpty, "\(errors)")
      }
      // The bridge looked for the bus, found none, and left nothing running.
      #expect(counts.count == 2 && counts[0] == counts[1] && counts[0] > 0, "threads: \(counts)")
    }
  }
}
