import RefreshCore
import RefreshSDL
import Testing

struct GestureMapperTests {
  var mapper = GestureMapper(
    viewport: Rect(x: 0, y: 40, width: 400, height: 560), wheelLineDistance: 40)

  @Test mutating func dragInsideTheViewportBecomesDownMoveUp() {
    #expect(
      mapper.translate(.mouseDown(x: 10, y: 140, button: .left), at: 1)
        == .input(.down(y: 100, time: 1)))
    #expect(mapper.isDragging)
    #expect(
      mapper.translate(.mouseMove(x: 10, y: 200, buttonHeld: true), at: 1.1)
        == .input(.move(y: 160, time: 1.1)))
    // Released outside the window (mouse capture delivers it): still ends the drag.
    #expect(mapper.translate(.mouseUp(x: -50, y: 900, button: .left), at: 1.2) == .input(.up(time: 1.2)))
    #expect(!mapper.isDragging)
    #expect(mapper.translate(.mouseMove(x: 10, y: 220, buttonHeld: false), at: 1.3) == .ignored)
  }

  @Test mutating func clicksOutsideTheViewportAreLeftToTheApp() {
    #expect(mapper.translate(.mouseDown(x: 10, y: 20, button: .left), at: 0) == .ignored)
    #expect(mapper.translate(.mouseMove(x: 10, y: 200, buttonHeld: true), at: 0.1) == .ignored)
    #expect(mapper.translate(.mouseUp(x: 10, y: 200, button: .left), at: 0.2) == .ignored)
    #expect(mapper.translate(.mouseDown(x: 10, y: 140, button: .right), at: 0.3) == .ignored)
  }

  @Test mutating func losingFocusOrThePointerCancelsADrag() {
    _ = mapper.translate(.mouseDown(x: 10, y: 140, button: .left), at: 0)
    #expect(mapper.translate(.focusLost, at: 0.5) == .input(.cancel(time: 0.5)))
    #expect(mapper.translate(.mouseUp(x: 10, y: 140, button: .left), at: 0.6) == .ignored)
    #expect(mapper.translate(.pointerLeft, at: 0.7) == .ignored, "no drag, nothing to cancel")
    _ = mapper.translate(.mouseDown(x: 10, y: 140, button: .left), at: 1)
    #expect(mapper.translate(.pointerLeft, at: 1.5) == .input(.cancel(time: 1.5)))
  }

  @Test mutating func keysRefreshScrollAndQuit() {
    func key(_ key: Key, _ modifiers: KeyModifiers = [], repeating: Bool = false)
      -> ShellEvent
    {
      .key(key, modifiers: modifiers, isRepeat: repeating)
    }
    #expect(mapper.translate(key(.f5), at: 2) == .input(.key(.refresh, time: 2)))
    #expect(mapper.translate(key(.r, .control), at: 2) == .input(.key(.refresh, time: 2)))
    #expect(mapper.translate(key(.r), at: 2) == .ignored)
    #expect(mapper.translate(key(.f5, repeating: true), at: 2) == .ignored, "held F5 refreshes once")
    #expect(mapper.translate(key(.up), at: 2) == .input(.key(.lineUp, time: 2)))
    #expect(mapper.translate(key(.down, repeating: true), at: 2) == .input(.key(.lineDown, time: 2)))
    #expect(mapper.translate(key(.pageUp), at: 2) == .input(.key(.pageUp, time: 2)))
    #expect(mapper.translate(key(.pageDown), at: 2) == .input(.key(.pageDown, time: 2)))
    #expect(mapper.translate(key(.home), at: 2) == .input(.key(.home, time: 2)))
    #expect(mapper.translate(key(.end), at: 2) == .input(.key(.end, time: 2)))
    #expect(mapper.translate(key(.escape), at: 2) == .quit)
    #expect(mapper.translate(key(.q), at: 2) == .quit)
    #expect(mapper.translate(.quit, at: 2) == .quit)
    #expect(mapper.translate(key(.tab), at: 2) == .ignored)
  }

  @Test mutating func wheelsScrollInNotchesOrPoints() {
    #expect(
      mapper.translate(.wheel(dy: -3, precise: false, x: 5, y: 100), at: 3)
        == .input(.wheel(dy: -3, precise: false, time: 3)))
    #expect(
      mapper.translate(.wheel(dy: 0.25, precise: true, x: 5, y: 100), at: 3)
        == .input(.wheel(dy: 10, precise: true, time: 3)))
    #expect(mapper.translate(.wheel(dy: 1, precise: false, x: 5, y: 10), at: 3) == .ignored)
  }

  @Test mutating func aWindowResizeIsTheHostsToLayOut() {
    #expect(mapper.translate(.resize(width: 900, height: 500), at: 5) == .ignored)
    #expect(mapper.viewport == Rect(x: 0, y: 40, width: 400, height: 560))
  }
}
