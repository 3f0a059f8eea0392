import Foundation
import RefreshCore
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// Issue 42: the exported page moves as the lab does, proven in a real browser. The page is
/// exported, the standard scripts are replayed in it by headless Chromium (Debian's `chromium`,
/// its DOM read back once the page has run), and every frame is held against the lab's own
/// headless trace of the same script: offset and insets within 0.5 pt, the same states.
@MainActor @Suite(.serialized) struct WebExportTests {
  static let scripts = ["pull", "pull-and-fling", "push-to-end"]

  /// The browser, or a failure naming what installs it.
  func chromium() throws -> String {
    for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
    where FileManager.default.isExecutableFile(atPath: path) {
      return path
    }
    throw EndToEndError.missing("chromium (run `make test`, which installs it)")
  }

  @Test func theStandardScriptsMoveInTheBrowserAsInTheLab() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var lab: [String: [StudioTraceFrame]] = [:]
    var inputs: [String] = []
    for name in Self.scripts {
      let script = RepositoryFile.path("docs/scripts/\(name).jsonl")
      lab[name] = try HeadlessReplay.frames(script: script)
      let lines = try String(contentsOfFile: script, encoding: .utf8).split(separator: "\n")
        .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      inputs.append("\"\(name)\": [\(lines.joined(separator: ","))]")
    }
    let height = try #require(lab["pull"]?.first?.viewportHeight)
    // The page as exported, and a script after it that replays each script and leaves the
    // frames in the DOM for the browser to print.
    let runner = """
      <script>
      const scripts = {\(inputs.joined(separator: ","))};
      const out = {};
      for (const name in scripts) out[name] = window.refreshLab.replay(scripts[name], 60, {width: 400, height: \(height)});
      const pre = document.createElement("pre");
      pre.id = "frames";
      pre.textContent = JSON.stringify(out);
      document.body.appendChild(pre);
      </script>
      </body>
      """
    let page = WebExport.page(of: Tuning(), source: "the iOS defaults").replacing("</body>", with: runner)
    let path = try folder.write(page, to: "replay.html")
    let dom = try LocalTool.run(
      try chromium(),
      [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(folder.file("profile"))",
        "--virtual-time-budget=10000", "--dump-dom", "file://\(path)",
      ])
    #expect(dom.status == 0, "chromium exited \(dom.status)")
    guard let start = dom.output.range(of: "<pre id=\"frames\">"),
      let end = dom.output.range(of: "</pre>", range: start.upperBound..<dom.output.endIndex)
    else {
      Issue.record("the page left no frames: \(dom.output.suffix(300))")
      return
    }
    let json = String(dom.output[start.upperBound..<end.lowerBound])
      .replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    struct WebFrame: Decodable {
      let t: Double
      let offset: Double
      let insetTop: Double
      let insetBottom: Double
      let header: String
      let footer: String
    }
    let web = try JSONDecoder().decode([String: [WebFrame]].self, from: Data(json.utf8))
    for name in Self.scripts {
      let expected = try #require(lab[name])
      let shown = try #require(web[name], "no frames for \(name)")
      #expect(
        shown.count == expected.count,
        "\(name): \(shown.count) frames in the browser, \(expected.count) in the lab")
      var worst = 0.0
      var states = 0
      for (page, own) in zip(shown, expected) {
        #expect(abs(page.t - own.t) < 1e-9)
        worst = max(
          worst, abs(page.offset - own.offset), abs(page.insetTop - own.insetTop),
          abs(page.insetBottom - own.insetBottom))
        if page.header != own.header || page.footer != own.footer { states += 1 }
      }
      #expect(worst <= 0.5, "\(name): the page is \(worst) pt off the lab")
      #expect(states == 0, "\(name): \(states) frames show other states than the lab's")
      #expect(expected.contains { $0.header == "refreshing" } || expected.contains { $0.footer == "loading" })
    }
  }
}
