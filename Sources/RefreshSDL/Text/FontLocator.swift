import CSDL2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the bundled label font without any machine path: `$REFRESHLAB_ASSETS` when set,
/// otherwise an `Assets` folder beside the executable or the current directory, or above either
/// (so both an installed binary and `swift run` from any subfolder find it).
public enum FontLocator {
  /// The font's file name inside `Assets/`.
  public static let fileName = "DroidSansFallbackFull.ttf"
  /// The environment variable naming the assets folder.
  public static let environmentKey = "REFRESHLAB_ASSETS"

  /// The font's path, or `.fontNotFound` naming where it looked.
  public static func locate() throws(SDLError) -> String {
    try locate(
      assetsDirectory: _environment(environmentKey), executableDirectory: _executableDirectory(),
      currentDirectory: _currentDirectory(), exists: _isReadable)
  }

  /// The search itself, with its inputs passed in so tests can try every case.
  public static func locate(
    assetsDirectory: String?, executableDirectory: String?, currentDirectory: String?,
    exists: (String) -> Bool
  ) throws(SDLError) -> String {
    if let assetsDirectory, !assetsDirectory.isEmpty {
      // An explicit setting is obeyed, not second-guessed by a search elsewhere.
      let path = _joined(assetsDirectory, fileName)
      if exists(path) { return path }
      throw .fontNotFound(searched: [path + " (from \(environmentKey))"])
    }
    var searched: [String] = []
    for start in [executableDirectory, currentDirectory].compactMap({ $0 }) {
      var directory = _trimmed(start)
      while true {
        let path = _joined(_joined(directory, "Assets"), fileName)
        if exists(path) { return path }
        guard let parent = _parent(of: directory) else { break }
        directory = parent
      }
      searched.append(_joined(_joined(_trimmed(start), "Assets"), fileName) + " and above")
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
