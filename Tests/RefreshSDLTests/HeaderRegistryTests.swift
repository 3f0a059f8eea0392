import RefreshCore
import RefreshSDL
import Testing

/// The registry a program's `--header`, picker and help read.
@MainActor
struct HeaderRegistryTests {
  final class Logo: HeaderRenderer {
    func drawHeader(_ frame: HeaderFrame, in canvas: RefreshCanvas) throws(SDLError) {}
  }

  @Test func filesFindTheirEntryByExtension() {
    let registry = HeaderRegistry.builtIn
    #expect(registry.names == ["style", "gif", "lottie"])
    #expect(registry.entry(forFile: "headers/Pull.GIF")?.name == "gif")
    #expect(registry.entry(forFile: "a.b/loader.json")?.name == "lottie")
    #expect(registry.entry(forFile: "a.gif/loader") == nil, "a dot in a folder is no extension")
    #expect(registry.entry(forFile: "logo.png") == nil)
    #expect(registry.filesDescription == "gif (.gif), lottie (.json)")
  }

  @Test func aHostsEntryIsOfferedAfterTheBuiltInOnesAndReplacesByName() throws {
    var registry = HeaderRegistry.builtIn
    registry.register(.init(name: "logo", summary: "our logo", make: { _ in Logo() }))
    #expect(registry.names == ["style", "gif", "lottie", "logo"])
    #expect(try registry.entry(named: "logo")?.make(nil) is Logo)
    registry.register(.init(name: "gif", summary: "no GIFs here", make: { _ in nil }))
    #expect(registry.names == ["style", "gif", "lottie", "logo"])
    #expect(registry.entry(named: "gif")?.playsFiles == false)
    #expect(registry.entry(forFile: "x.gif") == nil)
  }

  @Test func theStyleEntryLeavesTheTableItsOwnHeader() throws {
    #expect(try HeaderRegistry.builtIn.entry(named: "style")?.make(nil) == nil)
  }
}
