import Benchmark
import RefreshCore

// One frame of the core as a front end drives it: the frame's inputs (a finger move while
// pulling, nothing while flinging), `advance(to:)` to the frame's time, and reading the snapshot
// to draw. Each measured iteration runs 1,000 frames at 120 Hz, so the figures printed with `*`
// are per frame. Steady state must not allocate: a frame's mallocs should print as 0.

/// The frame interval of a 120 Hz display.
let frameInterval = 1.0 / 120

/// A controller and its clock, kept across iterations so every frame continues the last one.
final class FrameLoop {
  var view: RefreshController
  var time: Double
  /// Where the loop starts over (the fling's first frame); nil for a loop that never restarts.
  let restart: RefreshController?

  init(_ view: RefreshController, restartingAt restart: RefreshController? = nil) {
    self.view = view
    time = view.time
    self.restart = restart
  }
}

/// A long list flung upward: a quick 100 ms swipe of 600 pt at 120 Hz, released moving.
func flingStart() -> RefreshController {
  var view = RefreshController(viewportHeight: 800, contentHeight: 1_000_000)
  _ = view.handle(.down(y: 700, time: 0))
  for step in 1...12 {
    _ = view.handle(.move(y: 700 - 50 * Double(step), time: Double(step) * frameInterval))
  }
  _ = view.handle(.up(time: 12 * frameInterval))
  precondition(view.snapshot.isAnimating && view.snapshot.velocity > 1000, "the swipe must fling")
  return view
}

/// The finger during a pull: down at the top of a list at rest, then a triangle wave between
/// 0 and 300 pt of travel every 2 s, so the header passes through pulling and armed and the arrow
/// turns both ways, and the finger never lifts.
func pullFinger(at time: Double) -> Double {
  let period = 2.0
  let phase = (time / period) - (time / period).rounded(.down)
  return 100 + 300 * (phase < 0.5 ? 2 * phase : 2 - 2 * phase)
}

let benchmarks: @Sendable () -> Void = {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 10,
    scalingFactor: .kilo,
    maxDuration: .seconds(3),
    maxIterations: 10_000
  )

  Benchmark("core frame during a fling", configuration: configuration) {
    (benchmark: Benchmark, loop: FrameLoop) in
    for _ in benchmark.scaledIterations {
      loop.time += frameInterval
      // The fling lasts about 4.5 s; start it over after 4 s so that every frame measured is a
      // frame of a fling. A fling mutates nothing that holds a reference, so the copy back
      // allocates nothing either.
      if let restart = loop.restart, loop.time - restart.time > 4 {
        loop.view = restart
        loop.time = restart.time + frameInterval
      }
      blackHole(loop.view.handle(.advance(to: loop.time)))
      blackHole(loop.view.snapshot)
    }
  } setup: {
    let start = flingStart()
    return FrameLoop(start, restartingAt: start)
  }

  Benchmark("core frame during a pull", configuration: configuration) {
    (benchmark: Benchmark, loop: FrameLoop) in
    for _ in benchmark.scaledIterations {
      loop.time += frameInterval
      blackHole(loop.view.handle(.move(y: pullFinger(at: loop.time), time: loop.time)))
      blackHole(loop.view.handle(.advance(to: loop.time)))
      blackHole(loop.view.snapshot)
    }
  } setup: {
    var view = RefreshController(viewportHeight: 800, contentHeight: 1_000_000)
    _ = view.handle(.down(y: pullFinger(at: 0), time: 0))
    return FrameLoop(view)
  }
}
