extension RefreshController {
  /// What to draw now. A plain value: computing it allocates nothing.
  public var snapshot: RefreshSnapshot {
    var s = RefreshSnapshot()
    s.time = time
    s.velocity = _velocity
    s.baselineInset = _baseline
    s.restingInset = EdgeInsets(top: _baseline.top, bottom: _baseline.bottom + _footerRestingExtent)
    let held = _headerInset.value(at: time)
    s.inset = EdgeInsets(
      top: _baseline.top + _headerInsetContribution(held),
      bottom: _baseline.bottom + _footerInset.value(at: time))
    // Pulled past the top, the content shows the pull, unless the header is a badge over it:
    // then the content stays at the top and the pull moves only the badge.
    let pulled = max(0, -s.inset.top - _offset)
    s.offset = _headerOverlays ? max(_offset, -s.inset.top) : _offset
    // Content held still does not move, whatever the badge does.
    if s.offset != _offset { s.velocity = 0 }
    s.headerStyle = tuning.headerStyle
    switch (_headerOverlays, _header.phase) {
    case (true, .refreshing), (true, .finishing): s.headerTravel = max(held, pulled)
    case (true, _): s.headerTravel = pulled
    case (false, _): s.headerTravel = max(0, -_baseline.top - _offset)
    }
    s.contentHeight = _contentHeight
    s.viewportHeight = _viewportHeight
    s.isDragging = _driver.isDragging
    s.reducesMotion = reducesMotion
    switch _driver {
    case .fling, .settle, .coast, .animation: s.isAnimating = true
    case .resting, .dragging: s.isAnimating = false
    }
    _describeHeader(into: &s)
    _describeFooter(into: &s)
    let idle = time - _lastActivity
    let fade = Self._indicatorFade
    s.indicatorOpacity =
      s.isDragging || s.isAnimating
      ? 1 : min(max((fade.end - idle) / (fade.end - fade.start), 0), 1)
    return s
  }

  /// The header's part of the snapshot: its state, label, progress, arrow and spinner.
  private func _describeHeader(into s: inout RefreshSnapshot) {
    s.header = _header.phase.state
    s.headerHeight = tuning.headerHeight
    s.headerY = -tuning.headerHeight
    s.headerArrowAngle = _header.arrowAngle(at: time)
    s.lastUpdated = _header.lastUpdated
    switch _header.phase {
    case .idle, .pulling, .armed:
      let pull = -_targetInsetTop - _offset
      s.headerProgress = min(max(pull / tuning.refreshThreshold, 0), 1)
      s.headerLabel = _header.phase == .armed ? .releaseToRefresh : .pullToRefresh
    case .armedTwoLevel:
      s.headerProgress = 1
      s.headerLabel = .releaseToTwoLevel
    case .twoLevel:
      s.headerProgress = 1
      s.headerLabel = .twoLevel
    case .refreshing(let since, _):
      s.headerProgress = 1
      s.headerLabel = .refreshing
      s.refreshingSince = since
      s.spinnerPhase = _turns(since: since)
    case .finishing(let result, _, _):
      s.headerProgress = 1
      s.headerResult = result
      s.headerLabel = result == .failure ? .refreshFailed : .refreshSucceeded
    }
  }

  /// The footer's part of the snapshot (after the header's and the insets): its place, state,
  /// label and progress, and the spinner while it loads and the header does not refresh.
  private func _describeFooter(into s: inout RefreshSnapshot) {
    s.footerHeight = tuning.footerHeight
    s.footerY = _footerY(insetTop: s.inset.top)
    s.footerArrowAngle = _footer.arrowAngle(at: time)
    if _footerIsShown {
      s.footer = _footer.phase.state
      let reach = tuning.footerMode == .releaseToLoad ? tuning.loadMoreThreshold : tuning.footerHeight
      s.footerProgress =
        _footer.phase.isLoading ? 1 : min(max(_footerVisible(at: _offset) / reach, 0), 1)
      s.footerLabel = Self._footerLabel(s.footer, mode: tuning.footerMode)
    } else {
      s.footer = .hidden
      s.footerProgress = 0
      s.footerLabel = .none
    }

    if case .loading(let since, _) = _footer.phase, _header.phase.state != .refreshing {
      s.spinnerPhase = _turns(since: since)
    }
  }

  func _turns(since start: Double) -> Double {
    let turns = (time - start) / tuning.spinnerPeriod
    return turns - turns.rounded(.down)
  }

  static func _footerLabel(_ phase: FooterState, mode: FooterMode) -> LabelKey {
    switch phase {
    case .idle: mode == .automatic ? .tapOrPullToLoadMore : .pullUpToLoadMore
    case .pulling: .pullUpToLoadMore
    case .armed: .releaseToLoadMore
    case .loading: .loadingMore
    case .failed: .loadFailedTapToRetry
    case .noMoreData: .noMoreData
    case .hidden: .none
    }
  }
}
