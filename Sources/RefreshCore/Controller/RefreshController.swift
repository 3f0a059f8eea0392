/// The pull-to-refresh scroll view as a value: inputs in, effects and a snapshot out.
///
/// It holds the scroll physics (drag with rubber band, fling, bounce), the refresh header and the
/// load-more footer, and never reads a clock: every input carries its time, and `advance(to:)`
/// moves time forward. Between inputs, time advances in exact steps from one internal event
/// (a fling meeting an edge, a hold ending, a trigger line crossed) to the next, so the result
/// does not depend on how often a front end asks for frames.
///
/// ```swift
/// var view = RefreshController(viewportHeight: 600, contentHeight: 2000)
/// _ = view.handle(.down(y: 100, time: 0))
/// _ = view.handle(.move(y: 260, time: 0.3))
/// let effects = view.handle(.up(time: 0.35))  // [.startRefresh(time: 0.35)]
/// ```
public struct RefreshController: Sendable {
  /// The constants in force: always valid, since every tuning that enters is clamped to its
  /// ranges (`Tuning.clampedToRanges()`).
  public internal(set) var tuning: Tuning
  /// The core's clock: the time of the latest input.
  public internal(set) var time: Double

  var _viewportHeight: Double
  var _contentHeight: Double
  var _baseline: EdgeInsets
  /// What the header and footer add to the insets, animated. The reported inset is always
  /// baseline + contribution, so ending a refresh restores the baseline exactly.
  var _headerInset = EasedValue(0)
  var _footerInset = EasedValue(0)

  var _scroll: _ScrollMachine

  var _header = _HeaderMachine()
  var _footer = _FooterMachine()

  /// Counts drags; a refresh or load remembers the drag that fired it.
  var _dragCount = 0

  /// Whether the person asked for reduced motion (the desktop's setting, or the host's): the
  /// second floor then opens and closes at once instead of sliding over
  /// `twoLevelFloorDuration`, and the snapshot carries it to the renderers. What the person's
  /// finger does (the drag, the fling, the rubber band, the hold while refreshing) is the same
  /// either way, as iOS and GNOME keep direct manipulation under reduced motion.
  public var reducesMotion = false

  /// How long the second floor takes to open or close: none under reduced motion.
  var _floorDuration: Double { reducesMotion ? 0 : tuning.twoLevelFloorDuration }

  /// A scroll view at rest at the top.
  public init(
    tuning: Tuning = Tuning(), viewportHeight: Double, contentHeight: Double = 0,
    baselineInset: EdgeInsets = .zero, time: Double = 0
  ) {
    self.tuning = tuning.clampedToRanges()
    self.time = time
    _viewportHeight = max(viewportHeight.isFinite ? viewportHeight : 1, 1)
    _contentHeight = max(contentHeight.isFinite ? contentHeight : 0, 0)
    // Sanitised as `.setBaselineInset` sanitises one: a non-finite inset is no inset.
    let finite = baselineInset.top.isFinite && baselineInset.bottom.isFinite
    _baseline = finite ? baselineInset : .zero
    _scroll = _ScrollMachine(offset: -_baseline.top)
    // An automatic footer's height is part of the extent from the start, not animated in.
    _footerInset = EasedValue(_footerHeldExtent)
  }

  /// Applies one input at its time and returns the work the app must start.
  public mutating func handle(_ input: Input) -> [Effect] {
    let t = input.time.isFinite ? max(input.time, time) : time
    // What time brought first, then what the input decided: each step returns its effects and
    // the controller concatenates them, in order.
    let elapsed = _advance(to: t)
    // The open second floor takes the user's input for itself.
    if _floorTakes(input) { return elapsed }
    var effects = elapsed
    effects._append(_apply(input))
    return effects
  }

  /// One input at the current time: the effects of the step it makes.
  mutating func _apply(_ input: Input) -> [Effect] {
    switch input {
    case .advance: return []
    case .down(let y, _): return y.isFinite ? _down(y: y) : []
    case .move(let y, _): return y.isFinite ? _move(y: y) : []
    case .up: return _release(isCancel: false)
    case .cancel: return _release(isCancel: true)
    case .wheel(let dy, let precise, _): return dy.isFinite ? _wheel(dy: dy, precise: precise) : []
    case .scroll(let offset, let animated, _):
      return offset.isFinite ? _scroll(to: offset, animated: animated) : []
    case .key(let action, _): return _key(action)
    case .beginRefreshing: return _beginRefreshing(scrollIntoView: true)
    case .retryLoadMore: return _startLoadMore()
    case .setTuning(let newTuning, _):
      _setTuning(newTuning.clampedToRanges())
      // A shorter hold or delay may already have run out: it ends now, not at the next frame.
      return _handleDueEvents()
    case .resize, .endRefreshing, .endLoadingMore, .setContentHeight, .shiftContent,
      .setBaselineInset, .resetNoMoreData, .finishTwoLevel:
      _applyAppCall(input)
      return []
    }
  }

  /// The app's calls that start nothing: they change what the list knows and what it holds open.
  mutating func _applyAppCall(_ input: Input) {
    switch input {
    case .resize(let height, _): if height.isFinite { _resize(height) }
    case .endRefreshing(let result, _): _endRefreshing(result)
    case .endLoadingMore(let result, _): _endLoadingMore(result)
    case .setContentHeight(let height, _): if height.isFinite { _setContentHeight(height) }
    case .shiftContent(let shift, let height, _):
      if shift.isFinite, height.isFinite {
        _scroll.shift(by: shift, context: _scrollContext, tuning: tuning)
        _setContentHeight(height)
      }
    case .setBaselineInset(let inset, _):
      if inset.top.isFinite, inset.bottom.isFinite { _setBaseline(inset) }
    case .resetNoMoreData: _resetNoMoreData()
    case .finishTwoLevel: _closeFloor()
    case .advance, .down, .move, .up, .cancel, .wheel, .scroll, .key, .beginRefreshing,
      .retryLoadMore, .setTuning:
      break
    }
  }

  /// Moves time forward to `time` with no other input.
  public mutating func advance(to time: Double) -> [Effect] { handle(.advance(to: time)) }

  /// Where the content is, as the scroll machine has it.
  var _offset: Double { _scroll.offset }
  var _velocity: Double { _scroll.velocity }
  var _driver: _ScrollDriver { _scroll.driver }
  var _lastActivity: Double { _scroll.lastActivity }

  /// When the snapshot next changes on its own if no input comes, but for its clock and,
  /// with `spinnerSteps`, the spinner's phase within one of that many steps a turn (a front end
  /// that draws the spinner in steps, as UIKit's and the built-in one are, passes them; nil when
  /// it draws every phase). `time` itself while something moves now: the content, an inset, an
  /// arrow, the indicator fading, a spinner drawn at every phase. Otherwise the first change it
  /// foresees: the spinner's next step, a held end or the finishing hold falling due, the
  /// indicator starting to fade; infinity when none (``isSettled`` then holds, or a refresh
  /// waits for the app with a still spinner). A window sleeps until then: a refresh at rest
  /// wakes it twelve times a turn rather than every frame.
  public func nextChangeTime(spinnerSteps: Int?) -> Double {
    guard case .resting = _driver, _headerInset.isSettled(at: time), _footerInset.isSettled(at: time),
      _header.arrowIsSettled(at: time), _footer.arrowIsSettled(at: time)
    else { return time }
    var next = _nextEventTime()
    let fade = Self._indicatorFade
    let idle = time - _lastActivity
    if idle < fade.start {
      next = min(next, _lastActivity + fade.start)
    } else if idle <= fade.end {
      return time
    }
    if let since = _spinnerStart {
      guard let steps = spinnerSteps, steps > 0 else { return time }
      next = min(next, _nextSpinnerStep(since: since, steps: steps))
    }
    return next
  }

  /// The first time after `time` at which the spinner's phase, as the snapshot computes it,
  /// is in another of `steps` steps a turn: the next step's start, nudged past the rounding
  /// that can still read it as the step before (a wake then would find the same frame), never
  /// a hair later (the step would show before the time named).
  func _nextSpinnerStep(since: Double, steps: Int) -> Double {
    let period = tuning.spinnerPeriod
    func step(at time: Double) -> Double {
      let turns = (time - since) / period
      return ((turns - turns.rounded(.down)) * Double(steps)).rounded(.down)
    }
    let now = step(at: time)
    var start =
      since + (((time - since) / period * Double(steps)).rounded(.down) + 1) / Double(steps) * period
    var nudges = 0
    while step(at: start) == now && nudges < 64 {
      start = start.nextUp
      nudges += 1
    }
    return start
  }

  /// When the spinner the snapshot shows started turning; nil when none shows.
  var _spinnerStart: Double? {
    if case .refreshing(let since, _) = _header.phase { return since }
    if case .loading(let since, _) = _footer.phase { return since }
    return nil
  }

  /// Whether nothing moves or animates on its own: a window may sleep until the next input.
  public var isSettled: Bool {
    guard case .resting = _driver else { return false }
    return _headerInset.isSettled(at: time) && _footerInset.isSettled(at: time)
      && _header.isSettled(at: time) && _footer.isSettled(at: time)
      && time - _lastActivity > Self._indicatorFade.end
  }
}
