import PropertyBased
import RefreshCore
import TestKit
import Testing

// Random sessions against the controller: a user's gestures, an app that answers the core's
// effects late, twice or never, and time steps from zero to hours. After every input the
// invariants that README's "What the core guarantees" promises must hold (see `SessionModel.observe`).

@Suite("Property tests")
struct PropertyTests {
  /// The 10,000 random sessions the RefreshCore issue asks for.
  @Test func randomSessionsKeepTheInvariants() async {
    await propertyCheck(count: 10_000, input: RandomSession.setup, RandomSession.steps) { setup, steps in
      var session = SessionModel(setup, performing: steps)
      if session.violation == nil { session.settleAndCheck(phase: "final settle") }
      #expect(session.violation == nil, "\(session.violation ?? "")")
    }
  }

  /// README: the same gesture gives the same positions at 30, 60 or 144 Hz. The inputs of random
  /// sessions (their first six seconds), replayed with frames at 30, 60 and 144 Hz and at
  /// jittered times, show the same numbers to the bit at every time the schedules share, and
  /// return the same effects at the same times, load triggers and spinner holds included.
  @Test func everyFrameRateShowsTheSameNumbers() async {
    await propertyCheck(count: 1000, input: RandomSession.setup, RandomSession.steps) { setup, steps in
      let session = SessionModel(setup, performing: steps)
      let script = session.inputs.filter { $0.time <= 6 }
      let reference = Self.replay(script, setup: setup, frames: FrameLoop.times(hz: 60, through: 6))
      #expect(reference.shown.count == FrameRateTests.marks.count)
      let schedules =
        [30.0, 144].map { FrameLoop.times(hz: $0, through: 6) } + [FrameRateTests.jittered(seed: 9)]
      for frames in schedules {
        let run = Self.replay(script, setup: setup, frames: frames)
        #expect(run.effects == reference.effects, "\(setup): effects \(run.effects) vs \(reference.effects)")
        for mark in FrameRateTests.marks {
          #expect(run.shown[mark] == reference.shown[mark], "\(setup) at \(mark) s, \(frames.count) frames")
        }
      }
    }
  }

  /// `nextChangeTime(spinnerSteps:)` keeps its word after random sessions: if no input comes,
  /// the snapshot (less its clock, and the spinner within its step) stays as it is until the
  /// time it names, and the spinner it counts in steps is never more than a step away.
  @Test func aStillControllerChangesOnlyWhenItSaysItWill() async {
    await propertyCheck(count: 1000, input: RandomSession.setup, RandomSession.steps) { setup, steps in
      Self.expectStillUntilItsNextChange(setup, steps)
    }
  }

  /// Found by the property above: a margin past the spinner's step let it change just before
  /// the time named (a load from the end, 7/6 s later, 5 µs before a step).
  @Test func aStillControllerKeepsItsWordAtASpinnerStep() {
    Self.expectStillUntilItsNextChange(
      SessionSetup(
        viewport: 600, content: 2000, baseline: EdgeInsets(top: 0, bottom: 0), preset: .ios,
        variant: 0),
      [
        SessionStep(delay: 0, action: .scroll(fraction: 1.0004, animated: false)),
        SessionStep(delay: 1.1588235294117646, action: .wait),
        SessionStep(delay: 0.007838983050847457, action: .wait),
      ])
  }

  /// Found by the property above: 10,000 s into a refresh, an ulp before a turn ends, the next
  /// step is named one ulp later and comes then; the check's fractions of the way there all
  /// rounded onto that time, where the step has come, and it failed a controller that kept its
  /// word.
  @Test func aStillControllerKeepsItsWordAtATurnsEdge() {
    let waits = [
      10000.0, 0.021257062146892654, 0.009628060263653484, 0.021257062146892654,
      0.8176470588235294, 1.4147058823529413, 0.8176470588235294, 0.011864406779661017,
      0.009628060263653484, 0.021257062146892654, 0.007391713747645951, 0.021257062146892654,
      0.007391713747645951, 0.007391713747645951, 0.021257062146892654, 0.007391713747645951,
      0.026177024482109228, 0.007391713747645951, 0.019020715630885122, 0.019020715630885122,
    ]
    var steps = waits.map { SessionStep(delay: $0, action: .wait) }
    steps += [
      SessionStep(delay: 0, action: .wheel(dy: 34.967999999999996, precise: true)),
      SessionStep(delay: 0, action: .down(fraction: 0)),
      SessionStep(delay: 0.021257062146892654, action: .wait),
      SessionStep(delay: 0.021257062146892654, action: .move(dy: 98.15)),
      SessionStep(delay: 0.021257062146892654, action: .wait),
      SessionStep(delay: 0.007391713747645951, action: .up),
      SessionStep(delay: 10000, action: .wait),
    ]
    Self.expectStillUntilItsNextChange(
      SessionSetup(
        viewport: 600, content: 2000, baseline: EdgeInsets(top: 0, bottom: 0), preset: .smart,
        variant: 0),
      steps)
  }

  static func expectStillUntilItsNextChange(_ setup: SessionSetup, _ steps: [SessionStep]) {
    let session = SessionModel(setup, performing: steps)
    let view = session.view
    let next = view.nextChangeTime(spinnerSteps: 12)
    #expect(next >= view.time)
    let period = view.tuning.spinnerPeriod
    if view.snapshot.header == .refreshing || view.snapshot.footer == .loading {
      #expect(next <= view.time + period / 12 * 1.001, "\(setup): a spinner steps within a step")
    }
    guard next > view.time else { return }
    #expect(view.nextChangeTime(spinnerSteps: nil) == view.time || view.snapshot.spinnerPhase == 0)
    let still = Self.drawn(view.snapshot)
    let end = min(next, view.time + 30)
    for fraction in [0.01, 0.5, 0.99] {
      // Only times before the one named: a change named a hair away (an ulp at 20,000 s) has
      // no time between, and the fractions round onto it.
      let at = view.time + (end - view.time) * fraction
      guard at < next else { continue }
      var later = view
      _ = later.advance(to: at)
      #expect(Self.drawn(later.snapshot) == still, "\(setup): changed before \(next)")
    }
  }

  /// `snapshot` as a front end drawing the spinner in twelve steps shows it: its clock and
  /// the spinner's phase within a step left out.
  static func drawn(_ snapshot: RefreshSnapshot) -> RefreshSnapshot {
    var copy = snapshot
    copy.time = 0
    copy.spinnerPhase = (snapshot.spinnerPhase * 12).rounded(.down)
    return copy
  }

  /// `script` played on a fresh controller with frames at `frames`: what the frames at the
  /// marks show, and every effect.
  static func replay(
    _ script: [Input], setup: SessionSetup, frames: [Double]
  ) -> (shown: [Double: FrameRateTests.Shown], effects: [Effect]) {
    var view = RefreshController(
      tuning: RandomSession.tuning(setup.preset, variant: setup.variant),
      viewportHeight: setup.viewport, contentHeight: setup.content, baselineInset: setup.baseline)
    var shown: [Double: FrameRateTests.Shown] = [:]
    var effects: [Effect] = []
    let marks = Set(FrameRateTests.marks)
    FrameLoop.play(script, time: \.time, frames: frames, deliver: { effects += view.handle($0) }) { frame in
      effects += view.handle(.advance(to: frame))
      if marks.contains(frame) { shown[frame] = FrameRateTests.Shown(view.snapshot) }
    }
    return (shown, effects)
  }

  /// The sessions draw their tunings from the presets, so every resistance curve and the
  /// overlay header (the one style the core treats differently) meet the invariants.
  @Test func thePresetsSpanEveryCurveAndTheOverlay() {
    let presets = TuningPreset.allCases.map(\.tuning)
    // The presets' curves are built-ins, and the variants put every built-in under them.
    #expect(Set(presets.map(\.resistanceCurve)).isSubset(of: CurveFamily.builtIns.map(\.curve)))
    #expect(CurveFamily.builtIns.count + 1 <= 7, "bits 7–9 cannot reach every built-in and the overlay")
    #expect(presets.contains { $0.headerStyle == .overlay })
  }

  /// The tuning variants the sessions switch between are all valid, so a failure is the core's.
  @Test func everyTuningVariantIsValid() throws {
    for preset in TuningPreset.allCases {
      for variant in 0..<RandomSession.tuningVariants {
        try RandomSession.tuning(preset, variant: variant).validate()
      }
    }
  }
}

/// Generators for sessions.
enum RandomSession {
  static let rowHeight = 44.0
  static let tuningVariants = 2048
  static let viewports: [Double] = [600, 480, 900, 44, 1, 2000]
  static let contents: [Double] = [2000, 0, 44, 300, 600, 880, 5000, 1e7]
  static let contentChanges = contents + [1e9, 88]
  static let resizes = viewports + [700]
  static let baselineTops: [Double] = [0, 20, 64, 100]
  static let baselineBottoms: [Double] = [0, 34, 50]

  /// A tuning from a preset with the behaviours a session can switch on: bit 0 release-to-load,
  /// 1 simultaneous refresh and load, 2 hide the footer when no more data, 3 a preload distance
  /// (bit 4 picks a large one), 5 instant animations and no holds, 6 fast deceleration; bits 7–9
  /// put another resistance curve (1–4) or the overlay header (5) under the preset's numbers;
  /// bit 10 opens the second floor at SmartRefreshLayout's 1.9 header heights.
  static func tuning(_ preset: TuningPreset, variant: Int) -> Tuning {
    var t = preset.tuning
    let motion = (variant >> 7) & 7
    let curves = CurveFamily.builtIns.map(\.curve)
    if (1...curves.count).contains(motion) { t.resistanceCurve = curves[motion - 1] }
    if motion == curves.count + 1 { t.headerStyle = .overlay }
    if variant & 1 != 0 { t.footerMode = .releaseToLoad }
    if variant & 2 != 0 { t.allowsSimultaneousRefreshAndLoad = true }
    if variant & 4 != 0 { t.hidesFooterWhenNoMoreData = true }
    if variant & 8 != 0 { t.preloadDistance = variant & 16 != 0 ? 400 : -30 }
    if variant & 32 != 0 {
      t.openDuration = 0
      t.collapseDuration = 0
      t.arrowFlipDuration = 0
      t.scrollAnimationDuration = 0
      t.minimumSpinnerTime = 0
      t.finishingHoldDuration = 0
    }
    if variant & 64 != 0 { t.decelerationRate = 0.99 }
    if variant & 1024 != 0 { t.twoLevelFloorRate = 1.9 }
    return t
  }

  /// One of `values`, shrinking toward the first.
  static func pick<T: Sendable>(_ values: [T]) -> Generator<T, Shrink.Integer<Int>> {
    Gen.int(in: 0...(values.count - 1)).map { values[$0] }
  }

  static let setup: Generator<SessionSetup, some Sequence & SendableMetatype> = zip(
    pick(viewports), pick(contents), pick(baselineTops), pick(baselineBottoms),
    Gen<TuningPreset>.case, Gen.int(in: 0...(tuningVariants - 1))
  ).map { viewport, content, top, bottom, preset, variant in
    SessionSetup(
      viewport: viewport, content: content, baseline: EdgeInsets(top: top, bottom: bottom),
      preset: preset, variant: variant)
  }

  // A step is three integers that `StepCode` decodes: composing the library's generators per
  // step (frequency, type erasure, nested maps) took three times as long in a debug build, and
  // integers still shrink toward the simplest step (no delay, a wait, a zero parameter).
  static let steps: Generator<[SessionStep], some Sequence & SendableMetatype> = zip(
    Gen.int(in: 0...(StepCode.delayCodes - 1)),
    Gen.int(in: 0...(StepCode.kindCodes - 1)),
    Gen.int(in: 0...StepCode.parameterMax)
  )
  .map { SessionStep(code: StepCode(delay: $0, kind: $1, parameter: $2)) }
  .array(of: 1...60)
}
