#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT and SIGTERM, held back from their default action (ending the process in the middle
/// of a write) and polled by the run loops instead, so that a stop ends the frame, saves what
/// must be saved, says so in one line and exits.
///
/// Blocking rather than a handler keeps it free of global state: the kernel keeps the signal
/// pending until a loop takes it. The window loop wakes at least once a second
/// (`WindowRunner.idleWait`), the headless one every frame.
enum StopSignals {
  static let watched = [SIGINT, SIGTERM]

  /// Holds the signals back in this thread and in every thread started after it (SDL's
  /// among them), so none of them ends the process. Call before SDL starts.
  static func hold() {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in watched { sigaddset(&set, signal) }
    _ = pthread_sigmask(SIG_BLOCK, &set, nil)
  }

  /// The name of a stop signal that arrived ("SIGTERM"), taken so it is reported once; nil
  /// when none did.
  static func take() -> String? {
    var pending = sigset_t()
    guard sigpending(&pending) == 0 else { return nil }
    for signal in watched where sigismember(&pending, signal) == 1 {
      var one = sigset_t()
      sigemptyset(&one)
      sigaddset(&one, signal)
      var now = timespec(tv_sec: 0, tv_nsec: 0)
      _ = sigtimedwait(&one, nil, &now)
      return signal == SIGINT ? "SIGINT" : "SIGTERM"
    }
    return nil
  }
}
