// The Inbox example's messages in SQLite, paged by key: a refresh asks for the messages newer
// than the newest shown, a load-more for those older than the oldest shown. Never by OFFSET: a
// message inserted between two pages would shift every position by one, and the next page would
// show a message twice (or skip one); keys do not move.

import CSQLite

#if canImport(Glibc)
  import Glibc
#endif

/// A message: its key (SQLite's rowid, which only grows), who sent it and what it says.
public struct Message: Sendable, Equatable, Hashable {
  public var id: Int64
  public var sender: String
  public var body: String
}

/// Why the database refused.
public struct InboxError: Error, CustomStringConvertible {
  public var description: String
}

/// One connection to the inbox database. The reader and a writer each open their own (SQLite
/// serialises their writes; WAL lets the reader read while the writer writes).
public final class InboxStore {
  let db: OpaquePointer
  /// The database file.
  public let path: String

  /// Opens (creating when missing) the database at `path` and its `messages` table.
  public init(path: String) throws(InboxError) {
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close(handle)
      throw InboxError(description: "\(path): cannot open the database: \(message)")
    }
    db = handle
    self.path = path
    sqlite3_busy_timeout(db, 5000)
    try execute("PRAGMA journal_mode=WAL")
    try execute(
      """
      CREATE TABLE IF NOT EXISTS messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT, sender TEXT NOT NULL, body TEXT NOT NULL)
      """)
  }

  deinit { sqlite3_close(db) }

  private func execute(_ sql: String) throws(InboxError) {
    var error: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(db, sql, nil, nil, &error) == SQLITE_OK else {
      let message = error.map { String(cString: $0) } ?? "unknown error"
      sqlite3_free(error)
      throw InboxError(description: "\(path): \(message)")
    }
  }

  /// Adds a message; returns its key.
  @discardableResult
  public func insert(sender: String, body: String) throws(InboxError) -> Int64 {
    try query("INSERT INTO messages (sender, body) VALUES (?, ?)", [.text(sender), .text(body)])
    return sqlite3_last_insert_rowid(db)
  }

  /// The newest `limit` messages, newest first: the first page.
  public func newest(limit: Int) throws(InboxError) -> [Message] {
    try query("SELECT id, sender, body FROM messages ORDER BY id DESC LIMIT ?", [.int(Int64(limit))])
  }

  /// Every message newer than `key`, newest first: what a refresh shows above.
  public func newer(than key: Int64) throws(InboxError) -> [Message] {
    try query("SELECT id, sender, body FROM messages WHERE id > ? ORDER BY id DESC", [.int(key)])
  }

  /// The `limit` messages just older than `key`, newest first: a load-more's page below.
  public func older(than key: Int64, limit: Int) throws(InboxError) -> [Message] {
    try query(
      "SELECT id, sender, body FROM messages WHERE id < ? ORDER BY id DESC LIMIT ?",
      [.int(key), .int(Int64(limit))])
  }

  /// The page at `offset` by position, newest first: what paging by OFFSET reads. Only the
  /// tests use it, to show the duplicate it gives when messages arrive between two pages.
  public func page(offset: Int, limit: Int) throws(InboxError) -> [Message] {
    try query(
      "SELECT id, sender, body FROM messages ORDER BY id DESC LIMIT ? OFFSET ?",
      [.int(Int64(limit)), .int(Int64(offset))])
  }

  enum Value {
    case int(Int64)
    case text(String)
  }

  @discardableResult
  private func query(_ sql: String, _ values: [Value] = []) throws(InboxError) -> [Message] {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw InboxError(description: "\(path): \(String(cString: sqlite3_errmsg(db)))")
    }
    defer { sqlite3_finalize(statement) }
    // SQLITE_TRANSIENT: SQLite copies the text before the call returns.
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for (index, value) in values.enumerated() {
      switch value {
      case .int(let number): sqlite3_bind_int64(statement, Int32(index + 1), number)
      case .text(let text): sqlite3_bind_text(statement, Int32(index + 1), text, -1, transient)
      }
    }
    var rows: [Message] = []
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_DONE { break }
      guard step == SQLITE_ROW else {
        throw InboxError(description: "\(path): \(String(cString: sqlite3_errmsg(db)))")
      }
      func text(_ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
      }
      rows.append(Message(id: sqlite3_column_int64(statement, 0), sender: text(1), body: text(2)))
    }
    return rows
  }
}

/// What the reader shows, newest first, and how it pages: by key.
public struct InboxPager {
  /// The messages shown, newest first.
  public private(set) var shown: [Message] = []
  /// Messages a page holds.
  public let pageSize: Int

  public init(pageSize: Int = 20) { self.pageSize = pageSize }

  /// A refresh: the messages newer than the newest shown go on top (the first page at start).
  /// Returns how many arrived.
  @discardableResult
  public mutating func refresh(from store: InboxStore) throws(InboxError) -> Int {
    let fresh: [Message]
    if let newest = shown.first {
      fresh = try store.newer(than: newest.id)
    } else {
      fresh = try store.newest(limit: pageSize)
    }
    shown.insert(contentsOf: fresh, at: 0)
    return fresh.count
  }

  /// A load-more: the page just older than the oldest shown goes below. Returns whether there
  /// may be more.
  @discardableResult
  public mutating func loadOlder(from store: InboxStore) throws(InboxError) -> Bool {
    guard let oldest = shown.last else { return try refresh(from: store) > 0 }
    let page = try store.older(than: oldest.id, limit: pageSize)
    shown += page
    return page.count == pageSize
  }
}
