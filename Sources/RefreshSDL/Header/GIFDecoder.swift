import RefreshGIF

/// A header's GIF: the project's one GIF decoder (`GIFCompositor`, giflib composited as the
/// GIF89a specification and browsers do) held to ``HeaderAnimationLimits`` and lenient as
/// browsers are with a file cut short (common in the wild): it ends with the frames it had.
public struct GIFDecoder {
  /// The canvas (the logical screen), pixels.
  public let width: Int
  /// The canvas (the logical screen), pixels.
  public let height: Int

  private let bytes: [UInt8]

  /// Reads the header of `bytes`, checking the canvas against `HeaderAnimationLimits`.
  public init(bytes: [UInt8]) throws(HeaderAnimationError) {
    guard bytes.count <= HeaderAnimationLimits.fileBytes else {
      throw .tooLarge(bytes: bytes.count, limit: HeaderAnimationLimits.fileBytes)
    }
    let compositor = try Self.open(bytes)
    width = compositor.width
    height = compositor.height
    self.bytes = bytes
  }

  /// One composed frame: the whole canvas, `0xAARRGGBB` with straight alpha, row by row.
  public struct Frame {
    /// The canvas's pixels as this frame shows them, valid during the call that is handed them.
    public let pixels: UnsafeBufferPointer<UInt32>
    /// How long it shows, seconds (a delay of 0 or 0.01 s shows for 0.1 s, as in browsers).
    public let delay: Double
    /// Its place in the file, from 0.
    public let index: Int
  }

  /// Decodes every frame in order, handing each composed frame to `body`. A file that ends
  /// inside a frame ends with the rows that frame had; an error before any frame is whole is
  /// thrown. Returns the number of frames.
  @discardableResult
  public func decode(_ body: (Frame) throws(HeaderAnimationError) -> Void)
    throws(HeaderAnimationError) -> Int
  {
    let compositor = try Self.open(bytes)
    var frames = 0
    while true {
      let next: GIFCompositor.Frame?
      do throws(GIFReadError) {
        next = try compositor.next()
      } catch {
        // Bytes after the last whole frame that are no record end the frames.
        if case .corrupt(let whole, _) = error, whole > 0 { break }
        throw Self.headerError(error)
      }
      guard let frame = next else { break }
      let composited = (frames + 1) * width * height
      guard composited <= HeaderAnimationLimits.compositedPixels else {
        throw .compositing(
          frames: frames + 1, width: width, height: height,
          limit: HeaderAnimationLimits.compositedPixels / (width * height))
      }
      try body(Frame(pixels: frame.pixels, delay: frame.delay, index: frame.index))
      frames += 1
    }
    guard frames > 0 else { throw .noFrames }
    return frames
  }

  private static func open(_ bytes: [UInt8]) throws(HeaderAnimationError) -> GIFCompositor {
    do throws(GIFReadError) {
      return try GIFCompositor(bytes: bytes, maxCanvasPixels: HeaderAnimationLimits.canvasPixels)
    } catch {
      throw headerError(error)
    }
  }

  /// A compositor's refusal in the header's words.
  static func headerError(_ error: GIFReadError) -> HeaderAnimationError {
    switch error {
    case .notGIF(let detail), .malformed(let detail): .malformed(kind: "GIF", detail: detail)
    case .truncatedHeader: .malformed(kind: "GIF", detail: "it ends inside its header")
    case .canvasTooLarge(let width, let height, let limit):
      .canvasTooLarge(width: width, height: height, limit: limit)
    case .corrupt(_, let detail): .malformed(kind: "GIF", detail: detail)
    case .frame(let number, let detail): .malformed(kind: "GIF", detail: "frame \(number) \(detail)")
    }
  }
}
