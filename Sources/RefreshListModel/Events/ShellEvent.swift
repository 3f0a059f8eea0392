/// Something the person did to the window, in window points, before any routing: the app may
/// hand it to a panel, record it, or translate it for the core with `GestureMapper`.
public enum ShellEvent: Sendable, Equatable {
  /// The window was closed (or the system asked the app to quit).
  case quit
  /// A mouse button went down.
  case mouseDown(x: Double, y: Double, button: MouseButton)
  /// The pointer moved; `buttonHeld` when the left button is down.
  case mouseMove(x: Double, y: Double, buttonHeld: Bool)
  /// A mouse button came up (also outside the window, thanks to mouse capture).
  case mouseUp(x: Double, y: Double, button: MouseButton)
  /// A finger touched the screen at a window point; `finger` tells fingers apart.
  case touchDown(x: Double, y: Double, finger: Int64)
  /// A finger on the screen moved.
  case touchMove(x: Double, y: Double, finger: Int64)
  /// A finger left the screen.
  case touchUp(x: Double, y: Double, finger: Int64)
  /// The wheel turned `dy` notches, positive toward the top; fractional and `precise` for
  /// smooth-scrolling devices such as touchpads. `x`, `y` is where the pointer was.
  case wheel(dy: Double, precise: Bool, x: Double, y: Double)
  /// The wheel turned sideways `dx` notches (a tilting wheel, a touchpad's sideways swipe when
  /// `precise`, or the vertical wheel with Shift held), positive to the left, as SDL reports.
  /// A horizontal list scrolls with it; a vertical one leaves it alone.
  case wheelSideways(dx: Double, precise: Bool, x: Double, y: Double)
  /// A key went down.
  case key(Key, modifiers: KeyModifiers, isRepeat: Bool)
  /// The window's size changed, in points.
  case resize(width: Double, height: Double)
  /// The window lost keyboard focus.
  case focusLost
  /// The pointer left the window.
  case pointerLeft
  /// The window's contents were lost or uncovered and must be drawn again.
  case exposed
  /// An event that means nothing to the list, as the front end gave it: text input, a dropped
  /// file, another window event, the host's own user events. The list never takes one; the
  /// host gets it back from its event source in order with the rest.
  case other(PlatformEvent)
}

/// An event of the front end's own, carried unchanged: the list never takes one, and the host
/// gets it back in order with the rest. The SDL front end keeps an `SDL_Event` here (its
/// `SDLEvent`); the model keeps only its bytes, so it needs no windowing library.
public struct PlatformEvent: Sendable, Equatable {
  /// The front end's event type (SDL's `SDL_TEXTINPUT`, `SDL_DROPFILE`, a user event, …).
  public var type: UInt32
  /// The event's bytes as the front end delivered them; two events are equal when these are.
  public var bytes: [UInt8]

  /// An event of type `type` made of `bytes`.
  public init(type: UInt32, bytes: [UInt8]) {
    self.type = type
    self.bytes = bytes
  }
}

/// A `ShellEvent` and when it happened, seconds on the app's `HighResolutionClock`.
public struct TimedEvent: Sendable, Equatable {
  /// What happened.
  public var event: ShellEvent
  /// When, in seconds.
  public var time: Double

  /// `event` at `time`.
  public init(_ event: ShellEvent, time: Double) {
    self.event = event
    self.time = time
  }
}

/// Which mouse button.
public enum MouseButton: Sendable, Equatable {
  /// The primary button: drags and taps.
  case left
  /// The wheel button.
  case middle
  /// The secondary button.
  case right
  /// Any other button.
  case other
}

/// A key by SDL's name for it ("F5", "Up", "PageDown", "Q"), which is also how gesture scripts
/// spell keys; other front ends map their keys to these names.
public struct Key: RawRepresentable, Hashable, Sendable {
  /// SDL's key name.
  public var rawValue: String

  /// The key SDL calls `rawValue`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Arrow up.
  public static let up = Key(rawValue: "Up")
  /// Arrow down.
  public static let down = Key(rawValue: "Down")
  /// Arrow left.
  public static let left = Key(rawValue: "Left")
  /// Arrow right.
  public static let right = Key(rawValue: "Right")
  /// Page Up.
  public static let pageUp = Key(rawValue: "PageUp")
  /// Page Down.
  public static let pageDown = Key(rawValue: "PageDown")
  /// Home.
  public static let home = Key(rawValue: "Home")
  /// End.
  public static let end = Key(rawValue: "End")
  /// F1.
  public static let f1 = Key(rawValue: "F1")
  /// F5.
  public static let f5 = Key(rawValue: "F5")
  /// Escape.
  public static let escape = Key(rawValue: "Escape")
  /// Tab.
  public static let tab = Key(rawValue: "Tab")
  /// Return.
  public static let `return` = Key(rawValue: "Return")
  /// Space.
  public static let space = Key(rawValue: "Space")
  /// The letter R: Ctrl+R refreshes.
  public static let r = Key(rawValue: "R")
}

/// Modifier keys held with a key press.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  /// Modifiers from their bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Either Ctrl key.
  public static let control = KeyModifiers(rawValue: 1 << 0)
  /// Either Shift key.
  public static let shift = KeyModifiers(rawValue: 1 << 1)
  /// Either Alt key.
  public static let alt = KeyModifiers(rawValue: 1 << 2)
  /// Either Super (Windows, Command) key.
  public static let gui = KeyModifiers(rawValue: 1 << 3)
}
