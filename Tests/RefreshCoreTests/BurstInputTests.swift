import RefreshCore
import Testing

/// A display that blocks in vsync drains the pointer's events once a frame: the moves of a
/// whole frame arrive together, stamped microseconds apart at the drain. A slow drag delivered
/// that way must still release at its true speed, not at the burst's steep local slope.
@Suite struct BurstInputTests {
  /// A drag at `speed` (pt/s, finger moving up), its moves delivered `perFrame` at a time at
  /// 60 Hz, each burst stamped 5 µs apart at its drain; released in the last drain.
  static func releaseVelocity(speed: Double, perFrame: Int, frames: Int) -> Double {
    var view = RefreshController(viewportHeight: 700, contentHeight: 44_000)
    let frame = 1.0 / 60
    let start = 600.0
    _ = view.handle(.down(y: start, time: 0))
    var drain = 0.0
    for k in 1...frames {
      drain = Double(k) * frame
      for j in 1...perFrame {
        // Where the finger really was: spread over the frame the burst waited through.
        let happened = drain - frame + frame * Double(j) / Double(perFrame)
        _ = view.handle(.move(y: start - speed * happened, time: drain + Double(j) * 5e-6))
      }
    }
    _ = view.handle(.up(time: drain + Double(perFrame + 1) * 5e-6))
    return view.snapshot.velocity
  }

  @Test(arguments: [(200.0, 4), (200.0, 8), (200.0, 16), (400.0, 2), (120.0, 3)])
  func aSlowDragInBurstsReleasesAtItsTrueSpeed(speed: Double, perFrame: Int) {
    let velocity = Self.releaseVelocity(speed: speed, perFrame: perFrame, frames: 30)
    // The content moves down the list as the finger moves up: the same speed, positive.
    #expect(abs(velocity - speed) <= speed * 0.10, "released at \(velocity) pt/s for \(speed)")
  }

  /// The same with a drag only a few frames long: the first bursts are all the tracker has.
  @Test(arguments: [2, 3, 4])
  func aShortDragInBurstsReleasesAtItsTrueSpeed(frames: Int) {
    let velocity = Self.releaseVelocity(speed: 300, perFrame: 4, frames: frames)
    #expect(abs(velocity - 300) <= 30, "released at \(velocity) pt/s after \(frames) frames")
  }
}
