import Foundation

/// A fresh folder under the system's temporary directory, removed by `remove()`.
public struct TemporaryFolder: Sendable {
  public let path: String

  public init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("refreshlab-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  public func file(_ name: String) -> String { path + "/" + name }

  public func write(_ text: String, to name: String) throws -> String {
    let target = file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: target))
    return target
  }

  public func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  public func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
