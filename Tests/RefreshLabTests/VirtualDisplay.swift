import Foundation
import TestKit

/// An Xvfb server on a display number it picks itself, ready when it says so.
struct VirtualDisplay {
  let server: Process
  let name: String

  /// A server; with `framebufferFolder`, its screen is also a file there (see `screen()`).
  init(framebufferFolder: String? = nil) throws {
    server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
    let ready = Pipe()
    // -displayfd writes the display number once the server accepts connections: no polling.
    server.arguments =
      ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"]
      + (framebufferFolder.map { ["-fbdir", $0] } ?? [])
    server.standardOutput = ready
    server.standardError = FileHandle.nullDevice
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else {
      throw EndToEndError.missing("Xvfb (run `make test`, which installs xvfb and xdotool)")
    }
    try server.run()
    var text = ""
    while !text.contains("\n") {
      let chunk = ready.fileHandleForReading.availableData
      if chunk.isEmpty { break }  // the server ended without a display
      text += String(decoding: chunk, as: UTF8.self)
    }
    let number = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !number.isEmpty else { throw EndToEndError.missing("a display from Xvfb") }
    name = ":" + number
    // Display numbers come round again: what an earlier display's programs kept is not ours.
    try? FileManager.default.removeItem(atPath: dataFolder)
  }

  func stop() {
    // SIGKILL: a process started from the test runner may inherit a mask that blocks SIGTERM.
    kill(server.processIdentifier, SIGKILL)
    try? server.wait(for: "Xvfb to end after SIGKILL", within: 10)
    try? FileManager.default.removeItem(atPath: dataFolder)
  }

  var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = name
    environment["SDL_AUDIODRIVER"] = "dummy"
    // The app's data folder (the tuning saved last time, what E, R and Ctrl+S write) is this
    // display's own, so no test reads what another kept, nor the person's.
    environment["XDG_DATA_HOME"] = dataFolder
    return environment
  }

  /// The data folder of the programs started on this display, under the system's temporary
  /// folder; made by the app at its first write.
  var dataFolder: String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "refreshlab-data-display\(name.dropFirst())"
    ).path
  }

  /// Starts `path` on this display; with `output` and `errors`, its standard output and error
  /// go to those files. `changes` sets (or, with nil, removes) environment variables.
  func launch(
    _ path: String, arguments: [String], output: String? = nil, errors: String? = nil,
    environment changes: [String: String?] = [:]
  ) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var environment = environment
    // make test-sanitize: libraries to keep loaded in the program, so that LeakSanitizer can
    // name what they leave at exit (Sanitizers/lsan.supp).
    if let preload = environment["REFRESHLAB_PRELOAD"], !preload.isEmpty {
      environment["LD_PRELOAD"] = preload
    }
    process.environment = environment.merging(changes.mapValues { $0 ?? "" }) { $1 }
      .filter { changes[$0.key] != .some(nil) }
    if let output {
      _ = FileManager.default.createFile(atPath: output, contents: nil)
      process.standardOutput = FileHandle(forWritingAtPath: output)
    }
    if let errors {
      _ = FileManager.default.createFile(atPath: errors, contents: nil)
      process.standardError = FileHandle(forWritingAtPath: errors)
    }
    try process.run()
    return process
  }

  /// Starts `path` as `launch` does and waits until the shell condition `ready` holds (a window
  /// found, a file written) while the program runs. Xvfb refuses about 2 % of connections made
  /// while another client connects: a start that ends saying "no display" is tried again, up to
  /// three times; any other early end fails with what the program printed.
  func start(
    _ path: String, ready: String, arguments: [String], output: String? = nil,
    errors kept: String? = nil, environment changes: [String: String?] = [:]
  ) throws -> Process {
    // Standard error is read to decide on another try; kept in `kept` when the test wants it.
    let errors =
      kept
      ?? FileManager.default.temporaryDirectory
      .appendingPathComponent("refreshlab-start-\(UUID().uuidString).log").path
    defer { if kept == nil { try? FileManager.default.removeItem(atPath: errors) } }
    for attempt in 1...3 {
      let process = try launch(
        path, arguments: arguments, output: output, errors: errors, environment: changes)
      let pid = process.processIdentifier
      let waited = Process()
      waited.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      waited.arguments = [
        "timeout", "-s", "KILL", "30", "sh", "-c",
        "while kill -0 \(pid) 2>/dev/null; do (\(ready)) >/dev/null 2>&1 && exit 0; sleep 0.05; done; exit 1",
      ]
      waited.environment = process.environment
      try waited.run()
      // timeout's own alarm may be masked in a child of the test runner: bounded here too.
      try waited.wait(for: "\(path) to show (\(ready))", within: 40)
      if waited.terminationStatus == 0 { return process }
      if process.isRunning { kill(pid, SIGKILL) }
      try process.wait(for: "\(path) to end after SIGKILL", within: 10)
      let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      if said.contains("no display") && attempt < 3 { continue }
      throw EndToEndError.failed("\(path) did not start: \(said.suffix(400))")
    }
    throw EndToEndError.failed("\(path) did not start")
  }

  /// Runs a tool on this display to completion, `seconds` at most, and returns what it printed.
  /// Its output goes to a file, read once it has ended, so a tool that hangs cannot hold the
  /// test on a pipe.
  func run(_ tool: String, _ arguments: [String], within seconds: Double = 60) throws -> String {
    let command = "\(tool) \(arguments.prefix(4).joined(separator: " "))"
    // Xvfb refuses a few connections in a hundred made while another client connects: a tool
    // that could not open the display did nothing yet, and is started again (three times at
    // most); any other failure is the test's.
    for attempt in 1...3 {
      let output = FileManager.default.temporaryDirectory
        .appendingPathComponent("refreshlab-run-\(UUID().uuidString).out").path
      let errors = output + ".err"
      _ = FileManager.default.createFile(atPath: output, contents: nil)
      _ = FileManager.default.createFile(atPath: errors, contents: nil)
      defer {
        try? FileManager.default.removeItem(atPath: output)
        try? FileManager.default.removeItem(atPath: errors)
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [tool] + arguments
      process.environment = environment
      process.standardOutput = FileHandle(forWritingAtPath: output)
      process.standardError = FileHandle(forWritingAtPath: errors)
      try process.run()
      try process.wait(for: command, within: seconds)
      if process.terminationStatus == 0 {
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      }
      let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      if said.lowercased().contains("open display") && attempt < 3 { continue }
      throw EndToEndError.failed("\(command) exited \(process.terminationStatus): \(said.suffix(300))")
    }
    throw EndToEndError.failed("\(command) could not open the display")
  }
}

enum EndToEndError: Error, CustomStringConvertible {
  case missing(String)
  case failed(String)

  var description: String {
    switch self {
    case .missing(let what): "missing \(what)"
    case .failed(let what): what
    }
  }
}
