import Foundation

/// Files checked into the repository (scripts and tunings under `docs/`), found from this
/// source file so tests need no machine path.
enum RepositoryFile {
  static func path(_ relative: String) -> String {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // RefreshLabTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // the package
      .appendingPathComponent(relative).path
  }
}

/// Reads `--trace` lines back: the contract fields, and the compared table's under "compare".
struct TraceLine: Decodable {
  var t: Double
  var offset: Double
  var insetTop: Double
  var header: String
  var pullDistance: Double
  var headerTravel: Double
  var velocity: Double
  var viewportHeight: Double
  var dragging: Bool
  var compare: Compared?

  struct Compared: Decodable {
    var offset: Double
    var insetTop: Double
    var header: String
    var pullDistance: Double
    var dragging: Bool
  }

  static func read(_ path: String) throws -> [TraceLine] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
      .map { try JSONDecoder().decode(TraceLine.self, from: Data($0.utf8)) }
  }
}
