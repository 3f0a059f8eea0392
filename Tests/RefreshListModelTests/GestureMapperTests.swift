import RefreshCore
import RefreshListModel
import Testing

struct GestureMapperTests {
  var mapper = GestureMapper(
    viewport: Rect(x: 0, y: 40, width: 400, height: 560), wheelLineDistance: 40)
  /// A table of 2,000 pt at rest at the top: its scrollbar's thumb is at the top right.
  let shown = RefreshController(viewportHeight: 560, contentHeight: 2000).snapshot

  @Test mutating func dragInsideTheViewportBecomesDownMoveUp() {
    #expect(
      mapper.translate(.mouseDown(x: 10, y: 140, button: .left), at: 1, showing: shown)
        == .input(.down(y: 100, time: 1)))
    #expect(mapper.isDragging)
    #expect(
      mapper.translate(.mouseMove(x: 10, y: 200, buttonHeld: true), at: 1.1, showing: shown)
        == .input(.move(y: 160, time: 1.1)))
    // Released outside the window (mouse capture delivers it): still ends the drag.
    #expect(
      mapper.translate(.mouseUp(x: -50, y: 900, button: .left), at: 1.2, showing: shown)
        == .input(.up(time: 1.2)))
    #expect(!mapper.isDragging)
    #expect(
      mapper.translate(.mouseMove(x: 10, y: 220, buttonHeld: false), at: 1.3, showing: shown) == .ignored)
  }

  @Test mutating func clicksOutsideTheViewportAreLeftToTheApp() {
    #expect(mapper.translate(.mouseDown(x: 10, y: 20, button: .left), at: 0, showing: shown) == .ignored)
    #expect(
      mapper.translate(.mouseMove(x: 10, y: 200, buttonHeld: true), at: 0.1, showing: shown) == .ignored)
    #expect(mapper.translate(.mouseUp(x: 10, y: 200, button: .left), at: 0.2, showing: shown) == .ignored)
    #expect(mapper.translate(.mouseDown(x: 10, y: 140, button: .right), at: 0.3, showing: shown) == .ignored)
  }

  /// Issue 16: losing focus cancels a drag; the pointer leaving the window does not (the mouse
  /// is captured, so the drag follows it outside and ends where the button comes up, as GTK's).
  @Test mutating func losingFocusCancelsADragAndLeavingTheWindowKeepsIt() {
    _ = mapper.translate(.mouseDown(x: 10, y: 140, button: .left), at: 0, showing: shown)
    #expect(mapper.translate(.focusLost, at: 0.5, showing: shown) == .input(.cancel(time: 0.5)))
    #expect(mapper.translate(.mouseUp(x: 10, y: 140, button: .left), at: 0.6, showing: shown) == .ignored)
    #expect(mapper.translate(.pointerLeft, at: 0.7, showing: shown) == .ignored, "no drag, nothing to cancel")
    _ = mapper.translate(.mouseDown(x: 10, y: 140, button: .left), at: 1, showing: shown)
    #expect(mapper.translate(.pointerLeft, at: 1.5, showing: shown) == .handled)
    #expect(mapper.isDragging)
    #expect(
      mapper.translate(.mouseMove(x: -30, y: 400, buttonHeld: true), at: 1.6, showing: shown)
        == .input(.move(y: 360, time: 1.6)))
    #expect(
      mapper.translate(.mouseUp(x: -30, y: 420, button: .left), at: 1.7, showing: shown)
        == .input(.up(time: 1.7)))
  }

  @Test mutating func keysRefreshScrollAndQuit() {
    func key(_ key: Key, _ modifiers: KeyModifiers = [], repeating: Bool = false)
      -> ShellEvent
    {
      .key(key, modifiers: modifiers, isRepeat: repeating)
    }
    #expect(mapper.translate(key(.f5), at: 2, showing: shown) == .input(.key(.refresh, time: 2)))
    #expect(mapper.translate(key(.r, .control), at: 2, showing: shown) == .input(.key(.refresh, time: 2)))
    #expect(mapper.translate(key(.r), at: 2, showing: shown) == .ignored)
    #expect(
      mapper.translate(key(.f5, repeating: true), at: 2, showing: shown) == .ignored, "held F5 refreshes once"
    )
    #expect(mapper.translate(key(.up), at: 2, showing: shown) == .input(.key(.lineUp, time: 2)))
    #expect(
      mapper.translate(key(.down, repeating: true), at: 2, showing: shown) == .input(.key(.lineDown, time: 2))
    )
    #expect(mapper.translate(key(.pageUp), at: 2, showing: shown) == .input(.key(.pageUp, time: 2)))
    #expect(mapper.translate(key(.pageDown), at: 2, showing: shown) == .input(.key(.pageDown, time: 2)))
    #expect(mapper.translate(key(.home), at: 2, showing: shown) == .input(.key(.home, time: 2)))
    #expect(mapper.translate(key(.end), at: 2, showing: shown) == .input(.key(.end, time: 2)))
    // Quitting is the host's: the list leaves Esc, Q and the window's close alone.
    #expect(mapper.translate(key(.escape), at: 2, showing: shown) == .ignored)
    #expect(mapper.translate(key(Key(rawValue: "Q")), at: 2, showing: shown) == .ignored)
    #expect(mapper.translate(.quit, at: 2, showing: shown) == .ignored)
    #expect(mapper.translate(key(.tab), at: 2, showing: shown) == .ignored)
  }

  @Test mutating func wheelsScrollInNotchesOrPoints() {
    #expect(
      mapper.translate(.wheel(dy: -3, precise: false, x: 5, y: 100), at: 3, showing: shown)
        == .input(.wheel(dy: -3, precise: false, time: 3)))
    #expect(
      mapper.translate(.wheel(dy: 0.25, precise: true, x: 5, y: 100), at: 3, showing: shown)
        == .input(.wheel(dy: 10, precise: true, time: 3)))
    #expect(mapper.translate(.wheel(dy: 1, precise: false, x: 5, y: 10), at: 3, showing: shown) == .ignored)
  }

  @Test mutating func aWindowResizeIsTheHostsToLayOut() {
    #expect(mapper.translate(.resize(width: 900, height: 500), at: 5, showing: shown) == .ignored)
    #expect(mapper.viewport == Rect(x: 0, y: 40, width: 400, height: 560))
  }

  @Test mutating func theFirstFingerDragsAndOthersWaitUntilAllLift() {
    #expect(
      mapper.translate(.touchDown(x: 100, y: 140, finger: 1), at: 0, showing: shown)
        == .input(.down(y: 100, time: 0)))
    #expect(mapper.isDragging)
    #expect(mapper.translate(.touchDown(x: 200, y: 300, finger: 2), at: 0.1, showing: shown) == .ignored)
    #expect(mapper.translate(.touchMove(x: 200, y: 320, finger: 2), at: 0.2, showing: shown) == .ignored)
    #expect(
      mapper.translate(.touchMove(x: 100, y: 200, finger: 1), at: 0.2, showing: shown)
        == .input(.move(y: 160, time: 0.2)))
    // The mouse (a real one: SDL's copies of touches never arrive) waits for the finger.
    #expect(mapper.translate(.mouseDown(x: 10, y: 140, button: .left), at: 0.25, showing: shown) == .ignored)
    #expect(
      mapper.translate(.touchUp(x: 100, y: 200, finger: 1), at: 0.3, showing: shown) == .input(.up(time: 0.3))
    )
    // The second finger is still down: a new touch does not drag until every finger lifted.
    #expect(mapper.translate(.touchDown(x: 100, y: 140, finger: 3), at: 0.4, showing: shown) == .ignored)
    #expect(mapper.translate(.touchUp(x: 100, y: 140, finger: 3), at: 0.5, showing: shown) == .ignored)
    #expect(mapper.translate(.touchUp(x: 200, y: 320, finger: 2), at: 0.5, showing: shown) == .ignored)
    #expect(
      mapper.translate(.touchDown(x: 100, y: 140, finger: 4), at: 0.6, showing: shown)
        == .input(.down(y: 100, time: 0.6)))
    // The pointer leaving is the mouse's business; losing focus ends the touch.
    #expect(mapper.translate(.pointerLeft, at: 0.7, showing: shown) == .ignored)
    #expect(mapper.translate(.focusLost, at: 0.8, showing: shown) == .input(.cancel(time: 0.8)))
    #expect(!mapper.isDragging)
  }

  @Test mutating func theScrollbarWidensUnderThePointerAndItsThumbDragsProportionally() throws {
    let bar = try #require(Scrollbar(shown, in: mapper.viewport))
    // 560 pt of track less 6 of margins, a thumb of 560/2044 of it (the automatic footer's 44 pt
    // lie inside the scrollable extent): 151.78 pt long.
    #expect(abs(bar.thumbLength - 554 * 560 / 2044) < 1e-9)
    #expect(
      mapper.translate(.mouseMove(x: 395, y: 300, buttonHeld: false), at: 0, showing: shown) == .ignored)
    #expect(mapper.scrollbar == ScrollbarState(isHovered: true, isDragging: false))
    #expect(
      mapper.translate(.mouseMove(x: 300, y: 300, buttonHeld: false), at: 0, showing: shown) == .ignored)
    #expect(!mapper.scrollbar.isHovered)

    // Grabbed 20 pt into the thumb, moved 100 pt: the content moves 100 × 1484 / travel.
    #expect(
      mapper.translate(.mouseDown(x: 395, y: 63, button: .left), at: 1, showing: shown)
        == .input(.scroll(toOffset: 0, animated: false, time: 1)))
    #expect(mapper.scrollbar.isDragging)
    guard
      case .input(.scroll(let offset, false, 1.1)) = mapper.translate(
        .mouseMove(x: 380, y: 163, buttonHeld: true), at: 1.1, showing: shown)
    else {
      Issue.record("a thumb drag is a scroll to an offset")
      return
    }
    #expect(abs(offset - 100 * 1484 / bar.travel) < 1e-9)
    // Far past the end of the track: the end of the content with its footer, never beyond.
    #expect(
      mapper.translate(.mouseMove(x: 380, y: 2000, buttonHeld: true), at: 1.2, showing: shown)
        == .input(.scroll(toOffset: 1484, animated: false, time: 1.2)))
    #expect(mapper.translate(.mouseUp(x: 380, y: 2000, button: .left), at: 1.3, showing: shown) == .handled)
    #expect(!mapper.isDragging)
    #expect(!mapper.scrollbar.isDragging)
  }

  @Test mutating func aClickOnTheTrackPagesTowardIt() {
    #expect(
      mapper.translate(.mouseDown(x: 395, y: 500, button: .left), at: 0, showing: shown)
        == .input(.key(.pageDown, time: 0)))
    #expect(!mapper.isDragging)
    var scrolled = RefreshController(viewportHeight: 560, contentHeight: 2000)
    _ = scrolled.handle(.scroll(toOffset: 1440, animated: false, time: 0))
    #expect(
      mapper.translate(.mouseDown(x: 395, y: 60, button: .left), at: 0, showing: scrolled.snapshot)
        == .input(.key(.pageUp, time: 0)))
  }

  @Test mutating func aListThatFitsHasNoScrollbarToGrab() {
    let short = RefreshController(viewportHeight: 560, contentHeight: 300).snapshot
    #expect(Scrollbar(short, in: mapper.viewport) == nil)
    #expect(
      mapper.translate(.mouseDown(x: 395, y: 100, button: .left), at: 0, showing: short)
        == .input(.down(y: 60, time: 0)))
  }

  @Test func theThumbNeverGetsShorterThanItsMinimum() throws {
    let long = RefreshController(viewportHeight: 560, contentHeight: 44_000_000).snapshot
    let bar = try #require(Scrollbar(long, in: Rect(x: 0, y: 0, width: 400, height: 560)))
    #expect(bar.thumbLength == Scrollbar.minimumThumbLength)
    var pulled = long
    pulled.offset = -200
    let pinned = try #require(Scrollbar(pulled, in: Rect(x: 0, y: 0, width: 400, height: 560)))
    #expect(pinned.thumbLength == Scrollbar.minimumThumbLength)
    #expect(pinned.thumbTop == Scrollbar.margin)
  }
}
