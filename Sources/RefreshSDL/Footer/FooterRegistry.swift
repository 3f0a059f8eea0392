/// The footers a program offers by name, as ``HeaderRegistry`` offers headers: what an option
/// accepts, what a picker cycles through and what a help text lists, read from one place, so a
/// footer registered once, built in or the host's own, is picked the same way.
///
/// The built-in entry is `classic` (the table's own ``ClassicFooterRenderer``). A host registers
/// its own with ``register(_:)`` and puts what ``Entry/make`` returns in
/// ``TableView/footerRenderer``.
public struct FooterRegistry: RendererRegistry {
  /// One footer a program can pick.
  public struct Entry: RendererRegistryEntry {
    /// The name it is picked by: lowercase, no spaces.
    public var name: String
    /// One line for a help text.
    public var summary: String
    /// A new renderer; nil leaves the table to draw its classic footer.
    public var make: @MainActor @Sendable () -> (any FooterRenderer)?

    /// An entry named `name`.
    public init(
      name: String, summary: String,
      make: @escaping @MainActor @Sendable () -> (any FooterRenderer)?
    ) {
      self.name = name
      self.summary = summary
      self.make = make
    }
  }

  /// The entries in the order they are offered.
  public private(set) var entries: [Entry]

  /// A registry of `entries`.
  public init(entries: [Entry] = []) {
    self.entries = []
    for entry in entries { register(entry) }
  }

  /// The footers this module draws.
  public static let builtIn = FooterRegistry(entries: [
    Entry(
      name: "classic", summary: "the classic bar: an arrow, a spinner while loading, the label",
      make: { nil })
  ])

  /// Sets the entries (``RendererRegistry/register(_:)`` goes through it).
  public mutating func _setEntries(_ entries: [Entry]) {
    self.entries = entries
  }
}
