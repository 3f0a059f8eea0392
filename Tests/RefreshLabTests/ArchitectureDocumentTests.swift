import Foundation
import TestKit
import Testing

/// `ARCHITECTURE.md` must say what the code holds: every folder of every target is named in it,
/// every source path it names exists, and every claim of its "Checking this page" table holds,
/// by running the command the table gives for it (from the package's root; a claim holds when
/// its command prints nothing).
@Suite struct ArchitectureDocumentTests {
  static let root = RepositoryFile.path("")
  static let page = RepositoryFile.path("ARCHITECTURE.md")

  static func text() throws -> String { try String(contentsOfFile: page, encoding: .utf8) }

  /// The folders one level inside each target under Sources/ (`Sources/RefreshLab/Studio`).
  static func targetFolders() throws -> [String] {
    let files = FileManager.default
    let sources = RepositoryFile.path("Sources")
    var folders: [String] = []
    for target in try files.contentsOfDirectory(atPath: sources).sorted() {
      let targetPath = sources + "/" + target
      var isFolder: ObjCBool = false
      guard files.fileExists(atPath: targetPath, isDirectory: &isFolder), isFolder.boolValue else { continue }
      for folder in try files.contentsOfDirectory(atPath: targetPath).sorted() {
        var inner: ObjCBool = false
        if files.fileExists(atPath: targetPath + "/" + folder, isDirectory: &inner), inner.boolValue,
          !folder.hasSuffix(".docc"), !["include", "Fonts"].contains(folder)
        {
          folders.append("Sources/\(target)/\(folder)")
        }
      }
    }
    return folders
  }

  @Test func everyFolderOfEveryTargetIsNamed() throws {
    let page = try Self.text()
    let folders = try Self.targetFolders()
    #expect(folders.count > 20, "found only \(folders.count) folders under Sources")
    for folder in folders {
      let name = folder.split(separator: "/").last.map(String.init) ?? folder
      // The Folders section names each as `Name/` under its target's heading line.
      #expect(page.contains(" \(name)/"), "ARCHITECTURE.md does not name \(folder)")
    }
  }

  @Test func everySourcePathItNamesExists() throws {
    let page = try Self.text()
    let pattern = try NSRegularExpression(
      pattern: #"(Sources|Tests|Examples|benchmarks|docs)/[A-Za-z0-9_+./-]*[A-Za-z0-9_]"#)
    let range = NSRange(page.startIndex..., in: page)
    var checked = 0
    for match in pattern.matches(in: page, range: range) {
      guard let found = Range(match.range, in: page) else { continue }
      let path = String(page[found])
      checked += 1
      #expect(
        FileManager.default.fileExists(atPath: RepositoryFile.path(path)),
        "ARCHITECTURE.md names \(path), which does not exist")
    }
    #expect(checked > 5, "ARCHITECTURE.md names only \(checked) paths")
  }

  /// The commands of the "Checking this page" table, each with its claim.
  static func checks() throws -> [(claim: String, command: String)] {
    let lines = try text().split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "## Checking this page") else { return [] }
    var checks: [(String, String)] = []
    for line in lines[(start + 1)...] {
      if line.hasPrefix("## ") { break }
      // | claim | `command` |
      let unescaped = line.replacingOccurrences(of: "\\|", with: "\u{1}")
      let cells = unescaped.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard cells.count >= 4, cells[2].hasPrefix("`"), cells[2].hasSuffix("`"), cells[2].count > 2 else {
        continue
      }
      // A `|` inside a command is written `\|` so that the table keeps its columns.
      let command = String(cells[2].dropFirst().dropLast()).replacingOccurrences(of: "\u{1}", with: "|")
      checks.append((cells[1], command))
    }
    return checks
  }

  @Test func everyClaimOfTheCheckingTableHolds() throws {
    let checks = try Self.checks()
    #expect(checks.count >= 8, "ARCHITECTURE.md's \"Checking this page\" has \(checks.count) commands")
    for (claim, command) in checks {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      // Each command within 60 s: `timeout` ends it and says so by its status.
      process.arguments = ["-c", "exec timeout 60 /bin/sh -c \"$1\"", "sh", command]
      process.currentDirectoryURL = URL(fileURLWithPath: Self.root)
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      let printed = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let text = String(decoding: printed, as: UTF8.self)
      #expect(process.terminationStatus != 124, "\(claim): `\(command)` did not end within 60 s")
      #expect(text.isEmpty, "\(claim): `\(command)` printed \(text.prefix(400))")
    }
  }
}
