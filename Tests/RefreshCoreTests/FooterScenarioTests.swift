import RefreshCore
import Testing

/// Load more, and the bugs users of the older libraries keep reporting.
@Suite struct FooterScenarioTests {
  /// Scrolls to the end with a finger that stops there, so nothing flings past.
  static func scrollToEnd(_ h: inout Harness) {
    let loads = h.loads
    while h.snapshot.offset < h.snapshot.restBounds.upperBound - 1, h.loads == loads {
      h.pull(from: 550, to: 50, duration: 0.3)
      h.advance(by: 0.5)
    }
  }

  @Test func reachingTheEndLoadsOnceAndHoldsTheFooterOpen() {
    var h = Harness(content: 1000)
    Self.scrollToEnd(&h)
    #expect(h.loads == 1)
    h.advance(by: 1)
    #expect(h.snapshot.footer == .loading)
    #expect(h.snapshot.footerLabel == .loadingMore)
    #expect(h.snapshot.inset.bottom == 44)
    // Resting at the new end shows the whole footer.
    #expect(abs(h.snapshot.offset - (1000 + 44 - 600)) < 0.5)
    h.send(.setContentHeight(1440, time: h.now))
    h.send(.endLoadingMore(.success, time: h.now))
    h.advance(by: 1)
    #expect(h.snapshot.footer == .idle)
    // The footer keeps its height inside the extent: the rows came in below it, nothing moved.
    #expect(h.snapshot.inset.bottom == 44)
    #expect(abs(h.snapshot.offset - (1000 + 44 - 600)) < 0.5)
    #expect(h.loads == 1)
  }

  @Test func neverLoadsOnItsOwnAtStartUpEvenWhenTheListIsShort() {
    var h = Harness(content: 200)
    h.advance(by: 5)
    h.send(.resize(viewportHeight: 900, time: h.now))
    h.send(.setContentHeight(100, time: h.now))
    h.advance(by: 5)
    #expect(h.loads == 0)
    #expect(h.snapshot.footer == .idle)
  }

  /// Rule 3 (MJRefresh #463/#1543, pull_to_refresh #91): the load ended and the footer went idle
  /// before the new rows' height arrived; the old end was still in view and fired again.
  @Test func doesNotFireAgainBeforeTheNewContentHeightArrives() {
    var h = Harness(content: 1000)
    Self.scrollToEnd(&h)
    #expect(h.loads == 1)
    // The user keeps pushing at the end while the page loads.
    for _ in 0..<3 {
      h.pull(from: 500, to: 300, duration: 0.2)
      h.advance(by: 0.3)
    }
    // A finger pushes at the old end while the app ends the load before it sends the height.
    h.send(.down(y: 500, time: h.now))
    h.send(.endLoadingMore(.success, time: h.now + 0.01))
    h.drag(from: 500, to: 200, duration: 0.3, release: false)
    #expect(h.loads == 1)
    h.send(.setContentHeight(1440, time: h.now))
    h.advance(by: 0.5)
    #expect(h.loads == 1, "the height alone does not fire: a new drag or leaving the zone does")
    h.send(.up(time: h.now))
    h.advance(by: 0.5)
    Self.scrollToEnd(&h)
    #expect(h.loads == 2)
  }

  /// A page that brought no rows (the app ended with success and never sent a new height) must
  /// not leave the footer waiting for good: as MJRefresh's auto footer does, the next drag that
  /// reaches the end loads again.
  @Test func aSuccessWithNoNewRowsLoadsAgainOnTheNextDrag() {
    var h = Harness(content: 1000)
    Self.scrollToEnd(&h)
    #expect(h.loads == 1)
    h.advance(by: 0.5)
    h.send(.endLoadingMore(.success, time: h.now))
    h.advance(by: 1)
    #expect(h.snapshot.footer == .idle)
    #expect(h.loads == 1, "ending does not fire on its own")
    h.pull(from: 300, to: 100, duration: 0.3)
    h.advance(by: 0.5)
    #expect(h.loads == 2)
  }

  /// As the header does (rule 1), a footer armed by a pull lets go of it when the load is refused
  /// mid-drag: here the app starts a refresh under the finger.
  @Test func aFooterWhoseLoadIsRefusedMidDragDisarms() {
    var tuning = Tuning()
    tuning.footerMode = .releaseToLoad
    var h = Harness(tuning: tuning, content: 1000)
    h.send(.key(.end, time: 0))
    h.advance(by: 1)
    h.drag(from: 500, to: 300, duration: 0.3, release: false)
    #expect(h.snapshot.footer == .armed)
    h.send(.beginRefreshing(time: h.now))
    h.send(.move(y: 290, time: h.now + 0.01))
    #expect(h.snapshot.footer == .idle)
    #expect(h.snapshot.footerArrowAngle < .pi)
    h.send(.up(time: h.now + 0.02))
    #expect(h.loads == 0)
  }

  @Test func aDragLoadsAtMostOnceEvenIfThePageArrivesMidDrag() {
    var h = Harness(content: 1000)
    h.drag(from: 590, to: 10, duration: 0.6, release: false)
    #expect(h.loads == 1)
    h.send(.setContentHeight(1440, time: h.now))
    h.send(.endLoadingMore(.success, time: h.now + 0.4))
    h.now += 0.4
    // Same finger: back out of the zone and down to the new end.
    h.drag(from: 10, to: 400, duration: 0.3, release: false)
    h.drag(from: 400, to: -600, duration: 0.6, release: false)
    #expect(h.loads == 1)
  }

  @Test func leavingTheZoneReArmsWheelScrolling() {
    var h = Harness(content: 1000)
    h.send(.key(.end, time: 0))
    h.advance(by: 1)
    #expect(h.loads == 1)
    h.send(.setContentHeight(1440, time: h.now))
    h.send(.endLoadingMore(.success, time: h.now))
    h.advance(by: 1)
    for _ in 0..<20 {
      h.send(.wheel(dy: -3, precise: false, time: h.now))
      h.advance(by: 0.3)
    }
    #expect(h.loads == 2)
  }

  /// Rule 3: a pull down never loads more, even on a list shorter than the screen.
  @Test func aPullDownOnAShortListOnlyRefreshes() {
    var h = Harness(content: 200)
    h.pull(from: 100, to: 400)
    h.advance(by: 3)
    #expect(h.refreshes == 1)
    #expect(h.loads == 0)
  }

  /// Rule 4: "pulling a short list fires refresh and load-more together".
  @Test func aPullUpOnAShortListOnlyLoadsMore() {
    var h = Harness(content: 200)
    h.pull(from: 400, to: 100)
    h.advance(by: 3)
    #expect(h.loads == 1)
    #expect(h.refreshes == 0)
    #expect(h.snapshot.header == .idle)
  }

  /// Rule 4: header and footer exclude each other unless the tuning allows both.
  @Test func refreshAndLoadExcludeEachOtherUnlessAllowed() {
    for allow in [false, true] {
      var tuning = Tuning()
      tuning.allowsSimultaneousRefreshAndLoad = allow
      var h = Harness(tuning: tuning, content: 1000)
      h.send(.beginRefreshing(time: 0))
      h.advance(by: 0.5)
      h.send(.key(.end, time: h.now))
      h.advance(by: 1)
      #expect(h.loads == (allow ? 1 : 0))
      let both = h.snapshot.header == .refreshing && h.snapshot.footer == .loading
      #expect(both == allow)
    }
  }

  /// Rule 5: a successful refresh resets no-more-data.
  @Test func refreshSuccessResetsNoMoreData() {
    var h = Harness(content: 1000)
    Self.scrollToEnd(&h)
    h.send(.endLoadingMore(.noMoreData, time: h.now + 0.5))
    h.advance(by: 1)
    #expect(h.snapshot.footer == .noMoreData)
    #expect(h.snapshot.footerLabel == .noMoreData)
    Self.scrollToEnd(&h)
    #expect(h.loads == 1, "no more data: the end no longer loads")
    h.send(.beginRefreshing(time: h.now))
    h.send(.setContentHeight(1000, time: h.now + 0.4))
    h.send(.endRefreshing(.success, time: h.now + 0.5))
    h.advance(by: 2)
    #expect(h.snapshot.footer == .idle)
  }

  @Test func failureRefreshDoesNotResetNoMoreData() {
    var h = Harness(content: 1000)
    Self.scrollToEnd(&h)
    h.send(.endLoadingMore(.noMoreData, time: h.now + 0.5))
    h.send(.beginRefreshing(time: h.now + 1))
    h.send(.endRefreshing(.failure, time: h.now + 1.5))
    h.advance(by: 3)
    #expect(h.snapshot.footer == .noMoreData)
  }

  /// Rule 5: no footer on an empty list.
  @Test func anEmptyListHasNoFooterAndNeverLoads() {
    var h = Harness(content: 0)
    #expect(h.snapshot.footer == .hidden)
    h.pull(from: 500, to: 50)
    h.send(.key(.end, time: h.now))
    h.advance(by: 2)
    #expect(h.loads == 0)
    #expect(h.snapshot.footer == .hidden)
    #expect(h.snapshot.inset.bottom == 0)
  }

  @Test func noMoreDataCanHideTheFooterAndBeReset() {
    var tuning = Tuning()
    tuning.hidesFooterWhenNoMoreData = true
    var h = Harness(tuning: tuning, content: 1000)
    Self.scrollToEnd(&h)
    h.send(.endLoadingMore(.noMoreData, time: h.now + 0.5))
    h.advance(by: 2)
    #expect(h.snapshot.footer == .hidden)
    #expect(h.snapshot.inset.bottom == 0)
    h.send(.resetNoMoreData(time: h.now))
    #expect(h.snapshot.footer == .idle)
  }

  /// "A failed load leaves no way to retry": a tap on the footer retries.
  @Test func aFailedLoadRetriesOnATap() {
    var h = Harness(content: 1000)
    Self.scrollToEnd(&h)
    h.send(.endLoadingMore(.failure, time: h.now + 0.5))
    h.advance(by: 2)
    #expect(h.snapshot.footer == .failed)
    #expect(h.snapshot.footerLabel == .loadFailedTapToRetry)
    // The failed footer stays in view at the end; tap its middle.
    let s = h.snapshot
    let tapY = s.footerY + s.footerHeight / 2 - s.offset
    #expect(tapY > 0 && tapY < 600)
    h.send(.down(y: tapY, time: h.now))
    h.send(.up(time: h.now + 0.08))
    #expect(h.loads == 2)
    #expect(h.snapshot.footer == .loading)
  }

  @Test func aFailedLoadRetriesOnANewPull() {
    var h = Harness(content: 1000)
    Self.scrollToEnd(&h)
    h.send(.endLoadingMore(.failure, time: h.now + 0.5))
    h.advance(by: 1)
    h.drag(from: 300, to: 400, duration: 0.3, release: false)  // away from the end
    h.drag(from: 400, to: 100, duration: 0.3)
    h.advance(by: 1)
    #expect(h.loads == 2)
  }

  @Test func releaseToLoadArmsPastTheThresholdAndLoadsOnRelease() {
    var tuning = Tuning()
    tuning.footerMode = .releaseToLoad
    var h = Harness(tuning: tuning, content: 1000)
    h.pull(from: 500, to: 100)  // to the end: 400 pt of 400 available
    h.advance(by: 1)
    #expect(h.loads == 0)
    h.drag(from: 500, to: 440, duration: 0.3, release: false)
    #expect(h.snapshot.footer == .pulling)
    #expect(h.snapshot.footerLabel == .pullUpToLoadMore)
    h.drag(from: 440, to: 300, duration: 0.3, release: false)
    #expect(h.snapshot.footer == .armed)
    #expect(h.snapshot.footerLabel == .releaseToLoadMore)
    h.send(.move(y: 300, time: h.now + 0.1))
    h.send(.up(time: h.now + 0.1))
    #expect(h.loads == 1)
    h.advance(by: 1)
    #expect(abs(h.snapshot.offset - (1000 + 44 - 600)) < 0.5)
  }

  /// The footer of a short list sits just below the screen until pulled, not stuck in view.
  @Test func aShortListHidesItsFooterBelowTheScreen() {
    let h = Harness(content: 200)
    let s = h.snapshot
    #expect(s.footerY == 600)
    #expect(s.footerY - s.offset >= 600)
  }

  @Test func minimumSpinnerTimeHoldsAFastLoad() {
    var h = Harness(content: 1000)
    h.send(.key(.end, time: 0))
    while h.loads == 0, h.now < 1 { h.advance(by: 0.01) }
    guard case .startLoadMore(let started) = h.effects.first else {
      Issue.record("no load started")
      return
    }
    h.send(.endLoadingMore(.success, time: started + 0.05))
    _ = h.view.handle(.advance(to: started + 0.29))
    #expect(h.snapshot.footer == .loading)
    _ = h.view.handle(.advance(to: started + 0.31))
    #expect(h.snapshot.footer == .idle)
  }

  /// "Bottom inset drifts after begin/end in quick succession, or after the app changed its own
  /// inset": the bottom inset ends on the baseline exactly.
  @Test func bottomInsetEndsOnTheBaselineAfterTheAppChangedIt() {
    var h = Harness(content: 1000, baseline: EdgeInsets(top: 0, bottom: 30))
    Self.scrollToEnd(&h)
    h.send(.setBaselineInset(EdgeInsets(top: 0, bottom: 80), time: h.now + 0.1))
    h.send(.setContentHeight(1440, time: h.now + 0.2))
    h.send(.endLoadingMore(.success, time: h.now + 0.3))
    h.advance(by: 2)
    // The app's new 80 and the automatic footer's 44, which stays inside the extent.
    #expect(h.snapshot.inset.bottom == 80 + 44)
  }
}
