import Foundation

/// Writes files so that a reader sees either the old bytes or the new ones, never a mix: the
/// data goes to a temporary file in the same folder (so the rename cannot cross file systems),
/// is flushed, and then renamed over the target. A failure leaves the target untouched.
public enum AtomicFile {
  /// Replaces `path` with `data`, or throws `.unwritableFile` naming `path`.
  public static func write(_ data: Data, to path: String) throws(LabError) {
    let temporary = temporaryPath(for: path)
    do {
      try data.write(to: URL(fileURLWithPath: temporary))
      try commit(temporary, to: path)
    } catch let error as LabError {
      throw error
    } catch {
      _ = unlink(temporary)
      throw .unwritableFile(path: path, reason: reason(of: error))
    }
  }

  /// A fresh name beside `path`: hidden, and unique to this process and moment.
  static func temporaryPath(for path: String) -> String {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    let stamp = UInt64(Date().timeIntervalSince1970 * 1_000_000)
    let name = ".\(url.lastPathComponent).\(getpid()).\(stamp).tmp"
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// Flushes `temporary` to disk and renames it to `path`; on failure removes it.
  static func commit(_ temporary: String, to path: String) throws(LabError) {
    let descriptor = open(temporary, O_RDONLY)
    if descriptor >= 0 {
      // Without the flush a crash right after the rename could leave an empty file behind.
      _ = fsync(descriptor)
      _ = close(descriptor)
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      _ = unlink(temporary)
      throw .unwritableFile(path: path, reason: reason)
    }
  }

  /// The operating system's words for a Foundation file error, without Cocoa's prose.
  static func reason(of error: any Error) -> String {
    let error = error as NSError
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
    return error.localizedDescription
  }
}
