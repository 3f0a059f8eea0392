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

  /// A jump that the end repeats is rows replaced only where it goes from a pulled list toward
  /// rest and past it, and the end lies past rest by it (`RecordingTracker.jump`): a pull that
  /// jumps out by as much as it then holds to the recording's end, or a fling from rest that
  /// stays there, is motion, left as followed.
  @Test func onlyAJumpFromAPulledListPastRestIsRowsReplaced() {
    func track(_ xs: [Double]) -> [RecordingTracker._Shift] { xs.map { .init(shift: $0, confidence: 1) } }
    let replaced = track([0, 0, 10, 20, 29.6, 29.6, 29.6, -58.4, -58.4, -60, -70, -88.3])
    #expect(RecordingTracker.jump(replaced, end: -88.3) == 7)
    let pulledOut = track([0, 0, 20, 80, 70, 60, 60, 60, 60])
    #expect(RecordingTracker.jump(pulledOut, end: 60) == nil)
    let flung = track([0, 0, 0, -300, -300, -300])
    #expect(RecordingTracker.jump(flung, end: -300) == nil)
    let short = track([0, 0, 10, 29.6, 29.6, -58.4, -58.4, -70])
    #expect(RecordingTracker.jump(short, end: -70) == nil, "the end repeats the jump only within 3 %")
  }
}
