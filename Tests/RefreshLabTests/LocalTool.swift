import Foundation
import TestKit

/// Programs of this machine the tests run (ImageMagick, a C compiler, the app's helpers): found
/// on the PATH, run with a limit.
enum LocalTool {
  /// How many times longer a program may take under a sanitizer (`make test-sanitize` names it in
  /// REFRESHLAB_SANITIZER): its unoptimised, instrumented build runs the app's helpers several
  /// times slower than the build a person runs, and a loaded ThreadSanitizer run's fit of one
  /// demo recording passed the 60 s a hang is allowed in `make test`.
  static let slowdown: Double = ProcessInfo.processInfo.environment["REFRESHLAB_SANITIZER"] == nil ? 1 : 4

  /// Runs `tool` with `arguments`, `limit` seconds at most (`slowdown` times that under a
  /// sanitizer), and returns its standard output and status.
  static func run(_ tool: String, _ arguments: [String], output: String? = nil, within limit: Double = 60)
    throws -> (
      output: String, status: Int32
    )
  {
    let limit = limit * slowdown
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let pipe = Pipe()
    if let output {
      _ = FileManager.default.createFile(atPath: output, contents: nil)
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    } else {
      process.standardOutput = pipe
    }
    process.standardError = FileHandle.nullDevice
    try process.run()
    let command = "\(tool) \(arguments.joined(separator: " "))"
    // Read while it runs: a full pipe would stall it. Bounded as the wait is: a child that
    // keeps the pipe open would otherwise hold the read after the tool itself has ended.
    let data: Data
    do {
      data =
        output == nil
        ? try pipe.fileHandleForReading.readToEnd(of: "the output of \(command)", within: limit) : Data()
    } catch {
      kill(process.processIdentifier, SIGKILL)
      throw error
    }
    try process.wait(for: command, within: limit)
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
  }

  /// The first of `names` found on the PATH.
  static func find(_ names: String...) throws -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in names {
      for folder in path.split(separator: ":")
      where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
        return "\(folder)/\(name)"
      }
    }
    throw EndToEndError.failed(
      "none of \(names) is installed (make installs ImageMagick and the toolchain has clang)")
  }
}
