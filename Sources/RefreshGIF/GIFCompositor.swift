import CGIF

/// The one GIF decoder of the project: a GIF read with giflib and composited as the GIF89a
/// specification and browsers do, one frame at a time. Each frame is drawn at its offset over
/// what the previous frames left (its transparent index showing them through), from its local
/// colour table or the global one, interlaced rows put in place, then disposed of as its graphic
/// control extension says: left (none, 0 and 1), cleared to transparent (background, 2) or put
/// back as it was before the frame (previous, 3). The canvas starts transparent, as in browsers
/// (the background colour is not painted).
///
/// Both readers of GIFs use it: the animated headers (RefreshSDL's `GIFDecoder`, in colour) and
/// the fit's recordings (RefreshFitMedia's `GIFFrameSource`, in grey). It holds one row of a
/// frame's indices, the canvas and, for disposal "previous", the part a frame covers: a GIF of
/// many large frames costs its canvas, not its frame count, and a file is read as it is
/// composited, never whole.
public final class GIFCompositor {
  /// The canvas (the logical screen), pixels.
  public let width: Int
  /// The canvas (the logical screen), pixels.
  public let height: Int

  private let file: UnsafeMutablePointer<GifFileType>
  /// Keeps the bytes giflib reads alive while it reads them (nil when it reads a file).
  private let input: _GIFInput?
  private var canvas: [UInt32]
  private var saved: [UInt32] = []
  private var line: [UInt8] = []
  private var control = _GraphicControl()
  private var global: [UInt32]
  private var index = 0
  private var ended = false
  /// The area the last frame's disposal changes before the next frame is drawn.
  private var pending: (area: _FrameArea, disposal: Int)?
  private let maxFramePixels: Int

  /// One composed frame.
  public struct Frame {
    /// The whole canvas as this frame shows it, `0xAARRGGBB` with straight alpha, row by row;
    /// valid until the next call to ``GIFCompositor/next()``.
    public let pixels: UnsafeBufferPointer<UInt32>
    /// How long it shows, seconds (a delay of 0 or 0.01 s shows for 0.1 s, as in browsers).
    public let delay: Double
    /// Its delay as the file writes it, hundredths of a second; nil where the frame has no
    /// graphic control extension.
    public let writtenDelay: Int?
    /// Its place in the file, from 0.
    public let index: Int
    /// Whether all its rows were read: a file that ends inside a frame ends with the rows it
    /// had, the rest showing what lay under them.
    public let isComplete: Bool
    /// The canvas rows and columns that differ from the previous frame at most: this frame's
    /// area and the area the previous frame's disposal changed, clipped to the canvas.
    public let changed: (x: Range<Int>, y: Range<Int>)
  }

  /// Opens the GIF at `path`, read as it is composited. `maxCanvasPixels` bounds the canvas and
  /// each frame's own pixels.
  public convenience init(path: String, maxCanvasPixels: Int) throws(GIFReadError) {
    var error: Int32 = 0
    guard let file = DGifOpenFileName(path, &error) else {
      throw error == 0 ? .truncatedHeader : .notGIF(Self.reason(error))
    }
    try self.init(file: file, input: nil, maxCanvasPixels: maxCanvasPixels)
  }

  /// Opens the GIF held in `bytes`. `maxCanvasPixels` bounds the canvas and each frame's pixels.
  public convenience init(bytes: [UInt8], maxCanvasPixels: Int) throws(GIFReadError) {
    guard bytes.count >= 6,
      bytes[0..<6].elementsEqual("GIF87a".utf8) || bytes[0..<6].elementsEqual("GIF89a".utf8)
    else { throw .notGIF("no GIF87a or GIF89a signature") }
    guard bytes.count >= 13 else { throw .malformed("it ends inside the screen descriptor") }
    let input = _GIFInput(bytes)
    var error: Int32 = 0
    guard let file = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), _gifRead, &error) else {
      throw .malformed(Self.reason(error))
    }
    try self.init(file: file, input: input, maxCanvasPixels: maxCanvasPixels)
  }

  private init(
    file: UnsafeMutablePointer<GifFileType>, input: _GIFInput?, maxCanvasPixels: Int
  ) throws(GIFReadError) {
    self.file = file
    self.input = input
    width = Int(file.pointee.SWidth)
    height = Int(file.pointee.SHeight)
    maxFramePixels = maxCanvasPixels
    guard width > 0, height > 0 else {
      var error: Int32 = 0
      DGifCloseFile(file, &error)
      throw .malformed("a \(width) × \(height) px canvas")
    }
    guard width * height <= maxCanvasPixels else {
      var error: Int32 = 0
      DGifCloseFile(file, &error)
      throw .canvasTooLarge(width: width, height: height, limit: maxCanvasPixels)
    }
    canvas = [UInt32](repeating: 0, count: width * height)
    global = Self.palette(file.pointee.SColorMap)
  }

  deinit {
    var error: Int32 = 0
    DGifCloseFile(file, &error)
    withExtendedLifetime(input) {}
  }

  /// The number of frames handed out so far.
  public var framesRead: Int { index }

  /// The next frame composed on the canvas, or nil after the last. Throws when the file breaks
  /// between frames or before a frame has a row (``GIFReadError/corrupt(afterFrames:detail:)``);
  /// a file that ends inside a frame hands that frame with the rows it had, then ends.
  public func next() throws(GIFReadError) -> Frame? {
    guard !ended else { return nil }
    while true {
      var record = UNDEFINED_RECORD_TYPE
      guard DGifGetRecordType(file, &record) == GIF_OK else {
        ended = true
        throw .corrupt(afterFrames: index, detail: Self.reason(file.pointee.Error))
      }
      switch record {
      case IMAGE_DESC_RECORD_TYPE:
        return try readImage()
      case EXTENSION_RECORD_TYPE:
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(file, &code, &block) == GIF_OK else {
          ended = true
          throw .corrupt(afterFrames: index, detail: Self.reason(file.pointee.Error))
        }
        if code == GRAPHICS_EXT_FUNC_CODE, let block { control = _GraphicControl(block) }
        while block != nil {
          guard DGifGetExtensionNext(file, &block) == GIF_OK else {
            ended = true
            throw .corrupt(afterFrames: index, detail: Self.reason(file.pointee.Error))
          }
        }
      default:
        // The trailer, or a record type no GIF holds: the frames end here.
        ended = true
        return nil
      }
    }
  }

  private func readImage() throws(GIFReadError) -> Frame? {
    guard DGifGetImageDesc(file) == GIF_OK else {
      ended = true
      throw .corrupt(afterFrames: index, detail: Self.reason(file.pointee.Error))
    }
    let image = file.pointee.Image
    let area = _FrameArea(
      left: Int(image.Left), top: Int(image.Top), width: Int(image.Width), height: Int(image.Height))
    guard area.width > 0, area.height > 0 else {
      ended = true
      throw .frame(index + 1, "has no pixels")
    }
    // Decoding a frame costs its own pixels, whatever part of it lies on the canvas.
    guard area.width * area.height <= maxFramePixels else {
      ended = true
      throw .frame(index + 1, "is \(area.width) × \(area.height) px, over \(maxFramePixels) px")
    }
    var changed = area.clipped(width, height)
    if let (previous, disposal) = pending {
      switch disposal {
      case 2: previous.clear(&canvas, canvasWidth: width, canvasHeight: height)
      case 3: previous.paste(saved, on: &canvas, canvasWidth: width, canvasHeight: height)
      default: break
      }
      if disposal == 2 || disposal == 3 {
        let before = previous.clipped(width, height)
        changed = (
          Self.union(changed.x, before.x), Self.union(changed.y, before.y)
        )
      }
      pending = nil
    }
    let colours = image.ColorMap.map { Self.palette($0) } ?? global
    if control.disposal == 3 { saved = area.copy(from: canvas, canvasWidth: width, canvasHeight: height) }
    // Each row is drawn as it is read, in the order the file holds them (an interlaced frame's
    // four passes); rows not read (a file ending inside the frame) show what was under them.
    if line.count != area.width { line = [UInt8](repeating: 0, count: area.width) }
    var rowsRead = 0
    var complete = true
    let onCanvas = area.clipped(width, height)
    for row in Self.rowOrder(height: area.height, interlaced: image.Interlace) {
      let read = line.withUnsafeMutableBufferPointer { buffer in
        DGifGetLine(file, buffer.baseAddress, Int32(area.width)) == GIF_OK
      }
      guard read else {
        complete = false
        break
      }
      rowsRead += 1
      area.draw(
        line, row: row, colours: colours, transparent: control.transparent, on: &canvas,
        canvasWidth: width, within: onCanvas)
    }
    // A later frame with no row read ends the frames; a first one is handed as it is (the
    // canvas under it), so that a file with any frame shows something.
    guard rowsRead > 0 || index == 0 else {
      ended = true
      return nil
    }
    let delay = control.delay
    let writtenDelay = control.hundredths
    if complete {
      pending = (area, control.disposal)
    } else {
      ended = true
    }
    control = _GraphicControl()
    let frameIndex = index
    index += 1
    return canvas.withUnsafeBufferPointer { buffer in
      Frame(
        pixels: buffer, delay: delay, writtenDelay: writtenDelay, index: frameIndex, isComplete: complete,
        changed: changed)
    }
  }

  private static func union(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
    if a.isEmpty { return b }
    if b.isEmpty { return a }
    return min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
  }

  /// The frame's rows in the order the file stores them.
  static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
    guard interlaced else { return Array(0..<height) }
    return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
      Array(stride(from: start, to: height, by: step))
    }
  }

  /// A colour table as opaque `0xFFRRGGBB` pixels (256 entries: indices past a short table
  /// are transparent, as browsers draw them).
  static func palette(_ map: UnsafeMutablePointer<ColorMapObject>?) -> [UInt32] {
    var colours = [UInt32](repeating: 0, count: 256)
    guard let map, let entries = map.pointee.Colors else {
      // No table at all: browsers and ImageMagick draw the indices as greys.
      for index in 0..<256 {
        colours[index] = 0xFF00_0000 | UInt32(index) << 16 | UInt32(index) << 8 | UInt32(index)
      }
      return colours
    }
    for index in 0..<min(256, Int(map.pointee.ColorCount)) {
      let colour = entries[index]
      colours[index] =
        0xFF00_0000 | UInt32(colour.Red) << 16 | UInt32(colour.Green) << 8 | UInt32(colour.Blue)
    }
    return colours
  }

  static func reason(_ code: Int32) -> String {
    guard let text = GifErrorString(code) else { return "giflib error \(code)" }
    return String(cString: text).lowercased().split(separator: "\n").joined(separator: " ")
  }
}

/// Why a GIF could not be composited, for each reader to say in its own words.
public enum GIFReadError: Error, Equatable, Sendable {
  /// The bytes are no GIF; the detail says why.
  case notGIF(String)
  /// The file ends inside its header.
  case truncatedHeader
  /// The header is no GIF's; the detail says where.
  case malformed(String)
  /// The canvas has more pixels than `limit`.
  case canvasTooLarge(width: Int, height: Int, limit: Int)
  /// The file broke after `afterFrames` whole frames (giflib's reason).
  case corrupt(afterFrames: Int, detail: String)
  /// Frame `number` (from 1) cannot be composited; the detail says why.
  case frame(Int, String)
}

/// The bytes giflib reads, and how far it has read.
private final class _GIFInput {
  let bytes: [UInt8]
  var offset = 0
  init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// giflib's read callback: copies the next bytes of the `_GIFInput` its user data points at.
private func _gifRead(
  _ file: UnsafeMutablePointer<GifFileType>?, _ buffer: UnsafeMutablePointer<GifByteType>?,
  _ count: Int32
) -> Int32 {
  guard let file, let buffer, let user = file.pointee.UserData, count > 0 else { return 0 }
  let input = Unmanaged<_GIFInput>.fromOpaque(user).takeUnretainedValue()
  let length = min(Int(count), input.bytes.count - input.offset)
  guard length > 0 else { return 0 }
  input.bytes.withUnsafeBufferPointer { source in
    buffer.update(from: source.baseAddress! + input.offset, count: length)
  }
  input.offset += length
  return Int32(length)
}

/// A graphic control extension: how the next frame is disposed of, its transparent index and
/// its delay.
private struct _GraphicControl {
  var disposal = 0
  var transparent: Int?
  var delay = 0.1
  var hundredths: Int?

  init() {}

  /// From the extension's first block (its length byte first).
  init(_ block: UnsafeMutablePointer<GifByteType>) {
    guard block[0] >= 4 else { return }
    let packed = block[1]
    disposal = Int(packed >> 2) & 7
    transparent = packed & 1 != 0 ? Int(block[4]) : nil
    let hundredths = Int(block[2]) | Int(block[3]) << 8
    self.hundredths = hundredths
    // Browsers show a delay of 0 or 1 hundredths as 0.1 s.
    delay = hundredths <= 1 ? 0.1 : Double(hundredths) / 100
  }
}

/// Where a frame lies on the canvas (clipped to it when drawn).
private struct _FrameArea {
  var left: Int
  var top: Int
  var width: Int
  var height: Int

  /// The canvas columns and rows the frame covers.
  func clipped(_ canvasWidth: Int, _ canvasHeight: Int) -> (x: Range<Int>, y: Range<Int>) {
    // Both bounds within the canvas, so that even an empty range indexes it: a frame may lie
    // wholly off the canvas (fuzz-header's `frame-off-the-canvas`).
    let left = min(max(0, self.left), canvasWidth)
    let top = min(max(0, self.top), canvasHeight)
    let x = left..<max(left, min(canvasWidth, self.left + width))
    let y = top..<max(top, min(canvasHeight, self.top + height))
    return (x, y)
  }

  /// Draws the frame's row `row` (its colour indices `line`) where it lies on the canvas
  /// (`within`, the frame's part of the canvas, worked out once per frame). Through raw
  /// pointers: the fits run in the tests' debug build, where checked subscripts made this loop
  /// most of a GIF's fit.
  func draw(
    _ line: [UInt8], row: Int, colours: [UInt32], transparent: Int?,
    on canvas: inout [UInt32], canvasWidth: Int, within part: (x: Range<Int>, y: Range<Int>)
  ) {
    let (xs, ys) = part
    let y = top + row
    guard ys.contains(y), !xs.isEmpty else { return }
    let skip = transparent ?? -1
    let target = y * canvasWidth
    let left = self.left
    canvas.withUnsafeMutableBufferPointer { canvasBuffer in
      line.withUnsafeBufferPointer { lineBuffer in
        colours.withUnsafeBufferPointer { colourBuffer in
          guard let out = canvasBuffer.baseAddress, let indices = lineBuffer.baseAddress,
            let palette = colourBuffer.baseAddress
          else { return }
          var x = xs.lowerBound
          let end = xs.upperBound
          while x < end {
            let index = Int(indices[x - left])
            // Indices past a short colour table draw nothing.
            if index != skip, palette[index] != 0 { out[target + x] = palette[index] }
            x += 1
          }
        }
      }
    }
  }

  func clear(_ canvas: inout [UInt32], canvasWidth: Int, canvasHeight: Int) {
    let (xs, ys) = clipped(canvasWidth, canvasHeight)
    for y in ys {
      canvas.replaceSubrange(
        y * canvasWidth + xs.lowerBound..<y * canvasWidth + xs.upperBound,
        with: repeatElement(0, count: xs.count))
    }
  }

  func copy(from canvas: [UInt32], canvasWidth: Int, canvasHeight: Int) -> [UInt32] {
    let (xs, ys) = clipped(canvasWidth, canvasHeight)
    var saved: [UInt32] = []
    saved.reserveCapacity(xs.count * ys.count)
    for y in ys {
      saved.append(contentsOf: canvas[y * canvasWidth + xs.lowerBound..<y * canvasWidth + xs.upperBound])
    }
    return saved
  }

  func paste(_ saved: [UInt32], on canvas: inout [UInt32], canvasWidth: Int, canvasHeight: Int) {
    let (xs, ys) = clipped(canvasWidth, canvasHeight)
    guard saved.count == xs.count * ys.count else { return }
    var index = 0
    for y in ys {
      canvas.replaceSubrange(
        y * canvasWidth + xs.lowerBound..<y * canvasWidth + xs.upperBound,
        with: saved[index..<index + xs.count])
      index += xs.count
    }
  }
}
