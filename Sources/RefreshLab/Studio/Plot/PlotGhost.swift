/// The run before the last edit, drawn behind the live one: after a slider moves, the next
/// gesture plots over the one made before it, both from their first touch, until the person
/// clears the ghost (G) or edits again (the run just made becomes the ghost).
struct PlotGhost: Sendable, Equatable {
  /// The previous run from its first touch on: times relative to that touch.
  private(set) var run: [(time: Double, offset: Double, velocity: Double)]
  /// When the gesture it is laid against began, session time; nil until a gesture begins
  /// after the edit.
  private(set) var anchor: Double?

  static func == (a: PlotGhost, b: PlotGhost) -> Bool {
    a.anchor == b.anchor && a.run.elementsEqual(b.run) { $0 == $1 }
  }

  /// The last gesture of `samples` (from the frame its finger went down, or the oldest
  /// sample), nil when it holds no gesture.
  init?(lastGestureOf samples: some BidirectionalCollection<PlotSample>) {
    guard let start = Self.lastGestureStart(samples) else { return nil }
    let from = samples[start...]
    let origin = from.first?.time ?? 0
    run = from.map { ($0.time - origin, $0.offset, $0.velocity) }
    guard run.count > 1 else { return nil }
  }

  /// The index of the first frame of the last drag in `samples`.
  static func lastGestureStart<Samples: BidirectionalCollection<PlotSample>>(_ samples: Samples) -> Samples
    .Index?
  {
    var index = samples.endIndex
    var found: Samples.Index?
    while index > samples.startIndex {
      let previous = samples.index(before: index)
      if samples[previous].isDragging {
        found = previous
      } else if found != nil {
        break
      }
      index = previous
    }
    return found
  }

  /// Lays the ghost against the gesture a frame at `time` begins, when it is the first since
  /// the edit.
  mutating func follow(_ sample: PlotSample, after previous: PlotSample?) {
    guard anchor == nil, sample.isDragging, previous?.isDragging != true else { return }
    anchor = sample.time
  }

  /// `sample` with the ghost's offset and velocity at the same time after its first touch.
  func annotate(_ sample: inout PlotSample) {
    guard let anchor, let first = run.first, let last = run.last else { return }
    let t = sample.time - anchor
    guard t >= first.time, t <= last.time else { return }
    // The first frame at or after t, and the one before: linear between them.
    var low = 0
    var high = run.count - 1
    while low < high {
      let middle = (low + high) / 2
      if run[middle].time < t { low = middle + 1 } else { high = middle }
    }
    let after = run[low]
    let before = run[max(0, low - 1)]
    let span = after.time - before.time
    let f = span > 0 ? (t - before.time) / span : 1
    sample.ghostOffset = before.offset + (after.offset - before.offset) * f
    sample.ghostVelocity = before.velocity + (after.velocity - before.velocity) * f
  }
}
