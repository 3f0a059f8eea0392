import Foundation
import TestKit
import Testing

/// Issue 42: `export --format web --report` says what of the tuning the page reproduces and
/// what it cannot, and the page's head comment says the same. Issue 54: with `--output FILE` it
/// writes FILE as the export without `--report` does, and prints the report; a tuning the page
/// cannot express is refused in one line, exit 1, nothing written.
@Suite struct WebReportTests {
  @Test(arguments: [false, true])
  func theReportListsWhatCarriesAndThePageSaysTheSame(embedsGIF: Bool) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let header = embedsGIF ? ["--header", RepositoryFile.path("Assets/Headers/pull.gif")] : []
    let arguments = ["export", "--format", "web", "--preset", "smart"] + header
    let report = try LocalTool.run(
      AppWindow.appPath, arguments + ["--report", "--output", folder.file("r.html")])
    #expect(report.status == 0)
    let written = try folder.contents()
    #expect(written == ["r.html"], "--report --output wrote \(written)")
    let alone = try LocalTool.run(AppWindow.appPath, arguments + ["--report"])
    #expect(alone.status == 0 && alone.output == report.output, "--report alone says another report")
    let lines = report.output.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("carried: the curve families iosRubberBand") == true, "\(lines)")
    #expect(
      lines.contains {
        $0.hasPrefix("carried:") && $0.contains("keys") && $0.contains("mouse wheel")
          && $0.contains("touchpad")
      })
    let missing = try #require(lines.first { $0.hasPrefix("not carried:") })
    #expect(missing.contains("second floor") && missing.contains("Lottie") && !missing.contains("touchpad"))
    if embedsGIF {
      #expect(
        lines.contains {
          $0.hasPrefix("carried: the GIF header") && $0.contains("6 KB of the 200 KB allowed")
        })
      #expect(!missing.contains("GIF"))
    } else {
      #expect(missing.contains("GIF headers unless one is given to embed (up to 200 KB)"))
    }

    let page = try LocalTool.run(AppWindow.appPath, arguments)
    guard let start = page.output.range(of: "Tuning: preset smart\n"),
      let end = page.output.range(of: "\n-->")
    else {
      Issue.record("the page has no head comment naming its tuning")
      return
    }
    #expect(
      try String(contentsOfFile: folder.file("r.html"), encoding: .utf8) == page.output,
      "--report --output wrote another page than the export without --report")
    let comment = page.output[start.upperBound..<end.lowerBound]
    #expect(
      comment == report.output.dropLast().replacing("--", with: "- -"), "the head comment and --report differ"
    )
  }

  /// A tuning the page cannot express: `--report` alone says why (exit 0, nothing written);
  /// with `--output` it is refused in one line, exit 1, and nothing is written.
  @Test func aRefusedTuningWithReportAndOutputWritesNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let tuning = try folder.write(#"{"twoLevelFloorRate": 1.9}"#, to: "t.json")
    let arguments = ["export", "--format", "web", "--tuning", tuning, "--report"]
    let alone = try LocalTool.run(AppWindow.appPath, arguments)
    #expect(alone.status == 0)
    #expect(alone.output.hasPrefix("this tuning: the web page has no second floor yet\n"), "\(alone.output)")
    let page = folder.file("page.html")
    let refused = try ProgramRun.run(AppWindow.appPath, arguments + ["--output", page], in: folder.path)
    #expect(refused.status == 1)
    #expect(refused.output.isEmpty, "a refusal printed the report: \(refused.output)")
    #expect(refused.errors == "refresh-lab: --format web: the web page has no second floor yet\n")
    #expect(!FileManager.default.fileExists(atPath: page), "a refused export wrote \(page)")
  }
}
