import RefreshCore
import Testing

@testable import RefreshLab

/// Slow motion: the session clock runs at a fraction of the wall clock, without jumps.
@Suite struct SlowMotionTests {
  @Test func sKeyStepsSlowerAndShiftSFasterBothWrapping() {
    var clock = SlowMotionClock()
    var seen: [Double] = []
    for _ in 0..<4 {
      seen.append(clock.factor)
      clock.slower(atWall: 0)
    }
    #expect(seen == [1, 0.5, 0.25, 0.1])
    #expect(clock.factor == 1, "after 0.1× comes 1× again")
    #expect(!clock.isSlowed)
    clock.faster(atWall: 0)
    #expect(clock.factor == 0.1)
    clock.faster(atWall: 0)
    #expect(clock.factor == 0.25)
    #expect(clock.label == "0.25×")
    #expect(clock.isSlowed)
  }

  @Test func sessionTimeAccumulatesAtEachFactorAndNeverJumps() {
    var clock = SlowMotionClock()
    #expect(clock.sessionTime(atWall: 2) == 2, "at 1× session time is wall time")
    clock.slower(atWall: 2)  // 0.5× from wall 2
    #expect(clock.sessionTime(atWall: 2) == 2)
    #expect(clock.sessionTime(atWall: 4) == 3)
    clock.slower(atWall: 4)  // 0.25×
    clock.slower(atWall: 4)  // 0.1×
    #expect(clock.sessionTime(atWall: 4) == 3)
    #expect(abs(clock.sessionTime(atWall: 14) - 4) < 1e-12)
    clock.slower(atWall: 14)  // back to 1×
    #expect(abs(clock.sessionTime(atWall: 15) - 5) < 1e-12)
    #expect(clock.wallInterval(forSessionInterval: 1) == 1)
  }

  @Test func wallWaitsStretchByTheFactor() {
    var clock = SlowMotionClock()
    clock.slower(atWall: 0)
    clock.slower(atWall: 0)
    #expect(clock.wallInterval(forSessionInterval: 0.25) == 1)
  }

  /// The header opening (0.25 s) seen through the window's clock at 0.25×: frames come at
  /// 60 Hz of wall time, the controller sees session time, and the animation takes 1 wall
  /// second instead of a quarter.
  @Test func anAnimationTakesFourTimesAsLongAtAQuarterSpeed() {
    var clock = SlowMotionClock()
    clock.slower(atWall: 1)
    clock.slower(atWall: 1)
    var view = RefreshController(viewportHeight: 600, contentHeight: 2000)
    let start = clock.sessionTime(atWall: 1)
    _ = view.handle(.beginRefreshing(time: start))
    let tuning = Tuning()
    var opened: Double?
    for frame in 61...400 {
      let wall = Double(frame) / 60
      _ = view.handle(.advance(to: clock.sessionTime(atWall: wall)))
      if opened == nil, view.snapshot.inset.top >= tuning.headerHeight - 1e-9 { opened = wall }
    }
    let wallDuration = (opened ?? .infinity) - 1
    #expect(abs(wallDuration - tuning.openDuration / 0.25) <= 1.0 / 60 + 1e-9, "took \(wallDuration) s")
  }
}
