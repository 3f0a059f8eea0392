import CFFmpeg
import RefreshFit

/// A video's frames (MP4, WebM, MKV, MOV, or anything else libavformat opens, one PNG too),
/// decoded one at a time with FFmpeg and scaled to grey at the tracking size by libswscale.
/// Times are the frames' presentation timestamps from the container, from the first frame.
public final class VideoFrameSource: FrameSource {
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

  /// Opens `path` and its best video stream; throws when there is none or it cannot be decoded.
  public init(path: String) throws(FitError) {
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
    guard let codec, let packet, let decoded, let format else { return nil }
    while !finished {
      let received = cffmpeg_avcodec_receive_frame(codec, decoded)
      if received == 0 { return try convert(decoded) }
      if received == cffmpeg_error_eof() {
        finished = true
        break
      }
      guard received == cffmpeg_error_again() else {
        throw .unreadable("its video is corrupt at frame \(frames + 1)")
      }
      if draining {
        finished = true
        break
      }
      let read = cffmpeg_av_read_frame(format, packet)
      if read < 0 {
        draining = true
        cffmpeg_avcodec_send_packet(codec, nil)
        continue
      }
      defer { cffmpeg_av_packet_unref(packet) }
      guard packet.pointee.stream_index == stream else { continue }
      let sent = cffmpeg_avcodec_send_packet(codec, packet)
      if sent < 0 && sent != cffmpeg_error_again() {
        throw .unreadable("its video is corrupt at frame \(frames + 1)")
      }
    }
    return nil
  }

  private func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws(FitError) -> GreyFrame {
    scaler = cffmpeg_sws_getCachedContext(
      scaler, frame.pointee.width, frame.pointee.height, AVPixelFormat(rawValue: frame.pointee.format),
      Int32(outWidth), Int32(outHeight), AV_PIX_FMT_GRAY8, SWS_AREA)
    guard let scaler else { throw .unreadable("libswscale cannot convert its frames") }
    var pixels = [UInt8](repeating: 0, count: outWidth * outHeight)
    pixels.withUnsafeMutableBufferPointer { out in
      var planes: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress, nil, nil, nil]
      var strides: [Int32] = [Int32(outWidth), 0, 0, 0]
      withUnsafePointer(to: &frame.pointee.data) { data in
        withUnsafePointer(to: &frame.pointee.linesize) { lines in
          data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { src in
            lines.withMemoryRebound(to: Int32.self, capacity: 8) { srcStride in
              _ = cffmpeg_sws_scale(scaler, src, srcStride, 0, frame.pointee.height, &planes, &strides)
            }
          }
        }
      }
    }
    let stamp = frame.pointee.best_effort_timestamp
    let raw = stamp == cffmpeg_no_pts() ? Double(frames) / 30 : Double(stamp) * timeBase
    let start = firstTime ?? raw
    firstTime = start
    frames += 1
    cffmpeg_av_frame_unref(frame)
    return GreyFrame(time: raw - start, width: outWidth, height: outHeight, pixels: pixels)
  }
}
