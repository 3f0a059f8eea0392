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

extension CurveFamily {
  /// `ThirdPull` as a program defines it: one definition, its constants kept in the tuning by key.
  static let thirdPull = CurveFamily(
    name: "thirdPull", label: "Third", summary: "a third of the finger's travel, a steady return",
    parameters: [
      TuningParameter(
        key: "thirdPullShare", range: 0.05...1, defaultValue: 1.0 / 3,
        meaning: "the share of finger travel the content shows past an edge", phase: .pull),
      TuningParameter(
        key: "thirdPullReturn", range: 0.05...2, defaultValue: 0.4, unit: "s",
        meaning: "how long the content takes back", phase: .release),
    ],
    physics: { t in
      ThirdPull(share: t[parameter: "thirdPullShare"], returnDuration: t[parameter: "thirdPullReturn"])
    })
}

/// Registers `thirdPull` once for the whole test process (registration is for the process's life).
enum ThirdPullRegistration {
  static let done: Bool =
    (try? CurveFamily.register(.thirdPull)) != nil || CurveFamily.named("thirdPull") != nil
}

/// A program's own curve family, registered on public API: the controller follows it, a tuning
/// file names it and keeps its constants under their own keys, and an unregistered name is one
/// line naming the registered ones.
@Suite struct CustomPhysicsTests {
  /// A tuning whose curve family is `ThirdPull`.
  static var tuning: Tuning {
    #expect(ThirdPullRegistration.done)
    var t = Tuning()
    t.resistanceCurve = CurveFamily.thirdPull.curve
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

  @Test func aTuningFileNamesTheFamilyAndKeepsItsConstantsUnderTheirKeys() throws {
    _ = Self.tuning
    let file = Data(#"{"resistanceCurve": "thirdPull", "thirdPullShare": 0.5}"#.utf8)
    let decoded = try JSONDecoder().decode(Tuning.self, from: file)
    #expect(decoded.resistanceCurve.rawValue == "thirdPull")
    #expect(decoded[parameter: "thirdPullShare"] == 0.5)
    #expect(decoded[parameter: "thirdPullReturn"] == 0.4, "an unnamed constant keeps its default")
    #expect(
      decoded.physics.displacement(forTravel: 90, past: Resistance(tuning: decoded, viewportHeight: 600).top)
        == 45)
    // Written and read back whole, equal by value.
    let object = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(decoded)) as? [String: Any])
    #expect(object["resistanceCurve"] as? String == "thirdPull")
    #expect(object["thirdPullShare"] as? Double == 0.5)
    #expect(object["thirdPullReturn"] as? Double == 0.4)
    #expect(try JSONDecoder().decode(Tuning.self, from: JSONEncoder().encode(decoded)) == decoded)
    // A value set back to its default is the default tuning's.
    var back = decoded
    back[parameter: "thirdPullShare"] = 1.0 / 3
    back.resistanceCurve = .iosRubberBand
    #expect(back == Tuning())
  }

  @Test func aFamilysConstantOutOfRangeIsRefusedByKey() {
    _ = Self.tuning
    let file = Data(#"{"resistanceCurve": "thirdPull", "thirdPullShare": 7}"#.utf8)
    #expect(throws: TuningError.outOfRange(key: "thirdPullShare", value: 7, range: 0.05...1)) {
      try JSONDecoder().decode(Tuning.self, from: file)
    }
  }

  @Test func anUnregisteredFamilyIsOneLineNamingTheRegisteredOnes() throws {
    _ = Self.tuning
    let file = Data(#"{"resistanceCurve": "softStop"}"#.utf8)
    do {
      _ = try JSONDecoder().decode(Tuning.self, from: file)
      Issue.record("a tuning naming no registered family loaded")
    } catch let error as TuningError {
      let line = error.description
      #expect(!line.contains("\n"))
      #expect(line.contains("resistanceCurve"))
      for family in CurveFamily.registered { #expect(line.contains("\"\(family.name)\""), "\(line)") }
    }
    #expect(ResistanceCurve(rawValue: "softStop") == nil)
  }

  @Test func aNameOrAKeyAlreadyTakenIsRefused() {
    _ = Self.tuning
    #expect(throws: CurveFamilyError.duplicateName("thirdPull")) { try CurveFamily.register(.thirdPull) }
    let clash = CurveFamily(
      name: "clash", label: "Clash", summary: "",
      parameters: [
        TuningParameter(key: "thirdPullShare", range: 0...2, defaultValue: 1, meaning: "", phase: .pull)
      ], physics: { _ in ThirdPull() })
    #expect(throws: CurveFamilyError.conflictingKey("thirdPullShare", family: "clash")) {
      try CurveFamily.register(clash)
    }
    #expect(CurveFamily.named("clash") == nil)
  }

  @Test func aConstantAppliesOnlyInTheFamiliesThatReadIt() throws {
    let curve = Self.tuning.resistanceCurve
    func parameter(_ key: String) throws -> TuningParameter {
      try #require(Tuning.parameters.first { $0.key == key })
    }
    #expect(try parameter("thirdPullShare").applies(to: curve))
    #expect(try !parameter("thirdPullShare").applies(to: .iosRubberBand))
    // The bounce spring acts only in the families that release by it.
    for key in ["springMass", "springStiffness", "springDampingRatio"] {
      #expect(try parameter(key).applies(to: .iosRubberBand))
      #expect(try parameter(key).applies(to: .flutterFriction))
      #expect(try !parameter(key).applies(to: .smartDamping))
      #expect(try !parameter(key).applies(to: curve))
    }
    #expect(try parameter("headerHeight").applies(to: curve))
    #expect(try parameter("headerHeight").curves.isEmpty)
  }
}
