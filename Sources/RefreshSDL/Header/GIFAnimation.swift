/// An animated GIF's frames and delays, decoded by ``GIFDecoder`` (giflib, composited as browsers
/// do) and kept within ``HeaderAnimationLimits/keptBox``: a header shows them a few dozen points
/// tall, so a larger canvas is scaled down (averaging the pixels it covers) as each frame is
/// composed, and only the kept frames stay in memory.
public struct GIFAnimation: Sendable, Equatable {
  /// The frames, each the kept size, `0xAARRGGBB`.
  public let frames: [PixelImage]
  /// Each frame's delay, seconds.
  public let delays: [Double]
  /// The canvas, pixels, before any scaling down.
  public let canvasWidth: Int
  /// The canvas, pixels, before any scaling down.
  public let canvasHeight: Int

  /// Decodes `bytes`, or says in one line why not.
  public init(bytes: [UInt8]) throws(HeaderAnimationError) {
    let decoder = try GIFDecoder(bytes: bytes)
    let kept = Self.keptSize(width: decoder.width, height: decoder.height)
    let limit = HeaderAnimationLimits.renderedPixels / (kept.width * kept.height)
    var frames: [PixelImage] = []
    var delays: [Double] = []
    try decoder.decode { frame throws(HeaderAnimationError) in
      guard frames.count < limit else {
        throw .renderedPixels(
          frames: frames.count + 1, width: kept.width, height: kept.height, limit: limit)
      }
      let canvas = PixelImage(
        width: decoder.width, height: decoder.height, pixels: Array(frame.pixels))
      frames.append(canvas.fitted(within: kept))
      delays.append(frame.delay)
    }
    self.frames = frames
    self.delays = delays
    canvasWidth = decoder.width
    canvasHeight = decoder.height
  }

  /// The size frames of a `width`×`height` canvas are kept at: their own, or scaled down with
  /// their aspect to fit ``HeaderAnimationLimits/keptBox``.
  static func keptSize(width: Int, height: Int) -> (width: Int, height: Int) {
    let box = HeaderAnimationLimits.keptBox
    guard width > box.width || height > box.height else { return (width, height) }
    let scale = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
    return (
      max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded()))
    )
  }
}
