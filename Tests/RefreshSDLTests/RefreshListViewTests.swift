import RefreshCore
import RefreshSDL
import Testing

/// The embeddable list in a host's frame: it draws inside its frame only, asks for work through
/// its callbacks, and says when it needs frames.
@Suite(.serialized)
@MainActor
struct RefreshListViewTests {
  /// A host's window: a red sidebar 200 pt wide, the list beside it.
  @MainActor
  final class Host {
    let session: SDLSession
    let renderer: Renderer
    let list: RefreshListView
    var rows = NumberedRows(rowCount: 30)
    var refreshes: [Double] = []
    var loads: [Double] = []
    static let sidebar = Color(rgb: 0xC62828)

    init() throws {
      session = try SDLSession(mode: .headless)
      renderer = try Renderer(session: session, headlessWidth: 600, height: 400)
      list = try RefreshListView(
        renderer: renderer, frame: Rect(x: 200, y: 0, width: 400, height: 400),
        rows: NumberedRows(rowCount: 30))
      list.onRefresh = { [unowned self] time in refreshes.append(time) }
      list.onLoadMore = { [unowned self] time in loads.append(time) }
    }

    /// One frame at `time`: the sidebar, then the list.
    func frame(at time: Double) throws -> PixelImage {
      try renderer.beginFrame(clearingTo: Color(rgb: 0x000000))
      renderer.fill(Rect(x: 0, y: 0, width: 200, height: 400), color: Self.sidebar)
      try list.draw(at: time)
      let image = try renderer.readPixels()
      renderer.present()
      return image
    }

    func pull(from: Double, to: Double) {
      list.handle(TimedEvent(.mouseDown(x: 400, y: from, button: .left), time: 0))
      for step in 1...10 {
        let y = from + (to - from) * Double(step) / 10
        list.handle(TimedEvent(.mouseMove(x: 400, y: y, buttonHeld: true), time: 0.05 * Double(step)))
      }
      list.handle(TimedEvent(.mouseUp(x: 400, y: to, button: .left), time: 0.6))
    }
  }

  @Test func aPullAsksForARefreshOnceAndTheAnswerClosesTheHeader() throws {
    let host = try Host()
    host.pull(from: 50, to: 350)
    #expect(host.refreshes == [0.6])
    let refreshing = try host.frame(at: 1)
    let cyan = TableStyle().barColor
    #expect(refreshing[204, 10].isClose(to: cyan), "the header is held open")
    host.list.rows = NumberedRows(rowCount: 3)
    host.list.endRefreshing(.success, at: 1.5)
    #expect(host.list.list.controller.snapshot.contentHeight == 3 * 44)
    let after = try host.frame(at: 4)
    #expect(!after[204, 10].isClose(to: cyan), "the header closed")
    #expect(host.refreshes == [0.6])
  }

  /// Issue 14: the pointer moving over a coasting list (no button held) carried the list's time
  /// past the load trigger, and the request that advance made was dropped with the hover, so
  /// the footer showed "loading" forever and `onLoadMore` never came.
  @Test func aFlingIntoTheFooterAsksForMoreWhileThePointerHovers() throws {
    let host = try Host()
    host.list.handle(TimedEvent(.mouseDown(x: 400, y: 350, button: .left), time: 0))
    for step in 1...10 {
      let y = 350 - 30 * Double(step)
      host.list.handle(TimedEvent(.mouseMove(x: 400, y: y, buttonHeld: true), time: 0.01 * Double(step)))
    }
    host.list.handle(TimedEvent(.mouseUp(x: 400, y: 50, button: .left), time: 0.1))
    // Frames at 60 Hz; between two frames the pointer moves every 2 ms.
    for frame in 7...180 {
      let time = Double(frame) / 60
      for hover in (1...7).reversed() {
        let hoverTime = time - Double(hover) * 0.002
        host.list.handle(
          TimedEvent(.mouseMove(x: 300 + Double(hover), y: 200, buttonHeld: false), time: hoverTime))
      }
      _ = try host.frame(at: time)
    }
    #expect(host.loads.count == 1, "one load-more for one fling, got \(host.loads)")
    #expect(host.list.list.controller.snapshot.footer == .loading)
  }

  @Test func theSidebarIsNeverDrawnOver() throws {
    let host = try Host()
    host.pull(from: 50, to: 350)
    for time in [0.3, 0.6, 1.0] {
      let image = try host.frame(at: time)
      for y in stride(from: 0, to: 400, by: 7) {
        for x in stride(from: 0, to: 200, by: 9) where image[x, y] != Host.sidebar {
          Issue.record("pixel \(x),\(y) of the sidebar changed at \(time) s")
          return
        }
      }
    }
  }

  @Test func aSettledListThatWasDrawnNeedsNoFrame() throws {
    let host = try Host()
    #expect(host.list.nextFrameTime(after: 0) == 0, "never drawn yet")
    _ = try host.frame(at: 0)
    #expect(host.list.nextFrameTime(after: 0) == nil)
    #expect(!host.list.handle(.mouseMove(x: 300, y: 100, buttonHeld: false), at: 0.1), "hover")
    #expect(host.list.nextFrameTime(after: 0.1) == nil, "a hover changes nothing")
    #expect(host.list.handle(.wheel(dy: -2, precise: false, x: 300, y: 100), at: 0.2))
    #expect(host.list.nextFrameTime(after: 0.2) == 0.2)
  }

  /// A refresh at rest asks for a frame when its spinner steps, not every frame: a host that
  /// sleeps until `nextFrameTime` draws twelve a turn, each one new, and misses none.
  @Test func aRefreshAtRestAsksForAFrameAtEachSpinnerStep() throws {
    let host = try Host()
    _ = try host.frame(at: 0)
    host.list.beginRefreshing(at: 0)
    var time = 0.0
    var ahead = 0
    var last = try host.frame(at: time)
    while time < 3 {
      let next = try #require(host.list.nextFrameTime(after: time), "a refresh asks for frames")
      guard next > time else {
        // The header on its way to rest: frame by frame.
        time += 1 / 60.0
        last = try host.frame(at: time)
        continue
      }
      ahead += 1
      #expect(try host.frame(at: (time + next) / 2) == last, "changed before \(next)")
      time = next
      let frame = try host.frame(at: time)
      #expect(frame != last, "the frame asked for at \(time) shows what the last one did")
      last = frame
    }
    // Three seconds of a one-second turn, less the header's way to rest: a frame a step.
    #expect(ahead >= 30 && ahead <= 37, "asked for \(ahead) frames ahead")
    #expect(host.refreshes == [0])
  }

  @Test func newRowsAndNewTuningAreDrawn() throws {
    let host = try Host()
    _ = try host.frame(at: 0)
    host.list.rows = NumberedRows(rowCount: 2)
    #expect(host.list.needsDisplay)
    _ = try host.frame(at: 0)
    var tuning = Tuning()
    tuning.wheelLineDistance = 80
    host.list.setTuning(tuning, at: 0.1)
    #expect(host.list.list.controller.tuning.wheelLineDistance == 80)
    #expect(host.list.nextFrameTime(after: 0.1) == 0.1)
  }

  @Test func aNewFrameMovesTheDrawing() throws {
    let host = try Host()
    host.list.setFrame(Rect(x: 300, y: 0, width: 300, height: 400), at: 0)
    let image = try host.frame(at: 0)
    #expect(image[250, 20] == Color(rgb: 0x000000), "left of the new frame: the host's clear")
    #expect(image[310, 3] == TableStyle().rowBackground)
    #expect(!host.list.handle(.mouseDown(x: 250, y: 20, button: .left), at: 0.1))
  }

  @Test func rowsMayCarryTheirHeight() throws {
    struct TallRows: TitledRowSource {
      var rowCount: Int { 10 }
      var rowHeight: Double? { 60 }
      func id(ofRow row: Int) -> Int { row }
      func title(at row: Int) -> String { "\(row)" }
    }
    let host = try Host()
    let list = try RefreshListView(
      renderer: host.renderer, frame: Rect(x: 0, y: 0, width: 100, height: 100), rows: TallRows())
    #expect(list.list.controller.snapshot.contentHeight == 600)
    #expect(list.tableView.style.rowHeight == 60)
  }
}
