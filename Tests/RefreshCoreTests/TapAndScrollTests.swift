import RefreshCore
import Testing

/// A press that stays within the tap slop is a tap, not a drag; `.scroll(toOffset:)` moves the
/// content within its bounds only (a scrollbar, a selection kept in view).
@Suite struct TapAndScrollTests {
  @Test func aPressThatBarelyMovesTapsAndScrollsNothing() {
    var h = Harness()
    h.send(.scroll(toOffset: 300, animated: false, time: 0))
    h.send(.down(y: 100, time: 0.1))
    h.send(.move(y: 103, time: 0.12))
    #expect(h.snapshot.offset == 300, "within the slop the content stays still")
    h.send(.move(y: 98, time: 0.14))
    h.send(.up(time: 0.16))
    #expect(h.effects == [.tap(contentY: 400, time: 0.16)], "where the press went down")
    h.advance(by: 1)
    #expect(h.snapshot.offset == 300)
    #expect(h.view.isSettled)
  }

  @Test func pastTheSlopTheContentFollowsTheWholeTranslation() {
    var h = Harness()
    h.send(.scroll(toOffset: 300, animated: false, time: 0))
    h.send(.down(y: 100, time: 0.1))
    h.send(.move(y: 96, time: 0.12))
    #expect(h.snapshot.offset == 304)
    h.send(.move(y: 80, time: 0.14))
    #expect(h.snapshot.offset == 320)
    h.pull(from: 80, to: 80, duration: 0.1)
    #expect(h.effects.isEmpty, "a drag is no tap")
  }

  @Test func theSlopIsTunable() {
    var tuning = Tuning()
    tuning.tapSlop = 20
    var h = Harness(tuning: tuning)
    h.send(.scroll(toOffset: 300, animated: false, time: 0))
    h.send(.down(y: 100, time: 0.1))
    h.send(.move(y: 85, time: 0.2))
    h.send(.up(time: 0.3))
    #expect(h.snapshot.offset == 300)
    #expect(h.effects == [.tap(contentY: 400, time: 0.3)])
  }

  @Test func aPressOnMovingContentStopsItAndIsNoTap() {
    var h = Harness()
    h.drag(from: 500, to: 200, duration: 0.1)
    h.advance(by: 0.2)
    #expect(h.snapshot.isAnimating)
    let caught = h.snapshot.offset
    h.send(.down(y: 300, time: h.now))
    h.send(.up(time: h.now + 0.05))
    h.advance(by: 1)
    #expect(h.snapshot.offset == caught)
    #expect(h.effects.isEmpty)
  }

  @Test func tapsOnTheHeaderOrPastTheRowsSelectNothing() {
    var h = Harness(content: 200)
    h.send(.down(y: 400, time: 0))
    h.send(.up(time: 0.05))
    #expect(h.effects.isEmpty)
  }

  @Test func scrollingToAnOffsetStaysWithinTheBoundsAndNeverArms() {
    var h = Harness(content: 5000)
    h.send(.scroll(toOffset: -200, animated: false, time: 0))
    #expect(h.snapshot.offset == 0)
    #expect(h.snapshot.header == .idle)
    h.send(.scroll(toOffset: 1e9, animated: false, time: 0.1))
    // The end shows the whole automatic footer (44 pt inside the extent).
    #expect(h.snapshot.offset == 4444)
    #expect(h.loads == 1, "reaching the end by the scrollbar loads more, as any scroll does")
    h.send(.scroll(toOffset: 1000, animated: true, time: 0.2))
    h.advance(by: 0.1)
    #expect(h.snapshot.offset > 1000 && h.snapshot.offset < 4444)
    h.advance(by: 1)
    #expect(h.snapshot.offset == 1000)
  }

  @Test func aScrollDuringADragChangesNothing() {
    var h = Harness(content: 5000)
    h.send(.down(y: 300, time: 0))
    h.send(.move(y: 200, time: 0.05))
    h.send(.scroll(toOffset: 2000, animated: false, time: 0.06))
    #expect(h.snapshot.offset == 100)
  }
}
