import PropertyBased
import RefreshCore
import RefreshListModel
import Testing

// Random mixes of the hands a Linux desktop has (mouse on the content and on the scrollbar,
// touchscreen fingers, touchpad points, the pointer leaving, focus lost) through the real
// `RefreshList`, the store every host drives, its requests answered as a host would. The core's
// own property tests cover its inputs; these check what the list makes of raw events: one drag
// at a time, only a first finger, a thumb that never overscrolls nor pulls the header, and a
// table that comes to rest. `ListViewPropertyTests` drives the whole `RefreshListView`.

@Suite("Input property tests")
struct InputPropertyTests {
  @Test func randomDesktopInputKeepsGesturesWellFormed() async {
    await propertyCheck(count: 2_000, input: Self.events) { events in
      var run = InputRun()
      for (index, event) in events.enumerated() where run.violation == nil {
        run.perform(event, index: index)
      }
      if run.violation == nil { run.finish() }
      #expect(run.violation == nil, "\(run.violation ?? "") after \(events)")
    }
  }

  /// An event as three integers: what (mouse, touch, wheel, leave), a place, and a delay.
  static let events: Generator<[RawEvent], some Sequence & SendableMetatype> = zip(
    Gen.int(in: 0...(RawEvent.kinds - 1)), Gen.int(in: 0...999), Gen.int(in: 0...99)
  )
  .map { RawEvent(kind: $0, place: $1, delay: $2) }
  .array(of: 1...80)
}

/// One raw window event, decoded from integers so that it shrinks toward simple ones.
struct RawEvent: Sendable, CustomStringConvertible {
  static let kinds = 13
  var kind: Int
  var place: Int
  var delay: Int

  static let viewport = Rect(x: 0, y: 40, width: 400, height: 560)

  /// A point: mostly on the content, sometimes on the scrollbar band or outside the table.
  var point: Point {
    let x: Double =
      switch place % 10 {
      case 0, 1: 395  // the scrollbar band
      case 2: -20  // outside the window
      default: Double(place % 380)
      }
    return Point(x: x, y: Double(place) * 0.7 - 20)
  }

  /// Seconds since the previous event: none, a frame, or a pause past the touchpad's delay.
  var seconds: Double {
    switch delay {
    case 0..<20: 0
    case 20..<85: Double(delay - 19) / 1000 * 4
    default: Double(delay - 80) / 10
    }
  }

  var event: ShellEvent {
    let p = point
    let finger = Int64(place % 3)
    switch kind {
    case 0: return .mouseDown(x: p.x, y: p.y, button: .left)
    case 1, 2: return .mouseMove(x: p.x, y: p.y, buttonHeld: true)
    case 3: return .mouseUp(x: p.x, y: p.y, button: .left)
    case 4: return .mouseMove(x: p.x, y: p.y, buttonHeld: false)
    case 5: return .touchDown(x: p.x, y: p.y, finger: finger)
    case 6, 7: return .touchMove(x: p.x, y: p.y, finger: finger)
    case 8: return .touchUp(x: p.x, y: p.y, finger: finger)
    case 9, 10: return .wheel(dy: Double(place % 41 - 20) / 20, precise: true, x: 200, y: 300)
    case 11: return .pointerLeft
    default: return .focusLost
    }
  }

  var description: String { "+\(seconds) \(event)" }
}

/// The list, with the books the invariants need.
struct InputRun {
  var list = RefreshList(frame: RawEvent.viewport, rowCount: 125, rowHeight: 40)
  var mapper: GestureMapper { list.gestures }
  var view: RefreshController { list.controller }
  var now = 0.0
  /// Requests received and not answered yet.
  var refreshing = false
  var loading = false
  var violation: String?
  /// Fingers on the screen, and the one that drags.
  var fingers: Set<Int64> = []
  var dragger: Int64?

  mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition, violation == nil { violation = message() }
  }

  mutating func perform(_ raw: RawEvent, index: Int) {
    now += raw.seconds
    let event = raw.event
    let heldBefore = mapper.isDragging
    let thumbBefore = mapper.scrollbar.isDragging
    let reaction = list.handle(event, at: now)
    let meaning = reaction.meaning
    let where_ = "event \(index) \(raw)"
    take(reaction.requests, where_)

    switch event {
    case .touchDown(_, _, let finger):
      let first = fingers.isEmpty
      fingers.insert(finger)
      if case .input(.down) = meaning {
        check(first && !heldBefore, "\(where_): a touch that was not the first finger dragged")
        dragger = finger
      }
    case .touchMove(_, _, let finger):
      if case .input = meaning { check(finger == dragger, "\(where_): another finger moved the content") }
    case .touchUp(_, _, let finger):
      fingers.remove(finger)
      if case .input = meaning {
        check(finger == dragger, "\(where_): another finger ended the drag")
        dragger = nil
      }
    case .focusLost:
      fingers.removeAll()
      dragger = nil
    default:
      break
    }

    if case .input(let input) = meaning {
      switch input {
      case .down:
        check(!heldBefore, "\(where_): a second drag began while one was held")
      case .move, .up:
        check(heldBefore && !thumbBefore, "\(where_): \(input) without a drag held")
      default:
        break
      }
    }
    if case .input(.down) = meaning, case .mouseDown = event { mouseHolds = true }
    if case .input(.up) = meaning, case .mouseUp = event { mouseHolds = false }
    if case .input(.cancel) = meaning { mouseHolds = false }
    let after = view.snapshot
    let books = dragger != nil || mapper.scrollbar.isDragging || mouseHolds
    let holds = mapper.isDragging
    check(holds == books, "\(where_): the mapper holds \(holds), expected \(books)")
    if thumbBefore || mapper.scrollbar.isDragging {
      // Within the bounds the header and footer hold open (their insets may still be opening).
      let held = after.header == .refreshing || after.header == .finishing ? after.headerHeight : 0
      let footerHeld = after.footer == .idle ? 0 : after.footerHeight
      let low = min(after.restBounds.lowerBound, -held)
      let high = after.restBounds.upperBound + footerHeld
      check(
        after.offset >= low && after.offset <= high,
        "\(where_): the thumb scrolled past an edge: \(after.offset)")
      check(after.header != .pulling && after.header != .armed, "\(where_): the thumb pulled the header")
    }
  }

  /// Whether the mouse holds the content (not the thumb).
  var mouseHolds = false

  /// Books the host's requests: each must come while none of its kind is outstanding.
  mutating func take(_ requests: [Effect], _ where_: String) {
    for request in requests {
      switch request {
      case .startRefresh:
        check(!refreshing, "\(where_): a second refresh before the first was answered")
        refreshing = true
      case .startLoadMore:
        check(!loading, "\(where_): a second load-more before the first was answered")
        loading = true
      case .startTwoLevel:
        break  // Off in the default tuning; two-level has its own tests.
      case .tap:
        check(false, "\(where_): a tap reached the host; the list keeps its selection")
      }
    }
    let s = view.snapshot
    check(s.header != .refreshing || refreshing, "\(where_): refreshing with no request sent")
    check(s.footer != .loading || loading, "\(where_): loading with no request sent")
  }

  /// Focus lost, every request answered, a long wait: the table rests and the mapper holds
  /// nothing.
  mutating func finish() {
    now += 1
    take(list.handle(.focusLost, at: now).requests, "focus lost")
    // Twice, as the core's own session model does: a touchpad lets go after its delay (and may
    // refresh), and a bounce that ends within one long step counts as movement at the step's
    // end, where the indicator's fade starts.
    for _ in 0..<2 {
      now += 100
      take(list.advance(to: now), "the wait")
      if refreshing {
        refreshing = false
        take(list.endRefreshing(.success, rowCount: list.rowCount, at: now), "refresh answered")
      }
      if loading {
        loading = false
        take(list.endLoadingMore(.success, rowCount: list.rowCount + 10, at: now), "load answered")
      }
    }
    now += 100
    take(list.advance(to: now), "the rest")
    check(!mapper.isDragging, "the mapper still holds a drag after focus was lost")
    let s = view.snapshot
    check(view.isSettled, "not settled: \(s)")
    check(s.restBounds.contains(s.offset), "rests out of bounds at \(s.offset)")
  }
}
