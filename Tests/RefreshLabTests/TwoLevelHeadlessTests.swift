import Foundation
import RefreshCore
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// The second floor end to end, headless: a long pull opens it (trace header `twoLevel`), a
/// medium one refreshes, `twoLevelFloorRate` 0 changes nothing; a click or Esc closes it.
@MainActor @Suite(.serialized) struct TwoLevelHeadlessTests {
  /// A finger pull down by `travel` points over 0.8 s that rests, then lifts at 1 s; `after`
  /// lines follow.
  static func pull(_ travel: Double, after: [String] = []) -> String {
    var lines = [#"{"t":0,"type":"down","x":150,"y":40}"#]
    for step in 1...40 {
      lines.append(
        #"{"t":\#(Double(step) * 0.02),"type":"move","x":150,"y":\#(40 + travel * Double(step) / 40)}"#)
    }
    lines.append(#"{"t":1.0,"type":"up","x":150,"y":\#(40 + travel)}"#)
    return (lines + after + [#"{"t":5,"type":"end"}"#]).joined(separator: "\n") + "\n"
  }

  func run(script: String, floorRate: Double?) throws -> [StudioTraceFrame] {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var flags = ["--size", "300x400", "--latency", "0.5"]
    if let floorRate {
      flags += ["--tuning", try folder.write(#"{"twoLevelFloorRate": \#(floorRate)}"#, to: "t.json")]
    }
    return try HeadlessReplay.frames(scriptText: script, flags, in: folder)
  }

  func states(_ lines: [StudioTraceFrame]) -> [String] {
    lines.map(\.header).reduce(into: []) { if $0.last != $1 { $0.append($1) } }
  }

  @Test func aLongPullOpensTheSecondFloor() throws {
    let lines = try run(script: Self.pull(340), floorRate: 1.9)
    #expect(states(lines) == ["idle", "pulling", "armed", "twoLevel"])
    // Over the floor's second the header grows to fill the 400 pt viewport, and stays.
    let last = try #require(lines.last)
    #expect(last.insetTop == 400)
    #expect(last.offset == -400)
  }

  @Test func aMediumPullRefreshes() throws {
    let lines = try run(script: Self.pull(150), floorRate: 1.9)
    #expect(states(lines) == ["idle", "pulling", "armed", "refreshing", "finishing", "idle"])
  }

  @Test func withTheFloorOffTheLongPullIsTheSameAsWithoutTheKey() throws {
    let off = try run(script: Self.pull(340), floorRate: 0)
    let absent = try run(script: Self.pull(340), floorRate: nil)
    #expect(states(off) == ["idle", "pulling", "armed", "refreshing", "finishing", "idle"])
    #expect(off.map(\.offset) == absent.map(\.offset))
    #expect(off.map(\.header) == absent.map(\.header))
  }

  @Test(arguments: [
    [#"{"t":3,"type":"down","x":150,"y":200}"#, #"{"t":3.05,"type":"up","x":150,"y":200}"#],
    [#"{"t":3,"type":"key","key":"Escape"}"#],
    // A drag up from the floor's bottom sixth.
    [
      #"{"t":3,"type":"down","x":150,"y":380}"#, #"{"t":3.05,"type":"move","x":150,"y":340}"#,
      #"{"t":3.1,"type":"move","x":150,"y":300}"#,
    ],
  ])
  func aClickEscOrADragUpClosesTheFloor(close: [String]) throws {
    let lines = try run(script: Self.pull(340, after: close), floorRate: 1.9)
    #expect(states(lines) == ["idle", "pulling", "armed", "twoLevel", "idle"])
    let closed = try #require(lines.first { $0.t > 3 && $0.header == "idle" })
    // It takes the floor's duration (1 s) to close, and ends at rest at the top.
    #expect(closed.t >= 4 && closed.t < 4.1)
    #expect(lines.last?.offset == 0)
    #expect(lines.last?.insetTop == 0)
  }

  @Test func aDragInTheMiddleOfTheFloorLeavesItOpen() throws {
    let drag = [
      #"{"t":3,"type":"down","x":150,"y":200}"#, #"{"t":3.05,"type":"move","x":150,"y":150}"#,
      #"{"t":3.1,"type":"move","x":150,"y":100}"#,
    ]
    let lines = try run(script: Self.pull(340, after: drag), floorRate: 1.9)
    #expect(lines.last?.header == "twoLevel")
  }
}

/// `--header`: a bad file is one line naming it, and the run does not start.
@MainActor @Suite(.serialized) struct HeaderFlagTests {
  func run(header: String, in folder: TemporaryFolder) throws {
    let script = try folder.write(#"{"t":0.5,"type":"end"}"# + "\n", to: "s.jsonl")
    try AppLaunch(
      options: LabCommand.parse(["--headless", "--replay", script, "--header", header]).resolve(
        environment: [:])
    ).run()
  }

  @Test func aBrokenGIFIsOneLineNamingTheFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("GIF89a", to: "broken.gif")
    let error = #expect(throws: LabError.self) { try run(header: path, in: folder) }
    #expect(
      error?.description
        == "\(path): is not a GIF file the header can read (it ends inside the screen descriptor)")
  }

  @Test func aFileOfAnotherKindSaysWhichExtensions() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("x", to: "header.png")
    let error = #expect(throws: LabError.self) { try run(header: path, in: folder) }
    #expect(
      error?.description.hasPrefix("\(path): is neither a GIF (.gif) nor a Lottie animation (.json)") == true)
  }

  @Test func aMissingFileSaysSo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("missing.json")
    let error = #expect(throws: LabError.self) { try run(header: path, in: folder) }
    #expect(error?.description.hasPrefix("\(path): cannot be read") == true)
  }

  @Test(arguments: ["pull.gif", "pull.json"])
  func theLabsOwnAnimationsLoad(name: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try run(header: RepositoryFile.path("Assets/Headers/" + name), in: folder)
  }

  /// Every name the registry offers is taken by `--header`, as the panel and `--help` offer it.
  @Test(arguments: LabHeaders.registry.names)
  func everyRegisteredNameIsAHeader(name: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try run(header: name, in: folder)
    let entry = try LabHeaders.entry(forFlag: name)
    #expect(entry.name == name)
  }

  @Test func anUnknownNameListsTheNamesAndTheFiles() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let error = #expect(throws: LabError.self) { try run(header: "sparkles", in: folder) }
    #expect(
      error?.description
        == "sparkles: is no header the lab knows; name one of style, gif, lottie or a file: "
        + "gif (.gif), lottie (.json)")
  }

  /// One registry: the panel's header row and `--help` offer exactly its names.
  @Test func thePanelAndTheHelpReadTheRegistry() {
    #expect(PanelChoice.headerKind.options == LabHeaders.registry.names)
    let help = LabCommand.helpMessage()
    for entry in LabHeaders.registry.entries {
      #expect(help.contains(entry.name), "--help does not name \(entry.name)")
    }
  }
}
