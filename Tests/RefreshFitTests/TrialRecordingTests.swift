import Foundation
import RefreshFitMedia
import TestKit
import Testing

@testable import RefreshFit

/// Demo recordings outside the corpus that the tracker once lost, held to what their row
/// separators show (Tests/Fixtures/trials/README.md).
@Suite struct TrialRecordingTests {
  static let folder = RepositoryFile.path("Tests/Fixtures/trials")

  /// PullToRefreshKit's youku demo: a photograph heading the list comes into view as the pull
  /// jumps 101 px in one frame, where the first frame matches nowhere with confidence. The frame
  /// before, sought only a little further than the list was moving (2 × 7 rows + 8), matched
  /// near where it was, and the whole pull and hold were read 101 px low (the hold at −11 for
  /// +90, no refresh found). Sought as widely as the first frame is, it is followed.
  @Test func aJumpTheFirstFrameCannotPlaceIsFoundFromTheFrameBefore() throws {
    var source = try RecordingSource.open(Self.folder + "/pulltorefreshkit-youku.gif", fps: nil)
    let track = try RecordingTracker(scale: 1).track(&source)
    // Frame: separators' displacement (Tests/Fixtures/trials/README.md).
    let shown: [(frame: Int, offset: Double)] = [
      (5, 115), (6, 170), (7, 206), (8, 211), (13, 93), (14, 92), (15, 90), (16, 90), (17, 90), (18, 90),
      (19, 90),
    ]
    try #require(track.points.count > 19, "the track has \(track.points.count) frames")
    for (frame, offset) in shown {
      let tracked = try #require(track.points[frame].offset, "frame \(frame): lost")
      #expect(
        abs(tracked - offset) <= 1.5,
        "frame \(frame): tracked at \(tracked) px, the separators show \(offset)")
    }
  }
}
