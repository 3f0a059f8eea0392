import CSDL2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the fonts without any machine path: in `$REFRESHLAB_ASSETS` when set, otherwise in
/// this package's fonts resource bundle (RefreshSDLFonts', built beside every program that
/// depends on RefreshSDL), otherwise in an `Assets` folder beside the executable or the current directory,
/// or above either, or in `share/refresh-lab/Assets` above the executable (where
/// `make install PREFIX=…` puts them beside `bin/refresh-lab`); failing all of those, the
/// desktop's own sans-serif faces as fontconfig (`fc-match`) names them.
public enum FontLocator {
  /// The environment variable naming the assets folder.
  public static let environmentKey = "REFRESHLAB_ASSETS"

  /// Where an installed program's fonts are, from the prefix it is installed under.
  public static let installedAssets = "share/refresh-lab/Assets"

  /// The fonts' paths, or `.fontNotFound` naming where it looked.
  public static func locate() throws(SDLError) -> FontFiles {
    try locate(
      assetsDirectory: _environment(environmentKey), bundledDirectory: _bundledFonts(),
      executableDirectory: _executableDirectory(), currentDirectory: _currentDirectory(),
      exists: _isReadable, fontconfig: _fontconfigMatch)
  }

  /// The search itself, with its inputs passed in so tests can try every case: the folder the
  /// environment names, the resource bundle's `Fonts` folder, then the folders searched, then
  /// `fontconfig`, which answers a fontconfig pattern with a font file's path.
  public static func locate(
    assetsDirectory: String?, bundledDirectory: String? = nil, executableDirectory: String?,
    currentDirectory: String?, exists: (String) -> Bool, fontconfig: (String) -> String? = { _ in nil }
  ) throws(SDLError) -> FontFiles {
    if let assetsDirectory, !assetsDirectory.isEmpty {
      // An explicit setting is obeyed, not second-guessed by a search elsewhere.
      let files = FontFiles(assetsDirectory: assetsDirectory)
      let missing = files.all.filter { !exists($0) }
      if missing.isEmpty { return files }
      throw .fontNotFound(searched: missing.map { $0 + " (from \(environmentKey))" })
    }
    if let bundledDirectory {
      let files = FontFiles(assetsDirectory: bundledDirectory)
      if files.all.allSatisfy(exists) { return files }
    }
    var searched: [String] = []
    for start in [executableDirectory, currentDirectory].compactMap({ $0 }) {
      let found = _firstAssetsFolder(from: start) { exists(FontFiles(assetsDirectory: $0).fallback) }
      if let found {
        // The folder counts once its first file is there; then a missing sibling is the error.
        let files = FontFiles(assetsDirectory: found)
        let missing = files.all.filter { !exists($0) }
        if missing.isEmpty { return files }
        throw .fontNotFound(searched: missing)
      }
      searched.append(
        _joined(_joined(_trimmed(start), "Assets"), FontFiles.fallbackName) + " and above")
    }
    // The desktop's faces: its sans-serif, bold, and the one it picks for Chinese.
    if let regular = fontconfig("sans-serif"), let bold = fontconfig("sans-serif:bold"),
      let fallback = fontconfig("sans-serif:lang=zh-cn")
    {
      let files = FontFiles(regular: regular, bold: bold, fallback: fallback)
      if files.all.allSatisfy(exists) { return files }
    }
    throw .fontNotFound(searched: searched + ["fontconfig's sans-serif"])
  }

  /// The first `Assets` folder (or installed `share/refresh-lab/Assets`) holding `relativePath`,
  /// from the executable's folder or the current one upward, or `$REFRESHLAB_ASSETS` when set:
  /// where a program finds files of its own that ship beside the fonts (the lab's headers).
  public static func assetsFolder(containing relativePath: String) -> String? {
    if let assets = _environment(environmentKey), !assets.isEmpty {
      return _isReadable(_joined(assets, relativePath)) ? assets : nil
    }
    for start in [_executableDirectory(), _currentDirectory()].compactMap({ $0 }) {
      if let found = _firstAssetsFolder(
        from: start, where: { _isReadable(_joined($0, relativePath)) })
      {
        return found
      }
    }
    return nil
  }

  /// The first `Assets` or installed assets folder from `start` upward that `holds` accepts.
  private static func _firstAssetsFolder(from start: String, where holds: (String) -> Bool) -> String? {
    var directory: String? = _trimmed(start)
    while let current = directory {
      for folder in ["Assets", installedAssets] where holds(_joined(current, folder)) {
        return _joined(current, folder)
      }
      directory = _parent(of: current)
    }
    return nil
  }

  static func _joined(_ directory: String, _ name: String) -> String {
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

  static func _environment(_ key: String) -> String? {
    getenv(key).map { String(cString: $0) }
  }

  static func _executableDirectory() -> String? {
    guard let base = SDL_GetBasePath() else { return nil }
    defer { SDL_free(base) }
    return String(cString: base)
  }

  private static func _currentDirectory() -> String? {
    guard let path = getcwd(nil, 0) else { return nil }
    defer { free(path) }
    return String(cString: path)
  }

  static func _isReadable(_ path: String) -> Bool {
    access(path, R_OK) == 0
  }
}
