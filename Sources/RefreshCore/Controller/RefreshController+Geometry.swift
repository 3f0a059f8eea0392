extension RefreshController {
  /// The scroll indicator stays for `start` seconds after the last movement, then fades out by
  /// `end`, as on iOS.
  static let _indicatorFade = (start: 0.5, end: 0.8)

  /// The curve past the rest bounds, which are measured past whatever the header and footer
  /// hold open (SmartRefreshLayout damps a pull past an open bar with what is left of its reach).
  var _resistance: Resistance {
    let autoLoading = tuning.footerMode == .automatic && _footer.phase == .idle && _footerIsShown
    // After a long list the automatic footer lies inside the bounds (`_footerHeldExtent`): past
    // them the damping starts at once, as past a loading footer; before a short list's footer
    // the finger still pulls it into view first.
    let inBounds = autoLoading && _footerRestingExtent > 0
    let held = Resistance.BarsHeld(
      header: _headerHoldsInset && !_headerOverlays,
      footer: _footer.phase.isLoading || _footer.phase == .failed || inBounds,
      autoLoadingFooter: autoLoading)
    return Resistance(tuning: tuning, viewportHeight: _viewportHeight, barsHeld: held)
  }

  /// Whether the header is a badge over still content, holding no inset (`HeaderStyle.overlay`).
  var _headerOverlays: Bool { tuning.headerStyle == .overlay }

  /// What the header adds to the top inset: its held height, or nothing for a badge, whose
  /// `_headerInset` is then where it rests rather than room made for it.
  func _headerInsetContribution(_ held: Double) -> Double { _headerOverlays ? 0 : held }

  /// Top inset once running animations end.
  var _targetInsetTop: Double { _baseline.top + _headerInsetContribution(_headerInset.target) }

  /// Rest bounds once running inset animations end: what springs and flings aim for.
  var _targetBounds: ClosedRange<Double> {
    let low = -_targetInsetTop
    let high = _contentHeight + _baseline.bottom + _footerInset.target - _viewportHeight
    return low...max(low, high)
  }

  /// Content y of the footer: after the last row, or just below the viewport for a short list
  /// so that it stays hidden until pulled (cjrefresh places its footer the same way).
  func _footerY(insetTop: Double) -> Double {
    max(_contentHeight, _viewportHeight - insetTop - _baseline.bottom)
  }

  /// How much of the footer shows at `offset` (negative while it is below the viewport).
  func _footerVisible(at offset: Double) -> Double {
    offset + _viewportHeight - _baseline.bottom - _footerY(insetTop: _targetInsetTop)
  }

  /// Where the load-more zone begins: `preloadDistance` before the footer shows. Leaving it
  /// re-arms the automatic footer.
  var _loadZoneOffset: Double {
    _footerY(insetTop: _targetInsetTop) - tuning.preloadDistance - _viewportHeight
      + _baseline.bottom
  }

  /// The offset at which the automatic footer fires: where the zone begins, for a finger's
  /// movement. A movement the finger does not hold (the wheel, a key, the scrollbar, the host's
  /// own scroll) goes on to the end of the extent by itself, which shows the whole footer: it
  /// fires there at the latest, so that its load is never seen half, or not at all, below the
  /// last visible pixel (issue 29). Between the two lines such a movement is inside the zone
  /// without firing: it neither loads nor re-arms.
  var _loadTriggerOffset: Double {
    let zone = _loadZoneOffset
    guard !_footer.gestureIsDrag else { return zone }
    return zone + max(0, tuning.preloadDistance + tuning.footerHeight)
  }

  /// What the scroll machine needs of the list now.
  var _scrollContext: _ScrollContext {
    _ScrollContext(time: time, bounds: _targetBounds, flingStopsAtTop: _headerOverlays)
  }

  /// An eased scroll to `goal` from where the offset is, as fast as it moves now.
  mutating func _startEasedScroll(to goal: Double, duration: Double, byUser: Bool) {
    _scroll.startEasedScroll(
      to: goal, duration: duration, byUser: byUser, context: _scrollContext, tuning: tuning)
  }

  /// Keeps the offset consistent with new rest bounds without a jump; a drag keeps its finger
  /// where it is under the new bounds and band.
  mutating func _boundsChanged(from old: ClosedRange<Double>, cause: _BoundsChange) {
    if _driver.isDragging {
      _rebaseDrag()
    } else {
      _scroll.boundsChanged(from: old, cause: cause, context: _scrollContext, tuning: tuning)
    }
  }

  /// Restarts the drag's measurement so the shown offset stays put while the bounds or the
  /// band change under it.
  mutating func _rebaseDrag() {
    guard _driver.isDragging else { return }
    _scroll.rebaseDrag(bounds: _targetBounds, resistance: _resistance)
  }

  /// Animates the header's and footer's inset contributions toward what their states hold open.
  /// Returns the duration used, or nil if nothing changed.
  @discardableResult
  mutating func _applyInsetTargets() -> Double? {
    var used: Double?
    let headerTarget = _headerHeldExtent
    if headerTarget != _headerInset.target {
      let duration = headerTarget > _headerInset.target ? tuning.openDuration : tuning.collapseDuration
      _headerInset.animate(to: headerTarget, at: time, duration: duration, curve: tuning.easing)
      used = duration
    }
    let footerTarget = _footerHeldExtent
    if footerTarget != _footerInset.target {
      let duration = footerTarget > _footerInset.target ? tuning.openDuration : tuning.collapseDuration
      _footerInset.animate(to: footerTarget, at: time, duration: duration, curve: tuning.easing)
      used = max(used ?? 0, duration)
    }
    return used
  }

  /// Re-derives inset targets after a state change and keeps the offset consistent.
  mutating func _stateChanged() {
    let old = _targetBounds
    if let duration = _applyInsetTargets() {
      _boundsChanged(from: old, cause: .insets(duration: duration))
    }
  }
}
