import CFFmpeg
import RefreshFit

/// A video's frames (MP4, WebM, MKV, MOV, or anything else libavformat opens, one PNG too),
/// decoded one at a time with FFmpeg and scaled to grey at the tracking size: the luma plane
/// box-averaged where the format has one, else by libswscale.
/// Times are the frames' presentation timestamps from the container, from the first frame.
public final class VideoFrameSource: ColourFrameSource {
  public let recordingWidth: Int
  public let recordingHeight: Int
  public let downscale: Int
  /// The container's duration, seconds, when it says.
  public let duration: Double?

  private var format: UnsafeMutablePointer<AVFormatContext>?
  private var codec: UnsafeMutablePointer<AVCodecContext>?
  private let stream: Int32
  private let timeBase: Double
  private var packet: UnsafeMutablePointer<AVPacket>?
  private var decoded: UnsafeMutablePointer<AVFrame>?
  private var scaler: OpaquePointer?
  private var firstTime: Double?
  private var draining = false
  private var finished = false
  private var frames = 0
  private let outWidth: Int
  private let outHeight: Int

  /// Frames whose grey came from their luma plane (`shrinkLuma`), not libswscale.
  private(set) var lumaFrames = 0

  /// Set once ``openNextImage(_:)`` has replaced the first input: each input is one image.
  private var imageFollows = false

  /// Opens `path` and its best video stream; throws when there is none or it cannot be decoded.
  /// `threads` decode at once (0: as many as FFmpeg thinks the machine has).
  public init(path: String, threads: Int32 = 0) throws(FitError) {
    guard cffmpeg_load() == 1 else {
      throw .unreadable(
        "FFmpeg's libraries (Debian's libavformat, libavcodec, libswscale, libavutil) are not installed: "
          + "install them to read videos and PNG frames")
    }
    cffmpeg_av_log_set_level(AV_LOG_QUIET)
    var context: UnsafeMutablePointer<AVFormatContext>? = nil
    guard cffmpeg_avformat_open_input(&context, path) == 0, let context else {
      throw .unreadable("it is not a video or image FFmpeg can open")
    }
    format = context
    guard cffmpeg_avformat_find_stream_info(context) >= 0 else {
      cffmpeg_avformat_close_input(&format)
      throw .unreadable("FFmpeg finds no stream information in it (truncated or corrupt)")
    }
    var decoder: UnsafePointer<AVCodec>? = nil
    let index = cffmpeg_av_find_best_stream(context, &decoder)
    guard index >= 0, let decoder, let found = context.pointee.streams[Int(index)],
      let parameters = found.pointee.codecpar
    else {
      cffmpeg_avformat_close_input(&format)
      throw .unreadable("it holds no video stream")
    }
    stream = index
    let base = found.pointee.time_base
    timeBase = base.den != 0 ? Double(base.num) / Double(base.den) : 0
    let total = context.pointee.duration
    duration = total > 0 ? Double(total) / Double(cffmpeg_time_base()) : nil
    codec = cffmpeg_avcodec_alloc_context3(decoder)
    // Frame threads, as many as the machine has (0: FFmpeg's own count): a phone's 1080×2400
    // video decodes in most of the fit's time, 11.5 s of a 60 s one on one thread.
    codec?.pointee.thread_count = threads
    guard let codec, cffmpeg_avcodec_parameters_to_context(codec, parameters) >= 0,
      cffmpeg_avcodec_open2(codec, decoder) >= 0
    else {
      cffmpeg_avcodec_free_context(&codec)
      cffmpeg_avformat_close_input(&format)
      throw .unreadable("FFmpeg cannot decode its video")
    }
    recordingWidth = Int(codec.pointee.width)
    recordingHeight = Int(codec.pointee.height)
    guard recordingWidth > 0, recordingHeight > 0 else {
      cffmpeg_avcodec_free_context(&self.codec)
      cffmpeg_avformat_close_input(&format)
      throw .unreadable("its video has no frame size (truncated or corrupt)")
    }
    downscale = FitLimits.downscale(forHeight: recordingHeight)
    outWidth = max(1, recordingWidth / downscale)
    outHeight = max(1, recordingHeight / downscale)
    packet = cffmpeg_av_packet_alloc()
    decoded = cffmpeg_av_frame_alloc()
    if let duration, duration > FitLimits.maximumDuration {
      throw .tooLong(seconds: duration, limit: FitLimits.maximumDuration)
    }
  }

  deinit {
    cffmpeg_sws_freeContext(scaler)
    cffmpeg_av_frame_free(&decoded)
    cffmpeg_av_packet_free(&packet)
    cffmpeg_avcodec_free_context(&codec)
    cffmpeg_avformat_close_input(&format)
  }

  public func nextFrame() throws(FitError) -> GreyFrame? {
    guard let frame = try nextDecoded() else { return nil }
    defer { cffmpeg_av_frame_unref(frame) }
    var pixels = [UInt8](repeating: 0, count: outWidth * outHeight)
    let scaled = pixels.withUnsafeMutableBytes { out in
      shrinkLuma(frame, to: out)
        || scale(
          frame, to: out, width: outWidth, height: outHeight, format: AV_PIX_FMT_GRAY8, bytesPerPixel: 1)
    }
    guard scaled else { throw .unreadable("libswscale cannot convert its frames") }
    return GreyFrame(time: time(of: frame), width: outWidth, height: outHeight, pixels: pixels)
  }

  /// Formats whose first plane is the frame's 8-bit luma, in the limited range (16 to 235)
  /// unless a JPEG one (true): what phones' and screen recorders' H.264 and HEVC decode to.
  private static let lumaFirst: [AVPixelFormat: Bool] = [
    AV_PIX_FMT_YUV420P: false, AV_PIX_FMT_NV12: false, AV_PIX_FMT_NV21: false, AV_PIX_FMT_YUV422P: false,
    AV_PIX_FMT_YUV444P: false, AV_PIX_FMT_YUVJ420P: true, AV_PIX_FMT_YUVJ422P: true,
    AV_PIX_FMT_YUVJ444P: true,
  ]

  /// The limited luma range stretched to the full one, as libswscale's GRAY8 has it.
  private static let fullRange: [UInt8] = (0..<256).map { y in
    UInt8(max(0, min(255, ((y - 16) * 255 + 109) / 219)))
  }

  /// `frame`'s grey at the tracking size straight from its luma plane, box-averaged
  /// (`_Downscaler`), where its format has one (`lumaFirst`); false where not. The grey a
  /// libswscale conversion gives is that plane's, and its area average a box's: a phone's
  /// minute of 1080×2400 frames spends about 1.9 s of the decoding thread here, where the
  /// conversion spent 2.4 s, and the whole fit ran about 0.6 s sooner.
  private func shrinkLuma(_ frame: UnsafeMutablePointer<AVFrame>, to out: UnsafeMutableRawBufferPointer)
    -> Bool
  {
    guard let full = Self.lumaFirst[AVPixelFormat(rawValue: frame.pointee.format)],
      let plane = frame.pointee.data.0, let target = out.baseAddress?.assumingMemoryBound(to: UInt8.self),
      Int(frame.pointee.width) / downscale == outWidth, Int(frame.pointee.height) / downscale == outHeight
    else { return false }
    // The range by the format alone, as the libswscale context this replaces took it (a yuv420p
    // frame tagged full range was stretched too): the grey levels every threshold was set on.
    let stride = Int(frame.pointee.linesize.0)
    lumaFrames += 1
    Self.fullRange.withUnsafeBufferPointer { levels in
      _Downscaler.shrink(
        plane, stride: stride, width: Int(frame.pointee.width), height: Int(frame.pointee.height),
        by: downscale,
        into: target, levels: full ? nil : levels.baseAddress)
    }
    return true
  }

  /// The next frame in colour, scaled to `width × height`, as `0xAARRGGBB` pixels row by row
  /// (what a window shows beside the fit: `--match`), or nil after the last. It advances the
  /// same stream as ``nextFrame()``: a source is read one way or the other.
  public func nextColourFrame(width: Int, height: Int) throws(FitError) -> ColourFrame? {
    guard let frame = try nextDecoded() else { return nil }
    defer { cffmpeg_av_frame_unref(frame) }
    var pixels = [UInt32](repeating: 0, count: width * height)
    let scaled = pixels.withUnsafeMutableBytes { out in
      // 0xAARRGGBB in a little-endian word is B, G, R, A in memory.
      scale(frame, to: out, width: width, height: height, format: AV_PIX_FMT_BGRA, bytesPerPixel: 4)
    }
    guard scaled else { throw .unreadable("libswscale cannot convert its frames") }
    return ColourFrame(time: time(of: frame), width: width, height: height, pixels: pixels)
  }

  /// Replaces the input with the image at `path`, read from here on by the decoder the first
  /// input opened, which must be a one-thread decoder of the same kind of image (a folder's
  /// PNG frames, each its own file). Opening each file as a stream of its own decoded every
  /// frame twice: FFmpeg decodes an image to learn its stream's size.
  public func openNextImage(_ path: String) throws(FitError) {
    cffmpeg_avformat_close_input(&format)
    var context: UnsafeMutablePointer<AVFormatContext>? = nil
    guard cffmpeg_avformat_open_input(&context, path) == 0, let context else {
      throw .unreadable("it is not an image FFmpeg can open")
    }
    format = context
    imageFollows = true
  }

  /// The next decoded frame, held until the caller unreferences it, or nil after the last.
  private func nextDecoded() throws(FitError) -> UnsafeMutablePointer<AVFrame>? {
    guard let codec, let packet, let decoded, let format else { return nil }
    while !finished {
      let received = cffmpeg_avcodec_receive_frame(codec, decoded)
      if received == 0 {
        guard
          !imageFollows
            || (decoded.pointee.width == recordingWidth && decoded.pointee.height == recordingHeight)
        else {
          cffmpeg_av_frame_unref(decoded)
          return nil
        }
        return decoded
      }
      if received == cffmpeg_error_eof() {
        finished = true
        break
      }
      guard received == cffmpeg_error_again() else {
        throw corrupt()
      }
      if draining {
        finished = true
        break
      }
      let read = cffmpeg_av_read_frame(format, packet)
      // An image is one packet and its frame: the decoder stays open for the next image.
      if read < 0 && imageFollows { return nil }
      if read < 0 {
        draining = true
        cffmpeg_avcodec_send_packet(codec, nil)
        continue
      }
      defer { cffmpeg_av_packet_unref(packet) }
      guard packet.pointee.stream_index == stream else { continue }
      let sent = cffmpeg_avcodec_send_packet(codec, packet)
      if sent < 0 && sent != cffmpeg_error_again() {
        throw corrupt()
      }
    }
    return nil
  }

  /// What a frame the decoder refused is: an image's own fault, or a video's at its number.
  private func corrupt() -> FitError {
    .unreadable(
      imageFollows
        ? "it is corrupt or not an image like the first" : "its video is corrupt at frame \(frames + 1)")
  }

  /// Scales `frame` into `out` (`width × height` pixels of `format`) with libswscale; false
  /// when libswscale cannot.
  private func scale(
    _ frame: UnsafeMutablePointer<AVFrame>, to out: UnsafeMutableRawBufferPointer, width: Int, height: Int,
    format: AVPixelFormat, bytesPerPixel: Int
  ) -> Bool {
    scaler = cffmpeg_sws_getCachedContext(
      scaler, frame.pointee.width, frame.pointee.height, AVPixelFormat(rawValue: frame.pointee.format),
      Int32(width), Int32(height), format, SWS_AREA)
    guard let scaler else { return false }
    var planes: [UnsafeMutablePointer<UInt8>?] = [
      out.baseAddress?.assumingMemoryBound(to: UInt8.self), nil, nil, nil,
    ]
    var strides: [Int32] = [Int32(width * bytesPerPixel), 0, 0, 0]
    withUnsafePointer(to: &frame.pointee.data) { data in
      withUnsafePointer(to: &frame.pointee.linesize) { lines in
        data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { src in
          lines.withMemoryRebound(to: Int32.self, capacity: 8) { srcStride in
            _ = cffmpeg_sws_scale(scaler, src, srcStride, 0, frame.pointee.height, &planes, &strides)
          }
        }
      }
    }
    return true
  }

  /// `frame`'s time from the first frame's, seconds; counts the frame.
  private func time(of frame: UnsafeMutablePointer<AVFrame>) -> Double {
    let stamp = frame.pointee.best_effort_timestamp
    let raw = stamp == cffmpeg_no_pts() ? Double(frames) / 30 : Double(stamp) * timeBase
    let start = firstTime ?? raw
    firstTime = start
    frames += 1
    return raw - start
  }
}

/// One frame of a recording in colour, for showing: its time and `0xAARRGGBB` pixels.
public struct ColourFrame: Sendable {
  /// Seconds from the recording's first frame.
  public var time: Double
  /// Width of `pixels`.
  public var width: Int
  /// Height of `pixels`.
  public var height: Int
  /// `width × height` pixels, row by row.
  public var pixels: [UInt32]
}
