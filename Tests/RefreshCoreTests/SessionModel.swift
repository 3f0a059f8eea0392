import RefreshCore

/// A controller driven by a random session, with the app around it simulated, checking the
/// invariants after every call into the core. The first violation is kept and ends the session.
///
/// Every input is sent as `advance(to: t)` followed by the input at `t` (the core advances to an
/// input's time first, so this is the same), which tells effects caused by motion over time
/// apart from effects caused by the input itself.
struct SessionModel {
  var view: RefreshController
  /// The view's snapshot after the latest call (computing one per call keeps debug runs fast).
  var last: RefreshSnapshot
  var now = 0.0
  var violation: String?
  /// Where in the session the model is, for the violation's message (built only on failure).
  var position: (index: Int, step: SessionStep?, phase: String) = (-1, nil, "start")

  /// Where the finger is, in viewport points.
  var fingerY = 0.0
  /// Whether the drag under way is a touchpad's (precise wheel), which lets go on its own.
  var touchpadActive = false
  /// The offset when the current press went down: a tap must not have moved it.
  var pressOffset: Double?

  /// The app's side of the work: effects started and not answered yet, and the counts.
  var refreshes = WorkLedger()
  var loads = WorkLedger()
  /// The result the app gave for the newest answered refresh (answers complete in order).
  var lastRefreshAnswer: RefreshResult?
  /// Set when a load starts, cleared when the app sends a content height, or when a load ends
  /// without new rows (failure, no more data) or a refresh succeeds: until then, the old end of the
  /// list must not trigger an automatic load again (MJRefresh #463/#1543).
  var awaitingContent = false
  /// The app answered the load that is awaited with success and no rows; once that end applies,
  /// the wait lasts only until the next drag begins (MJRefresh's auto footer).
  var successWithoutRowsAnswered = false
  var waitEndsWithNextDrag = false

  /// The drag (counted from 1) whose motion owns effects that come from time passing; nil once a
  /// wheel or key may have taken over the motion.
  var motionOwner: Int?
  var dragCount = 0
  var ownerRefreshes = 0
  var ownerLoads = 0
  /// Whether the user has touched, scrolled or pressed anything yet.
  var userActed = false
  /// Whether the current drag began while the header was refreshing or finishing (rule 1).
  var dragBeganBusy = false
  /// Every input sent but time passing, for a replay at other frame rates.
  var inputs: [Input] = []
  /// When the header's and footer's spinners were shown, and the least minimum time the tuning
  /// asked for since (rule 6).
  var refreshSpinner: (since: Double, minimum: Double)?
  var loadSpinner: (since: Double, minimum: Double)?

  /// A session of `setup` with `steps` performed in turn, up to the first violation.
  init(_ setup: SessionSetup, performing steps: [SessionStep]) {
    self.init(setup)
    for (index, step) in steps.enumerated() where violation == nil { perform(step, index: index) }
  }

  init(_ setup: SessionSetup) {
    view = RefreshController(
      tuning: RandomSession.tuning(setup.preset, variant: setup.variant),
      viewportHeight: setup.viewport, contentHeight: setup.content,
      baselineInset: setup.baseline)
    last = view.snapshot
    observe(before: last, effects: [], cause: .time)
  }

  /// Who caused the effects of one call.
  enum Cause: Equatable {
    /// Time passed: motion already under way.
    case time
    /// A move of the current drag.
    case move
    /// Down, up or cancel of the current drag.
    case release
    /// A gesture input with no finger down, which must change nothing.
    case strayGesture
    /// A wheel or key input.
    case scroll
    /// An app call that may start work (begin refreshing, retry).
    case app
    /// An end the app sent with nothing outstanding: it must change nothing.
    case strayEnd
    /// Any other app call (content height, insets, viewport, tuning, an answering end).
    case other
    /// A move over the open second floor: the floor's own drag up from its bottom closes it.
    case floorGesture
  }

  mutating func perform(_ step: SessionStep, index: Int) {
    position = (index, step, "")
    let t = now + step.delay
    now = t
    send(.advance(to: t), cause: .time)
    // The touchpad's silence let its fingers go during the advance.
    if touchpadActive, !last.isDragging { touchpadActive = false }
    let dragging = last.isDragging
    switch step.action {
    case .down(let fraction):
      // A second press while the finger is down arrives where the finger already is; a press
      // during a touchpad gesture lets the touchpad go and starts its own drag.
      let endsTouchpad = touchpadActive
      if !dragging || endsTouchpad { fingerY = fraction * last.viewportHeight }
      userActed = true
      send(.down(y: fingerY, time: t), cause: dragging ? .release : .other)
      touchpadActive = false
      if !dragging || endsTouchpad, last.isDragging {
        startDrag()
        pressOffset = last.offset
      }
    case .move(let dy):
      fingerY += dy
      let cause: Cause =
        last.header == .twoLevel ? .floorGesture : dragging && !touchpadActive ? .move : .strayGesture
      send(.move(y: fingerY, time: t), cause: cause)
    case .up:
      send(.up(time: t), cause: dragging ? .release : .strayGesture)
      touchpadActive = false
    case .cancel:
      send(.cancel(time: t), cause: dragging ? .release : .strayGesture)
      touchpadActive = false
    case .wheel(let dy, true):
      userActed = true
      if dragging && !touchpadActive {
        // A held button owns the content: the touchpad changes nothing.
        send(.wheel(dy: dy, precise: true, time: t), cause: .strayGesture)
      } else {
        // A touchpad gesture is a drag: the first event starts one, the rest move it.
        if !dragging { startDrag() }
        touchpadActive = true
        pressOffset = nil
        send(.wheel(dy: dy, precise: true, time: t), cause: .move)
      }
    case .wheel(let dy, false):
      userActed = true
      // While a finger holds the content the wheel is ignored, and the drag keeps its motion;
      // a touchpad's gesture lets go first.
      if !dragging { motionOwner = nil }
      send(.wheel(dy: dy, precise: false, time: t), cause: .scroll)
      if touchpadActive, !last.isDragging { touchpadActive = false }
    case .scroll(let fraction, let animated):
      userActed = true
      if !dragging { motionOwner = nil }
      let bounds = last.restBounds
      let goal = bounds.lowerBound + fraction * (bounds.upperBound - bounds.lowerBound)
      send(.scroll(toOffset: goal, animated: animated, time: t), cause: .scroll)
      if touchpadActive, !last.isDragging { touchpadActive = false }
      if !dragging {
        // Within the bounds only: the header and the footer are never pulled.
        let (header, footer) = (last.header, last.footer)
        check(header != .pulling && header != .armed, "a scroll pulled the header: \(header)")
        check(footer != .pulling && footer != .armed, "a scroll pulled the footer: \(footer)")
      }
    case .key(let action):
      userActed = true
      if action == .refresh {
        send(.key(action, time: t), cause: .app)
      } else {
        if !dragging { motionOwner = nil }
        send(.key(action, time: t), cause: .scroll)
      }
      // A touchpad's gesture lets go before a key, as before a press.
      if touchpadActive, !last.isDragging { touchpadActive = false }
    case .resize(let height):
      send(.resize(viewportHeight: height, time: t), cause: .other)
    case .beginRefreshing:
      send(.beginRefreshing(time: t), cause: .app)
    case .endRefreshing(let result):
      answerRefresh(result)
    case .endLoadingMore(let result, let rows):
      answerLoad(result, rows: rows)
    case .setContentHeight(let height):
      setContentHeight(height)
    case .setBaselineInset(let top, let bottom):
      send(.setBaselineInset(EdgeInsets(top: top, bottom: bottom), time: t), cause: .other)
    case .resetNoMoreData:
      send(.resetNoMoreData(time: t), cause: .other)
    case .retryLoadMore:
      send(.retryLoadMore(time: t), cause: .app)
    case .finishTwoLevel:
      send(.finishTwoLevel(time: t), cause: .other)
    case .setTuning(let preset, let variant):
      send(.setTuning(RandomSession.tuning(preset, variant: variant), time: t), cause: .other)
    case .wait:
      break
    case .settleCheck:
      var copy = self
      copy.settleAndCheck(phase: "settle check")
      if let found = copy.violation { violation = found }
    }
  }

  /// The model's books for a drag (a finger's or a touchpad's) that just began.
  mutating func startDrag() {
    if waitEndsWithNextDrag { stopAwaitingContent() }
    dragBeganBusy = last.header == .refreshing || last.header == .finishing
    dragCount += 1
    motionOwner = dragCount
    ownerRefreshes = 0
    ownerLoads = 0
  }

  mutating func stopAwaitingContent() {
    awaitingContent = false
    successWithoutRowsAnswered = false
    waitEndsWithNextDrag = false
  }

  mutating func setContentHeight(_ height: Double) {
    stopAwaitingContent()
    send(.setContentHeight(height, time: now), cause: .other)
  }

  /// The app's end of a refresh: an answer if one is outstanding, otherwise a stray end.
  mutating func answerRefresh(_ result: RefreshResult) {
    guard refreshes.outstanding > 0 else {
      send(.endRefreshing(result, time: now), cause: .strayEnd)
      return
    }
    refreshes.answer()
    lastRefreshAnswer = result
    send(.endRefreshing(result, time: now), cause: .other)
  }

  /// The app's end of a load; a successful one appends its rows first, as a data source does.
  mutating func answerLoad(_ result: LoadResult, rows: Int) {
    guard loads.outstanding > 0 else {
      send(.endLoadingMore(result, time: now), cause: .strayEnd)
      return
    }
    loads.answer()
    if result == .success, rows > 0 {
      setContentHeight(last.contentHeight + Double(rows) * RandomSession.rowHeight)
    }
    if result != .success { stopAwaitingContent() }
    if result == .success, rows <= 0, awaitingContent { successWithoutRowsAnswered = true }
    send(.endLoadingMore(result, time: now), cause: .other)
  }

  /// Lets go, answers every outstanding effect and waits until nothing moves, then checks that
  /// the view came to rest where it must (rule 2: insets back to the baseline, and the rest bounds).
  mutating func settleAndCheck(phase: String) {
    position.phase = phase
    if last.isDragging { send(.cancel(time: now), cause: .release) }
    for _ in 0..<5 {
      if refreshes.outstanding > 0 { answerRefresh(.success) }
      if loads.outstanding > 0 { answerLoad(.success, rows: 0) }
      // An open second floor always closes once the app says so.
      if last.header == .twoLevel { send(.finishTwoLevel(time: now), cause: .other) }
      now += 100
      send(.advance(to: now), cause: .time)
      if refreshes.outstanding == 0, loads.outstanding == 0, view.isSettled { break }
    }
    guard violation == nil else { return }
    let s = last
    check(view.isSettled, "not settled 100 s after the last input with all work answered")
    check(s.header == .idle, "header \(s.header) after all refreshes were answered and 100 s passed")
    check(s.footer != .loading, "footer still loading after all loads were answered and 100 s passed")
  }

  // MARK: - Observation

  /// Sends one input and checks what came back.
  mutating func send(_ input: Input, cause: Cause) {
    guard violation == nil else { return }
    if case .advance = input {} else { inputs.append(input) }
    let before = last
    let effects = view.handle(input)
    observe(before: before, effects: effects, cause: cause)
  }

  mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition, violation == nil {
      let step = position.step.map { "step \(position.index) \($0)" } ?? "setup"
      violation = "\(step) \(position.phase): \(message())\n  snapshot: \(Self.describe(view.snapshot))"
    }
  }

  mutating func observe(before: RefreshSnapshot, effects: [Effect], cause: Cause) {
    let s = view.snapshot
    last = s
    let now = self.now
    checkNumbers(s)
    check(s.time == now, "snapshot time \(s.time) is not the input's time \(now)")

    switch cause {
    case .strayGesture, .strayEnd:
      check(effects.isEmpty, "\(cause) input returned \(effects)")
      check(s == before, "\(cause) input changed the snapshot, was \(Self.describe(before))")
    case .time, .move, .release, .scroll:
      break
    case .floorGesture:
      // It may start the floor closing, and nothing else.
      check(effects.isEmpty, "a move over the second floor returned \(effects)")
      check(s.header == .twoLevel, "a move over the second floor left it at once")
    case .app, .other:
      // The app's own changes (insets, tuning, a header style that pins the content) may move
      // the content under a press; a tap is measured from where they left it.
      if pressOffset != nil { pressOffset = s.offset }
    }

    var startedRefresh = false
    var startedLoad = false
    for effect in effects {
      switch effect {
      case .startRefresh: startedRefresh = true
      case .startLoadMore: startedLoad = true
      case .tap, .startTwoLevel: break
      }
    }
    // A touchpad lets go when its events stop (time passing ends that drag like a lifted
    // finger) or when a scroll to an offset takes over.
    // Time, a scroll, a key (F5 too, which counts as the app's) or a press lets a touchpad go.
    let touchpadLetGo =
      (cause == .time || cause == .scroll || (cause == .app && touchpadActive))
      && before.isDragging && !s.isDragging
    // Completions first: a refresh that succeeds within this call frees the end of the list.
    let refreshCompletions = refreshes.record(
      busyBefore: before.header == .refreshing, busyAfter: s.header == .refreshing, started: startedRefresh)
    check(refreshCompletions != nil, "header refreshing does not match the refreshes started")
    if refreshCompletions ?? 0 > 0, lastRefreshAnswer == .success { stopAwaitingContent() }
    check(refreshes.completed <= refreshes.answered, "a refresh finished without the app's end")
    let loadCompletions = loads.record(
      busyBefore: before.footer == .loading, busyAfter: s.footer == .loading, started: startedLoad)
    check(loadCompletions != nil, "footer loading does not match the loads started")
    if loadCompletions ?? 0 > 0, successWithoutRowsAnswered {
      successWithoutRowsAnswered = false
      waitEndsWithNextDrag = true
    }
    check(loads.completed <= loads.answered, "a load finished without the app's end")

    let byDrag = (cause == .time || cause == .move || cause == .release) && motionOwner != nil
    for effect in effects {
      switch effect {
      case .startRefresh(let time):
        checkEffectTime(time, effect, before: before)
        check(refreshes.outstanding == 0, "startRefresh while the previous one is unanswered")
        check(cause != .time || touchpadLetGo, "startRefresh from time passing alone")
        refreshes.start()
        if byDrag { ownerRefreshes += 1 }
      case .startLoadMore(let time):
        checkEffectTime(time, effect, before: before)
        check(loads.outstanding == 0, "startLoadMore while the previous one is unanswered")
        check(before.contentHeight > 0, "startLoadMore on an empty list (rule 5)")
        check(userActed || cause == .app, "startLoadMore before the user did anything (rule 3)")
        if cause == .move {
          check(s.offset > before.offset, "a move that did not scroll toward the end loaded more (rule 3)")
          // Where the move ends counts (crossing from a pull into a push may load); the top
          // edge is the lower of the shown one and the one insets head for, so that an inset
          // still opening or closing is never held against the core.
          let held = s.header == .refreshing || s.header == .finishing ? s.headerHeight : 0
          let topEdge = min(s.restBounds.lowerBound, -(s.baselineInset.top + held))
          check(
            s.offset >= topEdge,
            "load-more from a move that leaves the header pulled into view (rule 3: never from a pull down)")
        }
        // A touchpad letting go is a release, which may load from an armed footer.
        if (cause == .time || cause == .move || cause == .scroll) && !touchpadLetGo {
          check(!awaitingContent, "automatic load again before the new content height arrived (rule 3)")
        }
        loads.start()
        stopAwaitingContent()
        awaitingContent = true
        if byDrag { ownerLoads += 1 }
      case .startTwoLevel(let time):
        checkEffectTime(time, effect, before: before)
        check(
          cause == .release || cause == .time || touchpadLetGo,
          "the second floor opened from \(cause), not a release")
        check(
          before.header != .refreshing && before.header != .finishing && before.footer != .loading,
          "the second floor opened during a refresh or a load")
      case .tap(let contentY, let time):
        checkEffectTime(time, effect, before: before)
        check(cause == .release && !s.isDragging, "a tap from \(cause), not from a finger lifting")
        check(!touchpadLetGo, "a touchpad gesture tapped")
        let pressed = pressOffset
        check(s.offset == pressed, "a tap scrolled: pressed at \(pressed ?? .nan), now \(s.offset)")
        check(
          contentY >= 0 && contentY < s.contentHeight, "a tap at content y \(contentY) outside the rows")
      }
    }
    if byDrag, let owner = motionOwner {
      let ownerLoads = self.ownerLoads
      check(ownerLoads <= 1, "drag \(owner) started \(ownerLoads) loads (rule 3: once per drag)")
      check(
        ownerRefreshes == 0 || ownerLoads == 0,
        "drag \(owner) started both a refresh and a load (rule 4)")
    }

    if s.header == .refreshing, s.footer == .loading, !view.tuning.allowsSimultaneousRefreshAndLoad {
      // Only a tuning change may leave both running; nothing may start the second (rule 4).
      check(
        before.header == .refreshing && before.footer == .loading && !startedRefresh && !startedLoad,
        "refreshing and loading at once without allowsSimultaneousRefreshAndLoad (rule 4)")
    }
    if cause == .release || touchpadLetGo, !s.isDragging {
      // Lifting the finger ends pulling and arming, whether or not work could start.
      check(s.header != .pulling && s.header != .armed, "header \(s.header) after the finger lifted")
      check(s.footer != .pulling && s.footer != .armed, "footer \(s.footer) after the finger lifted")
    }
    checkRuleOne(before: before, after: s, effects: effects, cause: cause, touchpadLetGo: touchpadLetGo)
    checkRuleSix(s, effects: effects)
    if s.contentHeight <= 0, s.footer != .loading {
      check(s.footer == .hidden, "footer \(s.footer) on an empty list (rule 5)")
    }
    if view.isSettled { checkAtRest(s) }
  }

  /// Rule 1: a drag while refreshing changes nothing of the refresh. A drag that began while the
  /// header was busy never pulls or arms it, nor refreshes when let go, even once the refresh
  /// it began in has ended; and no move or release ends a refresh.
  mutating func checkRuleOne(
    before: RefreshSnapshot, after s: RefreshSnapshot, effects: [Effect], cause: Cause,
    touchpadLetGo: Bool
  ) {
    let started = effects.contains { if case .startRefresh = $0 { true } else { false } }
    // F5 lets a touchpad go and then refreshes by itself: that refresh is the key's, not the
    // gesture's.
    let gesture = cause == .move || cause == .release || (touchpadLetGo && cause != .app)
    if dragBeganBusy, gesture || (cause == .time && before.isDragging) {
      check(
        s.header != .pulling && s.header != .armed,
        "a drag that began while refreshing shows the header \(s.header) (rule 1)")
      check(!started, "a drag that began while refreshing refreshed again (rule 1)")
    }
    if cause == .move || cause == .release, before.header == .refreshing {
      check(s.header == .refreshing, "a drag ended the refresh: header \(s.header) (rule 1)")
    }
  }

  /// Rule 6: a spinner, once shown, stays at least the minimum time, whatever the app answers
  /// and whenever it does.
  mutating func checkRuleSix(_ s: RefreshSnapshot, effects: [Effect]) {
    let minimum = view.tuning.minimumSpinnerTime
    for effect in effects {
      switch effect {
      case .startRefresh(let time): refreshSpinner = (time, minimum)
      case .startLoadMore(let time): loadSpinner = (time, minimum)
      case .tap, .startTwoLevel: break
      }
    }
    if let spinner = refreshSpinner {
      let least = min(spinner.minimum, minimum)
      refreshSpinner = (spinner.since, least)
      if s.header != .refreshing {
        let now = self.now
        check(
          now >= spinner.since + least - 1e-9,
          "the refresh spinner went after \(now - spinner.since) s, before its \(least) s (rule 6)")
        refreshSpinner = nil
      }
    }
    if let spinner = loadSpinner {
      let least = min(spinner.minimum, minimum)
      loadSpinner = (spinner.since, least)
      if s.footer != .loading {
        let now = self.now
        check(
          now >= spinner.since + least - 1e-9,
          "the load spinner went after \(now - spinner.since) s, before its \(least) s (rule 6)")
        loadSpinner = nil
      }
    }
  }

  mutating func checkEffectTime(_ time: Double, _ effect: Effect, before: RefreshSnapshot) {
    let now = self.now
    check(time >= before.time && time <= now, "\(effect) outside the call's time span \(before.time)…\(now)")
  }

  /// At rest: the insets are exactly the baseline where nothing is held open (an automatic
  /// footer after a long list keeps its height in the extent), and the offset rests within
  /// bounds (rule 2, MJRefresh #1163/#916).
  mutating func checkAtRest(_ s: RefreshSnapshot) {
    if s.header == .idle {
      check(s.inset.top == s.baselineInset.top, "settled idle header, inset.top \(s.inset.top) != baseline")
    }
    check(s.restingInset.top == s.baselineInset.top, "resting inset.top \(s.restingInset.top) != baseline")
    // A long list at rest (its footer right after the rows, with the app's insets alone).
    let long = s.contentHeight >= s.viewportHeight - s.baselineInset.top - s.baselineInset.bottom
    let footerKeeps = s.footer == .idle && view.tuning.footerMode == .automatic && long
    let resting = s.baselineInset.bottom + (footerKeeps ? s.footerHeight : 0)
    if s.footer == .idle || s.footer == .hidden {
      check(
        s.inset.bottom == resting && s.restingInset.bottom == resting,
        "settled \(s.footer) footer, inset.bottom \(s.inset.bottom) (resting \(s.restingInset.bottom)) != \(resting)"
      )
    }
    check(s.restBounds.contains(s.offset), "settled offset \(s.offset) outside rest bounds \(s.restBounds)")
  }

  mutating func checkNumbers(_ s: RefreshSnapshot) {
    let finite =
      s.time.isFinite && s.offset.isFinite && s.velocity.isFinite && s.inset.top.isFinite
      && s.inset.bottom.isFinite && s.baselineInset.top.isFinite && s.baselineInset.bottom.isFinite
      && s.contentHeight.isFinite && s.viewportHeight.isFinite && s.headerProgress.isFinite
      && s.headerY.isFinite && s.headerHeight.isFinite && s.headerArrowAngle.isFinite
      && (s.lastUpdated ?? 0).isFinite && s.footerProgress.isFinite && s.footerY.isFinite
      && s.footerHeight.isFinite && s.footerArrowAngle.isFinite && s.spinnerPhase.isFinite
      && s.indicatorOpacity.isFinite && s.restBounds.lowerBound.isFinite
      && s.restBounds.upperBound.isFinite && s.pullDistance.isFinite
    check(finite, "a snapshot number is not finite")
    check((0...1).contains(s.headerProgress), "headerProgress \(s.headerProgress) outside 0…1")
    check((0...1).contains(s.footerProgress), "footerProgress \(s.footerProgress) outside 0…1")
    check((0..<1).contains(s.spinnerPhase), "spinnerPhase \(s.spinnerPhase) outside 0..<1")
    check((0...1).contains(s.indicatorOpacity), "indicatorOpacity \(s.indicatorOpacity) outside 0…1")
    check(s.inset.top >= s.baselineInset.top, "inset.top \(s.inset.top) below the baseline")
    check(s.inset.bottom >= s.baselineInset.bottom, "inset.bottom \(s.inset.bottom) below the baseline")
  }

  static func describe(_ s: RefreshSnapshot) -> String {
    "t \(s.time) offset \(s.offset) v \(s.velocity) inset (\(s.inset.top), \(s.inset.bottom)) "
      + "baseline (\(s.baselineInset.top), \(s.baselineInset.bottom)) content \(s.contentHeight) "
      + "viewport \(s.viewportHeight) header \(s.header) footer \(s.footer) dragging \(s.isDragging) "
      + "animating \(s.isAnimating) bounds \(s.restBounds)"
  }
}

/// The app's books for one kind of work (refreshes or loads).
struct WorkLedger {
  var started = 0
  var answered = 0
  var completed = 0
  var outstanding: Int { started - answered }

  mutating func start() { started += 1 }
  mutating func answer() { answered += 1 }

  /// Counts completions from one call's before and after states: busy after = busy before +
  /// starts − completions. Returns nil when that cannot add up: the view became busy without a
  /// start effect. (A start that left the view idle counts as a completion, which the caller
  /// then finds unanswered.)
  mutating func record(busyBefore: Bool, busyAfter: Bool, started: Bool) -> Int? {
    let completions = (busyBefore ? 1 : 0) + (started ? 1 : 0) - (busyAfter ? 1 : 0)
    guard completions >= 0 else { return nil }
    completed += completions
    return completions
  }
}
