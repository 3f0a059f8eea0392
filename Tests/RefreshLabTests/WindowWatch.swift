import Foundation

/// Waits on a real window instead of a clock: the X server's own screen (Xvfb's `-fbdir` file)
/// or a file the program writes is looked at every 0.1 s until what the test waits for shows,
/// for at most a generous bound (a loaded machine draws late; a wrong picture still fails the
/// test's own checks afterwards).
struct WindowWatch {
  let display: VirtualDisplay
  /// Xvfb's screen file.
  let screen: String
  /// The window's top-left on the screen.
  let origin: (x: Int, y: Int)

  /// The screen once `ready` says so, or as it is after `seconds`.
  func screen(within seconds: Double, _ ready: (ScreenDump) -> Bool) throws -> ScreenDump {
    var dump = try ScreenDump(contentsOf: screen, origin: origin)
    try Self.poll(within: seconds, on: display) {
      dump = try ScreenDump(contentsOf: screen, origin: origin)
      return ready(dump)
    }
    return dump
  }

  /// Looks at `condition` every 0.1 s until it holds or `seconds` have passed; returns whether
  /// it held. (The pause was once `xdotool sleep`, which connects to the X server: Xvfb refuses
  /// a few connections in a hundred, and the wait failed with it.)
  @discardableResult
  static func poll(within seconds: Double, on display: VirtualDisplay, _ condition: () throws -> Bool)
    throws -> Bool
  {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while true {
      if try condition() { return true }
      if Date() >= deadline { return false }
      Thread.sleep(forTimeInterval: 0.1)
    }
  }
}
