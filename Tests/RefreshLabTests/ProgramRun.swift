import Foundation
import TestKit

/// A program run to its end in a folder, with no display (nothing these runs do opens a window):
/// what it printed on each stream and its exit status. The suites that run `refresh-lab` (and
/// ffmpeg) as a user would share it.
struct ProgramRun {
  var output: String
  var errors: String
  var status: Int32

  /// Runs `executable` with `arguments` in `folder`, waiting `within` seconds at most for its end.
  static func run(
    _ executable: String, _ arguments: [String], in folder: String, within seconds: Double = 120
  )
    throws -> ProgramRun
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = nil
    environment["WAYLAND_DISPLAY"] = nil
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let name = "\((executable as NSString).lastPathComponent) \(arguments.prefix(3))"
    let out = try output.fileHandleForReading.readToEnd(of: "the output of \(name)", within: seconds)
    try process.wait(for: name, within: seconds)
    let err = try errors.fileHandleForReading.readToEnd(of: "the errors of \(name)", within: 10)
    return ProgramRun(
      output: String(decoding: out, as: UTF8.self), errors: String(decoding: err, as: UTF8.self),
      status: process.terminationStatus)
  }

  /// Runs `refresh-lab` with `arguments` in `folder`.
  static func lab(_ arguments: [String], in folder: String, within seconds: Double = 120) throws -> ProgramRun
  {
    try run(AppWindow.appPath, arguments, in: folder, within: seconds)
  }
}
