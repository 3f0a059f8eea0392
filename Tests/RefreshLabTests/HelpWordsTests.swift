import ArgumentParser
import Foundation
import TestKit
import Testing

@testable import RefreshLab

/// Issue 54: every help text and the README name the same commands and the same inputs. The
/// usage lines at the top of `refresh-lab --help` name every subcommand; `export --help`'s
/// overview names every format, the web page among them; the recordings `fit` and `--match`
/// take are named alike in their help, in docs/contracts.md and in the README; and the
/// README's examples that run the installed `refresh-lab` say `make install` first.
@MainActor @Suite struct HelpWordsTests {
  static let readme = RepositoryFile.path("README.md")
  static let contracts = RepositoryFile.path("docs/contracts.md")

  /// The subcommands besides the window, by name.
  static var subcommands: [String] {
    RefreshLabCommand.configuration.subcommands.filter { $0 != LabCommand.self }.compactMap {
      $0.configuration.commandName
    }
  }

  @Test func theUsageLinesNameEverySubcommand() throws {
    let help = RefreshLabCommand.helpMessage(for: LabCommand.self)
    let usage = try #require(help.components(separatedBy: "\n\n").first { $0.hasPrefix("USAGE:") })
    #expect(Set(Self.subcommands) == ["export", "import", "serve", "fit"], "\(Self.subcommands)")
    for name in Self.subcommands {
      #expect(usage.contains("refresh-lab \(name) "), "the usage lines leave out \(name):\n\(usage)")
    }
  }

  /// What each export format is called in words.
  static let formatWords: [ExportFormat: String] = [
    .json: "tuning file", .smart: "SmartRefreshLayout", .flutter: "pull_to_refresh", .mjrefresh: "MJRefresh",
    .easyrefresh: "easy_refresh", .web: "web page",
  ]

  @Test func exportsOverviewNamesEveryFormatTheWebPageToo() throws {
    let overview = ExportCommand.configuration.abstract + " " + ExportCommand.configuration.discussion
    for format in ExportFormat.allCases {
      let words = try #require(Self.formatWords[format], "no words for the format \(format)")
      #expect(overview.contains(words), "export's overview does not name \(format) (\(words)): \(overview)")
    }
    let help = RefreshLabCommand.helpMessage(for: ExportCommand.self)
    for format in ExportFormat.allCases {
      #expect(help.contains(format.rawValue), "export --help does not list the format \(format.rawValue)")
    }
    let readme = try String(contentsOfFile: Self.readme, encoding: .utf8)
    let synopsis = try #require(
      readme.split(separator: "\n").first { $0.hasPrefix("refresh-lab export --format json|") })
    let listed = synopsis.split(separator: " ")[3].split(separator: "|").map(String.init)
    #expect(
      Set(listed + ["web"]) == Set(ExportFormat.allCases.map(\.rawValue)),
      "README's export synopsis lists \(listed) (web has its own section)")
  }

  /// The words every place that describes a recording names.
  static let recordingWords = ["GIF", "MP4", "WebM", "MKV", "MOV", "PNG"]

  @Test func fitAndMatchNameTheSameRecordingsEverywhere() throws {
    let fit = RefreshLabCommand.helpMessage(for: FitCommand.self)
    let lab = RefreshLabCommand.helpMessage(for: LabCommand.self)
    let matchHelp = try #require(lab.range(of: "--match").map { String(lab[$0.lowerBound...].prefix(400)) })
    let contracts = try String(contentsOfFile: Self.contracts, encoding: .utf8)
    let matchRow = try #require(contracts.split(separator: "\n").first { $0.hasPrefix("| `--match") })
    let readme = try String(contentsOfFile: Self.readme, encoding: .utf8)
    let matchSection = try #require(
      readme.range(of: "### Match a recording: `--match`").map {
        String(readme[$0.upperBound...].prefix(1600))
      })
    let fitSection = try #require(
      readme.range(of: "## Match a recording: `refresh-lab fit`").map {
        String(readme[$0.upperBound...].prefix(600))
      })
    for (place, text) in [
      ("fit --help", fit), ("--help's --match", matchHelp), ("docs/contracts.md's --match", String(matchRow)),
      ("README's --match", matchSection), ("README's fit", fitSection),
    ] {
      for word in Self.recordingWords {
        #expect(text.contains(word), "\(place) does not name \(word) among the recordings it takes")
      }
    }
  }

  /// Every subcommand is shown in the README, and every code block that runs the installed
  /// program (a line starting `refresh-lab`) says `make install` first.
  @Test func theReadmeShowsEveryCommandAndHowToGetTheInstalledOne() throws {
    let readme = try String(contentsOfFile: Self.readme, encoding: .utf8)
    for name in Self.subcommands {
      #expect(readme.contains("refresh-lab \(name) "), "README shows no `refresh-lab \(name)`")
    }
    var block: [Substring]? = nil
    var unexplained: [String] = []
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let lines = block {
          let bare = lines.filter { $0.drop { $0 == " " }.hasPrefix("refresh-lab ") }
          if !bare.isEmpty && !lines.contains(where: { $0.contains("make install") }) {
            unexplained.append(String(bare[0]))
          }
          block = nil
        } else {
          block = []
        }
      } else {
        block?.append(line)
      }
    }
    #expect(unexplained.isEmpty, "README runs the installed refresh-lab without make install: \(unexplained)")
  }
}
