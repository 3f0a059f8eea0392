import Foundation

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
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git", "-C", folder, "ls-files", "--error-unmatch", "--", name]
    git.standardOutput = FileHandle.nullDevice
    git.standardError = FileHandle.nullDevice
    do { try git.run() } catch { return true }
    let deadline = Date().addingTimeInterval(5)
    while git.isRunning && Date() < deadline { usleep(10_000) }
    if git.isRunning {
      git.terminate()
      return true
    }
    // 0: tracked; 1: not tracked; 127 and others: git could not answer.
    return git.terminationStatus != 1
  }
}
