import Foundation
import RefreshCore
import Testing

/// The built-in family added by issue 53 in its definition and one registration: an underdamped
/// release that carries the content past the held height and settles on it.
@Suite struct ElasticOvershootTests {
  static var tuning: Tuning {
    var t = Tuning()
    t.resistanceCurve = CurveFamily.elasticOvershoot.curve
    return t
  }

  @Test func aTuningFileNamesItAndItsConstants() throws {
    let t = try JSONDecoder().decode(
      Tuning.self,
      from: Data(
        #"{"resistanceCurve": "elasticOvershoot", "elasticBounce": 0.5, "elasticDuration": 0.4}"#.utf8))
    #expect(t.resistanceCurve == CurveFamily.elasticOvershoot.curve)
    let physics = try #require(t.physics as? ElasticOvershootPhysics)
    let omega = 2 * Double.pi / 0.4
    #expect(physics.spring.stiffness == omega * omega)
    #expect(physics.spring.dampingRatio == 0.5)
    #expect(physics.spring.mass == 1)
    // The bounce spring is not its: the studio greys those keys out under it.
    let springMass = try #require(Tuning.parameters.first { $0.key == "springMass" })
    #expect(!springMass.applies(to: t.resistanceCurve))
    let bounce = try #require(Tuning.parameters.first { $0.key == "elasticBounce" })
    #expect(bounce.applies(to: t.resistanceCurve) && !bounce.applies(to: .iosRubberBand))
  }

  @Test func aReleasePastTheTriggerOvershootsTheHoldAndSettlesOnIt() {
    var h = Harness(tuning: Self.tuning)
    h.send(.down(y: 100, time: 0))
    h.send(.move(y: 400, time: 0.3))
    h.send(.move(y: 400, time: 0.5))
    #expect(h.snapshot.offset < -100)
    h.send(.up(time: 0.5))
    #expect(h.refreshes == 1)
    var least = Double.infinity
    var most = -Double.infinity
    for step in 1...150 {
      h.advance(by: 0.01)
      if step > 5 {
        least = min(least, h.snapshot.offset)
        most = max(most, h.snapshot.offset)
      }
    }
    // The held height is 60: the content passes it (offset above −60) and comes back.
    #expect(most > -60 + 1, "the release never overshot the hold (closest \(most))")
    #expect(abs(h.snapshot.offset - -60) < 0.5)
  }

  @Test func withoutBounceItIsCriticalAndNeverOvershoots() {
    var t = Self.tuning
    t[parameter: "elasticBounce"] = 0
    var h = Harness(tuning: t)
    h.send(.down(y: 100, time: 0))
    h.send(.move(y: 400, time: 0.3))
    h.send(.move(y: 400, time: 0.5))
    h.send(.up(time: 0.5))
    var most = -Double.infinity
    for _ in 1...150 {
      h.advance(by: 0.01)
      most = max(most, h.snapshot.offset)
    }
    #expect(most <= -60 + 1e-9)
  }
}
