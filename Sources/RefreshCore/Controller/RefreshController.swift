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
  }

  /// Applies one input at its time and returns the work the app must start.
  public mutating func handle(_ input: Input) -> [Effect] {
    var effects: [Effect] = []
    let t = input.time.isFinite ? max(input.time, time) : time
    _advance(to: t, effects: &effects)
    // The open second floor takes the user's input for itself.
    if _floorTakes(input, effects: &effects) { return effects }
    switch input {
    case .advance: break
    case .down(let y, _): if y.isFinite { _down(y: y, effects: &effects) }
    case .move(let y, _): if y.isFinite { _move(y: y, effects: &effects) }
    case .up: _release(effects: &effects, isCancel: false)
    case .cancel: _release(effects: &effects, isCancel: true)
    case .wheel(let dy, let precise, _):
      if dy.isFinite { _wheel(dy: dy, precise: precise, effects: &effects) }
    case .scroll(let offset, let animated, _):
      if offset.isFinite { _scroll(to: offset, animated: animated, effects: &effects) }
    case .key(let action, _): _key(action, effects: &effects)
    case .resize(let height, _): if height.isFinite { _resize(height) }
    case .beginRefreshing: _beginRefreshing(scrollIntoView: true, effects: &effects)
    case .endRefreshing(let result, _): _endRefreshing(result)
    case .endLoadingMore(let result, _): _endLoadingMore(result)
    case .setContentHeight(let height, _): if height.isFinite { _setContentHeight(height) }
    case .setBaselineInset(let inset, _):
      if inset.top.isFinite, inset.bottom.isFinite { _setBaseline(inset) }
    case .resetNoMoreData: _resetNoMoreData()
    case .retryLoadMore: _startLoadMore(effects: &effects)
    case .setTuning(let newTuning, _):
      _setTuning(newTuning.clampedToRanges())
      // A shorter hold or delay may already have run out: it ends now, not at the next frame.
      _handleDueEvents(effects: &effects)
    case .finishTwoLevel: _closeFloor()
    }
    return effects
  }

  /// Moves time forward to `time` with no other input.
  public mutating func advance(to time: Double) -> [Effect] { handle(.advance(to: time)) }

  /// Where the content is, as the scroll machine has it.
  var _offset: Double { _scroll.offset }
  var _velocity: Double { _scroll.velocity }
  var _driver: _ScrollDriver { _scroll.driver }
  var _lastActivity: Double { _scroll.lastActivity }

  /// Whether nothing moves or animates on its own: a window may sleep until the next input.
  public var isSettled: Bool {
    guard case .resting = _driver else { return false }
    return _headerInset.isSettled(at: time) && _footerInset.isSettled(at: time)
      && _header.isSettled(at: time) && _footer.isSettled(at: time)
      && time - _lastActivity > Self._indicatorFade.end
  }
}
