import CSDL2
import CX11

/// Reads the window's events from SDL, places them on the app's high-resolution clock (see
/// `EventTimeline`: a frame's moves drained at once are spread over that frame; `WheelClassifier`
/// tells a touchpad from a wheel on those times), and sleeps when asked to wait, so an idle
/// window costs no CPU: under X11 on SDL's X connection itself (one read before the sleep, one
/// pump after it, where `SDL_WaitEventTimeout` reads the socket a dozen times), elsewhere in
/// `SDL_WaitEventTimeout`. A thread that pushes an SDL event for the loop (the image decoder)
/// also wakes that sleep (`_LoopWakeup`).
///
/// It also captures the mouse while the left button is down, so a release outside the window
/// still arrives and ends the drag.
///
/// It swallows nothing a host may want: every event that means nothing to the list comes back
/// as `ShellEvent/other(_:)`, untouched and in order. Only SDL's mouse copies of touches are
/// dropped, as their fingers arrive too. A host with its own `SDL_PollEvent` or
/// `SDL_WaitEventTimeout` loop calls ``translate(_:at:)`` on each event instead of ``collect(into:waitingUpTo:)``.
@MainActor
public final class EventSource {
  /// A wait longer than this blocked on an empty queue (one that found events returns at once).
  static let blockedWait = 0.001
  /// Under X11, the longest the loop goes without pumping SDL's events, in seconds.
  static let pumpInterval = 1.0
  /// When SDL's events were last pumped, on `clock`.
  private var _lastPump = -Double.infinity
  /// The clock events are stamped with.
  public let clock: HighResolutionClock
  private let _session: SDLSession
  private var _timeline = EventTimeline()
  /// Touchpad or wheel, decided per event on the events' times.
  private var _wheels = WheelClassifier()

  /// Events for `session`'s window, timed on `clock`.
  public init(session: SDLSession, clock: HighResolutionClock) {
    self._session = session
    self.clock = clock
  }

  /// Appends every pending event to `events`. When none is pending, first waits up to
  /// `timeout` seconds for one (0 returns at once). Returns whether any event was appended.
  @discardableResult
  public func collect(into events: inout [TimedEvent], waitingUpTo timeout: Double) -> Bool {
    var event = SDL_Event()
    var received: Bool
    if timeout > 0 {
      let milliseconds = Int32(min(Double(Int32.max), (timeout * 1000).rounded(.up)))
      let waitStart = clock.now()
      if let display = _session._xDisplay {
        // Under X11 the loop sleeps on SDL's connection itself: SDL_WaitEventTimeout reads the
        // socket a dozen times a wait (its pumps and checks before and after sleeping), here
        // it is read once before the sleep and, when something came, once after by the pump.
        // A sleep that ran out found nothing to pump (a pump still comes once a second, for
        // what SDL does besides reading: keeping the screen saver away, among others).
        var pump = true
        if SDL_HasEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == SDL_FALSE {
          let woken = cx11_wait(display, _LoopWakeup.fd, milliseconds) != 0
          pump = woken || clock.now() - _lastPump >= Self.pumpInterval
        }
        if pump {
          SDL_PumpEvents()
          _lastPump = clock.now()
        }
        received = Self._next(&event)
      } else {
        received = SDL_WaitEventTimeout(&event, milliseconds) == 1
      }
      // A wait that blocked saw an empty queue until it woke: what it found came just now,
      // not over the whole wait.
      let woke = clock.now()
      if woke - waitStart > Self.blockedWait { _timeline.queueStayedEmpty(until: woke) }
    } else {
      SDL_PumpEvents()
      _lastPump = clock.now()
      received = Self._next(&event)
    }
    let before = events.count
    var stamps: [UInt32] = []
    while received {
      if let translated = _translate(event) {
        events.append(TimedEvent(translated, time: 0))
        stamps.append(event.common.timestamp)
      }
      received = Self._next(&event)
    }
    // Timed once the queue is empty, so the drain's fresh events share its span.
    let times = _timeline.times(ofEventTicks: stamps, ticksNow: SDL_GetTicks(), now: clock.now())
    for (index, time) in zip(events.indices.dropFirst(before), times) {
      events[index] = TimedEvent(_classified(events[index].event, at: time), time: time)
    }
    return events.count > before
  }

  /// The next event already queued, without asking the display for more: the queue is filled
  /// once per collection (by the wait, or one `SDL_PumpEvents`), where `SDL_PollEvent` would
  /// pump again for every event it returns, each pump a read of the X socket that mostly finds
  /// nothing.
  private static func _next(_ event: inout SDL_Event) -> Bool {
    SDL_PeepEvents(&event, 1, SDL_GETEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) == 1
  }

  /// One event of a host's own loop, at `time` on the host's clock (the one it draws the list
  /// at): what the list should be handed, or `ShellEvent/other(_:)` carrying `event` as it
  /// was when the event means nothing to the list (text input, drops, the host's user events).
  /// Nil only for SDL's mouse copy of a touch, whose finger events come too.
  public func translate(_ event: SDL_Event, at time: Double) -> TimedEvent? {
    _translate(event).map { TimedEvent(_classified($0, at: time), time: time) }
  }

  /// `event` with a wheel turn marked touchpad or wheel, judged on its time.
  private func _classified(_ event: ShellEvent, at time: Double) -> ShellEvent {
    guard case .wheel(let dy, _, let x, let y) = event else { return event }
    return .wheel(dy: dy, precise: _wheels.isTouchpad(notches: dy, at: time), x: x, y: y)
  }

  private func _translate(_ event: SDL_Event) -> ShellEvent? {
    let other = ShellEvent.other(SDLEvent(event))
    switch SDL_EventType(event.type) {
    case SDL_QUIT:
      return .quit
    case SDL_WINDOWEVENT:
      return _translateWindow(event.window) ?? other
    case SDL_KEYDOWN:
      let key = event.key
      guard let name = SDL_GetKeyName(key.keysym.sym) else { return other }
      return .key(
        Key(rawValue: String(cString: name)), modifiers: _modifiers(key.keysym.mod),
        isRepeat: key.repeat != 0)
    case SDL_MOUSEBUTTONDOWN:
      let button = event.button
      // A touch arrives as finger events; SDL's mouse copy of it would be a second drag.
      guard button.which != csdl_touch_mouseid() else { return nil }
      let which = _button(button.button)
      if which == .left { SDL_CaptureMouse(SDL_TRUE) }
      return .mouseDown(x: Double(button.x), y: Double(button.y), button: which)
    case SDL_MOUSEBUTTONUP:
      let button = event.button
      guard button.which != csdl_touch_mouseid() else { return nil }
      let which = _button(button.button)
      if which == .left { SDL_CaptureMouse(SDL_FALSE) }
      return .mouseUp(x: Double(button.x), y: Double(button.y), button: which)
    case SDL_MOUSEMOTION:
      let motion = event.motion
      guard motion.which != csdl_touch_mouseid() else { return nil }
      let held = motion.state & csdl_button_mask(UInt32(SDL_BUTTON_LEFT)) != 0
      return .mouseMove(x: Double(motion.x), y: Double(motion.y), buttonHeld: held)
    case SDL_MOUSEWHEEL:
      guard event.wheel.which != csdl_touch_mouseid() else { return nil }
      return _translateWheel(event.wheel) ?? other
    case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
      return _translateFinger(event.tfinger, type: SDL_EventType(event.type)) ?? other
    case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
      return .exposed
    default:
      return other
    }
  }

  private func _translateWindow(_ window: SDL_WindowEvent) -> ShellEvent? {
    switch SDL_WindowEventID(UInt32(window.event)) {
    case SDL_WINDOWEVENT_SIZE_CHANGED:
      return .resize(width: Double(window.data1), height: Double(window.data2))
    case SDL_WINDOWEVENT_FOCUS_LOST:
      SDL_CaptureMouse(SDL_FALSE)
      return .focusLost
    case SDL_WINDOWEVENT_LEAVE:
      return .pointerLeft
    case SDL_WINDOWEVENT_CLOSE:
      return .quit
    case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED:
      return .exposed
    default:
      return nil
    }
  }

  private func _translateWheel(_ wheel: SDL_MouseWheelEvent) -> ShellEvent? {
    let dy = WheelClassifier.notches(of: wheel)
    // A sideways turn (a tilting wheel, a touchpad's sideways swipe), or the wheel with Shift
    // held, as desktops scroll sideways: SDL's x is positive to the right, ours to the left.
    let dx = -Double(wheel.preciseX)
    let shifted = SDL_GetModState().rawValue & KMOD_SHIFT.rawValue != 0
    var x: Int32 = 0
    var y: Int32 = 0
    SDL_GetMouseState(&x, &y)
    if dx != 0 && abs(dx) > abs(dy) {
      return .wheelSideways(dx: dx, precise: dx != dx.rounded(), x: Double(x), y: Double(y))
    }
    if shifted && dy != 0 {
      return .wheelSideways(dx: dy, precise: false, x: Double(x), y: Double(y))
    }
    guard dy != 0 else { return nil }
    // Touchpad or wheel is decided once the event has its time (`collect`).
    return .wheel(dy: dy, precise: false, x: Double(x), y: Double(y))
  }

  /// A touchscreen finger, in window points (SDL gives them as fractions of the window).
  private func _translateFinger(_ finger: SDL_TouchFingerEvent, type: SDL_EventType) -> ShellEvent? {
    guard finger.touchId != csdl_mouse_touchid() else { return nil }
    guard let window = SDL_GetWindowFromID(finger.windowID) ?? SDL_GetKeyboardFocus() else {
      return nil
    }
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetWindowSize(window, &width, &height)
    let x = Double(finger.x) * Double(width)
    let y = Double(finger.y) * Double(height)
    let id = Int64(finger.fingerId)
    switch type {
    case SDL_FINGERDOWN: return .touchDown(x: x, y: y, finger: id)
    case SDL_FINGERUP: return .touchUp(x: x, y: y, finger: id)
    default: return .touchMove(x: x, y: y, finger: id)
    }
  }

  private func _button(_ button: UInt8) -> MouseButton {
    switch Int32(button) {
    case SDL_BUTTON_LEFT: .left
    case SDL_BUTTON_MIDDLE: .middle
    case SDL_BUTTON_RIGHT: .right
    default: .other
    }
  }

  private func _modifiers(_ mod: UInt16) -> KeyModifiers {
    var result: KeyModifiers = []
    let bits = UInt32(mod)
    if bits & KMOD_CTRL.rawValue != 0 { result.insert(.control) }
    if bits & KMOD_SHIFT.rawValue != 0 { result.insert(.shift) }
    if bits & KMOD_ALT.rawValue != 0 { result.insert(.alt) }
    if bits & KMOD_GUI.rawValue != 0 { result.insert(.gui) }
    return result
  }
}
