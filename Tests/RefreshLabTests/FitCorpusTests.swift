import Foundation
import TestKit
import Testing

/// `refresh-lab fit` on the libraries' own demo recordings (Tests/Fixtures/recordings), held
/// to what was measured in them without the fitter (`measured.json`, written by
/// benchmarks/measure-corpus.sh from ImageMagick's row profiles; docs/fit-corpus.md says how).
///
/// Tolerances. The held height: 1.5 recording pixels. Both readings are sub-pixel estimates of
/// the same still frames (the measure's is good to about 0.2 px against a separator line read
/// by eye); the rest is the GIFs' palette dithering, and 1.5 px is about 1 pt at these
/// recordings' densities, the issue's bound for the held height. The durations: one and a half
/// frame intervals. The measure reads frame start times, the fitter interpolates between
/// frames, so their ends may fall a frame apart on either side (0.02 s at SmartRefreshLayout's
/// 50 fps, 0.1 s at MJRefresh's 10 fps), plus half a frame for where the 0.5 px threshold falls
/// within one. The closest preset: SmartRefreshLayout's own demos are its defaults (`smart`);
/// MJRefresh's should be `mjrefresh` (or `ios` or `ego`, which a 10 fps recording barely tells
/// apart).
///
/// Two known issues, recorded as such (each fails the test once it no longer occurs, so the
/// mend is seen). The `mjrefresh` preset now releases as MJRefresh does (`ArmedRelease.eased`:
/// one 0.25 s ease-in-out animation to the hold, 0.23 s to within 0.5 pt) and collapses on its
/// 0.4 s slow animation (0.34 to 0.35 s between the 0.5 pt marks); MJRefresh's four recordings
/// collapse in 0.19 to 0.28 s (measured 0.2 to 0.3 s), nearer `smart`'s 0.26 s, so they are
/// still named `smart`: their 10 fps releases (two or three frames) fit every release shape
/// alike and leave the durations to decide. And Dropbox's collapse ends in a slow approach to
/// rest whose last half pixel the two readings place 0.04 s apart, more than 1.5 frames.
@Suite struct FitCorpusTests {
  static let folder = RepositoryFile.path("Tests/Fixtures/recordings")

  /// One recording's figures from `measured.json`.
  struct Measured {
    var frameInterval: Double
    var refreshes: [[String: Any]]
  }

  static func measured() throws -> [String: Measured] {
    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/measured.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
    return try object.mapValues { entry in
      Measured(
        frameInterval: try #require(entry["frameInterval"] as? Double, "measured.json: no frameInterval"),
        refreshes: try #require(entry["refreshes"] as? [[String: Any]], "measured.json: no refreshes"))
    }
  }

  static let recordings = [
    "smartrefreshlayout-classics.gif", "smartrefreshlayout-bezierradar.gif", "smartrefreshlayout-dropbox.gif",
    "mjrefresh-default.gif", "mjrefresh-hide-time.gif", "mjrefresh-custom-text.gif",
    "mjrefresh-tableview-header.gif",
  ]

  @Test func everyRecordingIsMeasured() throws {
    let measured = try Self.measured()
    #expect(Set(measured.keys) == Set(Self.recordings), "measured.json and the test name other recordings")
    let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter {
      $0.hasSuffix(".gif")
    }
    #expect(Set(onDisk) == Set(Self.recordings), "a recording was added or removed without the test")
  }

  @Test(arguments: recordings)
  func theFitFindsWhatWasMeasured(recording: String) throws {
    let measured = try #require(try Self.measured()[recording], "\(recording) is not in measured.json")
    let (output, status) = try LocalTool.run(
      AppWindow.appPath, ["fit", Self.folder + "/" + recording, "--json"])
    #expect(status == 0, "refresh-lab fit \(recording) exited \(status)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
      "refresh-lab fit \(recording) --json printed no JSON object")
    let refreshes = report["refreshes"] as? [[String: Any]] ?? []
    #expect(
      refreshes.count == measured.refreshes.count,
      "\(recording): \(refreshes.count) refreshes found, \(measured.refreshes.count) measured")
    let pixelsPerPoint = report["scale"] as? Double ?? 1
    // Each refresh's held height, in recording pixels.
    for (found, expected) in zip(refreshes, measured.refreshes) {
      let hold = (found["hold"] as? Double).map { $0 * pixelsPerPoint }
      let expectedHold = try #require(expected["hold"] as? Double)
      #expect(
        hold.map { abs($0 - expectedHold) <= 1.5 } == true,
        "\(recording): held at \(hold.map { "\($0)" } ?? "nothing") px, measured \(expectedHold) px")
    }
    // The averages over refreshes.
    let tolerance = 1.5 * measured.frameInterval
    for key in ["releaseDuration", "collapseDuration"] {
      let values = measured.refreshes.compactMap { $0[key] as? Double }
      guard !values.isEmpty else { continue }
      let expected = values.reduce(0, +) / Double(values.count)
      let found = report[key] as? Double
      let check = {
        #expect(
          found.map { abs($0 - expected) <= tolerance } == true,
          "\(recording): \(key) \(found.map { "\($0)" } ?? "null") s, measured \(expected) s (± \(tolerance) s)"
        )
      }
      if recording == "smartrefreshlayout-dropbox.gif" && key == "collapseDuration" {
        withKnownIssue("Dropbox's collapse ends in a slow approach the two readings place 0.04 s apart") {
          check()
        }
      } else {
        check()
      }
    }
    let presets: Set<String> =
      recording.hasPrefix("smartrefreshlayout") ? ["smart"] : ["mjrefresh", "ios", "ego"]
    let closest = report["closestPreset"] as? String
    #expect(closest != nil, "\(recording): no closest preset named")
    let named = {
      #expect(
        closest.map(presets.contains) == true,
        "\(recording): closest preset \(closest ?? "null"), expected one of \(presets.sorted())")
    }
    if recording.hasPrefix("mjrefresh") {
      withKnownIssue("MJRefresh's 0.4 s collapse is slower than these recordings show; smart's is nearer") {
        named()
      }
    } else {
      named()
    }
  }
}
