import Foundation

extension Process {
  /// Waits for the process to end, `seconds` at most. It is the process's end that is waited
  /// on (its termination handler), not a clock; past the limit it is killed and the wait fails
  /// naming `what` it waited for, so a test that cannot finish says why instead of hanging (an
  /// Escape that never reached an app slowed by ThreadSanitizer once hung a run for good).
  func wait(for what: String, within seconds: Double) throws {
    guard hasEnded(within: seconds) else {
      // SIGKILL: a child of the test runner may inherit a mask that blocks SIGTERM.
      kill(processIdentifier, SIGKILL)
      _ = hasEnded(within: 5)
      throw EndToEndError.timedOut(what: what, seconds: seconds)
    }
  }

  /// Whether the process ends within `seconds`; it is left running if not.
  func hasEnded(within seconds: Double) -> Bool {
    let ended = DispatchSemaphore(value: 0)
    terminationHandler = { _ in ended.signal() }
    // Ended before the handler was in place: nothing is left to wait for.
    if isRunning, ended.wait(timeout: .now() + seconds) == .timedOut { return false }
    // The handler has run, so the status is in: this returns at once.
    waitUntilExit()
    return true
  }
}

/// Waits on a condition that something else makes true (a file written, a window shown), for a
/// limited time, failing with what it waited for.
enum Waits {
  /// Looks at `condition` every 10 ms until it holds; past `seconds`, fails naming `what`.
  static func until(_ what: String, within seconds: Double, _ condition: () throws -> Bool) throws {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while try !condition() {
      guard Date() < deadline else { throw EndToEndError.timedOut(what: what, seconds: seconds) }
      Thread.sleep(forTimeInterval: 0.01)
    }
  }
}
