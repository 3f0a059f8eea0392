import ArgumentParser
import Foundation
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// `docs/contracts.md` is what scripts and outside checks rely on: it must say what the code
/// does. Each table is read from the page and held against the code itself (the parser's own
/// account of its flags, the lines a real trace carries, the script reader's table of types).
@MainActor @Suite(.serialized) struct ContractsDocumentTests {
  static let page = RepositoryFile.path("docs/contracts.md")

  /// The first cell of each table row under the heading `heading`, up to the next heading of
  /// its level or above, without its backquotes and what follows its first word (`--rows N`
  /// is `--rows`).
  static func firstCells(under heading: String) throws -> [String] {
    let lines = try String(contentsOfFile: page, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0 == heading }) else {
      Issue.record("docs/contracts.md has no heading \"\(heading)\"")
      return []
    }
    let level = heading.prefix { $0 == "#" }.count
    var cells: [String] = []
    for line in lines[(start + 1)...] {
      let hashes = line.prefix { $0 == "#" }.count
      if hashes > 0 && hashes <= level && line.dropFirst(hashes).hasPrefix(" ") { break }
      guard line.hasPrefix("| `") else { continue }
      let cell = line.dropFirst(3).prefix { $0 != "`" && $0 != " " }
      cells.append(String(cell))
    }
    return cells
  }

  /// Records an issue for each of `names` (what the code has) not listed under `heading`, for
  /// each name listed there that is not one of them, and for a name listed twice.
  static func expectListed(_ names: Set<String>, under heading: String, as what: String) throws {
    let listed = try firstCells(under: heading)
    #expect(Set(listed).count == listed.count, "docs/contracts.md lists a \(what) twice: \(listed)")
    for name in names.sorted() where !listed.contains(name) {
      Issue.record("docs/contracts.md does not list the \(what) \(name) under \(heading)")
    }
    for name in listed where !names.contains(name) {
      Issue.record("docs/contracts.md lists the \(what) \(name) under \(heading); the code has none")
    }
  }

  /// The long flags `command` takes, as ArgumentParser itself describes them (`--help` with
  /// them).
  static func flags(of command: any ParsableCommand.Type) throws -> Set<String> {
    let dump = try JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any]
    let info = try #require(dump?["command"] as? [String: Any])
    let arguments = info["arguments"] as? [[String: Any]] ?? []
    var flags: Set<String> = ["--help"]
    for argument in arguments {
      for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
        if let long = name["name"] as? String { flags.insert("--" + long) }
      }
    }
    return flags
  }

  @Test(arguments: [
    ("### Flags of `refresh-lab`", "refresh-lab"), ("### Flags of `refresh-lab export`", "export"),
    ("### Flags of `refresh-lab import`", "import"), ("### Flags of `refresh-lab serve`", "serve"),
    ("### Flags of `refresh-lab fit`", "fit"),
  ])
  func everyFlagIsListedAndEveryListedFlagIsOne(heading: String, command name: String) throws {
    let command: any ParsableCommand.Type =
      switch name {
      case "export": ExportCommand.self
      case "import": ImportCommand.self
      case "serve": ServeCommand.self
      case "fit": FitCommand.self
      default: LabCommand.self
      }
    let parsed = try Self.flags(of: command)
    #expect(parsed.count > 2, "the parser's flags of \(name) were not read: \(parsed)")
    try Self.expectListed(parsed, under: heading, as: "\(name)'s flag")
  }

  /// The keys of a real fit's report: `refresh-lab fit --json` on one of the libraries' demo
  /// recordings.
  @Test func everyFitReportKeyIsListedAndEveryListedKeyIsWritten() throws {
    let recording = RepositoryFile.path("Tests/Fixtures/recordings/mjrefresh-hide-time.gif")
    let (output, status) = try LocalTool.run(AppWindow.appPath, ["fit", recording, "--json"])
    #expect(status == 0, "refresh-lab fit \(recording) --json exited \(status)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "no JSON object")
    try Self.expectListed(
      Set(report.keys), under: "### The report of `refresh-lab fit --json`", as: "fit report key")
  }

  /// The fields of a real trace: a headless run with a compared table, so that every field a
  /// line can carry is there.
  @Test func everyTraceFieldIsListedAndEveryListedFieldIsWritten() throws {
    let lines = try HeadlessReplay.lines(
      scriptText: #"{"t":0.1,"type":"end"}"# + "\n",
      ["--compare", RepositoryFile.path("docs/tunings/mjrefresh.json"), "--size", "240x320"])
    var written = Set<String>()
    for line in lines {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      written.formUnion(object.keys)
    }
    #expect(written.contains("compare") && written.contains("offset"), "the trace was not read: \(written)")
    try Self.expectListed(written, under: "## Trace lines", as: "trace field")
  }

  @Test func everyGestureScriptTypeIsListedAndEveryListedTypeIsOne() throws {
    try Self.expectListed(Set(ScriptLine.fields.keys), under: "## Gesture scripts", as: "script line type")
  }

  /// Each type's fields are the ones the script reader takes.
  @Test func everyGestureScriptTypeHasItsFields() throws {
    let text = try String(contentsOfFile: Self.page, encoding: .utf8)
    for (type, fields) in ScriptLine.fields {
      let row = text.split(separator: "\n").first { $0.hasPrefix("| `\(type)` |") }
      guard let row else { continue }  // the test above names a missing type
      let cells = row.split(separator: "|", omittingEmptySubsequences: false)
      let cell = cells.count > 2 ? cells[2] : ""
      for field in fields.required + fields.optional {
        #expect(
          cell.contains("`\(field)`"), "docs/contracts.md: a \(type) line's field \(field) is not listed")
      }
    }
  }
}
