import RefreshSDL

/// One post of the lab's feed: who wrote it, what it says, and maybe an image.
struct FeedItem: Sendable, Equatable {
  /// The author's name, the row's bold first line.
  var title: String
  /// The post, wrapped at the row's width.
  var body: String
  /// The post's image, if any.
  var image: ImageSource?
  /// The image's width over its height when known before it is decoded (a generated one);
  /// a file's shows 4:3 until it is decoded, then its own.
  var imageAspect: Double?
}

/// The rows `--rows-style varied` and `--feed` show: posts with an avatar, a name, a body of
/// wrapped lines and sometimes an image. Rows take their posts by index, the file's repeating
/// when the list pages past its end, so `--rows`, `--total` and the paging mean what they
/// always do.
enum LabFeed: Sendable, Equatable {
  /// Posts made up from the seed: one to eight lines of body, an image in about one row of
  /// four, the same for the same seed.
  case generated(seed: UInt64)
  /// Posts read from a JSON Lines file (`FeedFile`).
  case file([FeedItem])

  /// The post row `row` shows.
  func item(for row: RowID, language: Language) -> FeedItem {
    switch self {
    case .generated(let seed): return FeedText.item(for: row, seed: seed, language: language)
    case .file(let items):
      guard !items.isEmpty else { return FeedItem(title: "", body: "") }
      return items[row.index % items.count]
    }
  }
}
