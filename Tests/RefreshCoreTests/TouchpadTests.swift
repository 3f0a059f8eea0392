import RefreshCore
import TestKit
import Testing

/// A touchpad (SDL's precise wheel) is a drag: its points move the content 1:1 and through the
/// band past an edge, and when its events stop for `touchpadReleaseDelay` it lets go exactly as
/// a lifted finger does.
@Suite struct TouchpadTests {
  /// Precise events of `dy` points every `interval` seconds, `count` of them, from `start`.
  static func swipe(dy: Double, count: Int, interval: Double = 0.01, from start: Double) -> [Input] {
    (0..<count).map { .wheel(dy: dy, precise: true, time: start + Double($0) * interval) }
  }

  /// Plays `inputs` with frames at `fps` until `end`, returning the offset at each frame.
  static func run(
    _ inputs: [Input], fps: Double, until end: Double, baseline: EdgeInsets = .zero,
    content: Double = 5000
  ) -> (offsets: [Double], effects: [Effect], view: RefreshController) {
    var view = RefreshController(viewportHeight: 600, contentHeight: content, baselineInset: baseline)
    var offsets: [Double] = []
    var effects: [Effect] = []
    FrameLoop.play(
      inputs, time: \.time, frames: FrameLoop.times(hz: fps, through: end),
      deliver: { effects += view.handle($0) }
    ) { t in
      effects += view.advance(to: t)
      offsets.append(view.snapshot.offset)
    }
    return (offsets, effects, view)
  }

  @Test func aLongPullAtTheTopArmsAndRefreshesOnceWhenTheFingersStop() throws {
    let baseline = EdgeInsets(top: 20, bottom: 10)
    var view = RefreshController(viewportHeight: 600, contentHeight: 5000, baselineInset: baseline)
    var effects: [Effect] = []
    // 50 events of 8 pt: 400 pt of finger travel toward the top.
    for input in Self.swipe(dy: 8, count: 50, from: 0.1) { effects += view.handle(input) }
    let held = view.snapshot
    #expect(held.header == .armed)
    #expect(held.isDragging)
    // The band applies to the raw total, as a finger's drag: 400 pt shows as about 161.
    let band = Resistance(tuning: Tuning(), viewportHeight: 600)
    #expect(abs(held.pullDistance - band.displacement(forExcess: 400)) < 1e-9)
    #expect(effects.isEmpty)

    let last = 0.1 + 49 * 0.01
    effects += view.advance(to: last + 0.059)
    #expect(effects.isEmpty, "still within the release delay")
    #expect(view.snapshot.header == .armed)
    effects += view.advance(to: last + 0.1)
    #expect(effects == [.startRefresh(time: last + 0.06)], "released at its exact time, once")
    #expect(view.snapshot.header == .refreshing)
    #expect(!view.snapshot.isDragging)

    effects += view.advance(to: 3)
    effects += view.handle(.endRefreshing(.success, time: 3))
    effects += view.advance(to: 6)
    let rest = view.snapshot
    #expect(effects.count == 1)
    #expect(rest.header == .idle)
    // The automatic footer keeps its height inside the extent, on top of the baseline.
    #expect(rest.inset == EdgeInsets(top: baseline.top, bottom: baseline.bottom + 44))
    #expect(rest.offset == -baseline.top)
    #expect(view.isSettled)
  }

  @Test func aShortPullSpringsBackWithoutRefreshing() {
    let result = Self.run(Self.swipe(dy: 5, count: 8, from: 0.1), fps: 60, until: 3)
    #expect(result.offsets.min()! < -10, "the content was pulled past the top")
    #expect(result.effects.isEmpty)
    #expect(result.view.snapshot.offset == 0)
    #expect(result.view.snapshot.header == .idle)
    #expect(result.view.isSettled)
  }

  @Test func aSwipeInTheMiddleCoastsAfterTheLastEvent() {
    // Scrolled to 1000 first, then 15 pt every 10 ms toward the end: 1500 pt/s.
    var inputs: [Input] = [.scroll(toOffset: 1000, animated: false, time: 0)]
    inputs += Self.swipe(dy: -15, count: 15, from: 0.1)
    let last = 0.1 + 14 * 0.01
    let result = Self.run(inputs, fps: 120, until: 3)
    let atLastEvent = 1000 + 15 * 15.0
    let frame = { (t: Double) in result.offsets[Int((t * 120).rounded())] }
    #expect(abs(frame(last + 0.05) - atLastEvent) < 1e-9, "still until the fingers count as lifted")
    #expect(frame(last + 0.5) > atLastEvent + 300, "coasts on after the last event")
    // The fling's projection, about half the velocity in points (REFERENCES.md, "projection").
    #expect(abs(result.view.snapshot.offset - (atLastEvent + 0.4995 * 1500)) < 60)
    #expect(result.effects.isEmpty)
  }

  @Test func fingersThatSlowToAStopDoNotCoast() {
    var inputs = Self.swipe(dy: -15, count: 10, from: 0.1)
    // Then slower and slower over 150 ms, as fingers coming to rest on the pad.
    for (i, dy) in [-10.0, -8, -6, -5, -4, -3, -2, -1.5, -1, -0.7, -0.5, -0.3, -0.2].enumerated() {
      inputs.append(.wheel(dy: dy, precise: true, time: 0.2 + 0.012 * Double(i + 1)))
    }
    var view = RefreshController(viewportHeight: 600, contentHeight: 5000)
    _ = view.handle(.scroll(toOffset: 1000, animated: false, time: 0))
    for input in inputs { _ = view.handle(input) }
    let stopped = view.snapshot.offset
    _ = view.advance(to: 2)
    #expect(abs(view.snapshot.offset - stopped) < 1e-9, "no coast: the last events were slow")
  }

  @Test func thirtyAndOneFortyFourHertzAgreeWithinHalfAPoint() {
    // A pull that arms and refreshes, then a swipe toward the end that coasts.
    var inputs = Self.swipe(dy: 9, count: 40, from: 0.05)
    inputs += Self.swipe(dy: -20, count: 20, interval: 0.008, from: 1.5)
    let slow = Self.run(inputs, fps: 30, until: 4)
    let fast = Self.run(inputs, fps: 144, until: 4)
    // Multiples of 1/6 s are frames of both rates.
    for mark in 1...24 {
      let a = slow.offsets[mark * 5]
      let b = fast.offsets[mark * 24]
      #expect(abs(a - b) <= 0.5, "t=\(Double(mark) / 6): \(a) at 30 Hz, \(b) at 144 Hz")
    }
    #expect(slow.effects == fast.effects)
    #expect(slow.effects.count == 1)
  }

  @Test func aPushAtTheEndArmsTheReleaseToLoadFooter() {
    var tuning = Tuning()
    tuning.footerMode = .releaseToLoad
    var view = RefreshController(tuning: tuning, viewportHeight: 600, contentHeight: 2000)
    _ = view.handle(.scroll(toOffset: 1400, animated: false, time: 0))
    var effects: [Effect] = []
    for input in Self.swipe(dy: -10, count: 30, from: 0.1) { effects += view.handle(input) }
    #expect(view.snapshot.footer == .armed)
    effects += view.advance(to: 1)
    #expect(effects == [.startLoadMore(time: 0.1 + 29 * 0.01 + tuning.touchpadReleaseDelay)])
  }

  @Test func notchedWheelsNeverOverscroll() {
    var view = RefreshController(viewportHeight: 600, contentHeight: 5000)
    for i in 0..<10 { _ = view.handle(.wheel(dy: 3, precise: false, time: 0.05 * Double(i))) }
    for t in stride(from: 0.5, through: 2, by: 0.01) {
      _ = view.advance(to: t)
      #expect(view.snapshot.offset == 0)
      #expect(view.snapshot.header == .idle)
    }
  }

  @Test func aHeldButtonOwnsTheContent() {
    var view = RefreshController(viewportHeight: 600, contentHeight: 5000)
    _ = view.handle(.down(y: 300, time: 0))
    _ = view.handle(.move(y: 250, time: 0.05))
    let held = view.snapshot
    _ = view.handle(.wheel(dy: 30, precise: true, time: 0.06))
    _ = view.advance(to: 0.3)
    #expect(view.snapshot.offset == held.offset)
    #expect(view.snapshot.isDragging)
  }

  @Test func aPressLetsTheTouchpadGoFirst() {
    var view = RefreshController(viewportHeight: 600, contentHeight: 5000)
    var effects: [Effect] = []
    for input in Self.swipe(dy: 10, count: 40, from: 0) { effects += view.handle(input) }
    #expect(view.snapshot.header == .armed)
    effects += view.handle(.down(y: 300, time: 0.4))
    #expect(effects == [.startRefresh(time: 0.4)])
    #expect(view.snapshot.isDragging)
  }

  @Test func theReleaseDelayIsTunable() {
    var tuning = Tuning()
    tuning.touchpadReleaseDelay = 0.2
    var view = RefreshController(tuning: tuning, viewportHeight: 600, contentHeight: 5000)
    var effects: [Effect] = []
    for input in Self.swipe(dy: 10, count: 40, from: 0) { effects += view.handle(input) }
    effects += view.advance(to: 0.39 + 0.19)
    #expect(effects.isEmpty)
    effects += view.advance(to: 1)
    #expect(effects == [.startRefresh(time: 0.39 + 0.2)])
  }
}
