import RefreshCore

/// Turns window events into the core's inputs: the rules of which click is a drag, which press
/// grabs the scrollbar, which touch counts and which key scrolls or refreshes. A pure value, so
/// live input and a replayed script go through exactly the same translation. Quitting, and any
/// other key of the host's, is the host's: the list leaves those events alone.
public struct GestureMapper: Sendable, Equatable {
  /// What an event means to the app.
  public enum Translation: Sendable, Equatable {
    /// Give this to the core.
    case input(Input)
    /// The mapper used the event itself (the scrollbar's thumb let go): nothing for the core,
    /// but part of a gesture, so a recording keeps it.
    case handled
    /// Nothing for the core (the app may still use the raw event).
    case ignored
  }

  /// What holds the content.
  enum _Hold: Sendable, Equatable {
    /// The left mouse button, pressed on the content.
    case mouse
    /// A finger on a touchscreen.
    case touch(finger: Int64)
    /// The left mouse button, holding the scrollbar's thumb: where the pointer and the thumb's
    /// top were when it was grabbed.
    case thumb(pointerY: Double, thumbTop: Double)
  }

  /// Where the table is, in window points. Drags and wheel turns count only inside it, and
  /// the core's y is measured from its top.
  public var viewport: Rect
  /// Points per wheel notch, for precise (touchpad) wheels whose turns the core takes in points;
  /// keep it equal to the tuning's `wheelLineDistance`.
  public var wheelLineDistance: Double
  /// What the pointer does to the scrollbar (draw it with this).
  public private(set) var scrollbar = ScrollbarState()

  var _hold: _Hold?
  /// Fingers on the screen. Only a first finger drags; the others are ignored until all lift.
  var _fingers: Set<Int64> = []

  /// Whether a press that started in the viewport is held: a drag by the mouse or a finger, or
  /// the scrollbar's thumb.
  public var isDragging: Bool { _hold != nil }

  /// A mapper for a table in `viewport`.
  public init(viewport: Rect, wheelLineDistance: Double = Tuning().wheelLineDistance) {
    self.viewport = viewport
    self.wheelLineDistance = wheelLineDistance
  }

  /// The meaning of `event`, which happened at `time` while the table showed `snapshot` (the
  /// scrollbar's thumb is where that snapshot puts it).
  public mutating func translate(
    _ event: ShellEvent, at time: Double, showing snapshot: RefreshSnapshot
  ) -> Translation {
    switch event {
    case .mouseDown(let x, let y, .left):
      guard _hold == nil, viewport.contains(Point(x: x, y: y)) else { return .ignored }
      if let bar = Scrollbar(snapshot, in: viewport), bar.band.contains(Point(x: x, y: y)) {
        guard bar.thumbContains(y: y) else {
          // The track pages toward the click.
          return .input(.key(y < bar.thumbTop ? .pageUp : .pageDown, time: time))
        }
        _hold = .thumb(pointerY: y, thumbTop: bar.thumbTop)
        scrollbar.isDragging = true
        // Grabbing the thumb stops whatever moved the content.
        return .input(.scroll(toOffset: bar.offset(forThumbTop: bar.thumbTop), animated: false, time: time))
      }
      _hold = .mouse
      return .input(.down(y: y - viewport.y, time: time))
    case .mouseMove(let x, let y, _):
      switch _hold {
      case .mouse:
        return .input(.move(y: y - viewport.y, time: time))
      case .thumb(let pointerY, let thumbTop):
        guard let bar = Scrollbar(snapshot, in: viewport) else { return .handled }
        let offset = bar.offset(forThumbTop: thumbTop + y - pointerY)
        return .input(.scroll(toOffset: offset, animated: false, time: time))
      case .touch, nil:
        // The scrollbar widens under a free pointer.
        let band = Scrollbar(snapshot, in: viewport)?.band
        scrollbar.isHovered = _hold == nil && band?.contains(Point(x: x, y: y)) == true
        return .ignored
      }
    case .mouseUp(_, _, .left):
      switch _hold {
      case .mouse:
        _hold = nil
        return .input(.up(time: time))
      case .thumb:
        _hold = nil
        scrollbar.isDragging = false
        return .handled
      case .touch, nil:
        return .ignored
      }
    case .mouseDown, .mouseUp:
      return .ignored
    case .touchDown(let x, let y, let finger):
      let first = _fingers.isEmpty
      _fingers.insert(finger)
      guard first, _hold == nil, viewport.contains(Point(x: x, y: y)) else { return .ignored }
      _hold = .touch(finger: finger)
      return .input(.down(y: y - viewport.y, time: time))
    case .touchMove(_, let y, let finger):
      guard _hold == .touch(finger: finger) else { return .ignored }
      return .input(.move(y: y - viewport.y, time: time))
    case .touchUp(_, _, let finger):
      _fingers.remove(finger)
      guard _hold == .touch(finger: finger) else { return .ignored }
      _hold = nil
      return .input(.up(time: time))
    case .pointerLeft:
      // A held button keeps its drag, as GTK's pointer grab does: the mouse is captured while
      // it is down, so moves outside the window and the release wherever it happens arrive.
      scrollbar.isHovered = false
      switch _hold {
      case .mouse, .thumb: return .handled
      case .touch, nil: return .ignored
      }
    case .focusLost:
      scrollbar.isHovered = false
      let lostFocus = true
      // Fingers on a screen are not the pointer's: only losing focus takes them away.
      if lostFocus { _fingers.removeAll() }
      switch _hold {
      case .mouse:
        // Without the pointer the release can never arrive; end the drag where it is.
        _hold = nil
        return .input(.cancel(time: time))
      case .touch where lostFocus:
        _hold = nil
        return .input(.cancel(time: time))
      case .thumb:
        _hold = nil
        scrollbar.isDragging = false
        return .handled
      case .touch, nil:
        return .ignored
      }
    case .wheel(let dy, let precise, let x, let y):
      // A held thumb owns the offset, as a held button owns the content.
      guard !scrollbar.isDragging, viewport.contains(Point(x: x, y: y)) else { return .ignored }
      return .input(
        .wheel(
          dy: precise ? Tuning.points(forWheelNotches: dy, lineDistance: wheelLineDistance) : dy,
          precise: precise, time: time))
    case .key(let key, let modifiers, let isRepeat):
      return _translate(key, modifiers: modifiers, isRepeat: isRepeat, time: time)
    case .resize, .exposed, .quit, .other:
      // The window is the host's to lay out and to close; it moves the list itself
      // (`RefreshList.setFrame`).
      return .ignored
    }
  }

  private func _translate(_ key: Key, modifiers: KeyModifiers, isRepeat: Bool, time: Double)
    -> Translation
  {
    let action: KeyAction
    switch key {
    case .f5 where !isRepeat: action = .refresh
    case .r where modifiers.contains(.control) && !isRepeat: action = .refresh
    case .up: action = .lineUp
    case .down: action = .lineDown
    case .pageUp: action = .pageUp
    case .pageDown: action = .pageDown
    case .home: action = .home
    case .end: action = .end
    default: return .ignored
    }
    return .input(.key(action, time: time))
  }
}
