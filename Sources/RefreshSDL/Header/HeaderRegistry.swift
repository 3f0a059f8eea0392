/// The headers a program offers by name: what a `--header` option accepts, what a picker cycles
/// through and what a help text lists, all read from one place, so that a header registered
/// once shows up in each.
///
/// An entry either draws from nothing (``Entry/fileExtensions`` empty) or plays a file of one of
/// its extensions. The built-in entries are `style` (the tuning's `headerStyle`: the classic bar,
/// or Material's badge for `overlay`), `gif` and `lottie` (``AnimatedHeaderRenderer``).
public struct HeaderRegistry: RendererRegistry {
  /// One header a program can pick.
  public struct Entry: RendererRegistryEntry {
    /// The name it is picked by: lowercase, no spaces.
    public var name: String
    /// One line for a help text.
    public var summary: String
    /// The extensions of the files it plays, lowercase without the dot; empty for a header
    /// drawn from nothing.
    public var fileExtensions: [String]
    /// The renderer for `file` (nil for a header drawn from nothing); a nil renderer leaves the
    /// table to draw the tuning's `headerStyle`.
    public var make:
      @MainActor @Sendable (_ file: String?) throws(HeaderAnimationError) -> (any HeaderRenderer)?

    /// An entry named `name`.
    public init(
      name: String, summary: String, fileExtensions: [String] = [],
      make:
        @escaping @MainActor @Sendable (_ file: String?) throws(HeaderAnimationError) -> (
          any HeaderRenderer
        )?
    ) {
      self.name = name
      self.summary = summary
      self.fileExtensions = fileExtensions.map { $0.lowercased() }
      self.make = make
    }

    /// Whether it plays a file rather than drawing from nothing.
    public var playsFiles: Bool { !fileExtensions.isEmpty }
  }

  /// The entries in the order they are offered.
  public private(set) var entries: [Entry]

  /// A registry of `entries`.
  public init(entries: [Entry] = []) {
    self.entries = []
    for entry in entries { register(entry) }
  }

  /// The headers this module draws.
  public static let builtIn = HeaderRegistry(entries: [
    Entry(
      name: "style", summary: "the tuning's headerStyle: the classic bar, or Material's badge",
      make: { _ throws(HeaderAnimationError) in nil }),
    Entry(
      name: "gif", summary: "an animated GIF whose frames follow the pull", fileExtensions: ["gif"],
      make: { file throws(HeaderAnimationError) in try AnimatedHeaderRenderer.playing(file) }),
    Entry(
      name: "lottie", summary: "a Lottie animation whose frames follow the pull",
      fileExtensions: ["json"],
      make: { file throws(HeaderAnimationError) in try AnimatedHeaderRenderer.playing(file) }),
  ])

  /// Sets the entries (``RendererRegistry/register(_:)`` goes through it).
  public mutating func _setEntries(_ entries: [Entry]) {
    self.entries = entries
  }

  /// The entry that plays the file at `path`, by its extension.
  public func entry(forFile path: String) -> Entry? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    let fileExtension = path[path.index(after: dot)...].lowercased()
    return entries.first { $0.fileExtensions.contains(fileExtension) }
  }

  /// What a file must be to play, for an error or a help text: "a GIF (.gif) or a Lottie
  /// animation (.json)" from the entries' names and extensions.
  public var filesDescription: String {
    let kinds = entries.filter(\.playsFiles).map { entry in
      "\(entry.name) (\(entry.fileExtensions.map { "." + $0 }.joined(separator: ", ")))"
    }
    return kinds.joined(separator: ", ")
  }
}

extension AnimatedHeaderRenderer {
  /// The animation at `file`; a registry entry that plays files is never asked for none.
  fileprivate static func playing(_ file: String?) throws(HeaderAnimationError) -> AnimatedHeaderRenderer {
    guard let file else { throw .unreadable(reason: "no file was named") }
    return try AnimatedHeaderRenderer(contentsOf: file)
  }
}
