import Foundation
import RefreshCore
import TestKit
import Testing

@testable import LabTestKit
@testable import RefreshLab

/// Issue 55: springs set as designers set them (duration and bounce), and the readouts under
/// the live plot, held against Apple's spring and against the replay's own trace.
@MainActor @Suite struct SpringReadoutsTests {
  /// Apple's `Spring(duration:bounce:)` at mass 1, integrated step by step (RK4, 0.1 ms) from
  /// its own stiffness and damping coefficient, not from a damping ratio: where a spring
  /// released at `x0` points from its target moving at `v0` is at each of `times`.
  static func appleSpring(duration: Double, bounce: Double, x0: Double, v0: Double, times: [Double])
    -> [Double]
  {
    let stiffness = pow(2 * Double.pi / duration, 2)
    let damping =
      bounce >= 0 ? 4 * Double.pi * (1 - bounce) / duration : 4 * Double.pi / (duration * (1 + bounce))
    func acceleration(_ x: Double, _ v: Double) -> Double { -stiffness * x - damping * v }
    var x = x0
    var v = v0
    var t = 0.0
    let dt = 1e-4
    var result: [Double] = []
    for target in times {
      while t + dt <= target + 1e-12 {
        let k1x = v
        let k1v = acceleration(x, v)
        let k2x = v + dt / 2 * k1v
        let k2v = acceleration(x + dt / 2 * k1x, v + dt / 2 * k1v)
        let k3x = v + dt / 2 * k2v
        let k3v = acceleration(x + dt / 2 * k2x, v + dt / 2 * k2v)
        let k4x = v + dt * k3v
        let k4v = acceleration(x + dt * k3x, v + dt * k3v)
        x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        t += dt
      }
      result.append(x)
    }
    return result
  }

  @Test func durationAndBounceAreApplesTerms() {
    let spring = SpringParameters(duration: 0.4, bounce: 0.2)
    #expect(spring.mass == 1)
    #expect(abs(spring.stiffness - pow(2 * Double.pi / 0.4, 2)) < 1e-9)
    #expect(abs(spring.dampingRatio - 0.8) < 1e-12)
    #expect(abs(spring.duration - 0.4) < 1e-12 && abs(spring.bounce - 0.2) < 1e-12)
    let creeping = SpringParameters(duration: 0.5, bounce: -0.25)
    #expect(abs(creeping.dampingRatio - 1 / 0.75) < 1e-12 && abs(creeping.bounce + 0.25) < 1e-12)
    let motion = SpringMotion(from: -110, velocity: 400, to: -60, parameters: spring)
    let times = (0...90).map { Double($0) / 60 }
    let apple = Self.appleSpring(duration: 0.4, bounce: 0.2, x0: -50, v0: 400, times: times)
    let worst = zip(times, apple).map { abs(motion.position(at: $0) - (-60 + $1)) }.max() ?? .infinity
    #expect(worst < 0.5, "worst \(worst) pt from Apple's spring")
  }

  /// The panel's duration and bounce rows write stiffness and damping, mass kept, and read back.
  @Test func thePanelSetsDurationAndBounce() throws {
    var values = StudioValues(tuning: TuningPreset.ios.tuning, data: DataSourceConfiguration())
    values = try PanelNumber.spring(.springDuration).setting(0.4, in: values)
    values = try PanelNumber.spring(.springBounce).setting(0.2, in: values)
    let spring = values.tuning.springParameters
    #expect(abs(spring.duration - 0.4) < 1e-9 && abs(spring.bounce - 0.2) < 1e-9)
    #expect(spring.mass == TuningPreset.ios.tuning.springMass)
    let model = PanelModel(data: DataSourceConfiguration(), curve: .iosRubberBand)
    let keys = model.rows.indices.compactMap { model.key(of: $0) }
    let duration = try #require(keys.firstIndex(of: "springDuration"))
    #expect(keys[duration + 1] == "springBounce" && keys[duration + 2] == "springMass")
  }

  /// A pull released into a spring of duration 0.4 and bounce 0.2, replayed headless: the
  /// content from the lift on moves as Apple's spring from where it was let go, within 0.5 pt.
  @Test func aReleasedPullMovesAsApplesSpring() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var values = StudioValues(tuning: TuningPreset.ios.tuning, data: DataSourceConfiguration())
    values = try PanelNumber.spring(.springDuration).setting(0.4, in: values)
    values = try PanelNumber.spring(.springBounce).setting(0.2, in: values)
    let path = folder.file("spring.json")
    _ = try TuningFile.save(values.tuning, to: path)
    let frames = try HeadlessReplay.frames(
      script: RepositoryFile.path("docs/scripts/pull.jsonl"), ["--tuning", path], in: folder)
    let release = try #require(frames.last { $0.t <= 0.8 + 1e-9 })
    let after = frames.filter { $0.t > 0.8 + 1e-9 && $0.header == "refreshing" }
    try #require(after.count > 20, "the header holds the content while the spring plays")
    let rest = -values.tuning.headerHeight
    let apple = Self.appleSpring(
      duration: 0.4, bounce: 0.2, x0: release.offset - rest, v0: 0, times: after.map { $0.t - release.t })
    let worst = zip(after, apple).map { abs($0.offset - (rest + $1)) }.max() ?? .infinity
    #expect(worst < 0.5, "worst \(worst) pt from Apple's spring")
    #expect(after.contains { $0.offset > rest + 0.5 }, "bounce 0.2 overshoots")
  }

  /// The readouts say what the replay's trace says: settle time within a frame, overshoot
  /// within 0.1 pt, hold and collapse within a frame.
  @Test(arguments: TuningPreset.allCases)
  func theReadoutsAgreeWithTheTrace(preset: TuningPreset) throws {
    var tuning = preset.tuning
    if SettingRelevance.releasesBySpring(tuning) {
      tuning.springStiffness = SpringParameters(duration: 0.4, bounce: 0.2).stiffness
      tuning.springDampingRatio = 0.8
    }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.file("tuning.json")
    _ = try TuningFile.save(tuning, to: path)
    let frames = try HeadlessReplay.frames(
      script: RepositoryFile.path("docs/scripts/pull.jsonl"), ["--tuning", path], in: folder)
    let traced = MotionReadouts(
      tuning: tuning,
      frames: frames.map {
        MotionReadouts.Frame(time: $0.t, offset: $0.offset, insetTop: $0.insetTop, header: $0.header)
      },
      releaseTime: MotionReadouts.standardRelease)
    let shown = MotionReadouts(tuning: tuning)
    let frame = 1 / 60.0 + 1e-9
    #expect(shown.settleTime != nil && traced.settleTime != nil)
    #expect(abs((shown.settleTime ?? 0) - (traced.settleTime ?? 9)) <= frame, "\(shown) vs \(traced)")
    #expect(abs(shown.overshoot - traced.overshoot) <= 0.1, "\(shown) vs \(traced)")
    #expect(abs((shown.holdTime ?? 0) - (traced.holdTime ?? 9)) <= frame, "\(shown) vs \(traced)")
    // An overlay header opens no inset, so neither says a collapse time; the rest must agree.
    #expect((shown.collapseTime == nil) == (traced.collapseTime == nil), "\(shown) vs \(traced)")
    #expect((preset.tuning.headerStyle == .overlay) == (shown.collapseTime == nil))
    if let shownCollapse = shown.collapseTime, let tracedCollapse = traced.collapseTime {
      #expect(abs(shownCollapse - tracedCollapse) <= frame, "\(shown) vs \(traced)")
    }
  }

  /// The standard pull the readouts play is docs/scripts/pull.jsonl.
  @Test func theStandardPullIsTheDocumentedOne() throws {
    let file = try GestureScript.load(RepositoryFile.path("docs/scripts/pull.jsonl"))
    #expect(file == MotionReadouts.standardPull)
  }

  /// The finger travel to arm, read in closed form from the curve family, is where a slow
  /// pull's header arms in the trace, within 1 pt: a finger moving 1 pt a frame.
  @Test(arguments: TuningPreset.allCases)
  func fingerTravelToArmIsWhereTheHeaderArms(preset: TuningPreset) throws {
    var lines = ["{\"t\": 0, \"type\": \"down\", \"x\": 200, \"y\": 100}"]
    for frame in 1...400 {
      lines.append("{\"t\": \(Double(frame) / 60), \"type\": \"move\", \"x\": 200, \"y\": \(100 + frame)}")
    }
    lines.append("{\"t\": 7, \"type\": \"end\"}")
    let frames = try HeadlessReplay.frames(
      scriptText: lines.joined(separator: "\n"), ["--preset", preset.rawValue])
    let armed = try #require(frames.first { $0.header == "armed" }, "the slow pull arms")
    let travel = armed.t * 60
    let readout = MotionReadouts.fingerTravel(toArm: preset.tuning)
    // Arming shows at the first frame at or past the travel: up to one frame's point later.
    #expect(travel >= readout - 1e-6 && travel - readout <= 1, "armed at \(travel) pt, readout \(readout)")
  }
}
