import Foundation
import Testing

/// Every Swift block of the two articles and of README's "Embedding" section appears, line for
/// line, in a test source that compiles it (`DrivingArticleTests`, `EmbeddingArticleSamples`):
/// an article edited without its sample, or the reverse, fails here.
struct DocumentationSampleTests {
  static let pairs: [(document: String, section: String?, samples: String)] = [
    (
      "Sources/RefreshCore/RefreshCore.docc/DrivingRefreshCore.md", nil,
      "Tests/RefreshCoreTests/DrivingArticleTests.swift"
    ),
    (
      "Sources/RefreshSDL/RefreshSDL.docc/EmbeddingARefreshableList.md", nil,
      "Tests/RefreshSDLTests/EmbeddingArticleSamples.swift"
    ),
    ("README.md", "## Embedding", "Tests/RefreshSDLTests/EmbeddingArticleSamples.swift"),
  ]

  @Test(arguments: pairs.indices)
  func everyBlockIsCompiled(pair: Int) throws {
    let (document, section, samples) = Self.pairs[pair]
    var text = try String(contentsOfFile: Self.path(document), encoding: .utf8)
    if let section {
      let start = try #require(text.range(of: "\n" + section + "\n"), "\(document) has no \(section)")
      text = String(text[start.upperBound...])
      if let next = text.range(of: "\n## ") { text = String(text[..<next.lowerBound]) }
    }
    let blocks = Self.swiftBlocks(in: text)
    #expect(!blocks.isEmpty, "\(document) shows no Swift")
    let compiled = Self.normalized(try String(contentsOfFile: Self.path(samples), encoding: .utf8))
    for block in blocks {
      let isCompiled = compiled.contains(Self.normalized(block))
      #expect(isCompiled, "not in \(samples):\n\(block)")
    }
  }

  /// The contents of the ```swift fences in `markdown`.
  static func swiftBlocks(in markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
        current = []
      } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
        blocks.append(current?.joined(separator: "\n") ?? "")
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// Lines without their indentation and without blank lines, so that a block nested in a
  /// function compares equal to the article's.
  static func normalized(_ code: String) -> String {
    code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: "\n")
  }

  static func path(_ relative: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(relative).path
  }
}
