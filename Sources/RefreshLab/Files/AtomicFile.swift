import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that a reader sees either the old bytes or the new ones, never a mix: the
/// data goes to a temporary file in the same folder (so the rename cannot cross file systems),
/// is flushed, and then renamed over the target. A failure (a full disk, a file-size limit, a
/// vanished folder) leaves the target untouched and no temporary file behind.
public enum AtomicFile {
  /// Replaces `path` with `data`, or throws `.unwritableFile` naming `path`.
  public static func write(_ data: Data, to path: String) throws(LabError) {
    let temporary = temporaryPath(for: path)
    let file = try OutputFile(creating: temporary, for: path)
    do throws(LabError) {
      try file.write(data)
      try file.close()
    } catch {
      _ = unlink(temporary)
      throw error
    }
    try commit(temporary, to: path)
  }

  /// A fresh name beside `path`: hidden, and unique to this process and moment.
  static func temporaryPath(for path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let stamp = UInt64(Date().timeIntervalSince1970 * 1_000_000)
    return folder + ".\(name).\(getpid()).\(stamp).tmp"
  }

  /// Renames the flushed `temporary` to `path`; on failure removes it.
  static func commit(_ temporary: String, to path: String) throws(LabError) {
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      _ = unlink(temporary)
      throw .unwritableFile(path: path, reason: reason)
    }
  }
}

/// A new file written with plain system calls, so every failure carries the operating system's
/// reason ("File too large", "No space left on device") and names the file the user asked for.
final class OutputFile {
  /// The file the user named, for messages; the bytes go to the one opened.
  let target: String
  private var descriptor: Int32

  /// Creates (or empties) `path`, for writing `target`.
  init(creating path: String, for target: String) throws(LabError) {
    self.target = target
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw OutputFile.failure(target) }
  }

  deinit {
    if descriptor >= 0 { _ = _systemClose(descriptor) }
  }

  /// Appends `data`, however many calls the system needs.
  func write(_ data: Data) throws(LabError) {
    let failed = data.withUnsafeBytes { buffer -> Bool in
      var offset = 0
      while offset < buffer.count {
        let count = _systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return true
        }
        offset += count
      }
      return false
    }
    if failed { throw Self.failure(target) }
  }

  /// Flushes the bytes to the disk and closes the file. Without the flush a crash right after
  /// the rename could leave an empty file behind.
  func close() throws(LabError) {
    let synced = fsync(descriptor) == 0
    let reason = synced ? nil : String(cString: strerror(errno))
    let closed = _systemClose(descriptor) == 0
    descriptor = -1
    if let reason { throw .unwritableFile(path: target, reason: reason) }
    if !closed { throw Self.failure(target) }
  }

  private static func failure(_ target: String) -> LabError {
    .unwritableFile(path: target, reason: String(cString: strerror(errno)))
  }
}

// The system calls under their own names: inside `OutputFile`, `write` and `close` are its methods.
private func _systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
private func _systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
