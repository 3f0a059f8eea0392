import CSDL2

/// Draws in points and renders in pixels, either into a window (on the GPU with vsync when there
/// is one, else with SDL's software renderer; see `RendererChoice`) or, for `--headless` and
/// tests, into memory with SDL's software renderer and no display at all.
@MainActor
public final class Renderer {
  let session: SDLSession
  let window: Window?
  let handle: OpaquePointer
  /// The headless render target; nil when drawing into a window.
  let _headlessTarget: UnsafeMutablePointer<SDL_Surface>?
  /// The clip in pixels as SDL's software renderer applies it; nil for none.
  var _clipPixels: SDL_Rect?
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

  /// A renderer for `window`, picked by `choice` (by default from `REFRESHLAB_RENDERER`): a
  /// GPU with vsync when there is one, else SDL's software renderer, which is also the fallback
  /// when no accelerated driver opens at all. A machine without GPU devices goes straight to
  /// software, without loading OpenGL to ask.
  public init(
    window: Window, choice: RendererChoice = .fromEnvironment, vsync: Bool = true
  ) throws(SDLError) {
    self.session = window.session
    self.window = window
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
      handle = SDL_CreateRenderer(window.handle, -1, SDL_RENDERER_SOFTWARE.rawValue)
    }
    self.handle = try _SDLCall.unwrap(handle, "SDL_CreateRenderer")
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(self.handle, &info)
    self.hasVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
    self.isAccelerated = info.flags & SDL_RENDERER_ACCELERATED.rawValue != 0
    self.name = info.name.map { String(cString: $0) } ?? "unknown"
    let windowFormat = SDL_GetWindowPixelFormat(window.handle)
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

  /// `format` if it is a 32-bit format without alpha, else XRGB8888.
  private static func _opaque(_ format: UInt32) -> UInt32 {
    let bitsPerPixel = (format >> 8) & 0xFF
    guard bitsPerPixel == 32, csdl_pixelformat_has_alpha(format) == 0 else {
      return SDL_PIXELFORMAT_RGB888.rawValue
    }
    return format
  }

  isolated deinit {
    SDL_DestroyRenderer(handle)
    if let _headlessTarget { SDL_FreeSurface(_headlessTarget) }
  }

  private func _configure() throws(SDLError) {
    try _SDLCall.check(
      SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
    try _updateScale()
  }

  /// The `SDL_Renderer` underneath. Advanced: for a host that draws with SDL's own calls beside
  /// a ``RefreshListView``, in points (the scale is set). Leave the render target and the scale
  /// as they are; the list sets its own colour, blend mode and clip for each thing it draws.
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
    let pixels = pixelSize
    var newScale = headlessScale
    if let window {
      let points = window.size
      newScale = points.width > 0 ? Double(pixels.width) / Double(points.width) : 1
    }
    if newScale <= 0 || !newScale.isFinite { newScale = 1 }
    size = (Double(pixels.width) / newScale, Double(pixels.height) / newScale)
    if newScale != scale || frameIndex == 0 {
      scale = newScale
      try _SDLCall.check(
        SDL_RenderSetScale(handle, Float(newScale), Float(newScale)), "SDL_RenderSetScale")
    }
  }

  /// Starts a frame: picks up a new size or density, and clears to `color`. With nil the
  /// last frame's pixels stay, for a caller that paints every pixel anyway (a clear is a pass
  /// over the whole frame in the software renderer).
  public func beginFrame(clearingTo color: Color?) throws(SDLError) {
    try _updateScale()
    frameIndex += 1
    setClip(nil)
    guard let color else { return }
    SDL_SetRenderDrawColor(handle, color.red, color.green, color.blue, color.alpha)
    try _SDLCall.check(SDL_RenderClear(handle), "SDL_RenderClear")
  }

  /// Shows the frame. Read pixels or save a PNG before this, while the frame is still there.
  public func present() {
    SDL_RenderPresent(handle)
  }
}
