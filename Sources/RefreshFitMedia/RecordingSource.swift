import Foundation
import RefreshFit

/// Opens a recording by what it is: a folder of PNG frames, a GIF (by its signature), or
/// anything else FFmpeg reads as a video.
public enum RecordingSource {
  /// The source for `path`; `fps` times a folder's frames.
  public static func open(_ path: String, fps: Double?) throws(FitError) -> any FrameSource {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw .unreadable("no such file or folder")
    }
    if isFolder.boolValue { return try FolderFrameSource(folder: path, fps: fps) }
    guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable("it cannot be read") }
    let head = (try? handle.read(upToCount: 6)) ?? Data()
    try? handle.close()
    guard !head.isEmpty else { throw .unreadable("it is empty (0 bytes)") }
    if head.starts(with: Array("GIF8".utf8)) { return try GIFFrameSource(path: path) }
    return try VideoFrameSource(path: path)
  }
}
