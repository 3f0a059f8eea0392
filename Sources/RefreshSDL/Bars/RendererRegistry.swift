/// An entry of a renderer registry: a renderer a program can pick by name.
public protocol RendererRegistryEntry: Sendable {
  /// The name it is picked by: lowercase, no spaces.
  var name: String { get }
  /// One line for a help text.
  var summary: String { get }
}

/// What ``HeaderRegistry`` and ``FooterRegistry`` share: entries offered in order, one per name,
/// so that headers and footers, built in or a host's own, are registered and picked the same way.
public protocol RendererRegistry: Sendable {
  associatedtype Entry: RendererRegistryEntry
  /// The entries in the order they are offered.
  var entries: [Entry] { get }
  /// Sets the entries (the registries keep the setter to themselves).
  mutating func _setEntries(_ entries: [Entry])
}

extension RendererRegistry {
  /// Adds `entry`, or replaces the entry of its name where it was.
  public mutating func register(_ entry: Entry) {
    var entries = self.entries
    if let index = entries.firstIndex(where: { $0.name == entry.name }) {
      entries[index] = entry
    } else {
      entries.append(entry)
    }
    _setEntries(entries)
  }

  /// The names, in order.
  public var names: [String] { entries.map(\.name) }

  /// The entry called `name`.
  public func entry(named name: String) -> Entry? {
    entries.first { $0.name == name }
  }
}
