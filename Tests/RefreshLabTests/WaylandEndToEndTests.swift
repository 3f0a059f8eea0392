import Foundation
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// The real app under a real Wayland compositor: Debian's weston, its x11 backend nested in Xvfb
/// (pixman, no GPU), kiosk shell. `DISPLAY` and `WAYLAND_DISPLAY` are both set and no SDL
/// variable is, as on a GNOME or KDE desktop with XWayland: the app must be a Wayland client
/// (no X11 window of its own) and a real xdotool drag through weston's window must refresh.
/// `make test` installs weston; a missing one fails loudly.
@Suite(.serialized) struct WaylandEndToEndTests {
  @Test func onAWaylandDesktopTheAppIsAWaylandClientAndARealDragRefreshes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let trace = folder.file("trace.jsonl")
    let stats = folder.file("stats.txt")
    let display = try VirtualDisplay(framebufferFolder: folder.path)
    defer { display.stop() }
    let weston = try NestedWeston(on: display, width: 400, height: 700, scale: 1, folder: folder)
    defer { weston.stop() }

    let app = try AppWindow.start(
      under: weston,
      arguments: [
        "--size", "400x700", "--latency", "0.5", "--seed", "3", "--lang", "en", "--stats",
        "--trace", trace, "--screenshot", "1:\(folder.file("shown.png"))",
      ], shown: folder.file("shown.png"), output: stats)
    defer { app.stop() }

    // The same slow pull as on X11, through weston's window: weston hands it to its client.
    // The pointer enters first: a press gives weston's pointer to whatever is under it then.
    var drag = [
      "mousemove", "--window", app.window, "190", "110", "sleep", "0.2",
      "mousemove", "--window", app.window, "200", "120", "mousedown", "1",
    ]
    for step in 1...15 {
      drag += ["sleep", "0.03", "mousemove", "--window", app.window, "200", "\(120 + step * 20)"]
    }
    drag += ["sleep", "0.3", "mouseup", "1"]
    try app.xdotool(drag)
    // Then weston's window is watched, not a clock: the header shows while it refreshes and
    // holds its result, and goes once the collapse is over (20 s at most, for a loaded machine).
    let screen = app.watch(screen: folder.file("Xvfb_screen0"))
    var seen = false
    let gone = try WindowWatch.poll(within: 20, on: display) {
      let top = try ScreenDump(contentsOf: screen.screen, origin: screen.origin)
      let cyan = top.count(in: (x: 0..<400, y: 0..<80), where: EndToEndTests.isCyan)
      if cyan > 0 { seen = true }
      return seen && cyan == 0
    }
    #expect(seen && gone, "the header never showed, or never went")
    // While the app runs, the X server holds weston's window and nothing of the app's.
    let ownWindows = try? display.run("xdotool", ["search", "--name", "^RefreshLab$"])
    #expect((ownWindows ?? "").isEmpty, "the app opened an X11 window: \(ownWindows ?? "")")
    #expect(try app.quit() == 0)

    let line = try String(contentsOfFile: stats, encoding: .utf8)
    #expect(line.contains("driver=wayland"), "\(line)")
    #expect(!line.contains("renderer=software"), "SDL's software renderer cannot present: \(line)")
    let headers = try TraceReader.frames(at: trace)
      .map { $0.header }
    let refreshing = try #require(headers.firstIndex(of: "refreshing"), "it never refreshed")
    #expect(headers[..<refreshing].contains("armed"))
  }

  /// Output scale 2: the window keeps its size in points and draws at twice the pixels, text
  /// rasterised at twice the size. Held against the same frame at scale 1 blown up to the same
  /// size: the native frame's edges are far steeper (an upscale halves every step).
  @Test func atOutputScaleTwoTextIsDrawnCrispAtTwiceThePixels() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let display = try VirtualDisplay()
    defer { display.stop() }
    var frames: [PixelImage] = []
    for scale in [1, 2] {
      let weston = try NestedWeston(
        on: display, width: 360, height: 360, scale: scale, folder: folder)
      defer { weston.stop() }
      let shot = folder.file("scale\(scale).png")
      let app = try AppWindow.start(
        under: weston,
        arguments: ["--size", "360x360", "--seed", "3", "--lang", "en", "--screenshot", "1:\(shot)"],
        shown: shot)
      defer { app.stop() }
      do {
        #expect(try app.quit() == 0)
      } catch {
        let log = (try? String(contentsOfFile: weston.log, encoding: .utf8)) ?? ""
        Issue.record("at scale \(scale): \(error); weston said: \(log.suffix(600))")
        return
      }
      frames.append(try PixelImage(contentsOf: shot))
    }
    let (single, double) = (frames[0], frames[1])
    #expect(single.width == 360 && single.height == 360)
    #expect(double.width == 720 && double.height == 720, "\(double)")
    // The first row's title, "#1 Silver Prairie": the top 40 points, left half.
    let native = Self.edgeSteepness(double, width: 360, height: 80)
    let upscaled = Self.edgeSteepness(Self.upscaledTwice(single), width: 360, height: 80)
    #expect(native > 1.5 * upscaled, "native \(native) against upscaled \(upscaled)")
  }

  /// How steep the horizontal edges in the image's top-left `width` × `height` pixels are: the
  /// mean step between neighbours, each step weighted by itself (large steps dominate).
  static func edgeSteepness(_ image: PixelImage, width: Int, height: Int) -> Double {
    var sum = 0.0
    var squares = 0.0
    for y in 0..<height {
      for x in 0..<(width - 1) {
        let step = abs(Self.luminance(image[x + 1, y]) - Self.luminance(image[x, y]))
        sum += step
        squares += step * step
      }
    }
    return sum > 0 ? squares / sum : 0
  }

  static func luminance(_ color: Color) -> Double {
    0.299 * Double(color.red) + 0.587 * Double(color.green) + 0.114 * Double(color.blue)
  }

  /// `image` at twice its size with linear filtering, as a compositor scales a scale-1 window.
  static func upscaledTwice(_ image: PixelImage) -> PixelImage {
    let width = image.width * 2
    let height = image.height * 2
    var pixels: [UInt32] = []
    pixels.reserveCapacity(width * height)
    func sample(_ x: Double, _ y: Double) -> UInt32 {
      let x0 = max(0, min(image.width - 1, Int(x.rounded(.down))))
      let y0 = max(0, min(image.height - 1, Int(y.rounded(.down))))
      let x1 = min(image.width - 1, x0 + 1)
      let y1 = min(image.height - 1, y0 + 1)
      let fx = max(0, min(1, x - Double(x0)))
      let fy = max(0, min(1, y - Double(y0)))
      func mix(_ channel: (Color) -> UInt8) -> UInt32 {
        let top = Double(channel(image[x0, y0])) * (1 - fx) + Double(channel(image[x1, y0])) * fx
        let bottom =
          Double(channel(image[x0, y1])) * (1 - fx) + Double(channel(image[x1, y1])) * fx
        return UInt32((top * (1 - fy) + bottom * fy).rounded())
      }
      return mix(\.red) << 16 | mix(\.green) << 8 | mix(\.blue)
    }
    for y in 0..<height {
      for x in 0..<width {
        pixels.append(sample((Double(x) + 0.5) / 2 - 0.5, (Double(y) + 0.5) / 2 - 0.5))
      }
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }
}

/// weston on an Xvfb display: one output of `width` × `height` points at `scale`, shown as an X
/// window that xdotool drives; its Wayland socket in a private runtime folder.
struct NestedWeston {
  let display: VirtualDisplay
  let server: Process
  let runtime: String
  let socket: String
  /// weston's log file.
  let log: String
  /// weston's X window, where xdotool's input goes.
  let window: String

  init(on display: VirtualDisplay, width: Int, height: Int, scale: Int, folder: TemporaryFolder)
    throws
  {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/weston") else {
      throw EndToEndError.missing("weston (run `make test`, which installs it)")
    }
    self.display = display
    log = folder.file("weston-\(scale).log")
    socket = "wayland-refreshlab-\(scale)"
    runtime = folder.file("runtime-\(scale)")
    // Wayland wants its runtime folder private to the user.
    try FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
    server.arguments = [
      "--backend=x11-backend.so", "--use-pixman", "--shell=kiosk-shell.so", "--no-config",
      "--idle-time=0", "--socket=\(socket)", "--width=\(width)", "--height=\(height)",
      "--scale=\(scale)", "--log=\(log)",
    ]
    var environment = display.environment
    environment["XDG_RUNTIME_DIR"] = runtime
    environment["WAYLAND_DISPLAY"] = nil
    server.environment = environment
    server.standardOutput = FileHandle.nullDevice
    server.standardError = FileHandle.nullDevice
    try server.run()
    // weston opens its X window first and its socket last: wait for the socket. (KILL: a child
    // of the test runner may inherit a mask that blocks timeout's SIGTERM.)
    let socketPath = runtime + "/" + socket
    _ = try display.run(
      "timeout",
      ["-s", "KILL", "20", "sh", "-c", "until [ -S '\(socketPath)' ]; do sleep 0.05; done"])
    window =
      try display.run(
        "timeout", ["-s", "KILL", "20", "xdotool", "search", "--sync", "--class", "^Weston Compositor$"]
      )
      .split(separator: "\n").first.map(String.init) ?? ""
  }

  /// Starts the app as a client of this weston, with `DISPLAY` and `WAYLAND_DISPLAY` both set
  /// and no `SDL_VIDEODRIVER`; returns once it has written `shown` (a screenshot taken a second
  /// in, when its first frame has long been presented and weston has mapped the window). With `output`, its standard output goes to that file.
  func start(_ path: String, arguments: [String], shown: String, output: String? = nil) throws
    -> Process
  {
    try display.start(
      path, ready: "[ -s '\(shown)' ]", arguments: arguments, output: output,
      environment: ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": socket, "SDL_VIDEODRIVER": nil])
  }

  /// Ends weston and waits until the X server has let its window go: a weston started next on
  /// the same display must not be found by the window of the one before (the X server frees a
  /// killed client's windows a moment after it ends, and may hand the next one the same id).
  func stop() {
    kill(server.processIdentifier, SIGKILL)
    try? server.wait(for: "weston to end after SIGKILL", within: 10)
    try? Waits.until("weston's X window to go", within: 10) {
      (try? display.run("xdotool", ["search", "--class", "^Weston Compositor$"])) == nil
    }
  }
}
