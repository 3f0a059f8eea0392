import RefreshSDL

// The letters only the lab's window uses: a list has no use for them, so the model does not
// name them.
extension Key {
  /// The letter Q: quits the lab.
  static let q = Key(rawValue: "Q")
  /// The letter S: slow motion, and with Ctrl saves the tuning.
  static let s = Key(rawValue: "S")
}
