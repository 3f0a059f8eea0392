import PropertyBased
import RefreshCore
import Testing

/// Load-more that is always seen: however the end of a long list is reached (a finger, a fling,
/// a touchpad, the wheel, End, Page Down, a scrollbar's thumb, the host's own scroll), the
/// automatic footer keeps its height inside the scrollable extent, as MJRefresh's auto footer
/// does, so where the movement comes to rest the loading footer is whole on screen; the load
/// fires once, and the rows that arrive come in below it without the offset moving.
@Suite("Load-more is seen")
struct LoadMoreSeenTests {
  /// A way to reach the end of the list.
  enum Route: CaseIterable, Sendable {
    case drag, fling, touchpad, wheel, endKey, pageDown, scrollbar, hostScroll

    /// Whether a finger (or two on a touchpad) moves the content, so that a load may start
    /// before the end, `preloadDistance` early, as the finger brings the footer into view.
    var isHeldByAFinger: Bool { self == .drag || self == .fling || self == .touchpad }
  }

  struct Setup: Sendable, CustomStringConvertible {
    var route: Route
    var viewport: Double
    var pages: Double
    var baseline: EdgeInsets
    var preset: TuningPreset
    var rowsFirst: Bool

    var description: String {
      "\(route) \(preset) viewport \(viewport) × \(pages) baseline \(baseline) rowsFirst \(rowsFirst)"
    }
  }

  static func pick<T: Sendable>(_ values: [T]) -> Generator<T, Shrink.Integer<Int>> {
    Gen.int(in: 0...(values.count - 1)).map { values[$0] }
  }

  static let setups: Generator<Setup, some Sequence & SendableMetatype> = zip(
    Gen<Route>.case, pick([600.0, 300, 900]), pick([3.0, 1.5, 8]),
    pick([EdgeInsets.zero, EdgeInsets(top: 64, bottom: 34)]), Gen<TuningPreset>.case, Gen.bool
  ).map { route, viewport, pages, baseline, preset, rowsFirst in
    Setup(
      route: route, viewport: viewport, pages: pages, baseline: baseline, preset: preset,
      rowsFirst: rowsFirst)
  }

  @Test func everyRouteToTheEndShowsTheLoadingFooterWhole() async {
    await propertyCheck(count: 200, input: Self.setups) { setup in
      var h = Harness(
        tuning: setup.preset.tuning, viewport: setup.viewport, content: setup.viewport * setup.pages,
        baseline: setup.baseline)
      var halfShown: String?
      let arrived = Self.reachTheEnd(by: setup.route, &h, halfShown: &halfShown)
      #expect(arrived, "\(setup): never came to rest at the end")
      #expect(halfShown == nil, "\(setup): the loading footer half shown \(halfShown ?? "")")
      #expect(h.loads == 1, "\(setup): \(h.loads) loads on the way to the end")
      #expect(h.snapshot.footer == .loading, "\(setup): the footer is \(h.snapshot.footer) at the end")
      // Every frame while the app takes its time: the whole footer in view.
      for _ in 0..<30 {
        h.advance(by: 1.0 / 60)
        #expect(Self.footerIsWhole(h.snapshot), "\(setup) at \(h.now): \(Self.describe(h.snapshot))")
      }
      // The rows arrive below the footer: the offset does not move, nothing loads again.
      let offset = h.snapshot.offset
      let rows = h.snapshot.contentHeight + setup.viewport
      if setup.rowsFirst { h.send(.setContentHeight(rows, time: h.now)) }
      h.send(.endLoadingMore(.success, time: h.now))
      if !setup.rowsFirst { h.send(.setContentHeight(rows, time: h.now)) }
      for _ in 0..<60 {
        h.advance(by: 1.0 / 60)
        #expect(h.snapshot.offset == offset, "\(setup) at \(h.now): moved to \(h.snapshot.offset)")
      }
      #expect(h.loads == 1, "\(setup): loaded again with no movement")
    }
  }

  /// A page that arrives while the content still springs back to the end comes in below the
  /// footer: the spring settles where it was going, it does not run on to the new end.
  @Test func rowsThatArriveWhileTheContentSpringsBackStayBelowIt() {
    var h = Harness(content: 1000)
    let end = 1000 + 44 - 600.0
    h.drag(from: 500, to: 40, duration: 0.15)
    var highest = h.snapshot.offset
    for _ in 0..<12 {
      h.advance(by: 1.0 / 60)
      highest = max(highest, h.snapshot.offset)
    }
    #expect(h.loads == 1)
    #expect(h.snapshot.isAnimating && h.snapshot.offset > end + 0.5, "already at rest: \(h.snapshot.offset)")
    h.send(.setContentHeight(2000, time: h.now))
    h.send(.endLoadingMore(.success, time: h.now))
    for _ in 0..<180 {
      h.advance(by: 1.0 / 60)
      #expect(h.snapshot.offset <= highest, "ran on to \(h.snapshot.offset) at \(h.now)")
    }
    #expect(abs(h.snapshot.offset - end) < 0.5, "settled at \(h.snapshot.offset), not the old end")
    #expect(h.loads == 1)
  }

  /// Whether the footer lies whole between the viewport's top and its bottom inset.
  static func footerIsWhole(_ s: RefreshSnapshot) -> Bool {
    let top = s.footerY - s.offset
    return top >= -0.5 && top + s.footerHeight <= s.viewportHeight - s.baselineInset.bottom + 0.5
  }

  static func describe(_ s: RefreshSnapshot) -> String {
    "footer \(s.footer) at \(s.footerY - s.offset) of \(s.viewportHeight), offset \(s.offset)"
  }

  /// Whether the content rests at its lowest rest.
  static func restsAtTheEnd(_ s: RefreshSnapshot) -> Bool {
    let end = max(-s.inset.top, s.contentHeight + s.inset.bottom - s.viewportHeight)
    return !s.isAnimating && !s.isDragging && abs(s.offset - end) < 0.5
  }

  /// Repeats the route's gesture until the content rests at the end, within a limit.
  /// A movement no finger holds shows the loading footer whole from the load's first frame;
  /// `halfShown` tells the first frame that did not.
  static func reachTheEnd(by route: Route, _ h: inout Harness, halfShown: inout String?) -> Bool {
    let vp = h.snapshot.viewportHeight
    for attempt in 0..<400 {
      switch route {
      case .drag: h.pull(from: vp * 0.8, to: vp * 0.2)
      case .fling: h.drag(from: vp * 0.8, to: vp * 0.3, duration: 0.1)
      case .touchpad:
        for _ in 0..<10 {
          h.send(.wheel(dy: -vp / 20, precise: true, time: h.now))
          h.advance(by: 1.0 / 60)
        }
      case .wheel: h.send(.wheel(dy: -3, precise: false, time: h.now))
      case .endKey: h.send(.key(.end, time: h.now))
      case .pageDown: h.send(.key(.pageDown, time: h.now))
      case .scrollbar:
        // The thumb dragged down in steps, then to the bottom of the track.
        let goal = attempt < 5 ? Double(attempt + 1) * vp : 1e12
        h.send(.scroll(toOffset: goal, animated: false, time: h.now))
      case .hostScroll: h.send(.scroll(toOffset: 1e12, animated: true, time: h.now))
      }
      // Frame by frame until whatever is still moving comes to rest before the next gesture.
      for frame in 0..<300 where frame < 6 || h.snapshot.isAnimating {
        h.advance(by: 1.0 / 60)
        if route.isHeldByAFinger || h.snapshot.footer != .loading || footerIsWhole(h.snapshot) {
          continue
        }
        halfShown = halfShown ?? "at \(h.now): \(describe(h.snapshot))"
      }
      if restsAtTheEnd(h.snapshot) { return true }
    }
    return false
  }
}
