import Foundation

/// A wait that ran out: what was waited for, and for how long.
public struct TimedOut: Error, CustomStringConvertible {
  public let what: String
  public let seconds: Double

  public init(what: String, seconds: Double) {
    self.what = what
    self.seconds = seconds
  }

  public var description: String { "waited \(seconds) s for \(what), in vain" }
}

/// Waits on a condition that something else makes true (a file written, a window shown), for a
/// limited time, failing with what it waited for.
public enum Waits {
  /// Looks at `condition` every 10 ms until it holds; past `seconds`, fails naming `what`.
  public static func until(_ what: String, within seconds: Double, _ condition: () throws -> Bool) throws {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while try !condition() {
      guard Date() < deadline else { throw TimedOut(what: what, seconds: seconds) }
      Thread.sleep(forTimeInterval: 0.01)
    }
  }
}

extension DispatchSemaphore {
  /// Waits for a signal, `seconds` at most; past the limit fails naming `what` it waited for.
  public func wait(for what: String, within seconds: Double) throws {
    guard wait(timeout: .now() + seconds) == .success else { throw TimedOut(what: what, seconds: seconds) }
  }
}

extension Process {
  /// Waits for the process to end, `seconds` at most. It is the process's end that is waited
  /// on (its termination handler), not a clock; past the limit it is killed and the wait fails
  /// naming `what` it waited for, so a test that cannot finish says why instead of hanging (an
  /// Escape that never reached an app slowed by ThreadSanitizer once hung a run for good).
  public func wait(for what: String, within seconds: Double) throws {
    guard hasEnded(within: seconds) else {
      // SIGKILL: a child of the test runner may inherit a mask that blocks SIGTERM.
      kill(processIdentifier, SIGKILL)
      _ = hasEnded(within: 5)
      throw TimedOut(what: what, seconds: seconds)
    }
  }

  /// Whether the process ends within `seconds`; it is left running if not.
  public func hasEnded(within seconds: Double) -> Bool {
    let ended = DispatchSemaphore(value: 0)
    terminationHandler = { _ in ended.signal() }
    // Ended before the handler was in place: nothing is left to wait for.
    if isRunning, ended.wait(timeout: .now() + seconds) == .timedOut { return false }
    // The handler has run, so the status is in: this returns at once.
    waitUntilExit()
    return true
  }
}

extension FileHandle {
  /// Reads to the end of the file, `seconds` at most; past the limit fails naming `what` it
  /// read. The read runs on a thread of its own, so a writer that never closes its end (a
  /// program's child holding the pipe open) fails the test instead of hanging it; that thread
  /// is then left blocked until the pipe closes.
  public func readToEnd(of what: String, within seconds: Double) throws -> Data {
    let read = _PendingRead()
    let done = DispatchSemaphore(value: 0)
    let handle = self
    Thread.detachNewThread {
      read.finish(handle.readDataToEndOfFile())
      done.signal()
    }
    try done.wait(for: what, within: seconds)
    return read.data
  }
}

/// The bytes a reading thread hands to the waiting one.
private final class _PendingRead: @unchecked Sendable {
  private let lock = NSLock()
  private var _data = Data()

  func finish(_ data: Data) { lock.withLock { _data = data } }
  var data: Data { lock.withLock { _data } }
}

/// Work run on a thread of its own, beside the test that started it. Swift Testing runs tests on
/// a pool of one thread per core, and an end-to-end test holds its thread while it waits on a
/// window: two sessions a test needs side by side (each on a display of its own) run one here.
public final class ThreadedWork<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var outcome: Result<Value, any Error>?
  private let done = DispatchSemaphore(value: 0)

  public init(_ body: @escaping @Sendable () throws -> Value) {
    Thread.detachNewThread { [self] in
      let result = Result { try body() }
      lock.withLock { outcome = result }
      done.signal()
    }
  }

  /// The work's result (or its error), `seconds` at most; past the limit fails naming `what`.
  public func value(of what: String, within seconds: Double) throws -> Value {
    try done.wait(for: what, within: seconds)
    guard let outcome = lock.withLock({ outcome }) else { throw TimedOut(what: what, seconds: seconds) }
    return try outcome.get()
  }
}
