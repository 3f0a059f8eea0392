import RefreshSDL

/// Which headers the lab draws, picked by name from one registry: `--header NAME|FILE`, the
/// panel's "header" row and `--help` all read `LabHeaders.registry`. An entry that plays files
/// plays the `--header` file when it is of its kind, else the lab's own in `Assets/Headers`.
@MainActor
struct LabHeaders {
  /// The headers the lab offers, in the panel's order.
  nonisolated static let registry = HeaderRegistry.builtIn

  /// The entry drawn when nothing else is asked for: the tuning's style.
  nonisolated static let defaultName = "style"

  /// The `--header` file, if one was given.
  let chosenFile: String?
  /// The folder of the lab's own animations.
  let bundledFolder: String
  private var loaded: [String: any HeaderRenderer] = [:]

  /// The lab's own animation for a kind of file: `pull.` and its extension, made by
  /// `Assets/Headers/make-headers.py`.
  static let bundledStem = "pull"

  init(chosenFile: String?, assetsFolder: String) {
    self.chosenFile = chosenFile
    bundledFolder = assetsFolder + "/Headers"
  }

  /// The entry `--header value` picks: a name in the registry, or a file of a kind one plays.
  static func entry(forFlag value: String) throws(LabError) -> HeaderRegistry.Entry {
    if let entry = registry.entry(named: value) { return entry }
    if let entry = registry.entry(forFile: value) { return entry }
    let looksLikeAFile = value.contains("/") || value.contains(".")
    throw .badHeader(
      path: value,
      message: looksLikeAFile
        ? HeaderAnimationError.unknownKind.description
        : "is no header the lab knows; name one of \(registry.names.joined(separator: ", ")) or a file: "
          + registry.filesDescription)
  }

  /// The file the entry called `name` plays: the `--header` file when it is of that kind.
  func path(for name: String) -> String? {
    guard let entry = Self.registry.entry(named: name), let first = entry.fileExtensions.first else {
      return nil
    }
    if let chosenFile, Self.registry.entry(forFile: chosenFile)?.name == name { return chosenFile }
    return bundledFolder + "/" + Self.bundledStem + "." + first
  }

  /// The renderer of the entry called `name` (nil: the tuning's style), loading its file the
  /// first time.
  mutating func renderer(named name: String) throws(LabError) -> (any HeaderRenderer)? {
    guard let entry = Self.registry.entry(named: name) else {
      throw .badHeader(path: name, message: "is no header the lab knows")
    }
    if let renderer = loaded[name] { return renderer }
    let file = path(for: name)
    do throws(HeaderAnimationError) {
      let renderer = try entry.make(file)
      if let renderer { loaded[name] = renderer }
      return renderer
    } catch {
      throw .badHeader(path: file ?? name, message: error.description)
    }
  }
}
