import RefreshCore

/// Drives a controller the way a front end and an app would, recording every effect.
struct Harness {
  var view: RefreshController
  var effects: [Effect] = []
  var now = 0.0
  /// Frames `advance` has stepped through.
  var frames = 0

  init(
    tuning: Tuning = Tuning(), viewport: Double = 600, content: Double = 2000,
    baseline: EdgeInsets = .zero
  ) {
    view = RefreshController(
      tuning: tuning, viewportHeight: viewport, contentHeight: content, baselineInset: baseline)
  }

  var snapshot: RefreshSnapshot { view.snapshot }
  var refreshes: Int { effects.filter { if case .startRefresh = $0 { true } else { false } }.count }
  var loads: Int { effects.filter { if case .startLoadMore = $0 { true } else { false } }.count }

  mutating func send(_ input: Input) {
    now = max(now, input.time)
    effects += view.handle(input)
  }

  /// Advances in 60 Hz frames for `seconds`. Frame times are computed from the start, never
  /// summed, so rounding cannot add a sliver of a frame at the end.
  mutating func advance(by seconds: Double, fps: Double = 60) {
    let start = now
    let count = Int((seconds * fps - 1e-9).rounded(.up))
    for frame in 0..<max(count, 0) {
      now = min(start + seconds, start + Double(frame + 1) / fps)
      frames += 1
      effects += view.handle(.advance(to: now))
    }
    now = max(now, start + seconds)
  }

  /// A finger drag from `y0` to `y1` over `duration` seconds in 125 Hz moves; `release` lifts it.
  mutating func drag(from y0: Double, to y1: Double, duration: Double = 0.4, release: Bool = true) {
    send(.down(y: y0, time: now))
    let steps = max(Int(duration * 125), 1)
    let start = now
    for i in 1...steps {
      let f = Double(i) / Double(steps)
      send(.move(y: y0 + (y1 - y0) * f, time: start + duration * f))
    }
    if release { send(.up(time: now)) }
  }

  /// A slow drag that ends still (no fling): the finger rests before lifting.
  mutating func pull(from y0: Double, to y1: Double, duration: Double = 0.5) {
    drag(from: y0, to: y1, duration: duration, release: false)
    now += 0.1
    send(.move(y: y1, time: now))
    send(.up(time: now))
  }
}
