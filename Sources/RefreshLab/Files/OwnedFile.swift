import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a file is the person's to overwrite: a tuning opened from a file a repository
/// tracks (README's `docs/tunings/two-level.json`) or from a read-only one is saved into the
/// data folder instead, never into the checkout.
enum OwnedFile {
  /// Why a file is not the person's to overwrite.
  enum Reason: Sendable, Equatable {
    /// A git repository tracks it.
    case tracked
    /// Its mode gives no one write permission.
    case readOnly
  }

  /// Why `path` must not be overwritten, or nil when it may.
  static func reasonNotToWrite(_ path: String) -> Reason? {
    if isReadOnly(path) { return .readOnly }
    let url = URL(fileURLWithPath: path).standardizedFileURL
    let folder = url.deletingLastPathComponent()
    guard isInsideARepository(folder) else { return nil }
    return isTracked(name: url.lastPathComponent, in: folder.path) ? .tracked : nil
  }

  /// Whether the file at `path` exists and its mode gives no one write permission (`chmod a-w`,
  /// a read-only checkout): read from its mode bits, not access(2), so that the person's "do not
  /// write this" holds for root as well.
  private static func isReadOnly(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    return status.st_mode & 0o222 == 0
  }

  /// Whether `folder` or one above it holds a `.git`.
  private static func isInsideARepository(_ folder: URL) -> Bool {
    var current = folder
    while true {
      if FileManager.default.fileExists(atPath: current.appendingPathComponent(".git").path) {
        return true
      }
      let parent = current.deletingLastPathComponent()
      if parent.path == current.path { return false }
      current = parent
    }
  }

  /// Whether git tracks `name` in `folder`; where git cannot be asked (not installed, or it
  /// does not end within a few seconds), a file inside a repository counts as tracked.
  private static func isTracked(name: String, in folder: String) -> Bool {
    // posix_spawn rather than Foundation's Process, which would bring all of Foundation and its
    // ICU libraries into the program (it has FoundationEssentials only).
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let arguments = ["git", "-C", folder, "ls-files", "--error-unmatch", "--", name]
    var pointers = arguments.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, "git", &actions, nil, &pointers, environ) == 0 else { return true }
    let deadline = Date().addingTimeInterval(5)
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
      guard Date() < deadline else {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return true
      }
      usleep(10_000)
    }
    // 0: tracked; 1: not tracked; anything else (127: no git): git could not answer.
    let exited = status & 0x7f == 0
    return !(exited && (status >> 8) & 0xff == 1)
  }
}
