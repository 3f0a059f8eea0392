import Foundation

/// Files checked into the repository (scripts and tunings under `docs/`, fixtures), found from this
/// source file so tests need no machine path.
public enum RepositoryFile {
  /// The file at `relative` from the package's root.
  public static func path(_ relative: String) -> String {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // TestKit
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // the package
      .appendingPathComponent(relative).path
  }
}
