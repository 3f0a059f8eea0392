import Testing

@testable import RefreshLab

@Suite struct StatusLineTests {
  @Test func aPathUnderTheHomeFolderShowsFromTilde() {
    var line = StatusLine()
    line.homeFolder = "/home/ada"
    line.show("E, R and Ctrl+S write into /home/ada/.local/share/refresh-lab", kind: .info, at: 0)
    #expect(line.text == "E, R and Ctrl+S write into ~/.local/share/refresh-lab")
    line.show("Saved /home/ada", kind: .info, at: 0)
    #expect(line.text == "Saved ~")
  }

  @Test func aFolderThatOnlyStartsLikeHomeIsLeftAlone() {
    var line = StatusLine()
    line.homeFolder = "/home/ada/"
    line.show("Recorded 3 events to /home/adam/take.jsonl", kind: .info, at: 0)
    #expect(line.text == "Recorded 3 events to /home/adam/take.jsonl")
  }

  @Test func theCommandLineSuppliesTheHomeFolder() throws {
    let options = try LabCommand.parse([]).resolve(environment: ["HOME": "/home/ada"])
    #expect(options.homeFolder == "/home/ada")
  }
}
