import CSDL2

/// Seconds since a start the app chose, read from SDL's high-resolution performance counter.
///
/// Gesture samples need sub-millisecond times (the core's velocity fit goes wrong on SDL's
/// whole-millisecond event timestamps), so every `Input` the shell makes is stamped from here.
public struct HighResolutionClock: Sendable, Equatable {
  /// The counter value that reads as zero seconds.
  public let start: UInt64
  /// Counter ticks per second.
  public let frequency: UInt64

  /// A clock that reads zero now.
  public init() {
    self.init(start: Self.counter())
  }

  /// A clock that reads zero at counter value `start` (see `counter()`).
  public init(start: UInt64) {
    self.start = start
    self.frequency = max(1, SDL_GetPerformanceFrequency())
  }

  /// The raw counter now.
  public static func counter() -> UInt64 {
    SDL_GetPerformanceCounter()
  }

  /// Seconds since `start`.
  public func now() -> Double {
    seconds(atCounter: Self.counter())
  }

  /// Seconds from `start` to counter value `counter` (negative before the start).
  public func seconds(atCounter counter: UInt64) -> Double {
    if counter >= start {
      return Double(counter - start) / Double(frequency)
    }
    return -Double(start - counter) / Double(frequency)
  }
}
