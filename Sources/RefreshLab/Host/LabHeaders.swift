import RefreshSDL

/// Which header the lab draws: the tuning's style, or an animation (`--header FILE`, else the
/// lab's own in `Assets/Headers`). The panel's "header" row picks it.
enum HeaderKind: String, Sendable, CaseIterable {
  /// The tuning's `headerStyle`: the classic bar, or Material's badge.
  case style
  /// An animated GIF.
  case gif
  /// A Lottie animation.
  case lottie

  /// The kind of the file at `path`, by its extension.
  init?(path: String) {
    let lowered = path.lowercased()
    if lowered.hasSuffix(".gif") {
      self = .gif
    } else if lowered.hasSuffix(".json") {
      self = .lottie
    } else {
      return nil
    }
  }
}

/// The lab's animated headers, each loaded once when first chosen.
@MainActor
struct LabHeaders {
  /// The `--header` file, if one was given.
  let chosenFile: String?
  /// The folder of the lab's own animations.
  let bundledFolder: String
  private var loaded: [HeaderKind: AnimatedHeaderRenderer] = [:]

  /// The lab's own animations, made by `Assets/Headers/make-headers.py`.
  static let bundledNames: [HeaderKind: String] = [.gif: "pull.gif", .lottie: "pull.json"]

  init(chosenFile: String?, assetsFolder: String) {
    self.chosenFile = chosenFile
    bundledFolder = assetsFolder + "/Headers"
  }

  /// The file an animated kind plays: the `--header` file when it is of that kind.
  func path(for kind: HeaderKind) -> String? {
    if let chosenFile, HeaderKind(path: chosenFile) == kind { return chosenFile }
    return Self.bundledNames[kind].map { bundledFolder + "/" + $0 }
  }

  /// The renderer for `kind` (nil: the tuning's style), loading its file the first time.
  mutating func renderer(for kind: HeaderKind) throws(LabError) -> AnimatedHeaderRenderer? {
    guard kind != .style, let path = path(for: kind) else { return nil }
    if let renderer = loaded[kind] { return renderer }
    do throws(HeaderAnimationError) {
      let renderer = try AnimatedHeaderRenderer(contentsOf: path)
      loaded[kind] = renderer
      return renderer
    } catch {
      throw .badHeader(path: path, message: error.description)
    }
  }
}
