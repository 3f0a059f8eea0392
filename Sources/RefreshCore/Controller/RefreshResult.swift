/// How a refresh ended.
public enum RefreshResult: String, Sendable, Equatable, CaseIterable, Codable {
  /// New data arrived.
  case success
  /// The refresh failed; the old data stays.
  case failure
}
