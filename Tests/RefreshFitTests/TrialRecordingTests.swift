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

  /// PullToRefreshKit's Yahoo demo: a "finger" found at the header's sun, still while the list
  /// moves, stayed through the hold, and the release's two-frame turn 11 px below the hold
  /// was the first still run. The refresh was read as a pull that came back (no refresh). A
  /// dot the list moves away from holds nothing (`PhaseSplitter.liftedPointers`), and the run
  /// the content came up to and stood at for 2.6 s is the hold (the separators: +120 from frame
  /// 44 to 69, the list back at rest in frame 74).
  @Test func aDotTheListLeavesHoldsNothingAndTheHoldIsWhereItStood() throws {
    var source = try RecordingSource.open(Self.folder + "/pulltorefreshkit-yahoo.gif", fps: nil)
    let track = try RecordingTracker(scale: 1).track(&source)
    let fit = RecordingFitter.fit(track)
    let r = try #require(fit.refreshes.first, "no refresh found")
    #expect(fit.refreshes.count == 1)
    #expect(abs(r.hold - 120) <= 1.5, "hold \(r.hold) px, the separators show 120")
    let start = try #require(r.collapseStart)
    #expect(start > 6.9 && start < 7.1, "the collapse starts at \(start) s (frame 70 leaves the hold)")
    let end = try #require(r.collapseEnd)
    #expect(end > 7.2 && end < 7.4, "back at rest at \(end) s (frame 74)")
  }

  /// flutter_pulltorefresh's water-drop demo at 8 fps: let go at 222 px over cards 155 px apart,
  /// the list springs back 82 px in a frame, and the card a pitch away lies 73 px the other
  /// way, nearer the prediction of a list that had stopped. Followed frame by frame, the release
  /// went to that card and the hold read 247 px for 93, the recording ending a card from rest.
  /// Over the whole track (`RecordingTracker.unslipped`), the path through the true release
  /// matches better and places the hold where the first frame's cards are.
  @Test func aReleaseFartherThanHalfACardIsFollowed() throws {
    var source = try RecordingSource.open(Self.folder + "/flutter-pulltorefresh-waterdrop.gif", fps: nil)
    let track = try RecordingTracker(scale: 1).track(&source)
    try Self.follows(
      track,
      [
        (54, 222), (55, 222.5), (56, 218), (57, 136.5), (58, 110.5), (59, 98), (60, 94.5), (61, 92.5),
        (70, 92.5),
        (83, 92.5), (85, 49.5), (86, 21.5), (87, 6), (89, 0),
      ])
    let fit = RecordingFitter.fit(track)
    let r = try #require(fit.refreshes.first, "no refresh found")
    #expect(fit.refreshes.count == 1)
    #expect(abs(r.hold - 92.5) <= 1.5, "hold \(r.hold) px, the labels show 92.5")
  }

  /// INSPullToRefresh's simulator demo at 6.7 fps: cells all alike, the one the finger lands on
  /// shown pressed in the frame before the drag. That frame matched the one before in place,
  /// but for the pressed cell, exactly as well as three cells down, and the pull was read from
  /// 132 px low, its hold 164 px for 60. It is the list at rest with something drawn over it
  /// (`RecordingTracker.unchanged`).
  @Test func aCellPressedOverCellsAllAlikeMovesNothing() throws {
    var source = try RecordingSource.open(Self.folder + "/inspulltorefresh-animation.gif", fps: nil)
    let track = try RecordingTracker(scale: 1).track(&source)
    try Self.follows(
      track,
      [
        (3, 0), (4, 7), (5, 18), (6, 26), (7, 27), (9, 40), (14, 74), (19, 104), (32, 121), (37, 60),
        (39, 60),
        (41, 45), (42, 0),
      ])
    let fit = RecordingFitter.fit(track)
    let r = try #require(fit.refreshes.first, "no refresh found")
    #expect(abs(r.hold - 60) <= 1.5, "hold \(r.hold) px, the separators show 60")
  }

  /// The frames' offsets, held to `shown` (frame: displacement by eye) within `within` px.
  static func follows(_ track: Track, _ shown: [(frame: Int, offset: Double)], within: Double = 1.5) throws {
    for (frame, offset) in shown {
      try #require(track.points.count > frame, "the track has \(track.points.count) frames")
      let tracked = try #require(track.points[frame].offset, "frame \(frame): lost")
      #expect(
        abs(tracked - offset) <= within,
        "frame \(frame): tracked at \(tracked) px, the picture shows \(offset)")
    }
  }

  /// SmartRefreshLayout's water-drop header: the drop's grey head, a disc in the header's band
  /// above the content, is no finger (`PhaseSplitter.liftedPointers`), so the release is where
  /// the content leaves its peak (frame 31 to 32) and the header's own retraction to the hold is
  /// the release, not the drag.
  @Test func aDiscInTheHeadersBandHoldsNothing() throws {
    var source = try RecordingSource.open(Self.folder + "/smartrefreshlayout-waterdrop.gif", fps: nil)
    let track = try RecordingTracker(scale: 1).track(&source)
    try Self.follows(
      track, [(20, 79.4), (30, 82.8), (40, 52.8), (48, 42.4), (60, 42.4), (85, 42.4), (100, 2.4)])
    let fit = RecordingFitter.fit(track)
    let r = try #require(fit.refreshes.first, "no refresh found")
    #expect(fit.refreshes.count == 1)
    #expect(
      r.release >= 1.24 && r.release <= 1.28,
      "released at \(r.release) s: the content leaves 82.8 after 1.24 s")
    #expect(abs(r.hold - 42.4) <= 1.5, "hold \(r.hold) px")
  }

  /// RecyclerRefreshLayout's demo begins pulling in its first frame and ends in the hold, its
  /// spinner turning: the level it ends at is the hold (`PhaseSplitter.restLevel`), not rest.
  @Test func aRecordingThatEndsInItsHoldIsARefresh() throws {
    var source = try RecordingSource.open(Self.folder + "/recyclerrefreshlayout-normal.gif", fps: nil)
    let track = try RecordingTracker(scale: 1).track(&source)
    let fit = RecordingFitter.fit(track)
    try Self.follows(fit.track, [(0, 0), (10, 33), (21, 56), (24, 37), (38, 37)])
    let r = try #require(fit.refreshes.first, "no refresh found")
    #expect(fit.refreshes.count == 1)
    #expect(abs(r.hold - 37) <= 1.5 && abs(r.peak - 56) <= 1.5, "hold \(r.hold), peak \(r.peak)")
    #expect(r.collapseStart == nil, "the recording ends in the hold")
  }

  /// android-PullRefreshLayout's demo at 6.7 fps: four refreshes over rows of text 54 px
  /// apart, each header a round badge (circles, a water drop) in the band the pull opens. Taken
  /// for a finger (1.8 s of dots), the badges bounded every frame's match to the finger's narrow
  /// window, and the first collapse, 72 px in two frames, the frame between them lost, was read
  /// as a row's pitch short: every later frame 54 px high, four refreshes read as one. A dot
  /// above the content's top is no finger (`RecordingTracker.track`), and the frame after a lost
  /// one is weighed against the last frame placed (`RecordingTracker.unslipped`).
  @Test func aBadgeInTheBandAPullOpensIsNoFingerAndACollapseAcrossALostFrameComesToRest() throws {
    var source = try RecordingSource.open(Self.folder + "/pullrefreshlayout-demo.gif", fps: nil)
    let track = try RecordingTracker(scale: 1).track(&source)
    #expect(track.points.allSatisfy { $0.finger == nil }, "a badge was taken for a finger")
    try Self.follows(
      track,
      [
        (30, 71), (51, 4), (52, 1), (53, 0), (63, 0), (75, 71), (102, 0), (112, 0), (126, 0), (150, 71),
        (170, 0), (197, 0), (220, 71),
      ])
    let fit = RecordingFitter.fit(track)
    #expect(fit.refreshes.count == 4, "\(fit.refreshes.count) refreshes, the rows show four")
    for r in fit.refreshes { #expect(abs(r.hold - 71) <= 1.5, "hold \(r.hold) px, the rows show 71") }
  }

  /// JHPullToRefreshKit's Google demo: identical rows 42 px apart at 10 fps, its last frames
  /// the first's picture. Its collapse's last frame lies a pitch from where the collapse was
  /// heading, and a track that ended there a row above rest read its first frame 42 px down
  /// and its hold 104 px (`RecordingTracker.endsAt`); a placing a row low in the hold was as
  /// cheap as the true one over the whole region (`unslipped`'s band above the content); and
  /// the release, 40 px in a frame, looked like no motion at all (`unslipped`'s `fastest`).
  @Test func rowsAllAlikeEndWhereTheyBeganAndTheHoldIsTheRowsOwn() throws {
    var source = try RecordingSource.open(Self.folder + "/jhpulltorefreshkit-google.gif", fps: nil)
    let track = try RecordingTracker(scale: 1).track(&source)
    try Self.follows(
      track,
      [
        (0, 0), (1, 0), (2, 20), (4, 41), (5, 46), (12, 98), (15, 120), (18, 120), (19, 114), (20, 74),
        (21, 65),
        (23, 62), (50, 62), (78, 62), (79, 47), (80, 8), (81, 0), (85, 0),
      ])
    let fit = RecordingFitter.fit(track)
    #expect(fit.refreshes.count == 1, "\(fit.refreshes.count) refreshes, the rows show one")
    for r in fit.refreshes {
      #expect(abs(r.hold - 62.5) <= 1.5, "hold \(r.hold) px, the rows show 62 to 63")
      #expect(abs(r.peak - 120) <= 1.5, "peak \(r.peak) px, the rows show 120")
    }
  }

  /// PullToRefreshKit's curve demo replaces its numbered rows while held: the new rows, alike,
  /// match the first frame at rest, and the track fell 89 px in a frame and went on 90 px into
  /// the content as the list collapsed. Placed from the last frame, at rest (`restAfterLoss`'s
  /// jump), the hold is unbroken and the collapse ends at rest. By eye: Tests/Fixtures/trials.
  @Test func rowsReplacedWhileHeldThatMatchTheStartAtRestEndTheCollapseAtRest() throws {
    var source = try RecordingSource.open(Self.folder + "/pulltorefreshkit-curve.gif", fps: nil)
    let track = try RecordingTracker(scale: 1).track(&source)
    try Self.follows(track, [(0, 0), (60, 90), (62, 90), (65, 88), (66, 58), (67, 27), (68, 0)], within: 2)
    for p in track.points {
      let offset = try #require(p.offset, "lost at \(p.t) s")
      #expect(offset >= -1.5, "at \(p.t) s the list is read \(offset) px into its content")
    }
    let fit = RecordingFitter.fit(track)
    #expect(fit.refreshes.count == 1, "\(fit.refreshes.count) refreshes, the rows show one")
    let end = try #require(fit.refreshes.first?.collapseEnd, "the collapse has no end")
    #expect(abs(end - 6.8) <= 0.1, "the collapse ends at \(end) s; frame 68 (6.8 s) is the first at rest")
  }

  /// CircleRefreshLayout's demo: a button pressed for two frames during the hold makes it no
  /// recording that shows its finger (`RecordingTracker.touches`), so the pull's first frame,
  /// 21 px from rest, is sought as widely as any frame without a finger and found; and the
  /// press, a touch on a still list, holds nothing, so the release is where the content left
  /// its peak (frame 22 to 23), not after the press.
  @Test func aButtonPressedInTheHoldIsNoFinger() throws {
    var source = try RecordingSource.open(Self.folder + "/circlerefreshlayout.gif", fps: nil)
    let track = try RecordingTracker(scale: 1).track(&source)
    try Self.follows(track, [(5, 21), (6, 38), (7, 54), (8, 66), (28, 90), (40, 90), (60, 90)])
    let fit = RecordingFitter.fit(track)
    let r = try #require(fit.refreshes.first, "no refresh found")
    #expect(fit.refreshes.count == 1)
    #expect(r.release > 1.5 && r.release < 1.7, "released at \(r.release) s")
    #expect(abs(r.hold - 90) <= 1.5, "hold \(r.hold) px")
  }
}
