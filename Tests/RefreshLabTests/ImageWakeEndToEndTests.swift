import Foundation
import TestKit
import Testing

@testable import RefreshLab

/// Under X11 the window's loop sleeps on SDL's X connection itself (`EventSource`), where
/// `SDL_WaitEventTimeout` read the socket a dozen times a wait. An image decoded in another
/// thread arrives as an SDL event that thread pushes, which would no longer wake that sleep by
/// itself: the thread wakes it too (`_LoopWakeup`). Here the list is at rest from its first
/// frame, so the only frame after it is the one with the image, and it must come as the decode
/// ends, not at the loop's next idle wake a second later.
@Suite(.serialized) struct ImageWakeEndToEndTests {
  @Test func anImageDecodedWhileTheWindowSleepsIsShownAtOnce() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // Large enough that its decode ends after the loop went to sleep (tens of milliseconds
    // here), small enough that it ends well within the second the loop would otherwise sleep,
    // under ThreadSanitizer too, which slows the pixels' copy into Swift (a 2400-pixel square
    // took 0.97 s there, a 1200-pixel one 0.84 s on a busy machine).
    let image = folder.file("photo.png")
    let convert = try LocalTool.find("convert")
    #expect(try LocalTool.run(convert, ["-size", "800x800", "gradient:red-blue", image]).status == 0)
    let feed = folder.file("feed.jsonl")
    try """
    {"title":"Ada","body":"A photo from the walk.","image":"\(image)"}
    {"title":"Grace","body":"No photo today."}

    """.write(toFile: feed, atomically: true, encoding: .utf8)
    // No input at all: the replay only ends the run.
    let script = folder.file("rest.jsonl")
    try "{\"t\":3,\"type\":\"end\"}\n".write(toFile: script, atomically: true, encoding: .utf8)
    let trace = folder.file("trace.jsonl")

    let display = try VirtualDisplay()
    defer { display.stop() }
    let app = try AppWindow.start(
      on: display,
      arguments: [
        "--size", "400x600", "--feed", feed, "--replay", script, "--trace", trace,
        "--output-dir", folder.path,
      ])
    defer { app.stop() }
    #expect(try app.ended(within: 30) == 0)

    let times = try TraceReader.frames(at: trace).map(\.t)
    try #require(times.count >= 2, "only \(times.count) frame: the image never showed")
    // Asleep without the wake, the loop would draw it at its idle wake, a second after the
    // first frame.
    #expect(times[1] < times[0] + 0.8, "the image showed only at \(times[1]) s")
  }
}
