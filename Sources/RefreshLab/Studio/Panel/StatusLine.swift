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

  /// The person's home folder: a path under it shows as `~/…`, as file managers and shells
  /// write it, so a note names the file in a form that fits the line and says nothing of the
  /// machine's layout.
  var homeFolder: String?

  /// The message shown, if any.
  private(set) var text: String?
  /// How it reads.
  private(set) var kind = Kind.info
  /// When it goes away (wall clock); nil for one that stays.
  private(set) var expiry: Double?

  /// Shows `text` from wall time `now`.
  mutating func show(_ text: String, kind: Kind, at now: Double) {
    self.text = abbreviatingHome(in: text.oneLine)
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

  /// `text` with each path under ``homeFolder`` written from `~`.
  func abbreviatingHome(in text: String) -> String {
    guard var home = homeFolder, home.count > 1 else { return text }
    if home.hasSuffix("/") { home.removeLast() }
    let result = text.replacing(home + "/", with: "~/")
    return result.hasSuffix(home) ? String(result.dropLast(home.count)) + "~" : result
  }
}
