import Foundation
import RefreshCore
import Testing

/// A program's own curve family, on public API alone: the content shows a third of the finger's
/// travel past an edge, and returns at a steady speed over a fixed time.
struct ThirdPull: ScrollPhysics {
  var share = 1.0 / 3
  var returnDuration = 0.4

  func displacement(forTravel travel: Double, past edge: OverscrollEdge) -> Double {
    travel * share
  }

  func slope(atTravel travel: Double, past edge: OverscrollEdge) -> Double { share }

  func travel(forDisplacement displacement: Double, past edge: OverscrollEdge) -> Double {
    displacement / share
  }

  func releaseMotion(from position: Double, velocity: Double, to target: Double)
    -> any SettlingMotion
  {
    SteadyReturn(from: position, to: target, duration: returnDuration)
  }

  func edgeMotion(meeting edge: Double, velocity: Double) -> EdgeMotion { .stop }
}

/// From `from` to `to` at one speed over `duration` seconds.
struct SteadyReturn: SettlingMotion {
  var from: Double
  var to: Double
  var duration: Double

  var restingPosition: Double { to }

  func position(at t: Double) -> Double { from + (to - from) * min(max(t / duration, 0), 1) }

  func velocity(at t: Double) -> Double { t < duration ? (to - from) / duration : 0 }

  func isDone(at t: Double) -> Bool { t >= duration }

  func shifted(by distance: Double) -> SteadyReturn {
    SteadyReturn(from: from + distance, to: to + distance, duration: duration)
  }
}

@Suite struct CustomPhysicsTests {
  /// A tuning whose curve family is `ThirdPull`.
  static var tuning: Tuning {
    var t = Tuning()
    t.customPhysics = ThirdPull()
    return t
  }

  @Test func theControllerPullsAndReturnsByTheProgramsFamily() {
    var h = Harness(tuning: Self.tuning)
    h.send(.down(y: 100, time: 0))
    h.send(.move(y: 190, time: 0.05))
    // A third of 90 points, where iOS's band would show about 45.
    #expect(h.snapshot.offset == -30)
    #expect(h.snapshot.header == .pulling)
    // The finger rests, then lifts: no fling, the family's own return.
    h.send(.move(y: 190, time: 0.3))
    h.send(.up(time: 0.3))
    h.advance(by: 0.2)
    #expect(abs(h.snapshot.offset - -15) < 1e-9, "halfway back at a steady speed")
    #expect(h.snapshot.isAnimating)
    h.advance(by: 0.2)
    #expect(h.snapshot.offset == 0)
    #expect(!h.snapshot.isAnimating)
    #expect(h.refreshes == 0)
  }

  @Test func aPullPastTheThresholdRefreshesAndReturnsToTheHeldHeader() {
    var h = Harness(tuning: Self.tuning)
    h.send(.down(y: 100, time: 0))
    h.send(.move(y: 100 + 3 * 80, time: 0.05))
    #expect(h.snapshot.offset == -80)
    h.send(.move(y: 100 + 3 * 80, time: 0.3))
    h.send(.up(time: 0.3))
    #expect(h.refreshes == 1)
    // Back from 80 to the header's 60 over the family's 0.4 s, not a spring's time.
    h.advance(by: 0.2)
    #expect(abs(h.snapshot.offset - -70) < 1e-9)
    h.advance(by: 0.3)
    #expect(h.snapshot.offset == -60)
  }

  @Test func theBandInvertsSoGrabbingOutOfBoundsDoesNotJump() {
    let band = Resistance(tuning: Self.tuning, viewportHeight: 600)
    #expect(band.displacement(forExcess: -90) == -30)
    #expect(band.unband(band.band(-90, within: 0...1000), within: 0...1000) == -90)
  }

  @Test func aTuningFileNeitherWritesNorReadsTheProgramsFamily() throws {
    let t = Self.tuning
    #expect(t != Tuning())
    #expect(t == Self.tuning)
    var other = t
    other.customPhysics = ThirdPull(share: 0.5)
    #expect(other != t)
    let decoded = try JSONDecoder().decode(Tuning.self, from: JSONEncoder().encode(t))
    #expect(decoded.customPhysics == nil)
    #expect(decoded == Tuning())
  }
}
