#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FontLocator {
  /// The resource bundle of RefreshSDLFonts (which holds the fonts), as SwiftPM names it.
  static let _bundleName = "RefreshLab_RefreshSDLFonts.resources"

  /// The `Fonts` folder of the fonts' resource bundle, which SwiftPM builds beside every
  /// program that depends on RefreshSDL; nil where the bundle is not beside the program (one
  /// installed alone, which finds its fonts in `share/refresh-lab/Assets`). Looked up without
  /// Foundation's `Bundle.module` (see `Sources/RefreshSDLFonts`), where it looked first.
  static func _bundledFonts() -> String? {
    guard let executable = _executableDirectory() else { return nil }
    let fonts = _joined(_joined(executable, _bundleName), "Fonts")
    return _isReadable(fonts) ? fonts : nil
  }

  /// The font file fontconfig matches to `pattern` (`fc-match`), or nil without fontconfig or
  /// an answer within two seconds.
  static func _fontconfigMatch(_ pattern: String) -> String? {
    // Its answer goes to a file, read once it has ended: a pipe could hold the caller forever.
    let folder = _environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array(_joined(folder, "refreshlab-fc-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    defer {
      close(descriptor)
      template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }
    // posix_spawn rather than Foundation's Process, so RefreshSDL needs no Foundation.
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, descriptor, 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let arguments = ["fc-match", "-f", "%{file}", pattern]
    var pointers = arguments.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, "fc-match", &actions, nil, &pointers, environ) == 0 else { return nil }
    let deadline = _monotonicSeconds() + 2
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
      guard _monotonicSeconds() < deadline else {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
      }
      usleep(5_000)
    }
    // Exited, with status 0.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count))
      }
      guard count > 0 else { break }
      bytes += chunk[..<count]
    }
    let path = String(decoding: bytes, as: UTF8.self)
      .drop { $0.isWhitespace || $0.isNewline }
      .reversed().drop { $0.isWhitespace || $0.isNewline }.reversed()
    return path.first == "/" ? String(path) : nil
  }

  private static func _monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
