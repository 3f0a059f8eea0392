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
      return _press(at: Point(x: x, y: y), time: time, showing: snapshot)
    case .mouseMove(let x, let y, _):
      return _pointerMoved(to: Point(x: x, y: y), time: time, showing: snapshot)
    case .mouseUp(_, _, .left):
      return _release(time: time)
    case .mouseDown, .mouseUp:
      return .ignored
    case .touchDown(let x, let y, let finger):
      return _fingerDown(at: Point(x: x, y: y), finger: finger, time: time)
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
      return _focusLost(time: time)
    case .wheel(let dy, let precise, let x, let y):
      // A held thumb owns the offset, as a held button owns the content.
      guard !scrollbar.isDragging, viewport.contains(Point(x: x, y: y)) else { return .ignored }
      return .input(
        .wheel(
          dy: precise ? Tuning.points(forWheelNotches: dy, lineDistance: wheelLineDistance) : dy,
          precise: precise, time: time))
    case .key(let key, let modifiers, let isRepeat):
      return _translate(key, modifiers: modifiers, isRepeat: isRepeat, time: time)
    case .wheelSideways:
      // A vertical list does not scroll sideways (a horizontal one turns it into `wheel`).
      return .ignored
    case .resize, .exposed, .quit, .other:
      // The window is the host's to lay out and to close; it moves the list itself
      // (`RefreshList.setFrame`).
      return .ignored
    }
  }

  /// The left button pressed at `point`: a drag of the content, a grab of the scrollbar's
  /// thumb, or a page toward a click on its track.
  private mutating func _press(at point: Point, time: Double, showing snapshot: RefreshSnapshot)
    -> Translation
  {
    guard _hold == nil, viewport.contains(point) else { return .ignored }
    guard let bar = Scrollbar(snapshot, in: viewport), bar.band.contains(point) else {
      _hold = .mouse
      return .input(.down(y: point.y - viewport.y, time: time))
    }
    guard bar.thumbContains(y: point.y) else {
      // The track pages toward the click.
      return .input(.key(point.y < bar.thumbTop ? .pageUp : .pageDown, time: time))
    }
    _hold = .thumb(pointerY: point.y, thumbTop: bar.thumbTop)
    scrollbar.isDragging = true
    // Grabbing the thumb stops whatever moved the content.
    return .input(.scroll(toOffset: bar.offset(forThumbTop: bar.thumbTop), animated: false, time: time))
  }

  /// The pointer moved to `point`: it drags what it holds, or widens the scrollbar it hovers.
  private mutating func _pointerMoved(
    to point: Point, time: Double, showing snapshot: RefreshSnapshot
  ) -> Translation {
    switch _hold {
    case .mouse:
      return .input(.move(y: point.y - viewport.y, time: time))
    case .thumb(let pointerY, let thumbTop):
      guard let bar = Scrollbar(snapshot, in: viewport) else { return .handled }
      let offset = bar.offset(forThumbTop: thumbTop + point.y - pointerY)
      return .input(.scroll(toOffset: offset, animated: false, time: time))
    case .touch, nil:
      // The scrollbar widens under a free pointer.
      let band = Scrollbar(snapshot, in: viewport)?.band
      scrollbar.isHovered = _hold == nil && band?.contains(point) == true
      return .ignored
    }
  }

  /// The left button released: the end of a drag, or of a hold on the thumb.
  private mutating func _release(time: Double) -> Translation {
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
  }

  /// A finger touched at `point`: only the first finger, in the viewport, drags.
  private mutating func _fingerDown(at point: Point, finger: Int64, time: Double) -> Translation {
    let first = _fingers.isEmpty
    _fingers.insert(finger)
    guard first, _hold == nil, viewport.contains(point) else { return .ignored }
    _hold = .touch(finger: finger)
    return .input(.down(y: point.y - viewport.y, time: time))
  }

  /// The window lost the keyboard focus: whatever is held can never be released in it, so each
  /// hold ends where it is.
  private mutating func _focusLost(time: Double) -> Translation {
    scrollbar.isHovered = false
    // Fingers on a screen are not the pointer's: only losing focus takes them away.
    _fingers.removeAll()
    switch _hold {
    case .mouse, .touch:
      // Without the pointer or the finger the release can never arrive; end the drag where it is.
      _hold = nil
      return .input(.cancel(time: time))
    case .thumb:
      _hold = nil
      scrollbar.isDragging = false
      return .handled
    case nil:
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
