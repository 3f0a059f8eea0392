import PropertyBased
import RefreshCore
import RefreshSDL
import Testing

// Random interleavings of what a host's window sends the real `RefreshListView` (drags, flings,
// wheel and touchpad turns, hovers, keys, focus changes, resizes, frames) while the host answers
// its requests late, early or never. After every call: each trigger reached the host exactly
// once (no second request of a kind before the first was answered, and a header refreshing or a
// footer loading only with a request the host received), and README's rules hold; at the end,
// with every request answered, the list rests with its insets back at the baseline.

@Suite("RefreshListView property tests", .serialized)
@MainActor
struct ListViewPropertyTests {
  @Test func everyTriggerReachesTheHostExactlyOnce() async throws {
    let canvas = try ListCanvas()
    await propertyCheck(count: 300, input: Self.steps) { steps in
      let run = HostRun(canvas: canvas)
      for (index, step) in steps.enumerated() where run.violation == nil {
        run.perform(step, index: index)
      }
      if run.violation == nil { run.finish() }
      #expect(run.violation == nil, "\(run.violation ?? "") after \(steps)")
    }
  }

  static let steps: Generator<[HostStep], some Sequence & SendableMetatype> = zip(
    Gen.int(in: 0...(HostStep.kinds - 1)), Gen.int(in: 0...999), Gen.int(in: 0...99)
  )
  .map { HostStep(kind: $0, place: $1, delay: $2) }
  .array(of: 1...120)
}

/// A renderer shared by the runs: SDL and the fonts open once.
@MainActor
final class ListCanvas {
  let session: SDLSession
  let renderer: Renderer
  let fonts: FontFiles

  init() throws {
    session = try SDLSession(mode: .headless)
    renderer = try Renderer(session: session, headlessWidth: 600, height: 500)
    fonts = try FontLocator.locate()
  }
}

/// One thing the host does, decoded from integers so that it shrinks toward simple ones.
struct HostStep: Sendable, CustomStringConvertible {
  static let kinds = 20
  var kind: Int
  var place: Int
  var delay: Int

  /// A point: mostly inside the list (x 200...600), sometimes on the host's side.
  var point: Point {
    let x = place % 5 == 0 ? Double(place % 200) : 200 + Double(place % 400)
    return Point(x: x, y: Double(place) * 0.55 - 20)
  }

  /// Seconds since the previous step: none, a frame's worth, or a pause.
  var seconds: Double {
    switch delay {
    case 0..<15: 0
    case 15..<85: Double(delay - 14) / 1000 * 5
    default: Double(delay - 80) / 8
    }
  }

  var description: String { "+\(seconds) k\(kind) p\(place)" }
}

/// The host: a list over rows it owns, answering requests when a step says so.
@MainActor
final class HostRun {
  let list: RefreshListView
  var rows = NumberedRows(rowCount: 20)
  var now = 0.0
  var violation: String?
  /// Requests received and not answered yet, with when they came.
  var refreshSince: Double?
  var loadSince: Double?
  /// When the last request of each kind came: an answer within the minimum spinner time keeps
  /// the spinner showing until that time is up (rule 6).
  var lastRefresh = -Double.infinity
  var lastLoad = -Double.infinity
  /// A refresh answered with success whose end has not been seen yet.
  var refreshSucceeded = false
  var refreshes = 0
  var loads = 0
  var touchedByUser = false
  let tuning = Tuning()

  init(canvas: ListCanvas) {
    // Creating a list view cannot fail once the fonts were found.
    list = try! RefreshListView(
      renderer: canvas.renderer, frame: Rect(x: 200, y: 0, width: 400, height: 500),
      rows: NumberedRows(rowCount: 20), fonts: canvas.fonts)
    list.onRefresh = { [unowned self] time in
      check(refreshSince == nil, "a second refresh at \(time) before the first was answered")
      check(touchedByUser, "a refresh at \(time) before any input")
      refreshSince = time
      lastRefresh = time
      refreshes += 1
    }
    list.onLoadMore = { [unowned self] time in
      check(loadSince == nil, "a second load-more at \(time) before the first was answered")
      check(touchedByUser, "a load-more at \(time) at start-up")
      check(refreshSince == nil, "rule 4: a load-more at \(time) while refreshing")
      loadSince = time
      lastLoad = time
      loads += 1
    }
  }

  func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition, violation == nil { violation = message() }
  }

  var snapshot: RefreshSnapshot { list.list.controller.snapshot }

  func perform(_ step: HostStep, index: Int) {
    now += step.seconds
    let before = snapshot
    let p = step.point
    switch step.kind {
    case 0: handle(.mouseDown(x: p.x, y: p.y, button: .left))
    case 1, 2: handle(.mouseMove(x: p.x, y: p.y, buttonHeld: true))
    case 3: handle(.mouseUp(x: p.x, y: p.y, button: .left))
    case 4, 5: handle(.mouseMove(x: p.x, y: p.y, buttonHeld: false))
    case 6: handle(.wheel(dy: Double(step.place % 9) - 4, precise: false, x: p.x, y: p.y))
    case 7: handle(.wheel(dy: Double(step.place % 41 - 20) / 20, precise: true, x: p.x, y: p.y))
    case 8:
      let keys: [Key] = [.f5, .end, .home, .pageDown, .pageUp, .up, .down, .space]
      handle(.key(keys[step.place % keys.count], modifiers: [], isRepeat: false))
    case 9: list.isFocused = step.place % 2 == 0
    case 10:
      // The host lays its window out again.
      let height = 200 + Double(step.place % 400)
      list.setFrame(Rect(x: 200, y: 0, width: 400, height: height), at: now)
    case 11, 12: fling(up: step.kind == 11, at: p)
    case 13: answerRefresh(step.place)
    case 14: answerLoad(step.place)
    case 15: handle(.focusLost)
    case 16: handle(.pointerLeft)
    default:
      // A frame: what the host's loop does whenever the list wants one.
      if list.nextFrameTime(after: now) != nil {
        do { try list.draw(at: now) } catch { check(false, "draw failed: \(error)") }
      }
    }
    verify(after: before, "step \(index) \(step)")
  }

  func handle(_ event: ShellEvent) {
    if case .mouseMove(_, _, false) = event {
    } else if case .pointerLeft = event {
    } else {
      touchedByUser = true
    }
    list.handle(event, at: now)
  }

  /// A quick drag and release, toward the end (`up`) or the top, from `point`.
  func fling(up: Bool, at point: Point) {
    let x = max(220, point.x)
    let from = up ? 450.0 : 50.0
    let to = up ? 50.0 : 450.0
    handle(.mouseDown(x: x, y: from, button: .left))
    for step in 1...6 {
      now += 0.01
      handle(.mouseMove(x: x, y: from + (to - from) * Double(step) / 6, buttonHeld: true))
    }
    handle(.mouseUp(x: x, y: to, button: .left))
  }

  func answerRefresh(_ place: Int) {
    guard refreshSince != nil else { return }
    refreshSince = nil
    let result: RefreshResult = place % 4 == 0 ? .failure : .success
    if result == .success { rows = NumberedRows(rowCount: place % 3 == 0 ? 0 : 20) }
    list.rows = rows
    list.endRefreshing(result, at: now)
    // Within the minimum spinner time the answer waits for it; rule 5 applies once it lands.
    refreshSucceeded = result == .success
  }

  func answerLoad(_ place: Int) {
    guard loadSince != nil else { return }
    loadSince = nil
    let result: LoadResult = [.success, .success, .failure, .noMoreData][place % 4]
    if result != .failure { rows = NumberedRows(rowCount: rows.rowCount + 10) }
    list.rows = rows
    list.endLoadingMore(result, at: now)
  }

  func verify(after before: RefreshSnapshot, _ where_: String) {
    let s = snapshot
    for value in [s.offset, s.inset.top, s.inset.bottom, s.headerProgress, s.footerProgress] {
      check(value.isFinite, "\(where_): a number is not finite: \(s)")
    }
    // Busy only for a request the host received: unanswered, or answered within the minimum
    // spinner time, which keeps the spinner up until it is over.
    let spinnerTime = tuning.minimumSpinnerTime + 1e-9
    check(
      s.header != .refreshing || refreshSince != nil || s.time <= lastRefresh + spinnerTime,
      "\(where_): refreshing with no request sent")
    check(
      s.footer != .loading || loadSince != nil || s.time <= lastLoad + spinnerTime,
      "\(where_): loading with no request sent")
    check(
      !(s.header == .refreshing && s.footer == .loading), "\(where_): rule 4, refreshing and loading at once")
    if before.header == .refreshing, refreshSince != nil {
      check(s.header == .refreshing, "\(where_): rule 1, a refresh changed before its answer: \(s.header)")
    }
    if let since = refreshSince, s.time < since + tuning.minimumSpinnerTime, before.header == .refreshing {
      check(s.header == .refreshing, "\(where_): rule 6, the spinner left before its minimum time")
    }
    if refreshSucceeded, s.header != .refreshing {
      refreshSucceeded = false
      check(s.footer != .noMoreData, "\(where_): rule 5, a successful refresh kept no-more-data")
    }
    if rows.rowCount == 0, s.header == .idle {
      check(s.footer == .hidden, "\(where_): rule 5, a footer on an empty list: \(s.footer)")
    }
  }

  /// Every request answered, a long wait: the list rests, insets back at the baseline unless
  /// the footer stays open by design (failed, no more data).
  func finish() {
    now += 1
    handle(.focusLost)
    verify(after: snapshot, "focus lost at the end")
    for _ in 0..<3 {
      now += 100
      do { try list.draw(at: now) } catch { check(false, "draw failed: \(error)") }
      verify(after: snapshot, "the wait at the end")
      answerRefresh(1)
      answerLoad(0)
    }
    now += 100
    do { try list.draw(at: now) } catch { check(false, "draw failed: \(error)") }
    let s = snapshot
    check(refreshSince == nil && loadSince == nil, "a request is still outstanding at rest")
    check(list.list.controller.isSettled, "not settled: \(s)")
    check(s.inset.top == s.baselineInset.top, "rule 2: the top inset stayed at \(s.inset.top)")
    if s.footer == .idle || s.footer == .hidden {
      // An automatic footer after a long list keeps its height inside the extent.
      check(s.inset.bottom == s.restingInset.bottom, "rule 2: the bottom inset stayed at \(s.inset.bottom)")
    }
    check(s.restBounds.contains(s.offset), "rests out of bounds at \(s.offset)")
  }
}
