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

  /// Long drags at several speeds and burst sizes, and drags only a few frames long (the
  /// first bursts are all the tracker has): each releases within 10 % of its speed.
  @Test(arguments: [
    (200.0, 4, 30), (200.0, 8, 30), (200.0, 16, 30), (400.0, 2, 30), (120.0, 3, 30),
    (300.0, 4, 2), (300.0, 4, 3), (300.0, 4, 4),
  ])
  func aDragInBurstsReleasesAtItsTrueSpeed(speed: Double, perFrame: Int, frames: Int) {
    let velocity = Self.releaseVelocity(speed: speed, perFrame: perFrame, frames: frames)
    // The content moves down the list as the finger moves up: the same speed, positive.
    #expect(
      abs(velocity - speed) <= speed * 0.10,
      "released at \(velocity) pt/s for \(speed) after \(frames) frames of \(perFrame)")
  }
}
