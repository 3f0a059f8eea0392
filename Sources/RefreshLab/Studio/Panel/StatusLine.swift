/// The one line at the bottom of the window that says what just happened: a save, an outside
/// edit applied, or why an edit was refused.
///
/// News fades after `infoDuration`; an error stays until something good replaces it, so a bad
/// edit to the tuning file is not missed while the last good tuning carries on.
struct StatusLine: Sendable, Equatable {
  /// How a message reads.
  enum Kind: Sendable, Equatable {
    /// Something went as asked.
    case info
    /// Something was refused; the message says what to do.
    case error
  }

  /// A message for the line, from whoever has news (a save, a recording, a refusal).
  struct Note: Sendable, Equatable {
    let text: String
    let kind: Kind

    init(_ text: String, kind: Kind) {
      self.text = text
      self.kind = kind
    }
  }

  /// Seconds news stays up.
  static let infoDuration = 4.0

  /// The message shown, if any.
  private(set) var text: String?
  /// How it reads.
  private(set) var kind = Kind.info
  /// When it goes away (wall clock); nil for one that stays.
  private(set) var expiry: Double?

  /// Shows `text` from wall time `now`.
  mutating func show(_ text: String, kind: Kind, at now: Double) {
    self.text = text.oneLine
    self.kind = kind
    expiry = kind == .info ? now + Self.infoDuration : nil
  }

  /// Shows `note` from wall time `now`.
  mutating func show(_ note: Note, at now: Double) {
    show(note.text, kind: note.kind, at: now)
  }

  /// Clears a message whose time is up; returns whether the line changed.
  mutating func expire(at now: Double) -> Bool {
    guard let expiry, now >= expiry, text != nil else { return false }
    text = nil
    self.expiry = nil
    return true
  }
}
