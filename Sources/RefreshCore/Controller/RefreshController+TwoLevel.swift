/// The second floor (SmartRefreshLayout's `TwoLevelHeader`): a release past
/// `twoLevelFloorRate` header heights grows the header to fill the viewport over
/// `twoLevelFloorDuration`; `finishTwoLevel`, or a drag up from the floor's bottom sixth,
/// shrinks it back over the same time.
extension RefreshController {
  /// The share of the viewport, at its bottom, where a drag up closes the open floor
  /// (SmartRefreshLayout's `srlBottomPullUpToCloseRate`, 1/6).
  static let _floorCloseZone = 1.0 / 6

  /// Whether a pull of `pull` points has reached the floor's line: only with the floor on,
  /// for a header that makes room (not Material's badge), and never while a load runs (a
  /// refresh already keeps the header from arming).
  func _pullReachesFloor(_ pull: Double) -> Bool {
    tuning.twoLevelFloorRate > 0 && !_headerOverlays && !_footer.phase.isLoading
      && pull >= tuning.twoLevelFloorRate * tuning.headerHeight
  }

  /// What the header holds open above row 0: the viewport below the app's inset while the
  /// floor is open, its own height while refreshing, otherwise nothing.
  var _headerHeldExtent: Double {
    _header.heldExtent(headerHeight: tuning.headerHeight, floorExtent: _floorExtent)
  }

  /// The open floor's height: the whole viewport below the app's inset.
  var _floorExtent: Double { max(tuning.headerHeight, _viewportHeight - _baseline.top) }

  /// Opens the floor from where the pull left it: the held inset starts at the pull, so the
  /// content does not move, and grows with the offset (`_release`) in step.
  mutating func _openFloor() -> [Effect] {
    let pull = max(0, -_targetInsetTop - _offset)
    let effects = _header.openFloor(at: time)
    _headerInset = EasedValue(pull)
    _headerInset.animate(
      to: _floorExtent, at: time, duration: _floorDuration, curve: tuning.easing)
    return effects
  }

  /// Shrinks the open floor back to the top over `twoLevelFloorDuration`.
  mutating func _closeFloor() {
    guard _header.closeFloor() else { return }
    _headerInset.animate(
      to: 0, at: time, duration: _floorDuration, curve: tuning.easing)
    _scroll.stop(at: time)
    let goal = -_baseline.top
    if goal != _offset {
      _scroll.glide(to: goal, duration: _floorDuration, curve: tuning.easing, at: time)
    }
  }

  /// The floor takes the user's input while it shows (`_HeaderMachine.floorAnswer`); a drag up
  /// from its bottom sixth closes it.
  mutating func _floorTakes(_ input: Input) -> Bool {
    switch _header.floorAnswer(
      to: input, viewportHeight: _viewportHeight, closeZone: Self._floorCloseZone, tuning: tuning)
    {
    case .closes:
      _closeFloor()
      return true
    case .taken: return true
    case nil: return false
    }
  }
}
