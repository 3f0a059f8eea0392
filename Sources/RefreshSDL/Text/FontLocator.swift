import CSDL2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the bundled fonts without any machine path: in `$REFRESHLAB_ASSETS` when set,
/// otherwise in an `Assets` folder beside the executable or the current directory, or above
/// either (so `swift run` from a subfolder finds them), or in `share/refresh-lab/Assets` above
/// the executable (where `make install PREFIX=…` puts them beside `bin/refresh-lab`).
public enum FontLocator {
  /// The environment variable naming the assets folder.
  public static let environmentKey = "REFRESHLAB_ASSETS"

  /// Where an installed program's fonts are, from the prefix it is installed under.
  public static let installedAssets = "share/refresh-lab/Assets"

  /// The fonts' paths, or `.fontNotFound` naming where it looked.
  public static func locate() throws(SDLError) -> FontFiles {
    try locate(
      assetsDirectory: _environment(environmentKey), executableDirectory: _executableDirectory(),
      currentDirectory: _currentDirectory(), exists: _isReadable)
  }

  /// The search itself, with its inputs passed in so tests can try every case.
  public static func locate(
    assetsDirectory: String?, executableDirectory: String?, currentDirectory: String?,
    exists: (String) -> Bool
  ) throws(SDLError) -> FontFiles {
    if let assetsDirectory, !assetsDirectory.isEmpty {
      // An explicit setting is obeyed, not second-guessed by a search elsewhere.
      let files = FontFiles(assetsDirectory: assetsDirectory)
      let missing = files.all.filter { !exists($0) }
      if missing.isEmpty { return files }
      throw .fontNotFound(searched: missing.map { $0 + " (from \(environmentKey))" })
    }
    var searched: [String] = []
    for start in [executableDirectory, currentDirectory].compactMap({ $0 }) {
      var directory: String? = _trimmed(start)
      while let current = directory {
        for folder in ["Assets", installedAssets] {
          let files = FontFiles(assetsDirectory: _joined(current, folder))
          // The folder counts once its first file is there; then a missing sibling is the error.
          if exists(files.fallback) {
            let missing = files.all.filter { !exists($0) }
            if missing.isEmpty { return files }
            throw .fontNotFound(searched: missing)
          }
        }
        directory = _parent(of: current)
      }
      searched.append(
        _joined(_joined(_trimmed(start), "Assets"), FontFiles.fallbackName) + " and above")
    }
    throw .fontNotFound(searched: searched)
  }

  private static func _joined(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  private static func _trimmed(_ directory: String) -> String {
    var result = directory
    while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
    return result
  }

  private static func _parent(of directory: String) -> String? {
    guard directory != "/", let slash = directory.lastIndex(of: "/") else { return nil }
    return slash == directory.startIndex ? "/" : String(directory[..<slash])
  }

  private static func _environment(_ key: String) -> String? {
    getenv(key).map { String(cString: $0) }
  }

  private static func _executableDirectory() -> String? {
    guard let base = SDL_GetBasePath() else { return nil }
    defer { SDL_free(base) }
    return String(cString: base)
  }

  private static func _currentDirectory() -> String? {
    guard let path = getcwd(nil, 0) else { return nil }
    defer { free(path) }
    return String(cString: path)
  }

  private static func _isReadable(_ path: String) -> Bool {
    access(path, R_OK) == 0
  }
}
