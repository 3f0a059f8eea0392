import Foundation
import RefreshCore
import Testing

/// `Tuning.armedRelease`: MJRefresh's release past the trigger, one eased animation of the inset
/// and the offset together over `openDuration` (`MJRefreshHeader`'s `headerRefreshingAction`),
/// against the curve family's own release, which every other release keeps.
@Suite struct ArmedReleaseTests {
  static func tuning(_ release: ArmedRelease, base: Tuning = TuningPreset.mjrefresh.tuning) -> Tuning {
    var t = base
    t.armedRelease = release
    return t
  }

  /// Pulls past the trigger and lets go: slowly, resting before the lift (`fast` false), or
  /// while the finger still moves down fast. Returns the harness just after the lift.
  static func armedRelease(_ tuning: Tuning, fast: Bool) -> Harness {
    var h = Harness(tuning: tuning)
    if fast {
      h.drag(from: 100, to: 400, duration: 0.15)
    } else {
      h.pull(from: 100, to: 400)
    }
    return h
  }

  @Test func theEasedReleaseFollowsTheCurveToTheHoldInOpenDuration() throws {
    let tuning = TuningPreset.mjrefresh.tuning
    #expect(tuning.armedRelease == .eased)
    var h = Self.armedRelease(tuning, fast: false)
    #expect(h.refreshes == 1)
    let released = h.now
    let from = h.snapshot.offset
    let hold = tuning.headerHeight
    #expect(from < -hold - 20, "pulled well past the hold: \(from)")
    for step in 1...15 {
      let t = released + tuning.openDuration * Double(step) / 15
      h.send(.advance(to: t))
      let s = Double(step) / 15
      let progress = tuning.easing.value(at: s)
      let expected = from + (-hold - from) * progress
      #expect(abs(h.snapshot.offset - expected) < 1e-9, "offset at \(s) of the animation")
      // The inset opens on the same curve over the same time: one animation of both.
      #expect(abs(h.snapshot.inset.top - hold * progress) < 1e-9, "inset at \(s) of the animation")
    }
    #expect(h.snapshot.offset == -hold)
    #expect(h.snapshot.header == .refreshing)
    h.advance(by: 1)
    #expect(h.snapshot.offset == -hold, "it stays at the hold")
  }

  @Test func theFingersSpeedIsNotCarriedIntoTheEasedRelease() throws {
    var fast = Self.armedRelease(Self.tuning(.eased), fast: true)
    var spring = Self.armedRelease(Self.tuning(.family), fast: true)
    #expect(fast.refreshes == 1 && spring.refreshes == 1)
    let released = fast.now
    let from = fast.snapshot.offset
    #expect(from == spring.snapshot.offset)
    // A UIView animation starts from still: a hundredth of the way in, the ease-in-out start
    // has hardly moved, where the spring carries the finger's speed on downward.
    let early = released + 0.01
    fast.send(.advance(to: early))
    spring.send(.advance(to: early))
    let eased = from + (-54 - from) * TimingCurve.easeInOut.value(at: 0.01 / 0.25)
    #expect(abs(fast.snapshot.offset - eased) < 1e-9)
    #expect(spring.snapshot.offset < from - 0.5, "the spring carried the fling: \(spring.snapshot.offset)")
    fast.send(.advance(to: released + 0.25))
    #expect(fast.snapshot.offset == -54)
  }

  @Test(arguments: [false, true])
  func aPullShortOfTheTriggerReturnsOnTheFamilysMotion(fast: Bool) {
    var runs: [[Double]] = []
    for release in ArmedRelease.allCases {
      var h = Harness(tuning: Self.tuning(release))
      if fast {
        h.drag(from: 100, to: 160, duration: 0.05)
      } else {
        h.pull(from: 100, to: 160)
      }
      #expect(h.snapshot.offset < -10, "pulled \(h.snapshot.offset)")
      var offsets: [Double] = []
      for _ in 0..<60 {
        h.advance(by: 1 / 60.0)
        offsets.append(h.snapshot.offset)
      }
      #expect(h.refreshes == 0)
      runs.append(offsets)
    }
    #expect(runs[0] == runs[1], "short of the trigger, the eased choice changes nothing")
  }

  @Test func aPullWhileRefreshingReturnsOnTheFamilysMotion() {
    var runs: [[Double]] = []
    for release in ArmedRelease.allCases {
      var h = Harness(tuning: Self.tuning(release))
      h.send(.beginRefreshing(time: 0))
      h.advance(by: 1)
      h.pull(from: 100, to: 300)
      #expect(h.snapshot.offset < -80)
      var offsets: [Double] = []
      for _ in 0..<60 {
        h.advance(by: 1 / 60.0)
        offsets.append(h.snapshot.offset)
      }
      #expect(h.refreshes == 1)
      runs.append(offsets)
    }
    #expect(runs[0] == runs[1], "a release while refreshing is the scroll view's own bounce")
  }

  @Test func aZeroOpenDurationLandsOnTheHoldAtOnce() {
    var tuning = TuningPreset.mjrefresh.tuning
    tuning.openDuration = 0
    let h = Self.armedRelease(tuning, fast: false)
    #expect(h.snapshot.offset == -54)
    #expect(h.snapshot.inset.top == 54)
  }

  @Test func theOverlayBadgeIgnoresIt() {
    var runs: [[Double]] = []
    for release in ArmedRelease.allCases {
      var h = Harness(tuning: Self.tuning(release, base: TuningPreset.material.tuning))
      h.pull(from: 100, to: 400)
      var travel: [Double] = []
      for _ in 0..<60 {
        h.advance(by: 1 / 60.0)
        travel.append(h.snapshot.headerTravel)
      }
      #expect(h.refreshes == 1)
      runs.append(travel)
    }
    #expect(runs[0] == runs[1], "the content under a badge does not move for a refresh")
  }

  @Test func onlyMJRefreshEasesItsRelease() {
    for preset in TuningPreset.allCases {
      #expect(preset.tuning.armedRelease == (preset == .mjrefresh ? .eased : .family), "\(preset)")
    }
    #expect(Tuning().armedRelease == .family)
  }

  @Test func tuningFilesNameItOrLeaveItOut() throws {
    let decoder = JSONDecoder()
    let old = try decoder.decode(Tuning.self, from: Data(#"{"headerHeight": 54}"#.utf8))
    #expect(old.armedRelease == .family, "a file from before the key keeps the family's release")
    let eased = try decoder.decode(Tuning.self, from: Data(#"{"armedRelease": "eased"}"#.utf8))
    #expect(eased.armedRelease == .eased)
    let written = try JSONEncoder().encode(TuningPreset.mjrefresh.tuning)
    #expect(try decoder.decode(Tuning.self, from: written) == TuningPreset.mjrefresh.tuning)
    #expect(Tuning.allKeys.contains("armedRelease"))
    #expect(throws: TuningError.invalidValue(key: "armedRelease", expected: #"one of "family", "eased""#)) {
      try decoder.decode(Tuning.self, from: Data(#"{"armedRelease": "spring"}"#.utf8))
    }
  }
}
