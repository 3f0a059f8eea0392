import ArgumentParser
import FoundationEssentials
import RefreshCore
import RefreshSDL

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
    if Self.asksForWindowHelp(arguments) {
      // The window is what `refresh-lab` runs: its options first, then the other subcommand.
      print(RefreshLabCommand.helpMessage(for: LabCommand.self))
      print("SUBCOMMANDS:\n  export                  \(ExportCommand.configuration.abstract)")
      print("  import                  \(ImportCommand.configuration.abstract)")
      print("  serve                   \(ServeCommand.configuration.abstract)")
      print(
        "\n  See 'refresh-lab export --help', 'refresh-lab import --help' and 'refresh-lab serve --help' for their options."
      )
      return 0
    }
    var command: any ParsableCommand
    do {
      command = try RefreshLabCommand.parseAsRoot(arguments)
    } catch {
      if let misspelling = FlagSpelling.misspelling(in: arguments) {
        report(misspelling.description)
        return badInputStatus
      }
      return exitStatus(for: error)
    }
    do throws(LabError) {
      switch command {
      case let export as ExportCommand:
        try export.write()
      case let importing as ImportCommand:
        try importing.write()
      case let serving as ServeCommand:
        try serving.serve()
      case let window as LabCommand:
        let options = try window.resolve(environment: environment)
        StopSignals.hold()
        try AppLaunch(options: options).run()
      default:
        // `help` and `--help` parse into ArgumentParser's own command, whose run asks for the text.
        do {
          try command.run()
        } catch {
          return exitStatus(for: error)
        }
      }
      return 0
    } catch {
      report(error.description)
      return badInputStatus
    }
  }

  /// The exit status of every refusal and failure, whoever finds it (ArgumentParser's own
  /// usage code is 64): README and `--help` promise 1.
  public static let badInputStatus: Int32 = 1

  /// Whether `arguments` ask for help without naming a subcommand (`refresh-lab --help`).
  static func asksForWindowHelp(_ arguments: [String]) -> Bool {
    guard let first = arguments.first, !["export", "import", "serve", "help"].contains(first) else {
      return false
    }
    return arguments.contains { $0 == "--help" || $0 == "-h" }
  }

  /// Prints what ArgumentParser has to say about `error` (the help text on standard output,
  /// a refusal as one line on standard error) and returns the exit status: 0 for help, and
  /// `badInputStatus` for a refusal, as for any other bad input.
  static func exitStatus(for error: any Error) -> Int32 {
    guard RefreshLabCommand.exitCode(for: error) != .success else {
      print(RefreshLabCommand.fullMessage(for: error))
      return 0
    }
    report(RefreshLabCommand.message(for: error))
    return badInputStatus
  }

  /// Prints `message` as the one line of an error.
  /// Ends the process with `status`. When a header's Lottie render was abandoned past its
  /// budget and is still inside rlottie, the output is flushed and the process ends at once
  /// (`_exit`): `exit` would run rlottie's static destructors, which join the worker thread
  /// still busy with that render.
  public static func end(_ status: Int32) -> Never {
    if LottieFrames.abandonedRenders > 0 {
      fflush(nil)
      _exit(status)
    }
    exit(status)
  }

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
