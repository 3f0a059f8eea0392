import CSDL2

/// Draws in points and renders in pixels, either into a window (accelerated, vsync) or, for
/// `--headless` and tests, into memory with SDL's software renderer and no display at all.
@MainActor
public final class Renderer {
  let session: SDLSession
  let window: Window?
  let handle: OpaquePointer
  /// The headless render target; nil when drawing into a window.
  private let target: UnsafeMutablePointer<SDL_Surface>?
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

  /// A renderer for `window`: accelerated with vsync, falling back to SDL's software renderer
  /// where no GPU driver is available (as under Xvfb without GLX).
  public init(window: Window, vsync: Bool = true) throws(SDLError) {
    self.session = window.session
    self.window = window
    self.target = nil
    self.headlessScale = 1
    let accelerated =
      SDL_RENDERER_ACCELERATED.rawValue | (vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0)
    if let handle = SDL_CreateRenderer(window.handle, -1, accelerated) {
      self.handle = handle
    } else {
      self.handle = try _SDLCall.unwrap(
        SDL_CreateRenderer(window.handle, -1, SDL_RENDERER_SOFTWARE.rawValue),
        "SDL_CreateRenderer")
    }
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(handle, &info)
    self.hasVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
    self.isAccelerated = info.flags & SDL_RENDERER_ACCELERATED.rawValue != 0
    try _configure()
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
    self.target = surface
    self.handle = handle
    self.hasVSync = false
    self.isAccelerated = false
    try _configure()
  }

  isolated deinit {
    SDL_DestroyRenderer(handle)
    if let target { SDL_FreeSurface(target) }
  }

  private func _configure() throws(SDLError) {
    try _SDLCall.check(
      SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
    try _updateScale()
  }

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

  /// Starts a frame: picks up a new size or density, and clears to `color`.
  public func beginFrame(clearingTo color: Color) throws(SDLError) {
    try _updateScale()
    frameIndex += 1
    setClip(nil)
    SDL_SetRenderDrawColor(handle, color.red, color.green, color.blue, color.alpha)
    try _SDLCall.check(SDL_RenderClear(handle), "SDL_RenderClear")
  }

  /// Shows the frame. Read pixels or save a PNG before this, while the frame is still there.
  public func present() {
    SDL_RenderPresent(handle)
  }
}
