import CX11

/// Wakes a window loop asleep in ``EventSource/collect(into:waitingUpTo:)`` from another thread.
///
/// Under X11 the loop sleeps on SDL's X connection itself (`cx11_wait`), not in
/// `SDL_WaitEventTimeout`, so an event another thread pushes with `SDL_PushEvent` no longer
/// wakes it by itself (SDL wakes only its own wait): a thread that pushes one signals this too.
/// One eventfd for the process: any loop that wakes takes every pushed event.
enum _LoopWakeup {
  /// The eventfd the loop also sleeps on; -1 when none could be made (the loop then wakes at
  /// its next frame or timeout, at most a second later).
  static let fd: Int32 = cx11_wakeup_create()

  /// Wakes the sleeping loop, if any; safe from any thread.
  static func signal() {
    if fd >= 0 { cx11_wakeup_signal(fd) }
  }
}
