import RefreshCore
import Testing

@testable import RefreshLab

/// Issue 29: the status line wrapped mid-word. It breaks at a space, else after a slash of a
/// long path; a word is cut only when it fills a line by itself.
@MainActor @Suite(.serialized) struct StatusWrapTests {
  func view() throws -> PanelView {
    let options = try LabCommand.parse(["--size", "400x300"]).resolve(environment: [:])
    let surface = try TableCanvas(options: options, clock: LastUpdatedClock(origin: nil, language: .english))
    return try PanelView(surface: surface)
  }

  /// Whether the first line ends where a word or a path's part ends in `message`.
  func breaksCleanly(_ lines: [String], _ message: String) -> Bool {
    guard let first = lines.first, lines.count > 1, message.hasPrefix(first) else { return false }
    let next = message.dropFirst(first.count).first
    return next == " " || first.hasSuffix("/")
  }

  @Test(arguments: [
    "Tuning: saved last time, /home/ada/.local/share/refresh-lab/refresh-lab-tuning.json · E, R and Ctrl+S write there",
    "headerHeight must be between 20 and 200 points; the file keeps its last good value until then",
    "Exported smart to /home/ada/.local/share/refresh-lab/exports/refresh-lab-export.xml",
  ])
  func aLineBreaksBetweenWords(message: String) throws {
    let lines = try view().wrapped(message, firstWidth: 380, width: 380)
    #expect(lines.count == 2, "\(lines)")
    #expect(breaksCleanly(lines, message), "\(lines)")
  }
}
