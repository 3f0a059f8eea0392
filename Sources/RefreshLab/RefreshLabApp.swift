import ArgumentParser
import FoundationEssentials
import RefreshCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `refresh-lab` program: parses the command line, runs the window or the headless replay,
/// and turns every failure into one line on standard error and a non-zero exit status.
@MainActor
public enum RefreshLabApp {
  /// Runs with `arguments` (without the program name) and returns the exit status.
  public static func main(
    arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Int32 {
    let command: LabCommand
    do {
      command = try LabCommand.parse(arguments)
    } catch {
      let status = LabCommand.exitCode(for: error)
      guard status != .success else {
        // --help: the full text, on standard output.
        print(LabCommand.fullMessage(for: error))
        return status.rawValue
      }
      report(LabCommand.message(for: error))
      return status.rawValue
    }
    do throws(LabError) {
      let options = try command.resolve(environment: environment)
      StopSignals.hold()
      try LabRun(options: options).run()
      return 0
    } catch {
      report(error.description)
      return 1
    }
  }

  /// Prints `message` as the one line of an error.
  static func report(_ message: String) {
    var line = errorLine(message) + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }

  /// The line printed for `message`: its line breaks folded, since a refusal may quote an
  /// argument that holds one (found by fuzzing the command line).
  nonisolated public static func errorLine(_ message: String) -> String {
    "refresh-lab: \(message.oneLine)"
  }
}
