import Foundation
import Testing

@testable import RefreshFit

/// The phases read off tracks drawn by hand, sampled at 60 fps: what a tracker that went wrong
/// in a known way, or a header that creeps, leaves for the splitter.
@Suite struct PhaseSplitterTests {
  /// A track of `offset(t)` sampled at `fps` (60) for `duration` seconds, no finger shown.
  static func track(duration: Double, fps: Double = 60, _ offset: (Double) -> Double) -> Track {
    let points = (0..<Int(duration * fps)).map { k -> TrackPoint in
      let t = Double(k) / fps
      return TrackPoint(t: t, offset: offset(t), finger: nil, confidence: 1)
    }
    return Track(
      points: points, region: PixelRegion(x: 0, y: 0, width: 360, height: 640), scale: 1,
      followsIndicator: false, headerBand: 200)
  }

  /// Between `a` at `t0` and `b` at `t1`, straight.
  static func ramp(_ t: Double, _ t0: Double, _ a: Double, _ t1: Double, _ b: Double) -> Double {
    a + (b - a) * (t - t0) / (t1 - t0)
  }

  /// Held at 88.8 px for 1.6 s, then at 89.6 for 0.5 s (rows replaced while held, the new
  /// ones read 0.8 px from the old, as PullToRefreshKit's curve demo reads), at 10 fps: both
  /// within a frame's `stillStep` of each other, one run. Its level is the one the list held
  /// longest, as the contract's first still run has it, not the last: read at 89.6, the
  /// release never came within the tolerance of the hold before the rows were replaced.
  @Test func aHoldIsWhereTheListStoodLongestNotWhereItStoodLast() throws {
    let track = Self.track(duration: 7, fps: 10) { t in
      switch t {
      case ..<1.0: 0
      case ..<3.9: Self.ramp(t, 1.0, 0, 3.9, 188)
      case ..<4.4: Self.ramp(t, 3.9, 188, 4.4, 88.8)
      case ..<5.95: 88.8
      case ..<6.45: 89.6
      case ..<6.8: Self.ramp(t, 6.45, 89.6, 6.8, 0)
      default: 0
      }
    }
    let r = try #require(PhaseSplitter.split(track).refreshes.first, "no refresh")
    #expect(abs(r.hold - 88.8) <= 0.05, "hold \(r.hold), the list stood at 88.8 for 1.6 s and 89.6 for 0.5")
    #expect(r.holdStart < 4.5, "the hold starts at \(r.holdStart) s, reached at 4.4")
  }

  /// A game header played by dragging the held list, as SmartRefreshLayout's BattleCity and
  /// HitBlock demos show at 50 fps with no finger drawn: pulled to 157, held at 83 for 2.2 s,
  /// dragged to 138 and held there, jerked up to 155 and let down to 118, where it stands a
  /// second until the recording ends. The hold is the 83 the list stood at longest since the
  /// release, not the 118 it stood at last.
  @Test func aHoldIsTheLongestStillRunNotTheLast() throws {
    let track = Self.track(duration: 7, fps: 50) { t in
      switch t {
      case ..<0.5: 0
      case ..<0.8: Self.ramp(t, 0.5, 0, 0.8, 157)
      case ..<1.2: Self.ramp(t, 0.8, 157, 1.2, 83)
      case ..<3.4: 83
      case ..<4.0: Self.ramp(t, 3.4, 83, 4.0, 138)
      case ..<5.1: 138
      case ..<5.3: Self.ramp(t, 5.1, 138, 5.3, 155)
      case ..<5.7: Self.ramp(t, 5.3, 155, 5.7, 118)
      default: 118
      }
    }
    let refreshes = PhaseSplitter.split(track).refreshes
    #expect(refreshes.count == 1, "\(refreshes.count) refreshes")
    let r = try #require(refreshes.first, "no refresh")
    #expect(
      abs(r.hold - 83) <= 0.05, "hold \(r.hold), the list stood at 83 for 2.2 s and at 118 for 1.3 s last")
    #expect(r.holdStart < 1.25, "the hold starts at \(r.holdStart) s, reached at 1.2")
    // Dragged on from the hold and never halfway back down: no collapse shows.
    #expect(r.collapseStart == nil, "a collapse from \(r.collapseStart ?? 0) s: the list was dragged on")
  }

  /// One recording shows one header, held at one height. A refresh at 60 that collapses, then
  /// content read rising to 264, standing there and rising on for good (INSPullToRefresh's
  /// demo, whose scroll over identical cells at 6.7 fps was read so): that second "hold" is no
  /// refresh but a pull. The same rise held at 60, the first refresh's height, is a refresh
  /// dragged on; and a second hold the recording ends in, whatever its height, stays a refresh.
  @Test(arguments: [(264.0, true), (60.0, true), (264.0, false)])
  func aHoldUnlikeTheHeadersIsNoRefresh(second: Double, draggedOn: Bool) throws {
    let track = Self.track(duration: draggedOn ? 6 : 4.4, fps: 20) { t in
      switch t {
      case ..<0.3: 0
      case ..<0.6: Self.ramp(t, 0.3, 0, 0.6, 120)
      case ..<0.9: Self.ramp(t, 0.6, 120, 0.9, 60)
      case ..<1.9: 60
      case ..<2.2: Self.ramp(t, 1.9, 60, 2.2, 0)
      case ..<2.8: 0
      case ..<3.2: Self.ramp(t, 2.8, 0, 3.2, second + 20)
      case ..<3.4: Self.ramp(t, 3.2, second + 20, 3.4, second)
      case ..<4.4: second
      case ..<5.0: Self.ramp(t, 4.4, second, 5.0, second + 40)
      default: second + 40
      }
    }
    let split = PhaseSplitter.split(track)
    let dropped = second != 60 && draggedOn
    #expect(
      split.refreshes.count == (dropped ? 1 : 2),
      "\(split.refreshes.map(\.hold)) held; a second hold at \(second)\(draggedOn ? ", dragged on" : ", to the end")"
    )
    #expect(abs((split.refreshes.first?.hold ?? 0) - 60) <= 0.05, "the first refresh holds at 60")
    #expect(split.pulls.count == (dropped ? 1 : 0), "\(split.pulls.count) pulls without a refresh")
    if dropped, let pull = split.pulls.first {
      // The pull rose to where it was dragged on to, not only to its peak before the "hold".
      #expect(abs(pull.peak - (second + 40)) <= 0.05, "the pull peaks at \(pull.peak)")
      #expect(abs(pull.start - 2.8) <= 0.06, "the pull starts at \(pull.start) s")
    }
  }

  /// What the rule has nothing to compare, or no cause to doubt, stays: a refresh dragged on
  /// with no collapsing refresh beside it, and two refreshes that both collapse, at 60 and at
  /// 264 (a recording may show two headers).
  @Test func aHoldWithNothingToCompareOrThatCollapsesStays() throws {
    func refresh(_ t: Double, from t0: Double, holding hold: Double, collapses: Bool) -> Double {
      switch t - t0 {
      case ..<0: 0
      case ..<0.4: Self.ramp(t - t0, 0, 0, 0.4, hold + 20)
      case ..<0.6: Self.ramp(t - t0, 0.4, hold + 20, 0.6, hold)
      case ..<1.6: hold
      case ..<2.0:
        collapses ? Self.ramp(t - t0, 1.6, hold, 2.0, 0) : Self.ramp(t - t0, 1.6, hold, 2.0, hold + 40)
      default: collapses ? 0 : hold + 40
      }
    }
    let alone = PhaseSplitter.split(
      Self.track(duration: 3, fps: 20) { refresh($0, from: 0.3, holding: 264, collapses: false) })
    #expect(alone.refreshes.count == 1, "\(alone.refreshes.count) refreshes dragged on alone")
    #expect(alone.refreshes.first?.draggedOn != nil, "the refresh was not read as dragged on")
    let two = PhaseSplitter.split(
      Self.track(duration: 5.5, fps: 20) { t in
        t < 2.8
          ? refresh(t, from: 0.3, holding: 60, collapses: true)
          : refresh(t, from: 3.0, holding: 264, collapses: true)
      })
    #expect(
      two.refreshes.map { ($0.hold * 10).rounded() / 10 } == [60, 264], "holds \(two.refreshes.map(\.hold))")
  }

  /// A finger's pause near the peak stands longer than the hold after it (150, back to 140 for
  /// 1.25 s, released to 60 for 0.6 s, collapsed): the hold is the 60 it came down to, which
  /// lies lower. And a release that undershoots for two frames (53) before rising to the hold
  /// it stands at longer (60, at 7 fps, INSPullToRefresh's demo): the hold is the later one,
  /// though it lies higher. Only a higher run that stands less long than the hold found before
  /// it is the list dragged on.
  @Test func aPauseAtThePeakOrAnUndershootIsNoHold() throws {
    let paused = Self.track(duration: 4.5, fps: 50) { t in
      switch t {
      case ..<0.3: 0
      case ..<0.6: Self.ramp(t, 0.3, 0, 0.6, 150)
      case ..<0.7: Self.ramp(t, 0.6, 150, 0.7, 140)
      case ..<1.95: 140
      case ..<2.25: Self.ramp(t, 1.95, 140, 2.25, 60)
      case ..<2.85: 60
      case ..<3.15: Self.ramp(t, 2.85, 60, 3.15, 0)
      default: 0
      }
    }
    let pause = try #require(PhaseSplitter.split(paused).refreshes.first, "no refresh in the paused pull")
    #expect(abs(pause.hold - 60) <= 0.05, "hold \(pause.hold): the finger paused at 140, the list held at 60")
    let undershot = Self.track(duration: 7, fps: 7) { t in
      switch t {
      case ..<0.5: 0
      case ..<2.8: Self.ramp(t, 0.5, 0, 2.8, 104)
      case ..<3.7: Self.ramp(t, 2.8, 104, 3.7, 53)
      case ..<4.0: 53
      case ..<4.6: Self.ramp(t, 4.0, 53, 4.6, 120)
      case ..<5.0: 120
      case ..<5.4: Self.ramp(t, 5.0, 120, 5.4, 60)
      case ..<6.0: 60
      case ..<6.3: Self.ramp(t, 6.0, 60, 6.3, 0)
      default: 0
      }
    }
    let under = try #require(
      PhaseSplitter.split(undershot).refreshes.first, "no refresh in the undershot pull")
    #expect(abs(under.hold - 60) <= 0.05, "hold \(under.hold): two frames at 53, then four at 60")
  }

  /// Pulled to 170, held at 64 for 1.5 s, and collapsing, until the track turns halfway (rows
  /// replaced as the list collapsed, followed the wrong way) and stops 104 down: the hold is
  /// the 64 the list held, not the 104 the track came down to, and the collapse ends where the
  /// track turns.
  @Test func aStillRunTheContentCameDownToIsNoHold() throws {
    let track = Self.track(duration: 5) { t in
      switch t {
      case ..<0.5: 0
      case ..<1.0: Self.ramp(t, 0.5, 0, 1.0, 170)
      case ..<1.3: Self.ramp(t, 1.0, 170, 1.3, 64)
      case ..<2.8: 64
      case ..<3.0: Self.ramp(t, 2.8, 64, 3.0, 34)
      case ..<3.4: Self.ramp(t, 3.0, 34, 3.4, 104)
      default: 104
      }
    }
    let (refreshes, _) = PhaseSplitter.split(track)
    let r = try #require(refreshes.first)
    #expect(refreshes.count == 1)
    #expect(abs(r.hold - 64) < 0.01, "hold \(r.hold)")
    let start = try #require(r.collapseStart)
    #expect(abs(start - 2.8) < 1.0 / 60, "collapse starts at \(start) s")
    #expect(r.collapseEnd == nil)
    let samples = PhaseSplitter.shown(track).map { (t: $0.t, x: $0.x) }
    let end = RecordingFitter.shownCollapseEnd(after: start, samples: samples)
    #expect(abs(end - 3.0) < 1.5 / 60, "the collapse is shown until \(end) s")
  }

  /// A hold that creeps by under a pixel (a header drawn over the list's top rows) splits into
  /// still runs a little apart; the hold lasts over all of them.
  @Test func aCreepingHoldIsOneHold() throws {
    let track = Self.track(duration: 4) { t in
      switch t {
      case ..<0.5: 0
      case ..<1.0: Self.ramp(t, 0.5, 0, 1.0, 250)
      case ..<1.3: Self.ramp(t, 1.0, 250, 1.3, 157.7)
      case ..<1.8: 157.7
      case ..<1.9: Self.ramp(t, 1.8, 157.7, 1.9, 158.45)
      case ..<3.2: 158.45
      case ..<3.5: Self.ramp(t, 3.2, 158.45, 3.5, 0)
      default: 0
      }
    }
    let r = try #require(PhaseSplitter.split(track).refreshes.first)
    #expect(abs(r.hold - 158.45) < 0.01, "hold \(r.hold)")
    #expect(abs((r.collapseStart ?? 0) - 3.2) < 1.0 / 60, "collapse starts at \(r.collapseStart ?? -1) s")
    #expect(abs(r.holdStart - 1.3) < 2.0 / 60, "hold starts at \(r.holdStart) s")
  }

  /// A release that overshoots comes back up to its hold from below: a hold still.
  @Test func anOvershootingReleaseStillHolds() throws {
    let track = Self.track(duration: 4) { t in
      switch t {
      case ..<0.5: 0
      case ..<1.0: Self.ramp(t, 0.5, 0, 1.0, 120)
      case ..<1.2: Self.ramp(t, 1.0, 120, 1.2, 45)
      case ..<1.4: Self.ramp(t, 1.2, 45, 1.4, 60)
      case ..<3.0: 60
      case ..<3.3: Self.ramp(t, 3.0, 60, 3.3, 0)
      default: 0
      }
    }
    let r = try #require(PhaseSplitter.split(track).refreshes.first)
    #expect(abs(r.hold - 60) < 0.01, "hold \(r.hold)")
  }

  /// A slow spring's last pixels toward its hold, cut short by the collapse, at 7 fps: the last
  /// frames before the collapse lie 0.5 to 0.9 pt apart, as far as the approach carries the
  /// content in a seventh of a second, and are the hold a person sees (the stress set's case 22,
  /// an `ego` refresh, was "a pull that came back without holding"); it is where the content
  /// came to, the last of them. At 60 fps 0.8 pt a frame is motion, 48 pt/s: no hold, the pull
  /// came back.
  @Test func aHoldIsStillAsTheFrameRateShowsIt() throws {
    // Spring toward 34, from 60 at 2.0 s, until the collapse at 3.55 s.
    func offset(_ t: Double) -> Double {
      switch t {
      case ..<1.0: 0
      case ..<2.0: Self.ramp(t, 1.0, 0, 2.0, 60)
      case ..<3.55: 34 + 26 * exp(-(t - 2.0) * 2)
      case ..<4.0: Self.ramp(t, 3.55, 34 + 26 * exp(-1.55 * 2), 4.0, 0)
      default: 0
      }
    }
    let slow = Self.track(duration: 5, fps: 7, offset)
    let (refreshes, _) = PhaseSplitter.split(slow)
    #expect(refreshes.count == 1, "\(refreshes.count) refreshes at 7 fps")
    let shown = offset(24.0 / 7)  // the last frame before the collapse
    if let r = refreshes.first {
      #expect(abs(r.hold - shown) < 0.6, "hold \(r.hold), the last frame held \(shown)")
    }
    // The same steps of 0.8 pt, a frame apart at 60 fps: creeping, not held.
    let creeping = Self.track(duration: 3) { t in
      switch t {
      case ..<0.5: 0
      case ..<1.0: Self.ramp(t, 0.5, 0, 1.0, 80)
      case ..<1.5: Self.ramp(t, 1.0, 80, 1.5, 56)
      default: max(0, 56 - 0.8 * 60 * (t - 1.5))
      }
    }
    // At 10 fps a collapse's first frame 0.6 pt below the hold joins the hold's still run; the
    // hold is where the run stood, 60, not that frame.
    let frames: [Double] = [0, 30, 80, 100, 90, 75, 66, 61, 60, 60, 60, 60, 59.4, 45, 20, 0, 0, 0]
    let cut = Self.track(duration: Double(frames.count) / 10, fps: 10) { t in
      frames[min(frames.count - 1, Int((t * 10).rounded()))]
    }
    let held = try #require(PhaseSplitter.split(cut).refreshes.first)
    #expect(abs(held.hold - 60) < 0.01, "hold \(held.hold) at 10 fps")
    let (none, pulls) = PhaseSplitter.split(creeping)
    #expect(none.isEmpty && pulls.count == 1, "\(none.count) refreshes, \(pulls.count) pulls at 60 fps")
  }

  /// At 7 fps a quick pull, its release and the turn into the hold fall between two frames:
  /// the track steps 0, 10, 56 and stands at 56 for 2.6 s (eggswift's Meituan demo). That is a
  /// refresh whose peak no frame showed, released between the two frames; the fitter writes
  /// the preset's release and says so. A pause of a third of a second as high, then back to
  /// rest, is a pull that came back.
  @Test func aHoldWhosePeakFellBetweenFramesIsARefresh() throws {
    let steps: [Double] = [0, 0, 10] + Array(repeating: 56, count: 19) + [38, 0, 0, 0, 0, 0]
    let held = Self.track(duration: Double(steps.count) / 7, fps: 7) { t in
      steps[min(steps.count - 1, Int((t * 7).rounded()))]
    }
    let (refreshes, _) = PhaseSplitter.split(held)
    let r = try #require(refreshes.first, "no refresh in \(steps)")
    #expect(refreshes.count == 1)
    #expect(abs(r.hold - 56) < 0.01, "hold \(r.hold)")
    #expect(abs(r.release - 2.5 / 7) < 1e-6, "released at \(r.release) s, between the frames at 10 and 56")
    // Within 0.5 pt of the hold, on the line between the two frames.
    #expect(abs(r.holdStart - (2 + 45.5 / 46) / 7) < 1e-6, "holds from \(r.holdStart) s")
    let fit = RecordingFitter.fit(held)
    let sources = try #require(fit.sources)
    #expect(sources.releaseKeys.contains("armedRelease"), "\(sources.summary)")
    #expect(!sources.recording.contains("armedRelease"), "\(sources.summary)")
    #expect(fit.families.isEmpty)
    #expect(
      abs(fit.releaseDuration ?? -1) < 0.02,
      "release \(String(describing: fit.releaseDuration)) s from the hold")
    let preset = try #require(fit.closestPreset)
    #expect(fit.tuning?.armedRelease == preset.tuning.armedRelease)

    let paused: [Double] = [0, 0, 10, 56, 56, 56, 30, 0, 0, 0, 0]
    let pause = Self.track(duration: Double(paused.count) / 7, fps: 7) { t in
      paused[min(paused.count - 1, Int((t * 7).rounded()))]
    }
    let (none, pulls) = PhaseSplitter.split(pause)
    #expect(none.isEmpty && pulls.count == 1, "\(none.count) refreshes, \(pulls.count) pulls from a pause")
  }

  /// A simulator's pointer stays on the list after its button is let go (PullToRefreshKit's
  /// Yahoo demo at 10 fps): dragged down with the content to 129, it stays where it was while
  /// the content springs 20 px up past its hold, stands there two frames and is lifted to 120,
  /// where it holds 2.9 s. The pointer holds nothing once the content leaves it: the refresh
  /// holds at 120 (the run it rose to from the bounce's shorter turn, not the turn), released
  /// halfway after the pointer's last frame that held the content. A pointer that goes on
  /// carrying the content as a finger does is a finger still.
  @Test func aPointerLeftOnTheListIsNoFinger() throws {
    var frames: [(x: Double, finger: Double?)] = [(0, nil), (0, nil)]
    for k in 1...13 {
      let n = Double(k)
      frames.append((x: n * 129 / 13, finger: 100 + n * 12))
    }
    let at: Double? = 256
    let after: [Double] = [109, 109, 112, 117] + Array(repeating: 120, count: 29) + [90, 39, 4, 0, 0, 0]
    for x in after { frames.append((x: x, finger: at)) }
    let points = frames.enumerated().map { k, f in
      TrackPoint(t: Double(k) / 10, offset: f.x, finger: f.finger, confidence: 1)
    }
    let track = Track(
      points: points, region: PixelRegion(x: 0, y: 0, width: 360, height: 640), scale: 1,
      followsIndicator: false, headerBand: 200)
    #expect(PhaseSplitter.split(track).refreshes.isEmpty, "a finger held through the hold is no refresh")
    let lifted = PhaseSplitter.liftedPointers(track)
    #expect(lifted.points[14].finger != nil, "the pointer carried the content to its peak")
    #expect(lifted.points[15...].allSatisfy { $0.finger == nil }, "the pointer left holds nothing")
    let (refreshes, _) = PhaseSplitter.split(lifted)
    let r = try #require(refreshes.first)
    #expect(refreshes.count == 1)
    #expect(abs(r.hold - 120) < 0.01, "hold \(r.hold)")
    #expect(abs(r.peak - 129) < 0.01, "peak \(r.peak)")
    #expect(abs(r.release - 1.45) < 1e-6, "released at \(r.release) s, halfway after the finger's last frame")
  }

  /// A disc in the header's band, above the content's top edge, presses nothing (SmartRefreshLayout's
  /// water-drop header, at 25 fps): pulled to 82 by no finger seen, the content comes down to
  /// its hold at 42 over 0.65 s on the header's own animation while the drop's grey head, 20 pt
  /// down, is found as a disc. Taken for a touch, it held the finger down to the hold, and the
  /// release was read there, 0.8 s late. The same disc below the content's edge, where a finger
  /// carrying the content would be, stays a finger.
  @Test func aDiscAboveTheContentsTopIsNoFinger() throws {
    for discBelowEdge in [false, true] {
      var points: [TrackPoint] = []
      for k in 0..<150 {
        let t = Double(k) / 25
        let x: Double =
          switch t {
          case ..<0.2: 0
          case ..<1.2: Self.ramp(t, 0.2, 0, 1.2, 82)
          case ..<1.24: 82
          case ..<1.9: 42 + 40 * (1 - (t - 1.24) / 0.66) * (1 - (t - 1.24) / 0.66)
          case ..<3.4: 42
          case ..<3.8: Self.ramp(t, 3.4, 42, 3.8, 0)
          default: 0
          }
        // The disc shows while the content comes down to its hold and as it stands there.
        let disc: Double? = t >= 1.7 && t < 2.1 ? (discBelowEdge ? x + 30 : 20) : nil
        points.append(TrackPoint(t: t, offset: x, finger: disc, confidence: 1))
      }
      let track = Track(
        points: points, region: PixelRegion(x: 0, y: 0, width: 360, height: 640), scale: 1,
        followsIndicator: false, headerBand: 100)
      let lifted = PhaseSplitter.liftedPointers(track)
      let fingers = lifted.points.filter { $0.finger != nil }.count
      if discBelowEdge {
        #expect(fingers == 10, "a disc below the content's edge is a finger: \(fingers) frames")
      } else {
        #expect(fingers == 0, "a disc in the header's band is no finger: \(fingers) frames")
        let r = try #require(PhaseSplitter.split(lifted).refreshes.first, "no refresh")
        #expect(abs(r.release - 1.24) < 0.05, "released at \(r.release) s, where the content left its peak")
        #expect(abs(r.hold - 42) < 0.5, "hold \(r.hold)")
      }
    }
  }

  /// A touch that lands on the held list and lifts without moving it (a button pressed to end
  /// the refresh, CircleRefreshLayout's demo at 14 fps) holds nothing: the release stays where
  /// the content left its peak, not after the touch, 3 s later. A touch that lands and then
  /// drags the list is a finger from the frame the list follows it.
  @Test func aTouchThatLandsOnAStillListHoldsNothing() throws {
    var points: [TrackPoint] = []
    let fps = 14.3
    for k in 0..<100 {
      let t = Double(k) / fps
      let x: Double =
        switch t {
        case ..<0.3: 0
        case ..<1.05: Self.ramp(t, 0.3, 0, 1.05, 128)
        case ..<1.61: 128
        case ..<1.89: Self.ramp(t, 1.61, 128, 1.89, 90)
        case ..<5.96: 90
        case ..<6.5: Self.ramp(t, 5.96, 90, 6.5, 0)
        default: 0
        }
      let tap: Double? = t >= 4.75 && t < 4.9 ? 277 : nil
      points.append(TrackPoint(t: t, offset: x, finger: tap, confidence: 1))
    }
    let track = Track(
      points: points, region: PixelRegion(x: 0, y: 0, width: 308, height: 554), scale: 1,
      followsIndicator: false, headerBand: 128)
    let lifted = PhaseSplitter.liftedPointers(track)
    #expect(lifted.points.allSatisfy { $0.finger == nil }, "the tap holds nothing")
    let r = try #require(PhaseSplitter.split(lifted).refreshes.first, "no refresh")
    #expect(abs(r.release - 1.61) < 0.08, "released at \(r.release) s")
    #expect(abs(r.hold - 90) < 0.5, "hold \(r.hold)")

    // The same touch dragging the list down from its hold: a finger once the list follows.
    var dragged = points
    for k in dragged.indices where dragged[k].finger != nil {
      let n = Double(k - 68)
      dragged[k].offset = 90 + 12 * n
      dragged[k].finger = 277 + 12 * n
    }
    let kept = PhaseSplitter.liftedPointers(
      Track(
        points: dragged, region: track.region, scale: 1, followsIndicator: false, headerBand: 128))
    #expect(kept.points[69].finger != nil, "the list followed the touch: a finger")
  }

  /// A recording that begins pulling in its first frame and ends holding, its spinner turning,
  /// rests where it began (RecyclerRefreshLayout's demo): the level it ends still at is a hold
  /// when the band above the content keeps changing there, and the refresh is found; where the
  /// band stays still (the list's own rows: a recording that begins scrolled and ends at the
  /// top), the level it ends at is rest, as before.
  @Test func aRecordingCutShortInItsHoldRestsWhereItBegan() throws {
    for turning in [true, false] {
      var points: [TrackPoint] = []
      for k in 0..<40 {
        let t = Double(k) / 16.7
        let x: Double =
          switch t {
          case ..<1.2: Self.ramp(t, 0, 0, 1.2, 56)
          case ..<1.44: Self.ramp(t, 1.2, 56, 1.44, 37)
          default: 37
          }
        let band: Double? = t >= 1.44 ? (turning ? [6.0, 13.0, 7.5, 9.7][k % 4] : 0.4) : nil
        points.append(TrackPoint(t: t, offset: x, finger: nil, confidence: 1, headerChange: band))
      }
      let track = Track(
        points: points, region: PixelRegion(x: 0, y: 0, width: 360, height: 640), scale: 1,
        followsIndicator: false, headerBand: 56)
      let rest = PhaseSplitter.restLevel(track)
      if turning {
        #expect(rest == 0, "rest at \(rest): the spinner turns where the recording ends")
        let fit = RecordingFitter.fit(track)
        let r = try #require(fit.refreshes.first, "no refresh found")
        #expect(abs(r.hold - 37) < 0.5 && abs(r.peak - 56) < 0.5, "hold \(r.hold), peak \(r.peak)")
        #expect(r.collapseStart == nil, "the recording ends in the hold")
      } else {
        #expect(rest == 37, "rest at \(rest): the list's still rows where the recording ends")
      }
    }
  }

  /// A recording that begins mid-pull (its list coming back up from the first frame) and ends
  /// settling a tenth of a pixel a frame (smoothrefreshlayout-textview.gif) rests where it ends: the
  /// end is still within the contract's tolerance, though not within the 0.3 pt a still
  /// beginning is held to. Measured from its first frame, 36 px down, every level is 36 px low.
  @Test func aRecordingThatBeginsMidPullRestsWhereItSettles() {
    let settling: [Double] = [-34.2, -35.0, -35.55, -35.65, -36.0, -36.0]
    var points: [TrackPoint] = []
    for k in 0..<40 {
      let t = Double(k) / 25
      let x: Double = k < 34 ? Self.ramp(t, 0, 0, 1.32, -33) : settling[k - 34]
      points.append(TrackPoint(t: t, offset: x, finger: nil, confidence: 1))
    }
    let track = Track(
      points: points, region: PixelRegion(x: 0, y: 0, width: 360, height: 640), scale: 1,
      followsIndicator: false, headerBand: 40)
    let rest = PhaseSplitter.restLevel(track)
    #expect(rest == -36, "rest at \(rest): the recording settles at -36 and begins moving")
  }

  /// A recording whose pull begins in its first frame, which comes back where it began after
  /// the refresh (0.9 pt off, as a chain of matches drifts) and then scrolls away for good to
  /// load more (BGARefreshLayout's grid demo): rest is where it came back and stood, not where
  /// it ends. Without a hold before it, a scroll that comes back 0.9 pt short of where the
  /// recording began and stands is no rest: the end is, as before.
  @Test(arguments: [true, false])
  func aRecordingThatComesBackWhereItBeganAfterARefreshRestsThere(refreshes: Bool) {
    let track = Self.track(duration: 6, fps: 12.5) { t in
      switch t {
      case ..<0.6: Self.ramp(t, 0, 0, 0.6, refreshes ? 87 : -80)
      case ..<1.4: refreshes ? 87 : -80
      case ..<1.9: Self.ramp(t, 1.4, refreshes ? 87 : -80, 1.9, refreshes ? 62 : -40)
      case ..<3.4: refreshes ? 62 : -40
      case ..<3.8: Self.ramp(t, 3.4, refreshes ? 62 : -40, 3.8, 0.9)
      case ..<4.2: 0.9
      case ..<4.6: Self.ramp(t, 4.2, 0.9, 4.6, -226)
      default: -226
      }
    }
    let rest = PhaseSplitter.restLevel(track)
    #expect(rest == (refreshes ? 0.9 : -226), "rest at \(rest)")
    if refreshes {
      let r = PhaseSplitter.split(track).refreshes
      #expect(r.count == 1 && abs((r.first?.hold ?? 0) - 61.1) <= 0.05, "\(r.map(\.hold)) held")
    }
  }

  /// A run the content rose to replaces a shorter one it came down to only where the content
  /// did not go below that one between them (a release's turn, not a collapse): a hold of 0.3 s
  /// at 64, then a collapse followed the wrong way up to 104 (rows replaced), stays a refresh
  /// held at 64, whether the track stands at 104 to the end or comes back to rest. And a pull
  /// that pauses 0.6 s at 40 on its way, seen getting there at 60 fps, is no refresh.
  @Test func aRunReachedFromBelowIsAHoldOnlyAsATurnOrAnUnseenPeak() throws {
    for comesBack in [false, true] {
      let track = Self.track(duration: comesBack ? 5 : 4) { t in
        switch t {
        case ..<0.5: 0
        case ..<1.0: Self.ramp(t, 0.5, 0, 1.0, 170)
        case ..<1.3: Self.ramp(t, 1.0, 170, 1.3, 64)
        case ..<1.6: 64
        case ..<1.8: Self.ramp(t, 1.6, 64, 1.8, 34)
        case ..<2.2: Self.ramp(t, 1.8, 34, 2.2, 104)
        case ..<4.0: 104
        case ..<4.3: Self.ramp(t, 4.0, 104, 4.3, 0)
        default: 0
        }
      }
      let (refreshes, _) = PhaseSplitter.split(track)
      #expect(refreshes.count == 1, "\(refreshes.count) refreshes (comes back: \(comesBack))")
      if let r = refreshes.first {
        #expect(abs(r.hold - 64) < 0.01, "hold \(r.hold) (comes back: \(comesBack))")
      }
    }
    let paused = Self.track(duration: 3) { t in
      switch t {
      case ..<0.5: 0
      case ..<1.0: Self.ramp(t, 0.5, 0, 1.0, 40)
      case ..<1.6: 40
      case ..<1.9: Self.ramp(t, 1.6, 40, 1.9, 0)
      default: 0
      }
    }
    let (none, pulls) = PhaseSplitter.split(paused)
    #expect(none.isEmpty && pulls.count == 1, "\(none.count) refreshes, \(pulls.count) pulls from a pause")
  }

  /// Rows removed as the first refresh's collapse ends, followed as motion: the track passes
  /// rest in the same descent and stands 64 pt "into" the content, and the second refresh is
  /// drawn from there. The collapse ends at the list's top; the second refresh holds at 60 as
  /// the first, not at -4.
  @Test func aCollapseThatPassesRestEndsAtRest() throws {
    let track = Self.track(duration: 8, fps: 20) { t in
      switch t {
      case ..<0.5: 0
      case ..<1.0: Self.ramp(t, 0.5, 0, 1.0, 150)
      case ..<1.3: Self.ramp(t, 1.0, 150, 1.3, 60)
      case ..<2.5: 60
      case ..<2.8: Self.ramp(t, 2.5, 60, 2.8, -64)
      case ..<4.0: -64
      case ..<4.5: Self.ramp(t, 4.0, -64, 4.5, 86)
      case ..<4.8: Self.ramp(t, 4.5, 86, 4.8, -4)
      case ..<6.0: -4
      case ..<6.3: Self.ramp(t, 6.0, -4, 6.3, -64)
      default: -64
      }
    }
    let (refreshes, _) = PhaseSplitter.split(PhaseSplitter.restAfterCollapses(track))
    #expect(refreshes.count == 2, "\(refreshes.count) refreshes")
    for r in refreshes { #expect(abs(r.hold - 60) < 0.01, "hold \(r.hold)") }
    // A scroll from a hold by a finger is the list moving: left as it is.
    var scrolled = track
    for i in scrolled.points.indices where (2.5..<2.8).contains(scrolled.points[i].t) {
      scrolled.points[i].finger = 100
    }
    #expect(PhaseSplitter.restAfterCollapses(scrolled).points == scrolled.points)
    // A collapse that overshoots rest by 6 pt and comes back (`easeOutBack`) only turns there:
    // left as it is, and its end found.
    let back = Self.track(duration: 4) { t in
      switch t {
      case ..<0.5: 0
      case ..<1.0: Self.ramp(t, 0.5, 0, 1.0, 150)
      case ..<1.3: Self.ramp(t, 1.0, 150, 1.3, 60)
      case ..<2.5: 60
      case ..<2.8: 60 - 66 * sin((t - 2.5) / 0.3 * .pi / 2)
      case ..<3.1: -6 + 6 * (1 - cos((t - 2.8) / 0.3 * .pi)) / 2
      default: 0
      }
    }
    #expect(PhaseSplitter.restAfterCollapses(back).points == back.points)
    let overshot = try #require(PhaseSplitter.split(back).refreshes.first)
    #expect(overshot.collapseEnd != nil, "the collapse never ended")
  }

  /// A pull whose finger the tracker shows until 0.9 s and loses while the finger pulls on
  /// (stress case 9's touch disc under CRF 42): the content rises faster after the finger's
  /// last frame, so the lift came later, at the last frame at the peak. A release that carries
  /// the finger's speed into a motion that only slows keeps the finger's lift.
  @Test(arguments: [true, false])
  func aFingerLostWhilePullingIsNoLift(_ pulledOn: Bool) throws {
    let fps = 24.0
    let peak = pulledOn ? 1.05 : 0.96
    var track = Self.track(duration: 4, fps: fps) { t in
      switch t {
      case ..<0.3: 0
      case ..<0.9: Self.ramp(t, 0.3, 0, 0.9, 96)
      // Pulled on, faster: 96 to 100 by the peak; or carried, each step smaller, to 97.
      case ..<peak: pulledOn ? 96 + 4 * pow((t - 0.9) / 0.15, 2) : 96 + 1 - pow(1 - (t - 0.9) / 0.06, 2)
      case ..<1.35: Self.ramp(t, peak, pulledOn ? 100 : 97, 1.35, 60)
      case ..<2.5: 60
      case ..<2.8: Self.ramp(t, 2.5, 60, 2.8, 0)
      default: 0
      }
    }
    for i in track.points.indices where track.points[i].t >= 0.3 && track.points[i].t <= 0.9 {
      track.points[i].finger = 400
    }
    let (refreshes, _) = PhaseSplitter.split(track)
    let refresh = try #require(refreshes.first, "no refresh found")
    let lastFinger = track.points.last { $0.finger != nil }?.t ?? 0
    let atPeak = track.points.last { $0.t < 1.35 && ($0.offset ?? 0) >= refresh.peak - 0.3 }?.t ?? 0
    if pulledOn {
      #expect(
        abs(refresh.release - atPeak) < 1e-9,
        "released at \(refresh.release) s, the peak's last frame \(atPeak) s")
    } else {
      #expect(
        refresh.release > lastFinger && refresh.release < lastFinger + 1 / fps,
        "released at \(refresh.release) s, the finger's last frame \(lastFinger) s")
    }
  }

  /// A recording looped at its hold (a demo GIF cut there, or two takes joined) jumps from the
  /// hold to rest in one frame and pulls again: the jump is said as a cut, the first refresh
  /// held to the cut with no collapse, and the fit's collapse is the second refresh's alone
  /// (read through, the jump was a collapse of one frame, fitted as a curve it is not). At 60
  /// and 20 fps (frame times sums of 0.05, a hair's breadth either side of it), each also as a
  /// recording that keeps only the frames that change (the hold one frame shown for 1.2 s:
  /// shown until one usual interval before the jump).
  @Test(arguments: [60.0, 20.0], [false, true])
  func aLoopAtItsHoldIsACutNotACollapse(fps: Double, changedOnly: Bool) throws {
    let collapse = { (t: Double) in 64 * (1 - (t - 4.6) / 0.3) * (1 - (t - 4.6) / 0.3) }
    var track = Self.track(duration: 6, fps: fps) { t in
      switch t {
      case ..<0.3: 0
      case ..<0.7: Self.ramp(t, 0.3, 0, 0.7, 100)
      case ..<1.0: Self.ramp(t, 0.7, 100, 1.0, 64)
      case ..<2.2: 64
      case ..<2.5: 0
      case ..<2.9: Self.ramp(t, 2.5, 0, 2.9, 100)
      case ..<3.2: Self.ramp(t, 2.9, 100, 3.2, 64)
      case ..<4.6: 64
      case ..<4.9: collapse(t)
      default: 0
      }
    }
    if changedOnly {
      // The first hold's frames after its first are dropped: a recorder kept none of them.
      let kept = try #require(track.points.first { $0.t >= 1.0 }).t
      track.points.removeAll { $0.t > kept && $0.t < 2.2 - 1e-9 }
    }
    let cuts = PhaseSplitter.cuts(track)
    #expect(cuts.count == 1 && abs((cuts.first ?? 0) - 2.2) < 1 / fps + 1e-9, "cuts at \(cuts)")
    let fit = RecordingFitter.fit(track)
    #expect(fit.track.cuts == cuts)
    try #require(fit.refreshes.count == 2, "\(fit.refreshes.count) refreshes: the cut merged or hid one")
    #expect(fit.refreshes[0].collapseStart == nil && fit.refreshes[0].collapseEnd == nil)
    #expect(abs(fit.refreshes[0].hold - 64) < 0.5, "the first holds \(fit.refreshes[0].hold)")
    let second = try #require(fit.refreshes[1].collapseEnd, "the second collapse has no end")
    #expect(abs(second - 4.9) < 1 / fps + 0.01, "the second collapse ends at \(second) s")
    let written = try #require(fit.collapseDuration, "no collapse fitted")
    #expect(abs(written - 0.3) < 0.05, "the collapse written lasts \(written) s (the second's is 0.3)")
  }

  /// A hold that a cut ends as it has stood `minimumHold` is still a hold: its last frame is
  /// shown until the cut (three frames at 20 fps, 0.15 s; read only to its own last frame, it
  /// stood a frame short, 0.1 s, and the refresh was lost).
  @Test func aHoldACutEndsStandsUntilTheCut() throws {
    let track = Self.track(duration: 3, fps: 20) { t in
      switch t {
      case ..<0.3: 0
      case ..<0.7: Self.ramp(t, 0.3, 0, 0.7, 100)
      case ..<0.85: 64
      case ..<1.5: 0
      case ..<1.9: Self.ramp(t, 1.5, 0, 1.9, 100)
      case ..<2.0: Self.ramp(t, 1.9, 100, 2.0, 64)
      default: 64
      }
    }
    let cuts = PhaseSplitter.cuts(track)
    #expect(cuts.count == 1 && abs((cuts.first ?? 0) - 0.85) < 0.05 + 1e-9, "cuts at \(cuts)")
    let refreshes = PhaseSplitter.split(with(track, cuts: cuts)).refreshes
    try #require(refreshes.count == 2, "\(refreshes.count) refreshes: the hold the cut ends was lost")
    #expect(refreshes[0].holdStart < 0.8 && abs(refreshes[0].hold - 64) < 0.5)
    #expect(refreshes[0].collapseStart == nil)
  }

  /// `track` with its cuts.
  func with(_ track: Track, cuts: [Double]) -> Track {
    var track = track
    track.cuts = cuts
    return track
  }

  /// What a list's own motion does between frames is no cut: a collapse of 0.15 s (nine frames
  /// at 60 fps), a decelerating one in two frames at 20 fps, and a jump of the whole hold at
  /// 10 fps (a collapse of 0.1 s falls between two frames).
  @Test func aQuickCollapseIsNoCut() throws {
    let held = { (t: Double, end: Double, length: Double, fast: Bool) -> Double in
      switch t {
      case ..<0.3: 0
      case ..<0.7: Self.ramp(t, 0.3, 0, 0.7, 100)
      case ..<1.0: Self.ramp(t, 0.7, 100, 1.0, 64)
      case ..<end: 64
      case ..<(end + length):
        fast
          ? 64 * (1 - (t - end) / length) * (1 - (t - end) / length) : Self.ramp(t, end, 64, end + length, 0)
      default: 0
      }
    }
    for (fps, length, fast) in [(60.0, 0.15, false), (20.0, 0.1, true), (10.0, 0.1, false)] {
      let track = Self.track(duration: 3, fps: fps) { held($0, 2.0, length, fast) }
      #expect(PhaseSplitter.cuts(track).isEmpty, "a collapse of \(length) s at \(fps) fps read as a cut")
      #expect(RecordingFitter.fit(track).refreshes.first?.collapseEnd != nil)
    }
  }
}
