import RefreshFit

#if canImport(Glibc)
  import Glibc
#endif

/// Opens a recording by what it is: a folder of PNG frames, a GIF (by its signature), or
/// anything else FFmpeg reads as a video.
public enum RecordingSource {
  /// The source for `path`; `fps` times a folder's frames.
  public static func open(_ path: String, fps: Double?) throws(FitError) -> any FrameSource {
    // The C library's stat and read: full Foundation (which FileHandle needs here) would link
    // ICU's data into the program.
    var status = stat()
    guard stat(path, &status) == 0 else { throw .unreadable("no such file or folder") }
    if status.st_mode & S_IFMT == S_IFDIR { return try FolderFrameSource(folder: path, fps: fps) }
    let descriptor = Glibc.open(path, O_RDONLY)
    guard descriptor >= 0 else { throw .unreadable("it cannot be read") }
    var head = [UInt8](repeating: 0, count: 6)
    let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 6) }
    close(descriptor)
    head = Array(head.prefix(max(0, count)))
    guard !head.isEmpty else { throw .unreadable("it is empty (0 bytes)") }
    if head.starts(with: Array("GIF8".utf8)) { return try GIFFrameSource(path: path) }
    return try VideoFrameSource(path: path)
  }
}

/// A source that also hands its frames in colour, for showing beside the fit (`--match`):
/// videos and folders of PNG frames, which FFmpeg decodes. A GIF is shown by the window's own
/// GIF decoder.
public protocol ColourFrameSource: FrameSource {
  /// The next frame in colour, scaled to `width × height`, or nil after the last. It advances
  /// the same stream as `nextFrame()`: a source is read one way or the other.
  mutating func nextColourFrame(width: Int, height: Int) throws(FitError) -> ColourFrame?
}
