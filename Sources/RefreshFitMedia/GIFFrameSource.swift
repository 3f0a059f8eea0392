import CGIF
import RefreshFit

/// An animated GIF's frames, read from the file one at a time with giflib and composited as
/// browsers do (each frame over what the last left, its transparent index showing that through,
/// then disposed of as its graphic control extension says), in grey. Times add up the delays
/// (a delay under 0.02 s shows for 0.1 s, as in browsers).
public final class GIFFrameSource: FrameSource {
  public let recordingWidth: Int
  public let recordingHeight: Int
  public let downscale: Int
  private let file: UnsafeMutablePointer<GifFileType>
  private var canvas: [UInt8]
  private var time = 0.0
  private var index = 0
  private var delay = 0.1
  private var transparent = -1
  private var disposal = 0
  private let path: String

  /// Opens `path`; throws when it is no GIF.
  public init(path: String) throws(FitError) {
    self.path = path
    var error: Int32 = 0
    guard let file = DGifOpenFileName(path, &error) else {
      throw .unreadable(
        error == 0 ? "it ends inside its GIF header (truncated)" : "it is not a GIF (\(Self.reason(error)))")
    }
    self.file = file
    recordingWidth = Int(file.pointee.SWidth)
    recordingHeight = Int(file.pointee.SHeight)
    guard recordingWidth > 0, recordingHeight > 0, recordingWidth * recordingHeight <= 40_000_000 else {
      DGifCloseFile(file, &error)
      throw .unreadable("its canvas is \(recordingWidth)×\(recordingHeight) px")
    }
    downscale = FitLimits.downscale(forHeight: recordingHeight)
    canvas = [UInt8](repeating: 255, count: recordingWidth * recordingHeight)
  }

  deinit {
    var error: Int32 = 0
    DGifCloseFile(file, &error)
  }

  static func reason(_ code: Int32) -> String {
    guard let text = GifErrorString(code) else { return "giflib error \(code)" }
    return String(cString: text).lowercased()
  }

  public func nextFrame() throws(FitError) -> GreyFrame? {
    while true {
      var record = UNDEFINED_RECORD_TYPE
      guard DGifGetRecordType(file, &record) == GIF_OK else {
        throw .unreadable(
          "it is truncated or corrupt after frame \(index) (\(Self.reason(file.pointee.Error)))")
      }
      switch record {
      case EXTENSION_RECORD_TYPE:
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(file, &code, &block) == GIF_OK else {
          throw .unreadable(
            "it is truncated or corrupt in frame \(index + 1) (\(Self.reason(file.pointee.Error)))")
        }
        if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
          let packed = block[1]
          disposal = Int((packed >> 2) & 7)
          let centiseconds = Int(block[2]) | Int(block[3]) << 8
          delay = centiseconds < 2 ? 0.1 : Double(centiseconds) / 100
          transparent = packed & 1 == 1 ? Int(block[4]) : -1
        }
        while block != nil {
          guard DGifGetExtensionNext(file, &block) == GIF_OK else {
            throw .unreadable(
              "it is truncated or corrupt in frame \(index + 1) (\(Self.reason(file.pointee.Error)))")
          }
        }
      case IMAGE_DESC_RECORD_TYPE:
        return try readImage()
      case TERMINATE_RECORD_TYPE:
        return nil
      default:
        continue
      }
    }
  }

  private func readImage() throws(FitError) -> GreyFrame {
    guard DGifGetImageDesc(file) == GIF_OK else {
      throw .unreadable(
        "it is truncated or corrupt in frame \(index + 1) (\(Self.reason(file.pointee.Error)))")
    }
    let image = file.pointee.Image
    let left = Int(image.Left)
    let top = Int(image.Top)
    let w = Int(image.Width)
    let h = Int(image.Height)
    guard w > 0, h > 0, w * h <= 40_000_000 else { throw .unreadable("frame \(index + 1) is \(w)×\(h) px") }
    guard let map = image.ColorMap ?? file.pointee.SColorMap else {
      throw .unreadable("frame \(index + 1) has no colour table")
    }
    var greys = [UInt8](repeating: 0, count: 256)
    for i in 0..<Int(map.pointee.ColorCount) {
      let c = map.pointee.Colors[i]
      greys[i] = _Downscaler.luma(c.Red, c.Green, c.Blue)
    }
    let saved = disposal == 3 ? canvas : []
    var line = [UInt8](repeating: 0, count: w)
    let rows: [Int] =
      image.Interlace
      ? [
        stride(from: 0, to: h, by: 8), stride(from: 4, to: h, by: 8), stride(from: 2, to: h, by: 4),
        stride(from: 1, to: h, by: 2),
      ]
      .flatMap { Array($0) }
      : Array(0..<h)
    for row in rows {
      let ok = line.withUnsafeMutableBufferPointer { DGifGetLine(file, $0.baseAddress, Int32(w)) == GIF_OK }
      guard ok else {
        throw .unreadable(
          "it is truncated or corrupt in frame \(index + 1) (\(Self.reason(file.pointee.Error)))")
      }
      let y = top + row
      guard y >= 0, y < recordingHeight else { continue }
      // Through buffers: a debug build's checked subscripts made this loop most of a fit's time.
      let first = max(0, -left)
      let end = min(w, recordingWidth - left)
      guard first < end else { continue }
      let base = y * recordingWidth + left
      let clear = transparent
      canvas.withUnsafeMutableBufferPointer { outBuffer in
        line.withUnsafeBufferPointer { indicesBuffer in
          greys.withUnsafeBufferPointer { greyBuffer in
            guard let out = outBuffer.baseAddress, let indices = indicesBuffer.baseAddress,
              let grey = greyBuffer.baseAddress
            else { return }
            var x = first
            while x < end {
              let index = Int(indices[x])
              if index != clear { out[base + x] = grey[index] }
              x += 1
            }
          }
        }
      }
    }
    let shown = _Downscaler.shrink(canvas, width: recordingWidth, height: recordingHeight, by: downscale)
    let frame = GreyFrame(time: time, width: shown.width, height: shown.height, pixels: shown.pixels)
    time += delay
    index += 1
    if disposal == 2 {
      for y in max(0, top)..<min(recordingHeight, top + h) {
        for x in max(0, left)..<min(recordingWidth, left + w) { canvas[y * recordingWidth + x] = 255 }
      }
    } else if disposal == 3 {
      canvas = saved
    }
    disposal = 0
    transparent = -1
    delay = 0.1
    return frame
  }
}
