/// What moves the offset right now. Exactly one driver is active; switching drivers hands over the
/// exact position and velocity, so motion never jumps.
enum _ScrollDriver: Sendable, Equatable {
  /// Nothing moves the offset.
  case resting
  /// A finger holds the content.
  case dragging(_Drag)
  /// A fling decays after release; meeting an edge it becomes the curve family's edge motion
  /// (`ScrollPhysics.edgeMotion`): a return to rest, a coast past the edge, or a stop.
  case fling(FrictionMotion, start: Double)
  /// The curve family's return to a rest edge (a spring, a rebound), ending at its duration.
  case settle(_Settling, start: Double)
  /// A fling's speed carrying the content past an edge before it rebounds (SmartRefreshLayout's
  /// and SwipeRefreshLayout's families).
  case coast(OvershootMotion, start: Double)
  /// A timed animation (keys, wheel, scrolling the header into view, following an inset),
  /// retargeted with the velocity it has.
  case animation(EasedMotion, start: Double, byUser: Bool)

  /// Position and velocity at absolute time `time`, or nil while resting or dragging.
  func evaluate(at time: Double) -> (position: Double, velocity: Double)? {
    switch self {
    case .resting, .dragging: nil
    case .fling(let motion, let start): (motion.position(at: time - start), motion.velocity(at: time - start))
    case .settle(let settling, let start):
      (settling.motion.position(at: time - start), settling.motion.velocity(at: time - start))
    case .coast(let motion, let start):
      (motion.position(at: time - start), motion.velocity(at: time - start))
    case .animation(let motion, let start, _):
      (motion.position(at: time - start), motion.velocity(at: time - start))
    }
  }

  /// Whether motion under this driver counts as the user's own movement (for load-more).
  var isUserDriven: Bool {
    switch self {
    case .dragging, .fling: true
    case .animation(_, _, let byUser): byUser
    case .resting, .settle, .coast: false
    }
  }

  var isDragging: Bool {
    if case .dragging = self { return true }
    return false
  }
}

/// A drag in progress: a finger (mouse button, touch) or a touchpad's fingers, whose precise wheel
/// deltas add up to a virtual finger position. The shown offset is a pure function of the total
/// travel: `resistance.band(startRaw − (y − startY))`, never accumulated per move.
struct _Drag: Sendable, Equatable {
  /// Finger y the current segment is measured from.
  var startY: Double
  /// Unbanded offset at `startY`.
  var startRaw: Double
  /// Rest bounds the band is measured against (re-based when they change).
  var bounds: ClosedRange<Double>
  /// Latest finger y.
  var lastY: Double
  /// Where the finger went down, for tap detection.
  var downY: Double
  /// Farthest the finger has moved from `downY`.
  var travel: Double
  /// Whether the content follows: from the start for a touchpad or for content caught moving
  /// (lifting is then no tap), otherwise once the finger has moved `tapSlop` (until then,
  /// lifting is a tap).
  var engaged: Bool
  /// For a touchpad gesture, when it lets go unless another precise event comes first; nil
  /// for a finger, which lets go on `up`.
  var touchpadRelease: Double?
}
