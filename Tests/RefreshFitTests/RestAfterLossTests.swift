import Foundation
import RefreshFitMedia
import TestKit
import Testing

@testable import RefreshFit

/// The content lost and found again as a refresh replaces its rows: MJRefresh's demos add five
/// rows as the refresh ends, and the list, collapsing over the new rows, comes to rest where it
/// began. Measured without the fitter (Tests/Fixtures/recordings/measured.json, from
/// benchmarks/measure-recording.py), each is at rest from its collapse's end on; followed frame
/// to frame across the new rows, two were tracked a row (42 px) and 3 px off.
@Suite struct RestAfterLossTests {
  static let folder = RepositoryFile.path("Tests/Fixtures/recordings")

  @Test(arguments: [
    "mjrefresh-default.gif", "mjrefresh-hide-time.gif", "mjrefresh-custom-text.gif",
    "mjrefresh-tableview-header.gif",
  ])
  func theListIsAtRestAfterItsRowsWereReplaced(recording: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/measured.json"))
    let measured = try #require(
      (try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])?[recording])
    let refresh = try #require(
      (measured["refreshes"] as? [[String: Any]])?.first, "\(recording): none measured")
    let rest = try #require(refresh["collapseEnd"] as? Double, "\(recording): no collapse end measured")
    var source = try RecordingSource.open(Self.folder + "/" + recording, fps: nil)
    let track = try RecordingTracker(scale: 1).track(&source)
    let after = track.points.filter { $0.t >= rest - 0.001 }
    #expect(!after.isEmpty, "\(recording) has no frame after \(rest) s")
    for p in after {
      let offset = try #require(p.offset, "\(recording): lost at \(p.t) s, at rest")
      #expect(
        abs(offset) <= 1.5, "\(recording): at \(p.t) s, at rest by the measure, tracked at \(offset) px")
    }
  }
}
