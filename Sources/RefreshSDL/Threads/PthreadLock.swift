#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pthread mutex with a condition variable: what Foundation's `NSLock` and `NSCondition`
/// wrap, without Foundation, which maps its internationalization (ICU) libraries into every
/// program that links it. A pthread mutex rather than the standard library's `Mutex`, whose
/// futex ThreadSanitizer does not see as a lock.
final class _PthreadLock: @unchecked Sendable {
  private let _mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let _condition: UnsafeMutablePointer<pthread_cond_t>

  init() {
    _mutex = .allocate(capacity: 1)
    _mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(_mutex, nil)
    _condition = .allocate(capacity: 1)
    _condition.initialize(to: pthread_cond_t())
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    #if canImport(Glibc)
      // Waits are measured on the monotonic clock, which a change of the date does not move.
      pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    #endif
    pthread_cond_init(_condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(_condition)
    pthread_mutex_destroy(_mutex)
    _condition.deallocate()
    _mutex.deallocate()
  }

  func lock() { pthread_mutex_lock(_mutex) }

  func unlock() { pthread_mutex_unlock(_mutex) }

  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }

  /// Wakes every thread waiting in `wait(seconds:)`.
  func broadcast() { pthread_cond_broadcast(_condition) }

  /// Waits, with the lock held, until a broadcast or `seconds` have passed (or a spurious
  /// wake-up: callers check what they wait for again).
  func wait(seconds: Double) {
    var now = timespec()
    #if canImport(Glibc)
      clock_gettime(CLOCK_MONOTONIC, &now)
    #else
      clock_gettime(CLOCK_REALTIME, &now)
    #endif
    let nanoseconds = Int(now.tv_nsec) + Int(min(max(0, seconds), 1e6) * 1e9)
    var until = now
    until.tv_sec += nanoseconds / 1_000_000_000
    until.tv_nsec = nanoseconds % 1_000_000_000
    pthread_cond_timedwait(_condition, _mutex, &until)
  }
}

/// Starts `body` on a detached thread named `name` with a stack of `stackSize` bytes (what
/// Foundation's `Thread` does); false when the system refuses a thread.
func _startThread(name: String, stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
  final class _Body {
    let name: String
    let run: @Sendable () -> Void
    init(_ name: String, _ run: @escaping @Sendable () -> Void) {
      self.name = name
      self.run = run
    }
  }
  var attributes = pthread_attr_t()
  pthread_attr_init(&attributes)
  defer { pthread_attr_destroy(&attributes) }
  pthread_attr_setstacksize(&attributes, stackSize)
  pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
  let context = Unmanaged.passRetained(_Body(name, body)).toOpaque()
  var thread = pthread_t()
  let started = pthread_create(
    &thread, &attributes,
    { context in
      let body = Unmanaged<_Body>.fromOpaque(context!).takeRetainedValue()
      // The thread's name, as `top -H` and a debugger show it (Glibc's module lacks
      // pthread_setname_np): Linux takes it from the thread's own `comm`.
      let comm = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
      if comm >= 0 {
        _ = body.name.withCString { write(comm, $0, strlen($0)) }
        close(comm)
      }
      body.run()
      return nil
    }, context)
  guard started == 0 else {
    Unmanaged<_Body>.fromOpaque(context).release()
    return false
  }
  return true
}
