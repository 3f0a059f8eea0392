import RefreshCore
import Testing

/// README's "Using RefreshCore" example, kept compiling and true.
@Suite struct ReadmeExampleTests {
  @Test func theReadmeExampleRefreshes() {
    var view = RefreshController(viewportHeight: 600, contentHeight: 2000)
    var effects: [Effect] = []

    // A finger pulls the list down 300 pt over half a second, rests, and lets go.
    effects += view.handle(.down(y: 100, time: 0))
    for i in 1...50 {
      effects += view.handle(.move(y: 100 + 6 * Double(i), time: 0.01 * Double(i)))
    }
    effects += view.handle(.up(time: 0.6))
    #expect(effects == [.startRefresh(time: 0.6)])

    // Frames are just times; the snapshot says what to draw.
    effects += view.advance(to: 1.0)
    let frame = view.snapshot
    #expect(frame.header == .refreshing)
    #expect(frame.inset.top == 60)  // the header is held open
    #expect(frame.headerLabel == .refreshing)  // RefreshSDL spells it: LabelTextTests

    // The app's work is done: the header shows the result, then collapses.
    effects += view.handle(.endRefreshing(.success, time: 2.0))
    effects += view.advance(to: 3.0)
    #expect(view.snapshot.header == .idle)
    #expect(view.snapshot.offset == 0)
  }
}
