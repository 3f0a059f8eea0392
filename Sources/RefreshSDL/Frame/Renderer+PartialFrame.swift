import CSDL2

/// A copy of window pixels the X server makes when the frame is presented (`_ServerPresenter`):
/// columns `x..<x + width`, rows `y..<y + height`, to rows starting at `toY`.
struct _PendingCopy {
  var x: Int32
  var y: Int32
  var width: Int32
  var height: Int32
  var toY: Int32
}

/// Which surface a frame was drawn into, and at what size: when the next frame finds the same,
/// the pixels drawn before are still there to build on.
struct _SurfaceIdentity: Equatable {
  var address: UnsafeMutableRawPointer
  var width: Int32
  var height: Int32
  var scale: Double
}

extension Renderer {
  /// Starts a frame drawn over the last one, for a caller that draws nothing this frame but what
  /// reports its changes (``TableView`` does). Returns whether the last
  /// frame's pixels are still there: true only with SDL's software renderer (headless, or a
  /// window whose surface kept its size). When false, the frame is an ordinary whole one
  /// (``beginFrame(clearingTo:)`` with nil) and must be drawn whole. After the window was
  /// uncovered (`.exposed`) the display lost what it showed: start that frame with
  /// ``beginFrame(clearingTo:)``, which hands it the whole frame.
  @discardableResult
  public func beginPartialFrame() throws(SDLError) -> Bool {
    let before = _lastSurface
    let stale = _surfaceIsStale
    try beginFrame(clearingTo: nil)
    let lost = _displayLostPixels
    _displayLostPixels = false
    guard !lost, let now = _lastSurface, now == before else { return false }
    _surfaceIsStale = stale
    _changedPixels = []
    return true
  }

  /// Whether this frame is drawn over the last one's pixels, so drawing only what changed is
  /// enough (see ``beginPartialFrame()``).
  public var isDrawingChanges: Bool { _changedPixels != nil }

  /// Records that this frame changed `rect` (output pixels), which goes to the display.
  func noteChanged(_ rect: SDL_Rect) {
    guard rect.w > 0, rect.h > 0 else { return }
    _changedPixels?.append(rect)
  }

  /// The output pixels this frame hands to the display: its changed rectangles (overlaps
  /// counted twice), or the whole output.
  public var changedPixelCount: Int {
    guard let rects = _changedPixels else {
      let size = pixelSize
      return size.width * size.height
    }
    return rects.reduce(0) { $0 + Int($1.w) * Int($1.h) }
  }

  /// Moves the pixels of `rect` (output pixels) down by `distance` (up when negative), what
  /// scrolled content needs; the strip left behind keeps stale pixels for the caller to draw.
  /// In a window under X11 the server moves them (`_ServerPresenter`) when the frame is presented;
  /// otherwise they move here, and the display gets the whole rectangle. False, with nothing
  /// moved, when this renderer's pixels cannot be reached.
  func _movePixels(in rect: SDL_Rect, down distance: Int) -> Bool {
    guard let surface = _softwarePixels(), surface.pointee.flags & UInt32(SDL_RLEACCEL) == 0,
      let pixels = surface.pointee.pixels, surface.pointee.format.pointee.BytesPerPixel == 4
    else { return false }
    let left = max(Int(rect.x), 0)
    let right = min(Int(rect.x + rect.w), Int(surface.pointee.w))
    let top = max(Int(rect.y), 0)
    let bottom = min(Int(rect.y + rect.h), Int(surface.pointee.h))
    let rows = bottom - top - abs(distance)
    guard right > left, rows > 0 else { return true }
    frameCost.pixelsCopied += rows * (right - left)
    if _serverPresenter != nil, _changedPixels != nil {
      let from = distance > 0 ? top : top - distance
      _pendingCopies.append(
        _PendingCopy(
          x: Int32(left), y: Int32(from), width: Int32(right - left), height: Int32(rows),
          toY: Int32(from + distance)))
      _surfaceIsStale = true
      return true
    }
    // What is queued was drawn before the move.
    SDL_RenderFlush(handle)
    let pitch = Int(surface.pointee.pitch)
    let bytes = (right - left) * 4
    let base = pixels + left * 4
    // Rows are copied away from the side they move toward, so none is overwritten unread.
    let order = distance > 0 ? Array((0..<rows).reversed()) : Array(0..<rows)
    let from = distance > 0 ? top : top - distance
    for row in order {
      let source = base + (from + row) * pitch
      (source + distance * pitch).copyMemory(from: source, byteCount: bytes)
    }
    // Moved pixels are new on screen too: the display gets the whole rectangle.
    noteChanged(SDL_Rect(x: Int32(left), y: Int32(top), w: Int32(right - left), h: Int32(bottom - top)))
    return true
  }

  /// Reads the server's answers to what was presented before the pixels are drawn into again
  /// (see `_ServerPresenter`), noting lost pixels for the next frame. The time it takes, if any,
  /// counts as presenting (the frame's, once it starts).
  func _settlePresenter() {
    guard let _serverPresenter else { return }
    let start = HighResolutionClock.counter()
    if _serverPresenter.settle() { _displayLostPixels = true }
    _settleSeconds += _secondsSince(start)
  }

  /// Gives the presenter's pixels the window's size, once the window has a new one.
  func _resizePresenterIfNeeded() {
    guard let _serverPresenter, let window else { return }
    let pixels = window.pixelSize
    let surface = _serverPresenter.surface
    guard pixels.width > 0, pixels.height > 0,
      pixels.width != Int(surface.pointee.w) || pixels.height != Int(surface.pointee.h),
      _serverPresenter.resize(width: pixels.width, height: pixels.height)
    else { return }
    // The renderer's viewport follows its output, the surface, only when asked.
    SDL_RenderSetViewport(handle, nil)
  }

  /// The identity of the surface this renderer draws into now, nil when only SDL can reach it.
  func _surfaceIdentity() -> _SurfaceIdentity? {
    guard let surface = _softwarePixels(), let pixels = surface.pointee.pixels else { return nil }
    return _SurfaceIdentity(
      address: pixels, width: surface.pointee.w, height: surface.pointee.h, scale: scale)
  }

  /// Runs the drawing SDL has queued.
  func flush() {
    SDL_RenderFlush(handle)
  }

  /// Seconds from performance counter value `start` to now.
  func _secondsSince(_ start: UInt64) -> Double {
    let end = HighResolutionClock.counter()
    return Double(end &- start) / Double(max(1, SDL_GetPerformanceFrequency()))
  }
}
