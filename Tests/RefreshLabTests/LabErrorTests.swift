import RefreshSDL
import Testing

@testable import RefreshLab

/// The shell's errors as the app words them: RefreshSDL knows nothing of the app's flags, so the
/// app adds its own way out where there is no display.
struct LabErrorTests {
  @Test func withoutADisplayTheAppSuggestsHeadlessFirst() {
    let line = LabError.shell(SDLError.noDisplay(reason: "neither DISPLAY nor WAYLAND_DISPLAY is set"))
      .description
    #expect(line.hasPrefix("no display: cannot open a window (neither DISPLAY"))
    #expect(line.contains("run with --headless"))
    #expect(line.contains("xvfb-run refresh-lab"))
    #expect(!SDLError.noDisplay(reason: "x").description.contains("--headless"))
  }

  @Test func otherShellErrorsKeepTheShellsWords() {
    let error = SDLError.callFailed(call: "SDL_CreateRenderer", reason: "no driver")
    #expect(LabError.shell(error).description == error.description)
  }
}
