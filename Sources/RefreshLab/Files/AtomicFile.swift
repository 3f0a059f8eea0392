import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that a reader sees either the old bytes or the new ones, never a mix, and
/// so that what the person owns survives the write.
///
/// A path that is a symbolic link is followed to the file it names: the data goes to a
/// temporary file in that file's folder (so the rename cannot cross file systems), is flushed,
/// takes the replaced file's mode and owner, and is renamed over it, so the link stays a link and
/// a 0600 file stays 0600. A failure (a full disk, a file-size limit, a vanished folder) leaves
/// the target untouched and no temporary file behind, and names the file the user gave, never
/// the temporary one.
public enum AtomicFile {
  /// Replaces `path` (or the file it links to) with `data`, or throws `.unwritableFile`.
  public static func write(_ data: Data, to path: String) throws(LabError) {
    let file = try PendingFile(replacing: path)
    try file.write(data)
    try file.commit()
  }

  /// The file `path` names once symbolic links are followed (the last one may name a file that
  /// does not exist yet), from the root: what a message calls the real file, so that
  /// `shot.png` reads as `/ro/shot.png`. Fails only on a loop of links.
  static func resolvedPath(of path: String) throws(LabError) -> String {
    var current = absolute(path)
    // Linux's own limit on links followed in one lookup.
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { return current }
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = target.hasPrefix("/") ? target : folder(of: current) + target
    }
    throw .unwritableFile(path: path, reason: String(cString: strerror(ELOOP)))
  }

  /// `path` from the root: relative ones are put after the current folder.
  static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/"), let folder = currentFolder() else { return path }
    return folder.hasSuffix("/") ? folder + path : folder + "/" + path
  }

  private static func currentFolder() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The folder part of `path` with its trailing slash, "" for a bare name.
  static func folder(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
  }

  /// A fresh name beside `path`: hidden, and unique to this process and moment.
  static func temporaryPath(for path: String) -> String {
    let folder = folder(of: path)
    let name = String(path.dropFirst(folder.count))
    let stamp = UInt64(Date().timeIntervalSince1970 * 1_000_000)
    return folder + ".\(name).\(getpid()).\(stamp).tmp"
  }

  /// Why a call on `real` just failed, for a message about `path`: the system's reason, after
  /// the real file's name when a link led there.
  static func reason(_ code: Int32, path: String, real: String) -> String {
    let text = String(cString: strerror(code))
    return real == path ? text : "\(real): \(text)"
  }
}

/// A file being written in place of another: bytes go to a temporary file beside the real
/// target until `commit()` renames it over; dropped without a commit, it leaves nothing behind.
final class PendingFile {
  /// The file the user named, for messages.
  let path: String
  /// The file replaced: `path` with symbolic links followed.
  let real: String
  private let temporary: String
  private var descriptor: Int32
  private var isCommitted = false

  /// Opens a temporary file for replacing `path`, or throws naming `path`.
  init(replacing path: String) throws(LabError) {
    self.path = path
    real = try AtomicFile.resolvedPath(of: path)
    temporary = AtomicFile.temporaryPath(for: real)
    // 0666 less the umask, as any new file; `commit` copies a replaced file's own mode.
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw failure(errno) }
  }

  deinit {
    if descriptor >= 0 { _ = _systemClose(descriptor) }
    if !isCommitted { _ = unlink(temporary) }
  }

  /// Appends `data`, however many calls the system needs.
  func write(_ data: Data) throws(LabError) {
    let code = data.withUnsafeBytes { buffer -> Int32 in
      var offset = 0
      while offset < buffer.count {
        let count = _systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += count
      }
      return 0
    }
    if code != 0 { throw failure(code) }
  }

  /// Gives the temporary file the replaced file's mode and owner, flushes it to the disk (a
  /// crash right after the rename would otherwise leave an empty file) and renames it over.
  func commit() throws(LabError) {
    keepOwnership()
    let synced = fsync(descriptor) == 0 ? 0 : errno
    let closed = _systemClose(descriptor) == 0 ? 0 : errno
    descriptor = -1
    if synced != 0 { throw failure(synced) }
    if closed != 0 { throw failure(closed) }
    guard rename(temporary, real) == 0 else { throw failure(errno) }
    isCommitted = true
  }

  /// Copies the mode (a private 0600 stays private) and the owner of the file being replaced.
  /// Only root may give a file away, so an owner that cannot be kept is left as the writer's,
  /// as any editor's save would.
  private func keepOwnership() {
    var status = stat()
    guard stat(real, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
    // The owner first: a change of owner clears set-id bits that the mode then restores.
    if fchown(descriptor, status.st_uid, status.st_gid) != 0 {
      _ = fchown(descriptor, uid_t.max, status.st_gid)
    }
    _ = fchmod(descriptor, status.st_mode & 0o7777)
  }

  private func failure(_ code: Int32) -> LabError {
    .unwritableFile(path: path, reason: AtomicFile.reason(code, path: path, real: real))
  }
}

// The system calls under their own names: inside `PendingFile`, `write` is its method.
private func _systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
private func _systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
