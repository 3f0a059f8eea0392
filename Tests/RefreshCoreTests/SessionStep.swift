import RefreshCore

// What a random session is made of, and how three random integers decode into one step.

/// The state a session starts from.
struct SessionSetup: Sendable, CustomStringConvertible {
  var viewport: Double
  var content: Double
  var baseline: EdgeInsets
  var preset: TuningPreset
  var variant: Int

  var description: String {
    "setup(viewport: \(viewport), content: \(content), baseline: (\(baseline.top), \(baseline.bottom)), "
      + "\(preset) variant \(variant))"
  }
}

/// One step of a session: `delay` seconds pass, then `action` happens.
struct SessionStep: Sendable, CustomStringConvertible {
  var delay: Double
  var action: SessionAction

  var description: String { "+\(delay) \(action)" }
}

extension SessionStep {
  init(code: StepCode) {
    self.init(delay: code.seconds, action: code.action)
  }
}

/// Something the user or the app does. Positions are relative so that they stay plausible
/// whatever the viewport is at the time.
enum SessionAction: Sendable {
  /// Finger down at `fraction` of the viewport height (outside 0…1 is outside the window).
  case down(fraction: Double)
  /// Finger moves by `dy` points from where it was.
  case move(dy: Double)
  case up
  case cancel
  /// A notched wheel, or a touchpad's precise points (a drag that lets go on its own).
  case wheel(dy: Double, precise: Bool)
  /// A scrollbar's thumb or a selection kept in view: to `fraction` of the way from the top rest
  /// edge to the bottom one (outside 0…1 asks for more than the bounds allow).
  case scroll(fraction: Double, animated: Bool)
  case key(KeyAction)
  case resize(Double)
  case beginRefreshing
  case endRefreshing(RefreshResult)
  /// The app ends a load; on success it first appends `rows` rows of 44 pt (when > 0).
  case endLoadingMore(LoadResult, rows: Int)
  case setContentHeight(Double)
  case setBaselineInset(top: Double, bottom: Double)
  case resetNoMoreData
  case retryLoadMore
  /// The app closes the second floor.
  case finishTwoLevel
  case setTuning(TuningPreset, variant: Int)
  /// Only time passes.
  case wait
  /// On a copy of the session: answer everything, wait long, check the rest invariants.
  case settleCheck
}

/// The kinds of step and how often each comes (per mille): mostly finger moves, so that drags
/// are long enough to pull, arm, fling and load; app calls often enough to race them.
enum StepKind: CaseIterable {
  case wait, move, down, up, cancel, wheelLines, wheelPrecise, scroll, key
  case beginRefreshing, endRefreshing, endLoadingMore, setContentHeight, setBaselineInset, resize
  case resetNoMoreData, retryLoadMore, setTuning, settleCheck, finishTwoLevel

  var weight: Int {
    switch self {
    case .wait: 70
    case .move: 463
    case .down: 85
    case .up: 70
    case .cancel: 17
    case .wheelLines: 28
    // Touchpad events come in runs (frame-sized delays keep a gesture going), so that pulls
    // arm, let go on their own and coast.
    case .wheelPrecise: 60
    case .scroll: 20
    case .key: 34
    case .beginRefreshing: 17
    case .endRefreshing: 42
    case .endLoadingMore: 56
    case .setContentHeight: 23
    case .setBaselineInset: 14
    case .resize: 9
    case .resetNoMoreData, .retryLoadMore, .setTuning, .settleCheck, .finishTwoLevel: 11
    }
  }
}

/// A step as three integers; zero decodes to the simplest of each part (no delay, a wait, a zero
/// parameter), so that shrinking simplifies steps as well as dropping them.
struct StepCode {
  static let delayCodes = 100
  static let kindCodes = StepKind.allCases.reduce(0) { $0 + $1.weight }
  static let parameterMax = 10_000

  var delay: Int
  var kind: Int
  var parameter: Int

  /// Zero, a microsecond, a frame at 30 to 144 Hz, a pause, or hours.
  var seconds: Double {
    switch delay {
    case 0..<15: 0
    case 15..<20: 1e-6
    case 20..<80: 1.0 / 144 + Double(delay - 20) / 59 * (1.0 / 30 - 1.0 / 144)
    case 80..<98: 0.05 + Double(delay - 80) / 17 * 1.45
    default: 1e4
    }
  }

  var stepKind: StepKind {
    var remaining = kind
    for candidate in StepKind.allCases {
      if remaining < candidate.weight { return candidate }
      remaining -= candidate.weight
    }
    return .wait
  }

  /// The parameter as −1…1: zero at code 0, growing with alternating sign.
  var signed: Double {
    let magnitude = Double((parameter + 1) / 2) / Double(Self.parameterMax / 2)
    return parameter % 2 == 0 ? magnitude : -magnitude
  }

  /// One of `values` chosen by the parameter (the first at code 0).
  func pick<T>(_ values: [T]) -> T { values[parameter % values.count] }

  /// A second choice from the parameter's remaining digits: a number in `0..<count`.
  func number(below count: Int, after choices: Int) -> Int { (parameter / choices) % count }

  /// A second choice from the parameter's remaining digits.
  func pick<T>(_ values: [T], after choices: Int) -> T {
    values[number(below: values.count, after: choices)]
  }

  var action: SessionAction {
    switch stepKind {
    case .wait: .wait
    case .move: .move(dy: signed * 250)
    case .down: .down(fraction: signed < 0 ? signed * 0.5 : signed * 1.5)
    case .up: .up
    case .cancel: .cancel
    case .wheelLines: .wheel(dy: (signed * 6).rounded(), precise: false)
    case .wheelPrecise: .wheel(dy: signed * 120, precise: true)
    case .scroll: .scroll(fraction: signed * 1.5 + 0.5, animated: parameter % 4 == 1)
    case .key: .key(pick(KeyAction.allCases))
    case .beginRefreshing: .beginRefreshing
    case .endRefreshing: .endRefreshing(pick(RefreshResult.allCases))
    case .endLoadingMore:
      .endLoadingMore(pick(LoadResult.allCases), rows: number(below: 21, after: LoadResult.allCases.count))
    case .setContentHeight: .setContentHeight(pick(RandomSession.contentChanges))
    case .setBaselineInset:
      .setBaselineInset(
        top: pick(RandomSession.baselineTops),
        bottom: pick(RandomSession.baselineBottoms, after: RandomSession.baselineTops.count))
    case .resize: .resize(pick(RandomSession.resizes))
    case .resetNoMoreData: .resetNoMoreData
    case .retryLoadMore: .retryLoadMore
    case .finishTwoLevel: .finishTwoLevel
    case .setTuning:
      .setTuning(
        pick(TuningPreset.allCases),
        variant: number(below: RandomSession.tuningVariants, after: TuningPreset.allCases.count))
    case .settleCheck: .settleCheck
    }
  }
}
