import Foundation
import TestKit
import Testing

/// Issue 42: `export --format web --report` says what of the tuning the page reproduces and
/// what it cannot, writes nothing, and the page's head comment says the same.
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
    #expect(try folder.contents().isEmpty, "--report wrote a file")
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
    let comment = page.output[start.upperBound..<end.lowerBound]
    #expect(
      comment == report.output.dropLast().replacing("--", with: "- -"), "the head comment and --report differ"
    )
  }
}
