import RefreshSDL
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `body` with the display variables set as given, restoring them afterwards.
@MainActor
private func withDisplay(_ display: String?, _ body: () throws -> Void) rethrows {
  let names = ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"]
  let saved = names.map { name in getenv(name).map { String(cString: $0) } }
  defer {
    for (name, value) in zip(names, saved) {
      if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }
  }
  for name in names { unsetenv(name) }
  if let display { setenv("DISPLAY", display, 1) }
  try body()
}

@Suite(.serialized)
@MainActor
struct NoDisplayTests {
  func isNoDisplay(_ error: any Error) -> Bool {
    guard case .noDisplay = error as? SDLError else { return false }
    let message = "\(error)"
    return message.hasPrefix("no display") && message.contains("Xvfb")
  }

  @Test func withoutADisplayTheErrorSuggestsXvfb() {
    withDisplay(nil) {
      #expect(throws: SDLError.self) { try SDLSession(mode: .window) }
      #expect { try SDLSession(mode: .window) } throws: { isNoDisplay($0) }
    }
  }

  /// A session that failed to open quit SDL_ttf and SDL's subsystems in its deinit all the same,
  /// taking their counts from the sessions still open: a list in another session then failed
  /// to open its fonts ("Library not initialized").
  @Test func aSessionThatCouldNotOpenLeavesTheOthersOpen() throws {
    let open = try SDLSession(mode: .headless)
    withDisplay(nil) {
      for _ in 0..<3 { #expect(throws: SDLError.self) { try SDLSession(mode: .window) } }
    }
    let files = try FontLocator.locate()
    #expect(throws: Never.self) { try Font(session: open, files: files, pointSize: 12) }
  }

  @Test func anUnreachableDisplayIsNoDisplayNotAnInvisibleWindow() {
    withDisplay(":4321") {
      #expect { try SDLSession(mode: .window) } throws: { isNoDisplay($0) }
    }
  }

  @Test func headlessNeedsNoDisplay() throws {
    try withDisplay(nil) {
      let session = try SDLSession(mode: .headless)
      #expect(session.mode == .headless)
    }
  }
}
