/// The controller's side of the footer: it decides with the header's answers whether a load
/// may start, hands the footer machine how much of it shows, and carries out what it asks for.
extension RefreshController {
  /// Whether the footer is drawn at all: not on an empty list (rule 5), and not after the last
  /// page when the tuning hides it.
  var _footerIsShown: Bool {
    if _footer.phase.isLoading { return true }
    if _contentHeight <= 0 { return false }
    return !(_footer.phase == .noMoreData && tuning.hidesFooterWhenNoMoreData)
  }

  /// The bottom inset the footer holds open: enough to rest with the whole footer in view.
  var _footerHeldExtent: Double {
    guard _footerIsShown else { return 0 }
    return _footer.heldExtent(
      footerY: _footerY(insetTop: _targetInsetTop), contentHeight: _contentHeight,
      footerHeight: tuning.footerHeight, restingExtent: _footerRestingExtent)
  }

  /// What the shown footer adds to the bottom inset while idle. An automatic footer after a long
  /// list keeps its height inside the scrollable extent, as MJRefresh's auto footer does, so the
  /// end of the list, however it is reached (a drag, the wheel, End, a scrollbar, the host's own
  /// scroll), shows the whole footer, and a load's rows arrive below it without the offset
  /// moving. A short list keeps it out of the way until pulled. Long or short is measured at
  /// rest, with the app's insets alone, so a header opening or closing never changes it.
  var _footerRestingExtent: Double {
    guard _footerIsShown, tuning.footerMode == .automatic else { return 0 }
    return _footerY(insetTop: _baseline.top) == _contentHeight ? tuning.footerHeight : 0
  }

  /// Whether a load may start now, by any route. Only a refresh under way excludes it (rule 4):
  /// once the header shows its result, the new rows are in and the end of the list works as it
  /// does at rest, so a wheel spun through the hold and collapse loads the next page.
  var _footerMayStart: Bool {
    guard _contentHeight > 0 else { return false }
    guard _footer.phase.rest != nil else { return false }
    return !(_header.phase.isRefreshing && !tuning.allowsSimultaneousRefreshAndLoad)
  }

  /// Whether the user's current movement may load: never twice in one drag (rule 3), never
  /// from a drag that refreshed (rule 4). Taps and the app's own retry are not held to this.
  var _movementMayLoad: Bool {
    guard _footer.gestureIsDrag else { return true }
    return !_header.fired(drag: _dragCount) && !_footer.fired(drag: _dragCount)
  }

  /// Whether the automatic trigger is live.
  var _canAutoLoad: Bool {
    tuning.footerMode == .automatic && _footer.latchIsLive && _footerMayStart && _movementMayLoad
  }

  /// Fires the automatic footer when the user's own movement toward the end reaches the zone.
  mutating func _checkAutoLoad(movedFrom before: Double) -> [Effect] {
    if _offset < _loadZoneOffset {
      // Leaving the zone re-arms, except within a drag that already loaded.
      _footer.leftTheZone(drag: _dragCount)
      return []
    }
    // Only a move past the rest edge scrolls toward the end: a pull brought back to where it
    // began moved the offset up to that edge and no further (a short list's trigger line may lie
    // above it).
    guard _offset >= _loadTriggerOffset, _offset > max(before, _targetBounds.lowerBound), !_pullingHeader,
      _canAutoLoad
    else {
      return []
    }
    return _startLoadMore()
  }

  /// A pull down never loads, even where a short list's trigger line lies above the top edge.
  var _pullingHeader: Bool {
    _offset < _targetBounds.lowerBound || _header.isPulled
  }

  /// A user's fling or eased scroll inside the zone heading for the end loads from the instant
  /// it starts there (or the zone comes to it), as one that crosses into the zone loads at the
  /// crossing: never from whichever frame first sees it move, which would depend on the frame
  /// rate.
  mutating func _checkAutoLoadAtStart() -> [Effect] {
    let headsForTheEnd: Bool
    switch _driver {
    case .fling(let motion, let start): headsForTheEnd = motion.velocity(at: time - start) > 0
    case .animation(let motion, _, true): headsForTheEnd = motion.to > _offset
    case .resting, .dragging, .settle, .coast, .animation: return []
    }
    guard headsForTheEnd, _offset >= _loadTriggerOffset, !_pullingHeader, _canAutoLoad else { return [] }
    return _startLoadMore()
  }

  /// Release-to-load: pulling and arming follow how far past the end the finger pulls.
  mutating func _footerDragged() {
    // Most lists load automatically: their drags need none of the questions below.
    guard tuning.footerMode == .releaseToLoad, _footer.phase.rest != nil else { return }
    _footer.dragged(
      visible: _footerVisible(at: _offset),
      mayPull: _footerMayStart && _movementMayLoad && _footerIsShown, at: time, tuning: tuning)
  }

  mutating func _footerReleased(isCancel: Bool) -> [Effect] {
    var effects: [Effect] = []
    if _footer.releaseLoads(isCancel: isCancel, mayLoad: _movementMayLoad) {
      effects = _startLoadMore()
    }
    // Whatever did not start (cancelled, not far enough, or refused) lets go of the pull.
    _footer.disarm(at: time, tuning: tuning)
    return effects
  }

  /// Starts a load when one may start: the footer machine returns the effect, the insets
  /// follow what it now holds open.
  mutating func _startLoadMore() -> [Effect] {
    guard _footerMayStart else { return [] }
    let effects = _footer.startLoading(at: time, drag: _dragCount)
    _stateChanged()
    return effects
  }

  mutating func _endLoadingMore(_ result: LoadResult) {
    if let now = _footer.endLoading(result, at: time, tuning: tuning) { _applyLoadEnd(now) }
  }

  mutating func _applyLoadEnd(_ result: LoadResult) {
    _footer.finishLoading(result)
    _stateChanged()
  }

  func _footerNextEventTime() -> Double? { _footer.nextEventTime }

  mutating func _footerHandleDueEvents() {
    if let result = _footer.dueLoadEnd(at: time) { _applyLoadEnd(result) }
  }

  mutating func _resetNoMoreData() {
    if _footer.resetNoMoreData() { _stateChanged() }
  }
}
