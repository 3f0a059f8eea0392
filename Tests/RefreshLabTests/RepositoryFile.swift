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
