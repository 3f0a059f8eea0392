import CSDL2
import RefreshCore

/// A header that plays an animation as MJRefreshGifHeader and easy_refresh's Lottie headers
/// do: while pulling, the frame follows the pull's progress; while refreshing, a segment loops
/// (`HeaderAnimationTimeline`). It fills the gap the pull opened above row 0 with the bars'
/// colour, the animation at its left and the label in the middle; while the second floor is
/// open, the whole viewport.
///
/// Frames become textures once, when first shown, and are reused: a GIF's at their own size, a
/// Lottie's rendered by rlottie at the size shown (again only if that size changes).
@MainActor
public final class AnimatedHeaderRenderer: HeaderRenderer {
  /// What the frames come from.
  public enum Source: Sendable {
    /// An animated GIF's frames and delays.
    case gif(GIFAnimation)
    /// A Lottie animation, rendered on demand.
    case lottie(LottieAnimation)
  }

  /// The animation.
  public let source: Source
  /// Which frame shows when.
  public let timeline: HeaderAnimationTimeline

  private var _textures: [Int: Texture] = [:]
  private var _texturePixels = (width: 0, height: 0)

  /// A header playing `source`.
  public init(_ source: Source) {
    self.source = source
    switch source {
    case .gif(let gif):
      timeline = HeaderAnimationTimeline(
        pullFrames: gif.frames.indices, refreshFrames: gif.frames.indices, delays: gif.delays)
    case .lottie(let lottie):
      timeline = HeaderAnimationTimeline(
        pullFrames: lottie.pullFrames, refreshFrames: lottie.refreshFrames,
        delays: Array(repeating: 1 / lottie.frameRate, count: lottie.frameCount))
    }
  }

  /// The GIF (`.gif`) or Lottie animation (`.json`) at `path`, checked against
  /// `HeaderAnimationLimits` before it is decoded.
  public convenience init(contentsOf path: String) throws(HeaderAnimationError) {
    let lowered = path.lowercased()
    guard lowered.hasSuffix(".gif") || lowered.hasSuffix(".json") else { throw .unknownKind }
    let bytes = try Self.read(path)
    if lowered.hasSuffix(".gif") {
      self.init(.gif(try GIFAnimation(bytes: bytes)))
    } else {
      self.init(.lottie(try LottieAnimation(bytes: bytes)))
    }
  }

  /// The composition's width over its height.
  var aspect: Double {
    switch source {
    case .gif(let gif):
      guard let first = gif.frames.first, first.height > 0 else { return 1 }
      return Double(first.width) / Double(first.height)
    case .lottie(let lottie): return Double(lottie.width) / Double(max(lottie.height, 1))
    }
  }

  /// Where the animation shows for `frame`: as tall as 80 % of the header, left in the gap the
  /// pull opened and centred on it vertically.
  public func imageRect(in frame: HeaderFrame) -> Rect {
    let height = frame.snapshot.headerHeight * 0.8
    let gap = frame.revealedRect
    return Rect(
      x: gap.x + Self.margin, y: gap.midY - height / 2, width: height * aspect, height: height)
  }

  /// Space left of the animation, points.
  static let margin = 16.0

  public func drawHeader(_ frame: HeaderFrame, in canvas: RefreshCanvas) throws(SDLError) {
    let gap = frame.revealedRect.intersection(frame.viewport)
    guard gap.height > 0, gap.width > 0, frame.snapshot.headerHeight > 0 else { return }
    let snapshot = frame.snapshot
    let detail = snapshot.header == .twoLevel ? "" : frame.lastUpdated
    try _ClassicBar.draw(
      gap, label: snapshot.headerLabel.text(in: canvas.language), detail: detail, icon: .none,
      on: canvas)
    let image = imageRect(in: frame)
    let texture = try _texture(timeline.frame(for: snapshot), for: image, on: canvas)
    try canvas.clipped(to: gap) { () throws(SDLError) in
      try canvas.drawImage(texture, in: image)
    }
  }

  /// The texture of `index`, made on first use for `canvas`'s renderer at the size `rect` takes.
  private func _texture(_ index: Int, for rect: Rect, on canvas: RefreshCanvas) throws(SDLError)
    -> Texture
  {
    let pixels: (width: Int, height: Int)
    switch source {
    case .gif: pixels = (0, 0)
    case .lottie:
      pixels = (
        max(1, Int((rect.width * canvas.scale).rounded())),
        max(1, Int((rect.height * canvas.scale).rounded()))
      )
    }
    if let first = _textures.values.first, !canvas.owns(first) || pixels != _texturePixels {
      _textures.removeAll()
    }
    _texturePixels = pixels
    if let cached = _textures[index] { return cached }
    let image: PixelImage
    switch source {
    case .gif(let gif): image = gif.frames[min(max(index, 0), gif.frames.count - 1)]
    case .lottie(let lottie): image = lottie.render(frame: index, width: pixels.width, height: pixels.height)
    }
    let texture = try canvas.makeImage(image)
    _textures[index] = texture
    return texture
  }

  /// Frames made into textures so far (for the cache's tests and benchmark).
  public var cachedFrameCount: Int { _textures.count }

  /// The whole file, refused past the size limit before it is read.
  static func read(_ path: String) throws(HeaderAnimationError) -> [UInt8] {
    guard let stream = SDL_RWFromFile(path, "rb") else {
      throw .unreadable(reason: _SDLCall.lastError())
    }
    defer { SDL_RWclose(stream) }
    let size = SDL_RWsize(stream)
    guard size >= 0 else { throw .unreadable(reason: _SDLCall.lastError()) }
    guard size <= HeaderAnimationLimits.fileBytes else {
      throw .tooLarge(bytes: Int(size), limit: HeaderAnimationLimits.fileBytes)
    }
    var bytes = [UInt8](repeating: 0, count: Int(size))
    let read = bytes.withUnsafeMutableBytes { SDL_RWread(stream, $0.baseAddress, 1, Int(size)) }
    guard read == Int(size) else { throw .unreadable(reason: "it ended after \(read) of \(size) bytes") }
    return bytes
  }
}

extension Texture {
  /// Uploads `image` (`0xAARRGGBB`, straight alpha), blended when drawn.
  static func make(renderer: Renderer, image: PixelImage) throws(SDLError) -> Texture {
    var pixels = image.pixels
    let result: Result<Texture, SDLError> = pixels.withUnsafeMutableBytes { buffer in
      guard
        let surface = SDL_CreateRGBSurfaceWithFormatFrom(
          buffer.baseAddress, Int32(image.width), Int32(image.height), 32, Int32(image.width * 4),
          SDL_PIXELFORMAT_ARGB8888.rawValue)
      else {
        return .failure(.callFailed(call: "SDL_CreateRGBSurfaceWithFormatFrom", reason: _SDLCall.lastError()))
      }
      defer { SDL_FreeSurface(surface) }
      do throws(SDLError) {
        return .success(try Texture(renderer: renderer, surface: surface))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}
