import Foundation
import RefreshSDL
import TestKit
import Testing

/// The example host, `folder-list`, in a real X server: a real xdotool pull on its list reads
/// the folder again from disk (a file added since shows up), the header shows while it is
/// pulled and closes afterwards, and the host's own sidebar is never drawn over. The pixels are
/// the X server's own screen (Xvfb's `-fbdir` file), not the app's idea of it.
extension EndToEndTests {
  @Test func aRealPullRefreshesTheExampleHostsListAndLeavesItsSidebarAlone() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let files = folder.file("files")
    try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
    for index in 1...30 {
      try Data("entry \(index)\n".utf8).write(
        to: URL(fileURLWithPath: files + "/entry-\(100 + index).txt"))
    }
    let output = folder.file("output.txt")

    let display = try VirtualDisplay(framebufferFolder: folder.path)
    defer { display.stop() }
    // What the app prints on standard error (a warning about XDG_RUNTIME_DIR under Xvfb, or
    // the app's own failure) is shown only when it fails.
    let errors = folder.file("errors.txt")
    let app = try AppWindow.start(
      AppWindow.sibling("folder-list"), title: "Folder list", on: display, arguments: [files],
      output: output, errors: errors)
    defer { app.stop() }
    let window = app.window
    let origin = app.origin
    let screen = folder.file("Xvfb_screen0")

    let list = (x: 200..<720, y: 0..<480)
    let sidebar = (x: 0..<200, y: 0..<480)
    let sidebarFill: (UInt8, UInt8, UInt8) = (38, 50, 56)
    let watch = WindowWatch(display: display, screen: screen, origin: origin)
    let before = try watch.screen(within: 10) {
      $0.count(in: sidebar) { $0 == sidebarFill } > 60_000
        && $0.count(in: list) { $0 == (255, 255, 255) } > 100_000
    }
    // A file added after start-up: only a read from disk can show it.
    try Data("new\n".utf8).write(to: URL(fileURLWithPath: files + "/000-new.txt"))

    // A slow pull of 300 px inside the list (x 450 of 720; the sidebar is the left 200), held.
    var pull = ["mousemove", "--window", window, "450", "60", "mousedown", "1"]
    for step in 1...15 {
      pull += ["sleep", "0.03", "mousemove", "--window", window, "450", "\(60 + step * 20)"]
    }
    try app.xdotool(pull + ["sleep", "0.3"])
    let held = try watch.screen(within: 5) { $0.count(in: list, where: Self.isCyan) > 20_000 }
    try app.xdotool(["mouseup", "1"])
    let after = try watch.screen(within: 10) { $0.count(in: list, where: Self.isCyan) == 0 }
    let status = try app.quit()
    let complaints = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    #expect(status == 0, "folder-list: \(complaints)")

    let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2, "one read at start-up, one for the pull: \(lines)")
    #expect(lines.first?.hasSuffix("read 30 entries of \(files)") == true)
    #expect(lines.last?.hasSuffix("read 31 entries of \(files)") == true)

    #expect(before.count(in: list, where: Self.isCyan) == 0)
    #expect(held.count(in: list, where: Self.isCyan) > 20_000, "the header shows while pulled")
    #expect(after.count(in: list, where: Self.isCyan) == 0, "the header closed")
    #expect(!after.same(as: before, in: list), "the rows changed")
    #expect(before.count(in: sidebar) { $0 == sidebarFill } > 60_000, "the sidebar is drawn")
    #expect(held.same(as: before, in: sidebar), "the sidebar changed during the pull")
    #expect(after.same(as: before, in: sidebar), "the sidebar changed after the refresh")
  }

  static func isCyan(_ pixel: (red: UInt8, green: UInt8, blue: UInt8)) -> Bool {
    pixel.red < 60 && pixel.green > 150 && pixel.blue > 170
  }
}

/// The X server's screen as Xvfb keeps it in its `-fbdir` file (XWD format: a big-endian
/// header, a colour map, then rows of 32-bit pixels), read relative to a window's origin.
struct ScreenDump: CustomStringConvertible {
  let bytes: [UInt8]
  let origin: (x: Int, y: Int)
  let pixelStart: Int
  let bytesPerLine: Int
  let leastSignificantFirst: Bool

  init(contentsOf path: String, origin: (x: Int, y: Int)) throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    self.bytes = bytes
    self.origin = origin
    func field(_ index: Int) -> Int {
      (0..<4).reduce(0) { $0 << 8 | Int(bytes[index * 4 + $1]) }
    }
    // Header fields: 0 header size, 7 byte order, 11 bits per pixel, 12 bytes per line,
    // 19 colour map entries of 12 bytes each.
    guard bytes.count > 100, field(11) == 32 else {
      throw EndToEndError.failed("\(path) is not a 32-bit XWD screen")
    }
    pixelStart = field(0) + field(19) * 12
    bytesPerLine = field(12)
    leastSignificantFirst = field(7) == 0
  }

  var description: String { "screen at \(origin)" }

  /// The pixel at window point (`x`, `y`), assuming the usual 0xRRGGBB masks.
  subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let start = pixelStart + (origin.y + y) * bytesPerLine + (origin.x + x) * 4
    let word = bytes[start..<start + 4]
    let ordered = leastSignificantFirst ? Array(word.reversed()) : Array(word)
    return (ordered[1], ordered[2], ordered[3])
  }

  func count(
    in region: (x: Range<Int>, y: Range<Int>),
    where matches: ((red: UInt8, green: UInt8, blue: UInt8)) -> Bool
  ) -> Int {
    var count = 0
    for y in region.y { for x in region.x where matches(self[x, y]) { count += 1 } }
    return count
  }

  func same(as other: ScreenDump, in region: (x: Range<Int>, y: Range<Int>)) -> Bool {
    region.y.allSatisfy { y in region.x.allSatisfy { x in self[x, y] == other[x, y] } }
  }
}
