import RefreshCore
import RefreshSDL

/// The soak's seeded stream of things a person and a server do to the table: drags, flings,
/// pulls, wheel and touchpad turns, keys, window resizes, tuning changes and data-source
/// changes, with pauses long enough for everything to settle now and then.
///
/// It is a generator, not a list: `next(after:)` makes the next burst when the soak reaches it,
/// so an hour of input costs no memory.
struct SoakInput {
  /// One thing to do at `time`.
  enum Action: Equatable {
    /// A window event, in window points.
    case event(ShellEvent)
    /// The tuning panel or a file edit changes the tuning.
    case tuning(Tuning)
    /// The tuning panel changes the simulated server.
    case data(DataSourceConfiguration)
  }

  /// A timed action.
  struct Step: Equatable {
    var time: Double
    var action: Action
  }

  /// The window the events fall in, points.
  let windowWidth: Double
  private(set) var windowHeight: Double
  private var random: SplitMix64
  private var baseData: DataSourceConfiguration
  /// The shortest load time: more than a frame, so that the soak sees every request pending
  /// before its answer.
  private let shortestLatency: Double

  /// Counts of what was generated, for the report.
  private(set) var counts: [String: Int] = [:]

  init(
    seed: UInt64, windowWidth: Double, windowHeight: Double, data: DataSourceConfiguration,
    shortestLatency: Double
  ) {
    random = SplitMix64(seed: seed)
    self.shortestLatency = shortestLatency
    self.windowWidth = windowWidth
    self.windowHeight = windowHeight
    baseData = data
  }

  /// The next burst of steps, all at or after `time`, in time order.
  mutating func next(after time: Double) -> [Step] {
    // Mostly short gaps, as in busy use; one in eight long enough for any load and animation
    // to finish, so the settled checks run often.
    let gap = uniform() < 0.125 ? 4 + uniform() * 8 : 0.05 + uniform() * 1.5
    let start = time + gap
    let roll = uniform()
    switch roll {
    case ..<0.40: return drag(at: start)
    case ..<0.60: return wheel(at: start)
    case ..<0.75: return key(at: start)
    case ..<0.82: return resize(at: start)
    case ..<0.91: return tuning(at: start)
    default: return data(at: start)
    }
  }

  private mutating func drag(at start: Double) -> [Step] {
    count("drags")
    let x = 20 + uniform() * (windowWidth - 40)
    var y = 20 + uniform() * (windowHeight - 40)
    // Up to three viewports either way: flings, pulls past the threshold, pushes past the end.
    let distance = (uniform() * 2 - 1) * windowHeight * 1.5
    let duration = 0.04 + uniform() * 0.8
    let moves = max(2, Int(duration * 60))
    var steps = [Step(time: start, action: .event(.mouseDown(x: x, y: y, button: .left)))]
    for index in 1...moves {
      y += distance / Double(moves)
      steps.append(
        Step(
          time: start + duration * Double(index) / Double(moves),
          action: .event(.mouseMove(x: x, y: y, buttonHeld: true))))
    }
    let end = start + duration + uniform() * 0.3
    if uniform() < 0.05 {
      count("cancels")
      steps.append(Step(time: end, action: .event(.focusLost)))
    } else {
      steps.append(Step(time: end, action: .event(.mouseUp(x: x, y: y, button: .left))))
    }
    return steps
  }

  private mutating func wheel(at start: Double) -> [Step] {
    count("wheels")
    let precise = uniform() < 0.5
    let turns = 1 + Int(uniform() * 12)
    let direction = uniform() < 0.5 ? -1.0 : 1.0
    return (0..<turns).map { index in
      let dy = direction * (precise ? 0.2 + uniform() * 4 : 1)
      return Step(
        time: start + Double(index) * 0.016,
        action: .event(.wheel(dy: dy, precise: precise, x: windowWidth / 2, y: windowHeight / 2)))
    }
  }

  private mutating func key(at start: Double) -> [Step] {
    count("keys")
    let keys = ScriptKey.allCases
    let key = keys[min(keys.count - 1, Int(uniform() * Double(keys.count)))]
    return [Step(time: start, action: .event(.key(key.shellKey, modifiers: key.modifiers, isRepeat: false)))]
  }

  private mutating func resize(at start: Double) -> [Step] {
    count("resizes")
    windowHeight = (200 + uniform() * 700).rounded()
    return [Step(time: start, action: .event(.resize(width: windowWidth, height: windowHeight)))]
  }

  private mutating func tuning(at start: Double) -> [Step] {
    count("tuning changes")
    let presets = TuningPreset.allCases
    var tuning = presets[min(presets.count - 1, Int(uniform() * Double(presets.count)))].tuning
    // A few numbers moved anywhere in their ranges; a combination the core refuses is what a
    // file edit would have been refused for, so the preset alone applies then.
    var moved = tuning
    for _ in 0..<Int(uniform() * 4) {
      let parameters = Tuning.parameters
      let parameter = parameters[min(parameters.count - 1, Int(uniform() * Double(parameters.count)))]
      let range = parameter.range
      moved[keyPath: parameter.keyPath] = range.lowerBound + uniform() * (range.upperBound - range.lowerBound)
    }
    if (try? moved.validate()) != nil { tuning = moved }
    return [Step(time: start, action: .tuning(tuning))]
  }

  private mutating func data(at start: Double) -> [Step] {
    count("data changes")
    var data = baseData
    // Next-frame answers, network-like ones and slow ones; failures from none to most.
    let latencies = [shortestLatency, 0.05, 0.3, 1, 2.5]
    data.latency = latencies[min(latencies.count - 1, Int(uniform() * Double(latencies.count)))]
    data.failureRate = uniform() < 0.3 ? 0 : uniform() * 0.8
    data.pageSize = 1 + Int(uniform() * 40)
    data.total = Int(uniform() * 400)
    return [Step(time: start, action: .data(data))]
  }

  private mutating func uniform() -> Double { random.nextUnitInterval() }

  private mutating func count(_ kind: String) { counts[kind, default: 0] += 1 }
}
