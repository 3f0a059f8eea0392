import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder the window's keys write into (E exports, R recordings, Ctrl+S without
/// `--tuning`): `--output-dir`, else the XDG data folder, so a run started inside a checkout
/// leaves no files there.
struct OutputFolder: Sendable, Equatable {
  /// The folder; nil for the current one (options built by a test or a host, not the CLI).
  var path: String?
  /// Whether `--output-dir` named it: then it must exist at start; the standard one is made
  /// at the first write.
  var isChosen = false

  /// The name of the app's folder inside the XDG data folder.
  static let appName = "refresh-lab"

  /// `$XDG_DATA_HOME/refresh-lab`, or `~/.local/share/refresh-lab` when that is unset or not
  /// absolute (the XDG Base Directory rule); nil without a home either.
  static func standard(environment: [String: String]) -> String? {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return joined(data, appName)
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return joined(home, ".local/share/" + appName)
  }

  /// The file `name` in this folder.
  func file(_ name: String) -> String {
    path.map { Self.joined($0, name) } ?? name
  }

  /// Makes the folder, and the ones above it, if missing: private (0700), as XDG asks of the
  /// data folders it creates.
  func create() throws(LabError) {
    guard let path else { return }
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/") {
      prefix += part
      if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
        throw .unwritableFile(path: path, reason: AtomicFile.reason(errno, path: path, real: prefix))
      }
      prefix += "/"
    }
  }

  private static func joined(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
