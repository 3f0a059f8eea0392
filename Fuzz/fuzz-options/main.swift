import ArgumentParser
import CLibFuzzer
import RefreshLab

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line: the bytes, split at NUL bytes, are the arguments, checked as
/// `RefreshLabApp.main` checks them. Any arguments either resolve into options or are refused
/// with one line; nothing runs.
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let input = UnsafeBufferPointer(start: bytes, count: count)
  let arguments = input.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  // The first argument doubles as the locale, which picks the default language.
  let environment = ["LANG": arguments.first ?? ""]
  let message: String
  do {
    let command = try LabCommand.parse(arguments)
    do throws(LabError) {
      _ = try command.resolve(environment: environment)
      return 0
    } catch {
      message = error.description
    }
  } catch {
    // --help and --version succeed with their text; anything else is a refusal.
    guard LabCommand.exitCode(for: error) != .success else { return 0 }
    message = LabCommand.message(for: error)
  }
  // What the app prints: ArgumentParser quotes the arguments it refuses, line breaks and all.
  let line = RefreshLabApp.errorLine(message)
  precondition(
    !message.isEmpty && !line.contains(where: \.isNewline), "a refusal is not one line: \(line)")
  return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { testOneInput($0, $1) })
