import RefreshSDL

extension ScriptKey {
  /// The key as the window reports it.
  var shellKey: Key {
    switch self {
    case .controlR: .r
    default: Key(rawValue: rawValue)
    }
  }

  /// Modifiers held with it.
  var modifiers: KeyModifiers {
    self == .controlR ? .control : []
  }

  /// The script name of a key press from the window, if scripts can say it.
  init?(_ key: Key, modifiers: KeyModifiers) {
    if key == .r && modifiers.contains(.control) {
      self = .controlR
    } else if modifiers.isDisjoint(with: [.control, .alt, .gui]),
      let named = ScriptKey(rawValue: key.rawValue), named != .controlR
    {
      self = named
    } else {
      return nil
    }
  }
}
