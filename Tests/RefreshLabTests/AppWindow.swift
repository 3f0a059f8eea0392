import Foundation
import TestKit

/// The one fixture for a program under test with a window: started until its window shows (on
/// X11 directly, or as a Wayland client of a nested weston), its X window found and placed,
/// driven with xdotool, and quit the way a user quits. Every wait has a limit and fails naming
/// what it waited for.
struct AppWindow {
  let display: VirtualDisplay
  let process: Process
  /// The X window that input goes to: the app's own, or weston's for a Wayland client.
  let window: String
  /// That window's top-left on the screen.
  let origin: (x: Int, y: Int)

  /// The app next to this test bundle in the build folder.
  static var appPath: String { sibling("refresh-lab") }

  /// A program built next to this test bundle (the app, an example host).
  static func sibling(_ name: String) -> String {
    let me =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(name).path
  }

  /// Starts `path` on `display` until a window titled `title` shows, retrying the connections
  /// Xvfb refuses (`VirtualDisplay.start`), and finds that window and where it is.
  static func start(
    _ path: String = appPath, title: String = "RefreshLab", on display: VirtualDisplay,
    arguments: [String], output: String? = nil, errors: String? = nil,
    environment: [String: String?] = [:]
  ) throws -> AppWindow {
    let process = try display.start(
      path, ready: "xdotool search --onlyvisible --name '^\(title)$'", arguments: arguments,
      output: output, errors: errors, environment: environment)
    let found = try display.run("xdotool", ["search", "--onlyvisible", "--name", "^\(title)$"])
    guard let window = found.split(separator: "\n").first.map(String.init) else {
      kill(process.processIdentifier, SIGKILL)
      throw EndToEndError.failed("\(path) showed no window titled \(title)")
    }
    return AppWindow(
      display: display, process: process, window: window,
      origin: try position(of: window, on: display))
  }

  /// Starts `path` as a Wayland client of `weston` until it has written `shown` (a screenshot
  /// taken once its first frame has been presented); input goes through weston's window.
  static func start(
    _ path: String = appPath, under weston: NestedWeston, arguments: [String], shown: String,
    output: String? = nil
  ) throws -> AppWindow {
    let process = try weston.start(path, arguments: arguments, shown: shown, output: output)
    return AppWindow(
      display: weston.display, process: process, window: weston.window,
      origin: try position(of: weston.window, on: weston.display))
  }

  /// The top-left of X window `window` on the screen.
  static func position(of window: String, on display: VirtualDisplay) throws -> (x: Int, y: Int) {
    let shell = try display.run("xdotool", ["getwindowgeometry", "--shell", window])
    var values: [String: Int] = [:]
    for line in shell.split(separator: "\n") {
      let parts = line.split(separator: "=")
      if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
    }
    guard let x = values["X"], let y = values["Y"] else {
      throw EndToEndError.failed("no position for window \(window): \(shell)")
    }
    return (x, y)
  }

  /// Runs xdotool commands (`mousemove`, `--window` and the like) on the display.
  func xdotool(_ commands: [String], within seconds: Double = 60) throws {
    _ = try display.run("xdotool", commands, within: seconds)
  }

  /// The window's pixels on the X server's screen file, for displays started with a
  /// framebuffer folder.
  func watch(screen: String) -> WindowWatch {
    WindowWatch(display: display, screen: screen, origin: origin)
  }

  /// Escape, the way a user quits (a signal would not do: a child of the test runner may
  /// inherit a mask that blocks it), then the program's end, `seconds` at most. Returns its
  /// exit status.
  /// A key that comes before the compositor has given the window the keyboard is lost (weston
  /// under load): Escape is sent again every 5 s, after a click, until the program ends.
  func quit(within seconds: Double = 30) throws -> Int32 {
    let deadline = Date(timeIntervalSinceNow: seconds)
    let escape = ["windowfocus", "--sync", window, "key", "--clearmodifiers", "Escape"]
    try xdotool(escape)
    var sent = 1
    while !process.hasEnded(within: min(5, max(0, deadline.timeIntervalSinceNow))) {
      guard Date() < deadline else {
        stop()
        throw TimedOut(
          what: "the program to quit after Escape (sent \(sent) times to window \(window))",
          seconds: seconds)
      }
      // A click first gives the window the keyboard, as a person clicks into a window before
      // typing (weston under load has left its client without it). The window may be going as
      // the program quits: a failed send is no failure.
      let click = ["mousemove", "--window", window, "20", "20", "click", "1"]
      _ = try? display.run("xdotool", click + escape, within: 10)
      sent += 1
    }
    return process.terminationStatus
  }

  /// The program's exit status once it has ended (after an Escape sent with other input),
  /// `seconds` at most.
  func ended(within seconds: Double = 30) throws -> Int32 {
    try process.wait(for: "the program to quit after Escape", within: seconds)
    return process.terminationStatus
  }

  /// Ends the program at once if it still runs (a test that failed half way).
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    try? process.wait(for: "the program to end after SIGKILL", within: 10)
  }
}
