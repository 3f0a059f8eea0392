import RefreshCore
import RefreshSDL
import Testing

/// SDL2 gives every Linux pointer `which == 0`: each wheel event is judged by itself.
@Suite struct WheelClassifierTests {
  /// Plays shell wheel events (notches, at times) at the top of a list through the classifier,
  /// the gesture mapper and a controller, with frames at 60 Hz until `end`; returns the largest
  /// pull past the top and the effects.
  static func play(_ turns: [(notches: Double, time: Double)], until end: Double)
    -> (mostPulled: Double, effects: [Effect])
  {
    var classifier = WheelClassifier()
    var mapper = GestureMapper(
      viewport: Rect(x: 0, y: 0, width: 400, height: 600), wheelLineDistance: 40)
    var view = RefreshController(viewportHeight: 600, contentHeight: 5000)
    var pending = turns[...]
    var mostPulled = 0.0
    var effects: [Effect] = []
    for frame in 0...Int(end * 60) {
      let t = Double(frame) / 60
      while let turn = pending.first, turn.time <= t {
        pending = pending.dropFirst()
        let touchpad = classifier.isTouchpad(notches: turn.notches, at: turn.time)
        let event = ShellEvent.wheel(dy: turn.notches, precise: touchpad, x: 200, y: 300)
        if case .input(let input) = mapper.translate(event, at: turn.time, showing: view.snapshot) {
          effects += view.handle(input)
        }
      }
      effects += view.advance(to: t)
      mostPulled = max(mostPulled, view.snapshot.pullDistance)
    }
    return (mostPulled, effects)
  }

  /// Issue 16: a touchpad scrolls down a little, then, half a second later, four quick notches
  /// of a real wheel go up past the top. Each notch is an eased line scroll that stops at the
  /// top: nothing overscrolls, nothing refreshes.
  @Test func wheelNotchesAfterTouchpadUseNeverOverscroll() {
    let swipe = (0..<6).map { (notches: -0.35, time: 0.1 + 0.01 * Double($0)) }
    let notches = (0..<4).map { (notches: 1.0, time: 0.8 + 0.03 * Double($0)) }
    let run = Self.play(swipe + notches, until: 3)
    #expect(run.mostPulled <= 0, "the wheel pulled the header \(run.mostPulled) pt")
    #expect(!run.effects.contains { if case .startRefresh = $0 { true } else { false } })
  }

  /// A whole number inside a touchpad gesture (a fast swipe can move exactly one unit) stays
  /// the touchpad's; a fraction is a touchpad whatever came before.
  @Test func aWholeTurnInsideATouchpadGestureStaysTheTouchpads() {
    var classifier = WheelClassifier()
    let later = 1.02 + WheelClassifier.touchpadContinuation + 0.01
    let answers = [
      classifier.isTouchpad(notches: 1, at: 0), classifier.isTouchpad(notches: 0.4, at: 1),
      classifier.isTouchpad(notches: 1, at: 1.01), classifier.isTouchpad(notches: 2, at: 1.02),
      classifier.isTouchpad(notches: 1, at: later), classifier.isTouchpad(notches: -0.1, at: 2),
    ]
    #expect(answers == [false, true, true, true, false, true])
  }
}
