import Foundation
import TestKit
import Testing

@testable import RefreshLab

/// Issue 45: frames drawn as only what changed must show what whole frames show, in the real
/// window and in every view a person opens. Each view is driven with real X input (xdotool): a
/// drag held still before its release (so it ends where it was let go), wheel notches, End and
/// Home. After each gesture, once the window is at rest, its pixels must equal those of the same
/// run with `--full-redraw`, and differ from the picture before the gesture (the content moved).
/// A partial frame the window was never handed (the horizontal list's, once) leaves the old
/// columns on screen and fails here, though the renderer's own pixels were right.
@Suite struct RedrawMatrixEndToEndTests {
  /// A view of the lab and how a person moves its content.
  struct View: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [String]
    /// Keys pressed before the gestures (Tab docks the studio).
    var setup: [String] = []
    /// Which way a drag moves the content on: x or y, and the distance in points.
    var drag: (dx: Int, dy: Int) = (0, -220)
    /// The window's size in points.
    var size = (width: 400, height: 600)
    /// Under a nested weston at this output scale (a Wayland client, HiDPI at 2), else on X11.
    var waylandScale: Int? = nil
    var testDescription: String { name }
  }

  static let views: [View] = [
    View(name: "vertical", arguments: []),
    View(name: "horizontal", arguments: ["--axis", "horizontal"], drag: (-160, 0)),
    View(name: "chat", arguments: ["--orientation", "chat"], drag: (0, 220)),
    View(name: "sections", arguments: ["--sections", "4"]),
    View(name: "varied", arguments: ["--rows-style", "varied"]),
    View(
      name: "compare",
      arguments: ["--compare", RepositoryFile.path("docs/tunings/mjrefresh.json")]),
    View(name: "studio docked", arguments: [], setup: ["Tab"]),
    View(name: "wayland", arguments: [], waylandScale: 1),
    // Twice the pixels: 360 points square is 720 pixels, inside the virtual screen.
    View(name: "wayland HiDPI", arguments: [], drag: (0, -120), size: (360, 360), waylandScale: 2),
  ]

  /// The window's pixels, row by row, and its size in pixels.
  struct Picture: Equatable {
    var pixels: [UInt32]
    var width: Int
  }

  @Test(arguments: views)
  func changedFramesShowWhatWholeFramesShow(_ view: View) throws {
    // The two runs at once, each on a display of its own: they mostly wait on their windows,
    // and one after the other they were most of a fresh clone's longest test process.
    let wholeRun = ThreadedWork { [self] in try pictures(view, fullRedraw: true) }
    let changed = try pictures(view, fullRedraw: false)
    let whole = try wholeRun.value(of: "\(view.name): the run with --full-redraw", within: 600)
    #expect(changed.count == whole.count)
    for (index, (drawn, expected)) in zip(changed, whole).enumerated() {
      let differing = zip(drawn.pixels, expected.pixels).filter { $0 != $1 }.count
      let same = drawn == expected
      #expect(
        same,
        "\(view.name): after gesture \(index), \(differing) pixels differ from the whole redraw")
    }
    for index in changed.indices.dropFirst() {
      let moved = changed[index] != changed[index - 1]
      #expect(
        moved,
        "\(view.name): gesture \(index) left the window as it was (it should have moved the content)")
    }
  }

  /// The window at rest at start and after each gesture.
  func pictures(_ view: View, fullRedraw: Bool) throws -> [Picture] {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let display = try VirtualDisplay(framebufferFolder: folder.path)
    defer { display.stop() }
    let size = view.size
    let arguments =
      [
        "--size", "\(size.width)x\(size.height)", "--seed", "3", "--lang", "en", "--latency", "0.3",
        "--output-dir", folder.path,
      ] + view.arguments + (fullRedraw ? ["--full-redraw"] : [])
    let app: AppWindow
    var weston: NestedWeston?
    defer { weston?.stop() }
    if let scale = view.waylandScale {
      let compositor = try NestedWeston(
        on: display, width: size.width, height: size.height, scale: scale, folder: folder)
      weston = compositor
      // The first frame's screenshot says the client is up (there is no window of its own).
      let shown = folder.file("shown.png")
      app = try AppWindow.start(
        under: compositor, arguments: arguments + ["--screenshot", "0.5:\(shown)"], shown: shown)
    } else {
      app = try AppWindow.start(on: display, arguments: arguments)
    }
    defer { app.stop() }
    let watch = app.watch(screen: folder.file("Xvfb_screen0"))
    let window = app.window
    let geometry = try display.run("xdotool", ["getwindowgeometry", "--shell", window])
    func value(_ key: String) -> Int? {
      geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap {
        Int($0.dropFirst(key.count + 1))
      }
    }
    let scale = view.waylandScale ?? 1
    var width = value("WIDTH") ?? size.width * scale
    var height = value("HEIGHT") ?? size.height * scale

    // Shift is an input: the start hint goes. Then the start note's time runs out, and the
    // window gives its strip back to the list.
    try app.xdotool(["windowfocus", "--sync", window, "key", "shift"] + view.setup.flatMap { ["key", $0] })
    if !view.setup.isEmpty {
      // The docked studio widens the window.
      let grown = try WindowWatch.poll(within: 30, on: display) {
        let shell = try display.run("xdotool", ["getwindowgeometry", "--shell", window])
        let now = shell.split(separator: "\n").first { $0.hasPrefix("WIDTH=") }.flatMap {
          Int($0.dropFirst(6))
        }
        if let now, now > size.width { width = now }
        return width > size.width
      }
      #expect(grown, "\(view.name): the window did not widen for the docked studio")
      height = size.height
    }
    // The start note's strip and the hint's label are the panel's dark ground: once neither
    // shows along the bottom's middle and left edge of a drawn window, the list has the window
    // to itself. A window not drawn yet shows no strip either: it is one colour (black on
    // Xvfb) until the app's first frame reaches the screen, which under the thread sanitizer
    // came after the window was mapped, so the start was taken before the start note showed
    // and the note was still up at "rest" in one run and not in the other. A key sent before
    // weston gave the client the keyboard is lost, so Shift goes again every 3 s while the
    // hint stays (as a person presses again).
    let ground = (red: UInt8(20), green: UInt8(24), blue: UInt8(30))
    var looks = 0
    let overlaysGone = try WindowWatch.poll(within: 30, on: display) {
      looks += 1
      let screen = try ScreenDump(contentsOf: watch.screen, origin: watch.origin)
      let pixels = screen.picture(width: width, height: height).pixels
      let drawn = pixels.contains { $0 != pixels.first }
      // The measured table's middle (the studio docks at the right, a compared table sits there).
      let bottom = max(0, height - 70 * scale)..<height
      let gone =
        drawn && bottom.allSatisfy { screen[size.width * scale / 2, $0] != ground && screen[3, $0] != ground }
      if !gone && looks % 30 == 0 { try app.xdotool(["windowfocus", "--sync", window, "key", "shift"]) }
      return gone
    }
    guard overlaysGone else {
      throw TimedOut(what: "\(view.name): the start note and the start hint to leave", seconds: 30)
    }
    var shots = [try rest(watch, display: display, width: width, height: height, view: view, after: "start")]
    // In the window's pixels (a HiDPI output has `scale` of them to a point).
    let centre = (x: size.width * scale / 2, y: size.height * scale / 2)
    let steps = 11
    // The pointer enters first: under weston a press goes to whatever the pointer is over then.
    var drag = [
      "mousemove", "--window", window, "\(centre.x - 10)", "\(centre.y - 10)", "sleep", "0.2",
      "mousemove", "--window", window, "\(centre.x)", "\(centre.y)", "mousedown", "1",
    ]
    for step in 1...steps {
      drag += [
        "mousemove", "--window", window, "\(centre.x + view.drag.dx * scale * step / steps)",
        "\(centre.y + view.drag.dy * scale * step / steps)", "sleep", "0.02",
      ]
    }
    // Held still before the release: the drag ends where it was let go, in both runs.
    drag += ["sleep", "0.4", "mouseup", "1"]
    let gestures: [(name: String, input: [String])] = [
      ("a drag", drag),
      (
        "wheel notches",
        ["mousemove", "--window", window, "\(centre.x)", "\(centre.y)", "click", "--repeat", "3", "5"]
      ),
      ("End", ["key", "End"]),
      ("Home", ["key", "Home"]),
    ]
    for gesture in gestures {
      try app.xdotool(["windowfocus", "--sync", window] + gesture.input)
      shots.append(
        try rest(watch, display: display, width: width, height: height, view: view, after: gesture.name))
    }
    _ = try app.quit()
    return shots
  }

  /// The window's picture once it has stayed the same for a second (half a second was once
  /// too short on a loaded machine: a window late to draw its next frame looked at rest).
  ///
  /// The app's trace is no sign of a frame drawn while it runs: it is written to a hidden
  /// temporary file in 64 KiB chunks and renamed into place at quit (`TraceWriter`), so the
  /// `trace.jsonl` this once watched did not exist until the end.
  func rest(
    _ watch: WindowWatch, display: VirtualDisplay, width: Int, height: Int, view: View, after gesture: String
  ) throws -> Picture {
    var last: Picture?
    var unchanged = 0
    let settled = try WindowWatch.poll(within: 60, on: display) {
      let screen = try ScreenDump(contentsOf: watch.screen, origin: watch.origin)
      let now = screen.picture(width: width, height: height)
      unchanged = now == last ? unchanged + 1 : 0
      last = now
      return unchanged >= 10
    }
    guard settled, let last else {
      throw TimedOut(
        what: "\(view.name): the window to come to rest after \(gesture)", seconds: 60)
    }
    return last
  }
}

extension ScreenDump {
  /// The window's `width` × `height` pixels, row by row.
  func picture(width: Int, height: Int) -> RedrawMatrixEndToEndTests.Picture {
    var pixels: [UInt32] = []
    pixels.reserveCapacity(width * height)
    for y in 0..<height {
      let start = pixelStart + (origin.y + y) * bytesPerLine + origin.x * 4
      bytes.withUnsafeBytes { raw in
        for x in 0..<width {
          pixels.append(raw.loadUnaligned(fromByteOffset: start + x * 4, as: UInt32.self) & 0x00FF_FFFF)
        }
      }
    }
    return RedrawMatrixEndToEndTests.Picture(pixels: pixels, width: width)
  }
}
