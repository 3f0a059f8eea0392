import RefreshCore
import Testing

@testable import RefreshFit

@Suite struct TrackerTests {
  /// A pull to 90 pt, a hold at 60, a collapse: sub-pixel offsets within 0.3 pt.
  static func motion(_ t: Double) -> Double {
    switch t {
    case ..<0.2: 0
    case ..<0.7: 90 * (1 - (1 - (t - 0.2) / 0.5) * (1 - (t - 0.2) / 0.5))
    case ..<1.0: 90 - 30 * (t - 0.7) / 0.3
    case ..<1.6: 60
    case ..<1.9: 60 * (1 - (t - 1.6) / 0.3)
    default: 0
    }
  }

  @Test(arguments: [false, true])
  func followsTheContentSubPixel(lookAlike: Bool) throws {
    var source = SyntheticRecording(fps: 50, duration: 2.2, lookAlike: lookAlike, offset: Self.motion)
    let track = try RecordingTracker(scale: 1).track(&source)
    #expect(track.points.count == 110)
    for p in track.points {
      let offset = try #require(p.offset, "frame at \(p.t) s lost")
      #expect(
        abs(offset - Self.motion(p.t)) < 0.35, "at \(p.t) s: tracked \(offset), drawn \(Self.motion(p.t))")
    }
    #expect(!track.followsIndicator)
  }

  /// A fast pull over rows all alike at 10 fps: 83 pt down in one frame, 133 the next, where a
  /// steady speed predicts 167, nearer the row below (177) than the true one; then a release to
  /// a hold at 60 and a collapse.
  static func fastPull(_ t: Double) -> Double {
    switch t {
    case ..<0.2: 0
    case ..<0.5: 150 * (1 - (1 - (t - 0.2) / 0.3) * (1 - (t - 0.2) / 0.3))
    case ..<1.6: 60 + 90 * .exp(-(t - 0.5) / 0.1)
    case ..<1.9: 60 * (1 - (t - 1.6) / 0.3)
    default: 0
    }
  }

  /// Over rows all alike, a placing a row too low matches as well as the true one; the band it
  /// would leave above the content (content there, not the header) says which is true
  /// (`RecordingTracker.contentTop`).
  @Test func aFastPullOverRowsAllAlikeIsFollowedByTheContentsTop() throws {
    var source = SyntheticRecording(fps: 10, duration: 2.5, lookAlike: true, offset: Self.fastPull)
    let track = try RecordingTracker(scale: 1).track(&source)
    for p in track.points {
      let offset = try #require(p.offset, "frame at \(p.t) s lost")
      #expect(
        abs(offset - Self.fastPull(p.t)) < 1, "at \(p.t) s: tracked \(offset), drawn \(Self.fastPull(p.t))")
    }
    let r = try #require(PhaseSplitter.split(track).refreshes.first)
    #expect(abs(r.peak - 150) < 1 && abs(r.hold - 60) < 1, "peak \(r.peak), hold \(r.hold)")
  }

  /// Rows below the first removed as the list collapses (60 pt in 0.3 s): the rest slide up a
  /// row's pitch (44 pt) over a tenth of a second from a third of the way. The offset is the
  /// content's top, which goes on with the collapse (`RecordingTracker.topPlacing`).
  @Test func rowsSlidingUpAsTheListCollapsesLeaveItsTopWhereItIs() throws {
    var source = SyntheticRecording(fps: 50, duration: 2.2, offset: Self.motion)
    source.slide = { t in 44 * max(0, min(1, (t - 1.7) / 0.1)) }
    let track = try RecordingTracker(scale: 1).track(&source)
    for p in track.points where p.t >= 1.6 {
      let offset = try #require(p.offset, "frame at \(p.t) s lost")
      #expect(abs(offset - Self.motion(p.t)) < 1, "at \(p.t) s: tracked \(offset), drawn \(Self.motion(p.t))")
    }
  }

  @Test func scaleTurnsPixelsIntoPoints() throws {
    var source = SyntheticRecording(fps: 30, duration: 2.2, offset: Self.motion)
    let track = try RecordingTracker(scale: 2).track(&source)
    let held = try #require(track.points.first { abs($0.t - 1.3) < 0.02 }?.offset)
    #expect(abs(held - 30) < 0.2)
  }

  @Test func findsTheFinger() throws {
    var source = SyntheticRecording(fps: 30, duration: 1.0, offset: { t in t < 0.2 ? 0 : 20 * (t - 0.2) })
    source.finger = { t in t < 0.8 ? 100 + 100 * t : nil }
    let track = try RecordingTracker(scale: 1).track(&source)
    for p in track.points {
      if p.t < 0.8 {
        let finger = try #require(p.finger, "no finger at \(p.t) s")
        #expect(abs(finger - (100 + 100 * p.t)) < 1.5, "finger at \(p.t) s: \(finger)")
      } else {
        #expect(p.finger == nil, "a finger at \(p.t) s after it lifted")
      }
      let offset = try #require(p.offset, "lost at \(p.t) s under the finger")
      #expect(abs(offset - (p.t < 0.2 ? 0 : 20 * (p.t - 0.2))) < 0.5)
    }
  }

  /// A dot in a frame or two (a button pressed while the list holds, CircleRefreshLayout's demo)
  /// is no finger shown: the pull's first frame, 30 pt from rest at 14 fps with no finger on it,
  /// is followed, not sought within a finger's reach of rest and lost (and the chain after it a
  /// frame's motion low).
  @Test func aDotInTwoFramesShowsNoFinger() throws {
    func motion(_ t: Double) -> Double {
      switch t {
      case ..<0.3: 0
      case ..<0.9: min(110, 30 + (t - 0.3) * 160)
      case ..<1.1: 110 - 40 * (t - 0.9) / 0.2
      case ..<2.0: 70
      case ..<2.3: 70 * (1 - (t - 2.0) / 0.3)
      default: 0
      }
    }
    var source = SyntheticRecording(fps: 14, duration: 2.8, offset: motion)
    source.finger = { t in t >= 1.5 && t < 1.65 ? 300 : nil }
    let track = try RecordingTracker(scale: 1).track(&source)
    for p in track.points {
      let offset = try #require(p.offset, "lost at \(p.t) s")
      #expect(abs(offset - motion(p.t)) < 1, "at \(p.t) s: tracked \(offset), drawn \(motion(p.t))")
    }
  }

  /// A grey disc in every frame is something drawn (a round cover, a button), not a touch:
  /// taken for a finger, it kept the list from ever holding (a hold is a still list with no
  /// finger on it), as in TwinklingRefreshLayout's phone recordings.
  @Test func aDiscInEveryFrameIsNoFinger() throws {
    var source = SyntheticRecording(fps: 50, duration: 2.2, offset: Self.motion)
    source.finger = { _ in 220 }
    let track = try RecordingTracker(scale: 1).track(&source)
    #expect(track.points.allSatisfy { $0.finger == nil }, "a finger reported")
    let (refreshes, _) = PhaseSplitter.split(track)
    #expect(refreshes.count == 1)
    let r = try #require(refreshes.first, "no refresh found")
    #expect(abs(r.hold - 60) < 0.5, "held at \(r.hold)")
  }

  /// A toolbar fixed above the list that a menu covers for a moment (before the pull) changes,
  /// but only in place: it is no part of the list, whose pull and hold are followed. Bridged in
  /// (RecyclerRefreshLayout's and PullRefreshLayout's demos open their menus), its still rows
  /// outvoted the list in every match, and those demos' pulls were read within a few points of
  /// rest.
  @Test func aBarCoveredForAMomentIsNoPartOfTheList() throws {
    // The list starts below the bar: its content at the bar's foot when at rest.
    var source = SyntheticRecording(height: 400, fps: 50, duration: 2.2, offset: { Self.motion($0) + 60 })
    source.bar = 60
    source.menu = { t in t < 0.15 }
    try Self.expectTheListBelow(60, in: &source)
  }

  /// A page of two lines of text under a bar that stays put through the pull and scrolls away
  /// with the page at the end: the bar's edges, matched in place, outvoted the two lines, and
  /// the pull was read within a pixel of rest (`RecordingTracker.pinned`).
  @Test func aBarThatMovesOnlyLaterIsNoPartOfTheList() throws {
    func scrolled(_ t: Double) -> Double { 30 * max(0, min(1, (t - 3) / 0.3)) }
    var source = SyntheticRecording(
      height: 400, fps: 10, duration: 4, offset: { t in Self.motion(t) + 60 - scrolled(t) })
    source.bar = 60
    source.barShift = scrolled
    source.barRule = true
    source.lines = 2
    try Self.expectTheListBelow(60, in: &source)
  }

  /// `source`'s list found below its top `bar` pixels, and its one refresh held at 60 (`motion`).
  static func expectTheListBelow(_ bar: Int, in source: inout SyntheticRecording) throws {
    let track = try RecordingTracker(scale: 1).track(&source)
    #expect(track.region.y >= bar, "the list's region starts at \(track.region.y), in the bar")
    let (refreshes, _) = PhaseSplitter.split(track)
    let r = try #require(refreshes.first, "no refresh found")
    #expect(refreshes.count == 1)
    #expect(abs(r.hold - 60) < 0.5, "held at \(r.hold)")
  }

  /// A status line's digits changing once over a toolbar that never changes: the digits are a
  /// piece shorter than the still gap beneath them, no part of the list (EasyRefresh's demo: its
  /// battery's percentage bridged the toolbar in, and a 140 px hold was read within 26 px of rest).
  @Test func aStatusLineOverAStillBarIsNoPartOfTheList() throws {
    var source = SyntheticRecording(height: 600, fps: 50, duration: 2.2, offset: { Self.motion($0) + 48 })
    source.bar = 48
    source.status = 8
    source.statusChanged = { t in t > 1.2 }
    try Self.expectTheListBelow(48, in: &source)
  }

  /// A hold over rows all alike (44 px apart) let go at 10 fps: back to rest in three frames,
  /// the last step shorter than the speed predicts. Rest is found again where the list heads
  /// back to it, whatever the prediction: the prediction past rest (a row above it) had the list
  /// stop a row above rest, and TwinklingRefreshLayout's grid demo read a hold of 373 px for 82.
  @Test(arguments: [
    [0.0, 0, 120, 150, 150, 150, 150, 70, 10, 0, 0, 0],
    [0.0, 0, 100, 200, 200, 200, 200, 130, 60, 10, 0, 0],
  ])
  func aQuickReturnOverRowsAllAlikeComesBackToRest(steps: [Double]) throws {
    var source = SyntheticRecording(fps: 10, duration: Double(steps.count) / 10, lookAlike: true) { t in
      steps[min(steps.count - 1, Int((t * 10).rounded()))]
    }
    let track = try RecordingTracker(scale: 1).track(&source)
    // From the hold on (the one-frame jump into it is not what this is about).
    for (k, p) in track.points.enumerated().dropFirst(3) {
      let offset = try #require(p.offset, "frame \(k) lost")
      #expect(abs(offset - steps[k]) < 1, "frame \(k): tracked \(offset), drawn \(steps[k])")
    }
  }

  /// Cards alike but for a mark of their own, 150 px apart, at 8 fps, pulled to 216 px and let
  /// go: the list springs back 81 px in a frame, where the card a pitch away lies 69 px the
  /// other way. Every frame has look-alike placings a pitch off that match nearly as well, and
  /// a path through them is weighed (`unslipped`); the track as drawn is left as it is.
  @Test func aTrackOverLookAlikeCardsThatDidNotSlipIsLeftAsItIs() throws {
    let steps: [Double] =
      [0, 0, 0] + (1...12).map { Double($0) * 18 } + [135, 105, 94, 91, 90] + Array(repeating: 90, count: 10)
      + [60, 25, 5, 0, 0]
    var source = SyntheticRecording(height: 480, fps: 8, duration: Double(steps.count) / 8, lookAlike: true) {
      t in
      steps[min(steps.count - 1, Int((t * 8).rounded()))]
    }
    source.rowHeight = 150
    source.marked = true
    var stack = _ProfileStack(columns: 0..<source.recordingWidth, rows: 0..<source.recordingHeight)
    while let frame = try source.nextFrame() { stack.append(frame) }
    let moving = try #require(RecordingTracker.movingPart(stack, given: false))
    let matcher = _OffsetMatcher(rows: moving.rows, bands: moving.bands, stride: stack.rows)
    let drawn = steps.map { RecordingTracker._Shift(shift: $0, confidence: 1) }
    let kept = RecordingTracker.unslipped(
      drawn, stack.profiles, matcher, times: source.times, pointsPerRow: 1)
    for k in steps.indices {
      let offset = try #require(kept[k].shift, "frame \(k) lost")
      #expect(abs(offset - steps[k]) < 0.01, "frame \(k) moved to \(offset), drawn at \(steps[k])")
    }
  }

  /// A pull from rest at 18 px a frame, beyond the reach in which a frame changed in place is
  /// sought, over cards mostly blank (a line of marks in 250 px): in place and at the pull the
  /// rows compared (the best four fifths) are blank alike, and a frame that matches in place no
  /// worse than at the jump counts as unmoved only where those rows show something a row's
  /// shift would change. Without that the pull was held at rest.
  @Test func aPullFromRestOverMostlyBlankRowsIsFollowed() throws {
    let steps: [Double] = [0, 0, 0] + (1...12).map { Double($0) * 18 } + Array(repeating: 216, count: 5)
    var source = SyntheticRecording(height: 480, fps: 8, duration: Double(steps.count) / 8, lookAlike: true) {
      t in
      steps[min(steps.count - 1, Int((t * 8).rounded()))]
    }
    source.rowHeight = 250
    source.marked = true
    let track = try RecordingTracker(scale: 1).track(&source)
    for (k, p) in track.points.enumerated() {
      let offset = try #require(p.offset, "frame \(k) lost")
      #expect(abs(offset - steps[k]) < 1.5, "frame \(k): tracked \(offset), drawn \(steps[k])")
    }
  }

  @Test func stillPictureHasNoList() {
    var source = SyntheticRecording(fps: 10, duration: 1, offset: { _ in 0 })
    #expect(throws: FitError.noList) { try RecordingTracker().track(&source) }
  }

  @Test func phasesOfTheMotion() throws {
    var source = SyntheticRecording(fps: 50, duration: 2.2, offset: Self.motion)
    let track = try RecordingTracker(scale: 1).track(&source)
    let (refreshes, pulls) = PhaseSplitter.split(track)
    #expect(pulls.isEmpty)
    let r = try #require(refreshes.first)
    #expect(refreshes.count == 1)
    #expect(abs(r.hold - 60) < 0.3)
    #expect(abs(r.peak - 90) < 0.5)
    #expect(abs(r.release - 0.7) < 0.03)
    #expect(abs((r.collapseStart ?? 0) - 1.6) < 0.03)
    #expect(abs((r.collapseEnd ?? 0) - 1.9) < 0.03)
    #expect(r.finish == nil, "a finish read off a header that never changed: \(String(describing: r.finish))")
  }

  /// The header's band shows "completed" from 1.3 s while held: the refresh's end, read off the
  /// band's change between the frames either side (50 fps); nothing is read while the content
  /// moves.
  @Test func finishIsTheHeaderBandsLastChangeWhileHeld() throws {
    var source = SyntheticRecording(fps: 50, duration: 2.2, offset: Self.motion)
    source.label = { t in t >= 1.3 }
    let track = try RecordingTracker(scale: 1).track(&source)
    let changed = track.points.filter { ($0.headerChange ?? 0) > PhaseSplitter.headerChanged }.map(\.t)
    #expect(changed.count == 1 && abs((changed.first ?? 0) - 1.3) < 0.011, "band changes at \(changed)")
    for p in track.points where p.t > 0.25 && p.t < 0.65 {
      #expect(p.headerChange == nil, "a band change read at \(p.t) s while the content moved")
    }
    let r = try #require(PhaseSplitter.split(track).refreshes.first)
    let finish = try #require(r.finish, "no finish read")
    #expect(abs(finish - 1.29) < 0.011, "finish \(finish)")
  }
}
