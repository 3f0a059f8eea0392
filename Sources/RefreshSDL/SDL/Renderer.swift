import CSDL2

/// Draws in points and renders in pixels, either into a window (on the GPU with vsync when there
/// is one, else with SDL's software renderer; see `RendererChoice`) or, for `--headless` and
/// tests, into memory with SDL's software renderer and no display at all.
@MainActor
public final class Renderer {
  let session: SDLSession
  let window: Window?
  let handle: OpaquePointer
  /// Whether the host made the `SDL_Renderer` and keeps it (``init(adopting:session:)``): then
  /// this object never destroys it, never presses its own state on it for longer than a draw,
  /// and never writes its pixels behind SDL's back.
  public let isAdopted: Bool
  /// The headless render target; nil when drawing into a window.
  let _headlessTarget: UnsafeMutablePointer<SDL_Surface>?
  /// The clip in pixels as SDL's software renderer applies it; nil for none.
  var _clipPixels: SDL_Rect?
  /// A clip every ``setClip(_:)`` stays within (points), while a table draws one changed
  /// region: a header renderer that sets its own clip still draws nothing outside the region.
  var _clipLimit: Rect?
  /// Whether drawing goes into a table's content texture (``TableView/keepsContentTexture``),
  /// where the frame's own pixels must not be written directly.
  var _drawsIntoTexture = false
  private let headlessScale: Double

  /// Pixels per point, refreshed by `beginFrame` (it changes when the window moves to a
  /// display of another density).
  public private(set) var scale: Double = 1
  /// The drawable size in points.
  public private(set) var size: (width: Double, height: Double) = (0, 0)
  /// Counts `beginFrame` calls, so caches can tell one frame from the next.
  public private(set) var frameIndex = 0
  /// Whether presenting waits for the display's vertical blank (if not, the app paces frames).
  public let hasVSync: Bool
  /// Whether rendering runs on the GPU.
  public let isAccelerated: Bool
  /// SDL's name for the renderer in use ("software", "opengl", …).
  public let name: String
  /// The pixel format opaque textures are made in: the one drawn into, when the software
  /// renderer draws, so that copying them is a plain memory copy.
  let opaqueFormat: UInt32
  /// What this frame changed, in output pixels, when it is drawn over the last one
  /// (``beginPartialFrame()``); nil when the whole frame counts as changed.
  var _changedPixels: [SDL_Rect]?
  /// The surface the last frame was drawn into, to tell whether its pixels are still there.
  var _lastSurface: _SurfaceIdentity?
  /// Shows the window's pixels and scrolls them on the X server, for the software renderer
  /// under X11; nil where SDL presents.
  var _serverPresenter: _ServerPresenter?
  /// The copies this frame asked of the server, run before its rectangles are presented.
  var _pendingCopies: [_PendingCopy] = []
  /// Whether the window surface holds pixels where they were drawn rather than where the
  /// server shows them (content scrolled on the server since the last whole frame).
  var _surfaceIsStale = false
  /// Whether the server lost pixels a copy needed, so the next frame must be drawn whole.
  var _displayLostPixels = false
  /// Seconds spent reading the server's answers (`_settlePresenter()`) before the frame began.
  var _settleSeconds = 0.0
  /// What the frame drawn since the last `beginFrame` cost so far.
  public internal(set) var frameCost = FrameCost()

  /// A renderer for `window`, picked by `choice` (by default from `REFRESHLAB_RENDERER`): a
  /// GPU with vsync when there is one, else SDL's software renderer, which is also the fallback
  /// when no accelerated driver opens at all. A machine without GPU devices goes straight to
  /// software, without loading OpenGL to ask.
  public init(
    window: Window, choice: RendererChoice = .fromEnvironment, vsync: Bool = true
  ) throws(SDLError) {
    self.session = window.session
    self.window = window
    self.isAdopted = false
    self._headlessTarget = nil
    self.headlessScale = 1
    let accelerated =
      SDL_RENDERER_ACCELERATED.rawValue | (vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0)
    var handle: OpaquePointer? = nil
    // Where SDL's software renderer cannot present (Wayland), a CPU OpenGL is the one that can.
    let softwarePresents = RendererChoice.softwarePresents(on: VideoDriverChoice.current)
    let probesGPU =
      choice == .accelerated
      || (choice == .automatic && (RendererChoice.machineHasGPU || !softwarePresents))
    if probesGPU, let gpu = SDL_CreateRenderer(window.handle, -1, accelerated) {
      if choice == .accelerated || !softwarePresents || !Self._drawsOnCPU(gpu) {
        handle = gpu
      } else {
        SDL_DestroyRenderer(gpu)
      }
    }
    if handle == nil {
      // Without this SDL puts the software renderer's window surface on a streaming texture of
      // an accelerated renderer, the very software OpenGL being avoided (where the driver has
      // a framebuffer of its own to present with).
      if softwarePresents { SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0") }
      // Under X11 the software renderer draws into pixels the server shares, and this object
      // presents them (see `_ServerPresenter`); elsewhere SDL's window surface and present.
      let pixels = window.pixelSize
      if let presenter = _ServerPresenter.create(
        for: window.handle, width: pixels.width, height: pixels.height)
      {
        handle = SDL_CreateSoftwareRenderer(presenter.surface)
        if handle == nil { presenter.close() } else { _serverPresenter = presenter }
      }
      if handle == nil {
        handle = SDL_CreateRenderer(window.handle, -1, SDL_RENDERER_SOFTWARE.rawValue)
      }
    }
    self.handle = try _SDLCall.unwrap(handle, "SDL_CreateRenderer")
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(self.handle, &info)
    self.hasVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
    self.isAccelerated = info.flags & SDL_RENDERER_ACCELERATED.rawValue != 0
    self.name = info.name.map { String(cString: $0) } ?? "unknown"
    let windowFormat =
      _serverPresenter?.surface.pointee.format.pointee.format
      ?? SDL_GetWindowPixelFormat(window.handle)
    self.opaqueFormat =
      isAccelerated ? SDL_PIXELFORMAT_RGB888.rawValue : Self._opaque(windowFormat)
    try _configure()
  }

  /// Whether an accelerated renderer is really OpenGL rasterised on the CPU (Mesa's llvmpipe,
  /// softpipe or swrast, as under Xvfb or in a virtual machine). Its GL context is current right
  /// after creation, so `glGetString` answers for it.
  private static func _drawsOnCPU(_ renderer: OpaquePointer) -> Bool {
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name,
      String(cString: name).hasPrefix("opengl"),
      let address = SDL_GL_GetProcAddress("glGetString")
    else { return false }
    typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
    let getString = unsafeBitCast(address, to: GetString.self)
    let glRenderer: UInt32 = 0x1F01  // GL_RENDERER
    guard let text = getString(glRenderer) else { return false }
    return RendererChoice.isSoftwareGL(String(cString: text))
  }

  /// A software renderer drawing into memory: `width` × `height` points at `scale` pixels per
  /// point. Needs no display; the same calls always produce the same pixels.
  public init(
    session: SDLSession, headlessWidth width: Int, height: Int, scale: Double = 1
  ) throws(SDLError) {
    self.session = session
    self.window = nil
    self.isAdopted = false
    self.headlessScale = scale
    let pixelWidth = Int32((Double(width) * scale).rounded())
    let pixelHeight = Int32((Double(height) * scale).rounded())
    let surface = try _SDLCall.unwrap(
      SDL_CreateRGBSurfaceWithFormat(
        0, pixelWidth, pixelHeight, 32, SDL_PIXELFORMAT_RGB888.rawValue),
      "SDL_CreateRGBSurfaceWithFormat")
    guard let handle = SDL_CreateSoftwareRenderer(surface) else {
      let error = SDLError.callFailed(
        call: "SDL_CreateSoftwareRenderer", reason: _SDLCall.lastError())
      SDL_FreeSurface(surface)
      throw error
    }
    self._headlessTarget = surface
    self.handle = handle
    self.hasVSync = false
    self.isAccelerated = false
    self.name = "software"
    self.opaqueFormat = Self._opaque(surface.pointee.format.pointee.format)
    try _configure()
  }

  /// Draws with the `SDL_Renderer` a host made itself (`SDL_CreateRenderer`), which the host
  /// keeps: it stays alive after this object, and the host draws with it before and after the
  /// list each frame. The list works in points: the scale it needs (output pixels per window
  /// point) is set only while it draws, and every state it changes is put back
  /// (``preservingState(_:)``). `session` keeps SDL_ttf open for the list's text.
  public init(adopting sdlRenderer: OpaquePointer, session: SDLSession) throws(SDLError) {
    self.session = session
    self.handle = sdlRenderer
    self.isAdopted = true
    self._headlessTarget = nil
    self.headlessScale = 1
    self.window = SDL_RenderGetWindow(sdlRenderer).map { Window(adopting: $0, session: session) }
    var info = SDL_RendererInfo()
    try _SDLCall.check(SDL_GetRendererInfo(sdlRenderer, &info), "SDL_GetRendererInfo")
    self.hasVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
    self.isAccelerated = info.flags & SDL_RENDERER_ACCELERATED.rawValue != 0
    self.name = info.name.map { String(cString: $0) } ?? "unknown"
    let windowFormat = window.map { SDL_GetWindowPixelFormat($0.handle) }
    self.opaqueFormat =
      isAccelerated || windowFormat == nil
      ? SDL_PIXELFORMAT_RGB888.rawValue : Self._opaque(windowFormat ?? 0)
    _measure()
  }

  /// `format` if it is a 32-bit format without alpha, else XRGB8888.
  private static func _opaque(_ format: UInt32) -> UInt32 {
    let bitsPerPixel = (format >> 8) & 0xFF
    guard bitsPerPixel == 32, csdl_pixelformat_has_alpha(format) == 0 else {
      return SDL_PIXELFORMAT_RGB888.rawValue
    }
    return format
  }

  isolated deinit {
    if !isAdopted { SDL_DestroyRenderer(handle) }
    // After the renderer that draws into its surface.
    _serverPresenter?.close()
    if let _headlessTarget { SDL_FreeSurface(_headlessTarget) }
  }

  private func _configure() throws(SDLError) {
    try _SDLCall.check(
      SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
    try _updateScale()
  }

  /// The `SDL_Renderer` underneath, for a host that draws with SDL's own calls beside a
  /// ``RefreshListView``. The list leaves its colour, blend mode, clip, scale and target as it
  /// found them; on a renderer this module made, the scale is points (see ``scale``).
  public var sdlRenderer: OpaquePointer { handle }

  /// The drawable size in pixels.
  public var pixelSize: (width: Int, height: Int) {
    var width: Int32 = 0
    var height: Int32 = 0
    SDL_GetRendererOutputSize(handle, &width, &height)
    return (Int(width), Int(height))
  }

  /// Points map to pixels by output size over window size, so drawing code never sees pixels.
  private func _updateScale() throws(SDLError) {
    _resizePresenterIfNeeded()
    let newScale = _measure()
    if newScale != scale || frameIndex == 0 {
      scale = newScale
      try _SDLCall.check(
        SDL_RenderSetScale(handle, Float(newScale), Float(newScale)), "SDL_RenderSetScale")
    }
  }

  /// Reads the output and window sizes into ``size``; returns the scale they make.
  @discardableResult
  private func _measure() -> Double {
    let pixels = pixelSize
    var newScale = headlessScale
    if let window {
      let points = window.size
      newScale = points.width > 0 ? Double(pixels.width) / Double(points.width) : 1
    }
    if newScale <= 0 || !newScale.isFinite { newScale = 1 }
    size = (Double(pixels.width) / newScale, Double(pixels.height) / newScale)
    return newScale
  }

  /// Runs `body`, which draws, and puts back every render state it changed: draw colour,
  /// blend mode, clip, scale, viewport and target, so a host drawing with the same
  /// `SDL_Renderer` before and after finds it as it left it. On an adopted renderer it also
  /// sets the points scale and counts a frame (the host never calls ``beginFrame(clearingTo:)``).
  public func preservingState<Result>(_ body: () throws(SDLError) -> Result) throws(SDLError)
    -> Result
  {
    let saved = _RenderState(of: handle)
    let savedClip = _clipPixels
    defer {
      saved.restore(on: handle)
      _clipPixels = savedClip
    }
    if isAdopted {
      // The host's scale and clip are not the list's; its clip is set per drawing.
      let newScale = _measure()
      scale = newScale
      frameIndex += 1
      try _SDLCall.check(
        SDL_RenderSetScale(handle, Float(newScale), Float(newScale)), "SDL_RenderSetScale")
      setClip(nil)
    }
    try _SDLCall.check(
      SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
    return try body()
  }

  /// Starts a frame: picks up a new size or density, and clears to `color`. With nil the
  /// last frame's pixels stay, for a caller that paints every pixel anyway (a clear is a pass
  /// over the whole frame in the software renderer).
  public func beginFrame(clearingTo color: Color?) throws(SDLError) {
    _settlePresenter()
    try _updateScale()
    frameIndex += 1
    frameCost = FrameCost()
    frameCost.presentSeconds = _settleSeconds
    _settleSeconds = 0
    _changedPixels = nil
    // A whole frame paints every pixel of the surface again.
    _surfaceIsStale = false
    _pendingCopies.removeAll(keepingCapacity: true)
    _lastSurface = _surfaceIdentity()
    setClip(nil)
    guard let color else { return }
    SDL_SetRenderDrawColor(handle, color.red, color.green, color.blue, color.alpha)
    try _SDLCall.check(SDL_RenderClear(handle), "SDL_RenderClear")
  }

  /// Shows the frame. Read pixels or save a PNG before this, while the frame is still there.
  /// After ``beginPartialFrame()`` on SDL's software renderer in a window, only the rectangles
  /// the frame changed go to the display (`SDL_UpdateWindowSurfaceRects`).
  public func present() {
    let start = HighResolutionClock.counter()
    defer { frameCost.presentSeconds += _secondsSince(start) }
    frameCost.pixelsPresented = changedPixelCount
    if let _serverPresenter {
      SDL_RenderFlush(handle)
      for copy in _pendingCopies { _serverPresenter.copy(copy) }
      _pendingCopies.removeAll(keepingCapacity: true)
      let size = pixelSize
      _serverPresenter.present(
        _changedPixels ?? [SDL_Rect(x: 0, y: 0, w: Int32(size.width), h: Int32(size.height))])
      return
    }
    if let rects = _changedPixels, let window, _softwarePixels() != nil {
      SDL_RenderFlush(handle)
      guard !rects.isEmpty else { return }
      rects.withUnsafeBufferPointer { buffer in
        _ = SDL_UpdateWindowSurfaceRects(window.handle, buffer.baseAddress, Int32(buffer.count))
      }
      return
    }
    _pendingCopies.removeAll(keepingCapacity: true)
    SDL_RenderPresent(handle)
  }
}
