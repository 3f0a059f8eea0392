import CGIF

/// A GIF decoded with giflib and composited as the GIF89a specification and browsers do: each
/// frame drawn at its offset over what the previous frames left (its transparent index showing
/// them through), from its local colour table or the global one, interlaced rows put in place,
/// then disposed of as its graphic control extension says: left (none, 0 and 1), cleared to
/// transparent (background, 2) or put back as it was before the frame (previous, 3). The canvas
/// starts transparent, as in browsers (the background colour is not painted).
///
/// One row of a frame's indices, the canvas and, for disposal "previous", the part a frame
/// covers, are all it holds: each composed frame goes to the caller as it is made, so a GIF of many large
/// frames costs its canvas, not its frame count.
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
    guard bytes.count >= 6,
      bytes[0..<6].elementsEqual("GIF87a".utf8) || bytes[0..<6].elementsEqual("GIF89a".utf8)
    else { throw .malformed(kind: "GIF", detail: "no GIF87a or GIF89a signature") }
    guard bytes.count >= 13 else {
      throw .malformed(kind: "GIF", detail: "it ends inside the screen descriptor")
    }
    width = Int(bytes[6]) | Int(bytes[7]) << 8
    height = Int(bytes[8]) | Int(bytes[9]) << 8
    guard width > 0, height > 0 else {
      throw .malformed(kind: "GIF", detail: "a \(width) × \(height) px canvas")
    }
    guard width * height <= HeaderAnimationLimits.canvasPixels else {
      throw .canvasTooLarge(width: width, height: height, limit: HeaderAnimationLimits.canvasPixels)
    }
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
  /// inside a frame (common in the wild) ends with the rows that frame had; an error before
  /// any frame is whole is thrown. Returns the number of frames.
  @discardableResult
  public func decode(_ body: (Frame) throws(HeaderAnimationError) -> Void)
    throws(HeaderAnimationError) -> Int
  {
    let input = _GIFInput(bytes)
    var error: Int32 = 0
    guard let file = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), _gifRead, &error) else {
      throw .malformed(kind: "GIF", detail: Self.reason(error))
    }
    defer {
      DGifCloseFile(file, &error)
      withExtendedLifetime(input) {}
    }
    var canvas = [UInt32](repeating: 0, count: width * height)
    var saved: [UInt32] = []
    var line: [UInt8] = []
    var control = _GraphicControl()
    var frames = 0
    let global = Self.palette(file.pointee.SColorMap)
    records: while true {
      var record = UNDEFINED_RECORD_TYPE
      guard DGifGetRecordType(file, &record) == GIF_OK else {
        if frames > 0 { break records }  // Bytes after the last frame that are no record.
        throw .malformed(kind: "GIF", detail: Self.reason(file.pointee.Error))
      }
      switch record {
      case IMAGE_DESC_RECORD_TYPE:
        guard DGifGetImageDesc(file) == GIF_OK else {
          if frames > 0 { break records }
          throw .malformed(kind: "GIF", detail: Self.reason(file.pointee.Error))
        }
        let image = file.pointee.Image
        let area = _FrameArea(
          left: Int(image.Left), top: Int(image.Top), width: Int(image.Width),
          height: Int(image.Height))
        guard area.width > 0, area.height > 0 else {
          throw .malformed(kind: "GIF", detail: "frame \(frames + 1) has no pixels")
        }
        let composited = (frames + 1) * width * height
        guard composited <= HeaderAnimationLimits.compositedPixels else {
          throw .compositing(
            frames: frames + 1, width: width, height: height,
            limit: HeaderAnimationLimits.compositedPixels / (width * height))
        }
        // Decoding a frame costs its own pixels, whatever part of it lies on the canvas.
        guard area.width * area.height <= HeaderAnimationLimits.canvasPixels else {
          throw .malformed(
            kind: "GIF",
            detail: "frame \(frames + 1) is \(area.width) × \(area.height) px, over "
              + "\(HeaderAnimationLimits.canvasPixels) px")
        }
        let colours = image.ColorMap.map { Self.palette($0) } ?? global
        if control.disposal == 3 {
          saved = area.copy(from: canvas, canvasWidth: width, canvasHeight: height)
        }
        // Each row is drawn as it is read, in the order the file holds them (an interlaced
        // frame's four passes); rows not read (a file ending inside the frame) show what was
        // under them.
        line = [UInt8](repeating: 0, count: area.width)
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
        guard rowsRead > 0 || frames == 0 else { break records }
        try canvas.withUnsafeBufferPointer { buffer throws(HeaderAnimationError) in
          try body(Frame(pixels: buffer, delay: control.delay, index: frames))
        }
        frames += 1
        guard complete else { break records }
        switch control.disposal {
        case 2: area.clear(&canvas, canvasWidth: width, canvasHeight: height)
        case 3: area.paste(saved, on: &canvas, canvasWidth: width, canvasHeight: height)
        default: break
        }
        control = _GraphicControl()
      case EXTENSION_RECORD_TYPE:
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(file, &code, &block) == GIF_OK else {
          if frames > 0 { break records }
          throw .malformed(kind: "GIF", detail: Self.reason(file.pointee.Error))
        }
        if code == GRAPHICS_EXT_FUNC_CODE, let block { control = _GraphicControl(block) }
        while block != nil {
          guard DGifGetExtensionNext(file, &block) == GIF_OK else {
            if frames > 0 { break records }
            throw .malformed(kind: "GIF", detail: Self.reason(file.pointee.Error))
          }
        }
      case TERMINATE_RECORD_TYPE:
        break records
      default:
        break records
      }
    }
    guard frames > 0 else { throw .noFrames }
    return frames
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

  init() {}

  /// From the extension's first block (its length byte first).
  init(_ block: UnsafeMutablePointer<GifByteType>) {
    guard block[0] >= 4 else { return }
    let packed = block[1]
    disposal = Int(packed >> 2) & 7
    transparent = packed & 1 != 0 ? Int(block[4]) : nil
    let hundredths = Int(block[2]) | Int(block[3]) << 8
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
  /// (`within`, the frame's part of the canvas, worked out once per frame).
  func draw(
    _ line: [UInt8], row: Int, colours: [UInt32], transparent: Int?,
    on canvas: inout [UInt32], canvasWidth: Int, within part: (x: Range<Int>, y: Range<Int>)
  ) {
    let (xs, ys) = part
    let y = top + row
    guard ys.contains(y) else { return }
    let skip = transparent ?? -1
    let target = y * canvasWidth
    for x in xs {
      let index = Int(line[x - left])
      guard index != skip else { continue }
      let colour = colours[index]
      // Indices past a short colour table draw nothing.
      if colour != 0 { canvas[target + x] = colour }
    }
  }

  func clear(_ canvas: inout [UInt32], canvasWidth: Int, canvasHeight: Int) {
    let (xs, ys) = clipped(canvasWidth, canvasHeight)
    for y in ys { for x in xs { canvas[y * canvasWidth + x] = 0 } }
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
      for x in xs {
        canvas[y * canvasWidth + x] = saved[index]
        index += 1
      }
    }
  }
}
