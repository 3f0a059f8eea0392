import CSDL2
import RefreshCore

/// A header that plays an animation as MJRefreshGifHeader and easy_refresh's Lottie headers
/// do: while pulling, the frame follows the pull's progress; while refreshing, a segment loops
/// (`HeaderAnimationTimeline`). It follows the snapshot's `headerStyle` as the classic header
/// does (riding above row 0, fixed behind the rows, filling the gap and growing with it) and, for
/// `overlay`, plays inside Material's badge, as SmartRefreshLayout's spinner styles do.
///
/// The animation is fitted with its aspect kept into the box left of the bar's widest label,
/// 80 % of the header tall, so it never covers the label: a small GIF grows by the largest whole
/// factor that fits, drawn nearest-neighbour so pixel art stays crisp; anything larger is scaled
/// down smoothly (averaging) to the size shown. A Lottie is rendered by rlottie at exactly the
/// size shown, ahead of need and off the main thread (``LottieFrames``): no frame waits for one
/// unless ``waitsForFrames`` asks it to (headless runs, which must be exact).
@MainActor
public final class AnimatedHeaderRenderer: HeaderRenderer {
  /// What the frames come from.
  public enum Source: Sendable {
    /// An animated GIF's frames and delays.
    case gif(GIFAnimation)
    /// A Lottie animation, rendered at the size shown.
    case lottie(LottieAnimation)
  }

  /// The animation.
  public let source: Source
  /// Which frame shows when.
  public let timeline: HeaderAnimationTimeline
  /// Whether a frame whose animation frame is still rendering waits for it (within the render
  /// job's budget) rather than showing the nearest one done: for headless runs and tests, whose
  /// frames must not depend on a thread's pace. Off in a window.
  public var waitsForFrames = false
  /// Why the animation was refused after it loaded (its Lottie frames did not render within
  /// their budget); the header then draws as the classic bar does. Nil while all is well.
  public private(set) var refusal: HeaderAnimationError?
  /// Where the animation was drawn last, points (nil before it first shows): for tests, and
  /// for a host that lays something out beside it.
  public private(set) var lastImageRect: Rect?

  private var _textures: [Int: Texture] = [:]
  private var _texturePixels = (width: 0, height: 0)
  private var _lottieFrames: LottieFrames?
  /// The widest label, points, by language and text scale: what the box keeps clear of.
  private var _labelWidths: [String: Double] = [:]

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
  /// `HeaderAnimationLimits` as it is read.
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

  /// The animation's own size, pixels (a GIF's kept frames, a Lottie's composition).
  var naturalSize: (width: Int, height: Int) {
    switch source {
    case .gif(let gif):
      guard let first = gif.frames.first else { return (1, 1) }
      return (first.width, first.height)
    case .lottie(let lottie): return (max(1, lottie.width), max(1, lottie.height))
    }
  }

  /// Space left of the animation, points.
  static let margin = 16.0
  /// Space between the animation and the label, points (where the classic icon sits).
  static let gap = 12.0

  public func drawHeader(_ frame: HeaderFrame, in canvas: RefreshCanvas) throws(SDLError) {
    let snapshot = frame.snapshot
    let height = snapshot.headerHeight
    guard height > 0 else { return }
    _checkRefusal()
    if refusal != nil {
      // What the file could not give, the classic header does.
      return try _classic.drawHeader(frame, in: canvas)
    }
    // The second floor grows as the classic header's does: no animation plays there.
    if snapshot.header == .twoLevel { return try _classic.drawHeader(frame, in: canvas) }
    let viewport = frame.viewport
    let label = snapshot.headerLabel.text(in: canvas.language)
    // Under reduced motion the frame the progress names (the last pull frame while
    // refreshing), still: the refresh segment does not loop.
    let index =
      snapshot.reducesMotion
      ? timeline.pullFrame(progress: snapshot.headerProgress) : timeline.frame(for: snapshot)
    switch snapshot.headerStyle {
    case .translate:
      let bar = frame.barRect
      guard bar.maxY > viewport.y, bar.y < viewport.maxY else { return }
      try _ClassicBar.draw(bar, label: label, detail: frame.lastUpdated, icon: .none, on: canvas)
      try _drawAnimation(index, bar: bar, scale: 1, clip: bar.intersection(viewport), on: canvas)
    case .fixedBehind:
      let bar = Rect(x: viewport.x, y: frame.top, width: viewport.width, height: height)
      let shown = Rect(
        x: viewport.x, y: frame.top, width: viewport.width,
        height: min(height, frame.rowZeroY - frame.top)
      ).intersection(viewport)
      guard shown.height > 0, shown.width > 0 else { return }
      try canvas.clipped(to: shown) { () throws(SDLError) in
        try _ClassicBar.draw(bar, label: label, detail: frame.lastUpdated, icon: .none, on: canvas)
      }
      try _drawAnimation(index, bar: bar, scale: 1, clip: shown, on: canvas)
    case .scale:
      let gapHeight = frame.rowZeroY - frame.top
      guard gapHeight > 0, frame.top < viewport.maxY else { return }
      if snapshot.reducesMotion {
        // Reduced motion: the bar and animation at their own size, uncovered as the gap opens.
        let shown = Rect(x: viewport.x, y: frame.top, width: viewport.width, height: gapHeight)
          .intersection(viewport)
        guard shown.height > 0, shown.width > 0 else { return }
        let bar = HeaderFrame.unscaledBar(
          gap: gapHeight, rowZeroY: frame.rowZeroY, height: height, in: viewport)
        try canvas.clipped(to: shown) { () throws(SDLError) in
          try _ClassicBar.draw(bar, label: label, detail: frame.lastUpdated, icon: .none, on: canvas)
        }
        try _drawAnimation(index, bar: bar, scale: 1, clip: shown, on: canvas)
        return
      }
      let bar = Rect(x: viewport.x, y: frame.top, width: viewport.width, height: gapHeight)
      let scale = min(1, gapHeight / height)
      try _ClassicBar.draw(
        bar, label: label, detail: frame.lastUpdated, icon: .none, scale: scale, on: canvas)
      try _drawAnimation(
        index, bar: bar, scale: scale, clip: bar.intersection(viewport), on: canvas)
    case .overlay:
      guard let badge = MaterialBadgeHeaderRenderer.drawBadge(frame, on: canvas) else { return }
      // The animation inside the badge's disc, as SmartRefreshLayout plays a spinner there.
      let side = badge.radius * 1.3
      let box = Rect(
        x: badge.center.x - side / 2, y: badge.center.y - side / 2, width: side, height: side)
      try _drawFitted(index, in: box, anchor: .centre, clip: viewport, on: canvas)
    }
  }

  private let _classic = ClassicHeaderRenderer()

  /// Draws frame `index` in the box left of the widest label of `bar` (a header's full bar),
  /// its contents at `scale` about the bar's centre as `_ClassicBar` draws the label.
  private func _drawAnimation(
    _ index: Int, bar: Rect, scale: Double, clip: Rect, on canvas: RefreshCanvas
  ) throws(SDLError) {
    guard clip.width > 0, clip.height > 0 else { return }
    let box = imageBox(in: bar, scale: scale, canvas: canvas)
    try _drawFitted(index, in: box, anchor: .trailing, clip: clip, on: canvas)
  }

  /// The box the animation is fitted in: as tall as 80 % of the header, from the bar's left
  /// margin to just left of the widest label the header shows (all its states' labels in the
  /// canvas's language), so it never covers a label and keeps its size from state to state.
  public func imageBox(in bar: Rect, scale: Double, canvas: RefreshCanvas) -> Rect {
    let labelWidth = _widestLabel(canvas) * scale
    let fullHeight = scale > 0 ? bar.height / scale : bar.height
    let height = fullHeight * 0.8 * scale
    let right = bar.midX - labelWidth / 2 - Self.gap * scale
    let left = bar.x + Self.margin * scale
    return Rect(x: left, y: bar.midY - height / 2, width: max(0, right - left), height: height)
  }

  private func _widestLabel(_ canvas: RefreshCanvas) -> Double {
    let key = canvas.language.rawValue
    if let known = _labelWidths[key] { return known }
    let keys: [LabelKey] = [
      .pullToRefresh, .releaseToRefresh, .releaseToTwoLevel, .refreshing, .refreshSucceeded,
      .refreshFailed,
    ]
    let widest = keys.map { canvas.width(of: $0.text(in: canvas.language), .label) }.max() ?? 0
    _labelWidths[key] = widest
    return widest
  }

  enum _Anchor { case trailing, centre }

  /// Where an animation of `natural` pixels shows in `box` (points) at `scale` pixels a point,
  /// and the pixels its texture has: a whole-factor enlargement when it is smaller, else the
  /// largest size that fits.
  static func fit(natural: (width: Int, height: Int), in box: Rect, scale: Double)
    -> (width: Int, height: Int)
  {
    let boxWidth = Int((box.width * scale).rounded(.down))
    let boxHeight = Int((box.height * scale).rounded(.down))
    guard boxWidth > 0, boxHeight > 0, natural.width > 0, natural.height > 0 else { return (0, 0) }
    let factor = min(Double(boxWidth) / Double(natural.width), Double(boxHeight) / Double(natural.height))
    if factor >= 1 {
      let whole = Double(Int(factor))
      return (Int(Double(natural.width) * whole), Int(Double(natural.height) * whole))
    }
    return (
      max(1, Int((Double(natural.width) * factor).rounded(.down))),
      max(1, Int((Double(natural.height) * factor).rounded(.down)))
    )
  }

  private func _drawFitted(
    _ index: Int, in box: Rect, anchor: _Anchor, clip: Rect, on canvas: RefreshCanvas
  ) throws(SDLError) {
    let scale = canvas.scale
    let shown = Self.fit(natural: naturalSize, in: box, scale: scale)
    guard shown.width > 0, shown.height > 0 else { return }
    guard let texture = try _texture(index, pixels: shown, on: canvas) else { return }
    let width = Double(shown.width) / scale
    let height = Double(shown.height) / scale
    let x = anchor == .trailing ? box.maxX - width : box.midX - width / 2
    let rect = Rect(x: x, y: box.midY - height / 2, width: width, height: height)
    lastImageRect = rect
    try canvas.clipped(to: clip) { () throws(SDLError) in
      try canvas.drawImage(texture, in: rect)
    }
  }

  /// The texture of frame `index` at `pixels`, made on first use for `canvas`'s renderer; nil
  /// while a Lottie's frames are rendering and none near it is done.
  private func _texture(_ index: Int, pixels: (width: Int, height: Int), on canvas: RefreshCanvas)
    throws(SDLError) -> Texture?
  {
    if let first = _textures.values.first, !canvas.owns(first) || pixels != _texturePixels {
      _textures.removeAll()
    }
    _texturePixels = pixels
    if let cached = _textures[index] { return cached }
    let image: PixelImage
    var smooth = true
    switch source {
    case .gif(let gif):
      let kept = gif.frames[min(max(index, 0), gif.frames.count - 1)]
      // Enlarged by a whole factor when drawn (nearest-neighbour), or averaged down here.
      smooth = pixels.width < kept.width
      image = smooth ? kept.fitted(within: (pixels.width, pixels.height)) : kept
    case .lottie(let lottie):
      guard let frames = _lottieFrames(lottie, pixels) else { return nil }
      if waitsForFrames { frames.waitUntilDone() }
      _checkRefusal()
      guard refusal == nil else { return nil }
      guard let exact = frames.frame(index) else {
        // Not rendered yet: the nearest frame done shows, and is not kept.
        return try frames.nearestFrame(to: index).map { image throws(SDLError) in
          try canvas.makeImage(image)
        }
      }
      image = exact
    }
    let texture = try canvas.makeImage(image, smooth: smooth)
    _textures[index] = texture
    return texture
  }

  /// The render job at `pixels`, started when the size first shows (the one before is
  /// cancelled); nil when the size is refused.
  private func _lottieFrames(_ lottie: LottieAnimation, _ pixels: (width: Int, height: Int))
    -> LottieFrames?
  {
    if let job = _lottieFrames, job.width == pixels.width, job.height == pixels.height {
      return job
    }
    _lottieFrames?.cancel()
    do throws(HeaderAnimationError) {
      _lottieFrames = try lottie.render(width: pixels.width, height: pixels.height)
    } catch {
      _lottieFrames = nil
      refusal = error
    }
    return _lottieFrames
  }

  private func _checkRefusal() {
    if refusal == nil, let failure = _lottieFrames?.refusal {
      refusal = failure
      _textures.removeAll()
    }
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
  /// Uploads `image` (`0xAARRGGBB`, straight alpha), blended when drawn. An `opaque` image
  /// (every alpha 255, ``PixelImage/isOpaque``) is kept in the renderer's opaque format and
  /// copied when drawn: the same pixels, and under the software renderer a copy of rows instead
  /// of a blend of every pixel, which a photo in a row otherwise costs each time it is drawn.
  package static func make(
    renderer: Renderer, image: PixelImage, smooth: Bool = true, opaque: Bool = false
  ) throws(SDLError) -> Texture {
    var pixels = image.pixels
    // Blitted straight into the texture's own pixels (converted to its format, never blended):
    // no upload of a second copy, and under the software renderer the texture keeps its
    // pixels' address, so an opaque one drawn at its size is copied by `Renderer` itself.
    let result: Result<Texture, SDLError> = pixels.withUnsafeMutableBytes { buffer in
      guard
        let source = SDL_CreateRGBSurfaceWithFormatFrom(
          buffer.baseAddress, Int32(image.width), Int32(image.height), 32, Int32(image.width * 4),
          SDL_PIXELFORMAT_ARGB8888.rawValue)
      else {
        return .failure(.callFailed(call: "SDL_CreateRGBSurfaceWithFormatFrom", reason: _SDLCall.lastError()))
      }
      defer { SDL_FreeSurface(source) }
      SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
      do throws(SDLError) {
        return .success(
          try Texture(
            renderer: renderer, width: Int32(image.width), height: Int32(image.height),
            opaque: opaque, smooth: smooth
          ) { (target) throws(SDLError) in
            try _SDLCall.check(SDL_UpperBlit(source, nil, target, nil), "SDL_BlitSurface")
          })
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}
