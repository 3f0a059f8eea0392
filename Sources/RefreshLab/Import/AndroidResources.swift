import FoundationEssentials

/// The values an Android `res/` folder defines (`@dimen/…`, `@color/…`, `@integer/…`,
/// `@bool/…`), read from every `values*/` XML file in it with libxml2, for `import --resources`.
/// The unqualified `values/` wins over qualified folders (`values-sw600dp/`), as on a phone.
struct AndroidResources: Sendable {
  /// A reference such as `@dimen/header_height` or `@android:color/white`.
  struct Reference: Sendable, Equatable {
    var type: String
    var name: String
    /// `@android:…`: the platform's, which no app folder defines.
    var isFramework: Bool

    /// The reference `text` spells, or nil for anything else (`@+id/…` included).
    init?(_ text: String) {
      guard text.hasPrefix("@"), !text.hasPrefix("@+") else { return nil }
      var body = text.dropFirst()
      isFramework = body.hasPrefix("android:")
      if let colon = body.firstIndex(of: ":") { body = body[body.index(after: colon)...] }
      let parts = body.split(separator: "/", maxSplits: 1)
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
      type = String(parts[0])
      name = String(parts[1])
    }
  }

  /// A reference the folder does not define; `searched` says where it looked.
  struct Missing: Error {
    var searched: String
  }

  /// The kinds of value it reads.
  static let types: Set<String> = ["dimen", "color", "integer", "bool"]

  /// The `res/` folder.
  let folder: String
  /// `type/name` → the value as written.
  private var values: [String: String] = [:]

  /// The values of `folder`'s `values*/` files; a file that is not well-formed XML is an error
  /// naming it and its line.
  init(folder: String) throws(LabError) {
    self.folder = folder
    let manager = FileManager.default
    guard let entries = try? manager.contentsOfDirectory(atPath: folder) else {
      throw .badFlag(
        flag: "--resources", message: "\(folder) is not a folder that can be read; name the app's res/ folder"
      )
    }
    // Qualified folders first, so that the plain values/ overrides them.
    let valueFolders = entries.filter { $0.hasPrefix("values") }.sorted { lhs, rhs in
      lhs == "values" ? false : rhs == "values" ? true : lhs < rhs
    }
    for name in valueFolders {
      let subfolder = folder + "/" + name
      let files = ((try? manager.contentsOfDirectory(atPath: subfolder)) ?? []).filter {
        $0.hasSuffix(".xml")
      }.sorted()
      for file in files { try read(subfolder + "/" + file) }
    }
  }

  private mutating func read(_ path: String) throws(LabError) {
    let bytes = try FileReading.read(path)
    let document: XMLElements
    do {
      document = try XMLElements(String(decoding: bytes, as: UTF8.self))
    } catch {
      throw .badLine(path: path, line: error.line, message: "not well-formed XML: \(error.message)")
    }
    for element in document.elements where element.depth == 1 {
      guard let name = element.attribute("name") else { continue }
      let type = element.name == "item" ? element.attribute("type") : element.name
      guard let type, Self.types.contains(type) else { continue }
      values[type + "/" + name] = Self.trimmed(element.text)
    }
  }

  /// `text` without the white space and line breaks at either end (Unicode's White_Space:
  /// the characters Foundation's `whitespacesAndNewlines` names, without Foundation).
  static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }

  /// The value `reference` names, following references to references.
  func value(of reference: Reference) throws(Missing) -> String {
    var current = reference
    for _ in 0..<16 {
      guard !current.isFramework, let value = values[current.type + "/" + current.name] else { break }
      guard let next = Reference(value) else { return value }
      current = next
    }
    throw Missing(searched: folder + "/values*/")
  }
}
