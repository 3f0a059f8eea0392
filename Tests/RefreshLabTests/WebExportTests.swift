import Foundation
import RefreshCore
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// Issue 42: the exported page moves as the lab does, proven in a real browser. The page is
/// exported, the standard scripts are replayed in it by headless Chromium (Debian's `chromium`,
/// its DOM read back once the page has run), and every frame is held against the lab's own
/// headless trace of the same script: offset and insets within 0.5 pt, the same states, for
/// every preset (each curve family, the overlay badge, the presets' footers).
@MainActor @Suite(.serialized) struct WebExportTests {
  static let scripts = ["pull", "pull-and-fling", "push-to-end", "fling-up"]

  /// A short, fast fling from the top that meets the end of the list at about 5800 pt/s: the
  /// families' edge motions (iOS's spring, Flutter's capped hand-over, SmartRefreshLayout's and
  /// SwipeRefreshLayout's coast and rebound), which the standard scripts, released out of
  /// bounds, never reach.
  static let flingToEnd = [
    #"{"t":0.5,"type":"down","x":200,"y":600}"#, #"{"t":0.51,"type":"move","x":200,"y":540}"#,
    #"{"t":0.52,"type":"move","x":200,"y":480}"#, #"{"t":0.525,"type":"up","x":200,"y":450}"#,
    #"{"t":3,"type":"end"}"#,
  ]

  /// The browser, or a failure naming what installs it.
  func chromium() throws -> String {
    for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
    where FileManager.default.isExecutableFile(atPath: path) {
      return path
    }
    throw EndToEndError.missing("chromium (run `make test`, which installs it)")
  }

  @Test(arguments: TuningPreset.allCases)
  func theStandardScriptsMoveInTheBrowserAsInTheLab(preset: TuningPreset) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var lab: [String: [StudioTraceFrame]] = [:]
    var inputs: [String] = []
    let flingToEnd = try folder.write(
      Self.flingToEnd.joined(separator: "\n") + "\n", to: "fling-to-end.jsonl")
    let scripts =
      Self.scripts.map { ($0, RepositoryFile.path("docs/scripts/\($0).jsonl")) } + [
        ("fling-to-end", flingToEnd)
      ]
    for (name, script) in scripts {
      lab[name] = try HeadlessReplay.frames(script: script, ["--preset", preset.rawValue])
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
    #expect(WebExport.refusal(preset.tuning) == nil, "the page refuses \(preset)")
    let page = WebExport.page(of: preset.tuning, source: "preset \(preset.rawValue)")
    #expect(page.utf8.count < 60_000, "the page for \(preset) weighs \(page.utf8.count) bytes, over 60 KB")
    let runnerPage = page.replacing("</body>", with: runner)
    let path = try folder.write(runnerPage, to: "replay.html")
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
      let headerTravel: Double
      let header: String
      let footer: String
    }
    let web = try JSONDecoder().decode([String: [WebFrame]].self, from: Data(json.utf8))
    for (name, _) in scripts {
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
          abs(page.insetBottom - own.insetBottom), abs(page.headerTravel - own.headerTravel))
        if page.header != own.header || page.footer != own.footer { states += 1 }
      }
      #expect(worst <= 0.5, "\(preset) \(name): the page is \(worst) pt off the lab")
      #expect(states == 0, "\(preset) \(name): \(states) frames show other states than the lab's")
      print("web replay \(preset) \(name): at most \(worst) pt off the lab")
      #expect(expected.contains { $0.header == "refreshing" } || expected.contains { $0.footer == "loading" })
    }
  }
}
