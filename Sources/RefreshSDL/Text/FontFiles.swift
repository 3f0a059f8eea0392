/// The font files labels and rows are drawn with: a Latin face in regular and bold, and a
/// fallback face for the characters it lacks (CJK: 下拉刷新…). No single bundled file covers
/// both scripts — Droid Sans Fallback has no Latin letters — so text falls back glyph by glyph.
public struct FontFiles: Sendable, Equatable {
  /// The regular Latin face.
  public var regular: String
  /// The bold Latin face.
  public var bold: String
  /// The face for everything the Latin faces lack (emboldened when bold text asks for it).
  public var fallback: String

  /// The three files by path.
  public init(regular: String, bold: String, fallback: String) {
    self.regular = regular
    self.bold = bold
    self.fallback = fallback
  }

  /// File names inside `Assets/`.
  public static let regularName = "DejaVuSans.ttf"
  /// File name of the bold face.
  public static let boldName = "DejaVuSans-Bold.ttf"
  /// File name of the fallback face.
  public static let fallbackName = "DroidSansFallbackFull.ttf"

  /// The bundled files inside the folder `directory`.
  public init(assetsDirectory directory: String) {
    let folder = directory.hasSuffix("/") ? directory : directory + "/"
    self.init(
      regular: folder + Self.regularName, bold: folder + Self.boldName,
      fallback: folder + Self.fallbackName)
  }

  /// Every path, for checking that each exists.
  public var all: [String] { [regular, bold, fallback] }
}
