import Foundation
import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// The keys table (`WindowKeys`: the `?` overlay, `--help`, README) against the two key maps it
/// describes: every key the window or the list acts on is in it, under the name a person reads.
@Suite struct WindowKeysTests {
  /// Every key name the maps could be asked about: letters, digits, the keys around them.
  static let candidates: [Key] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/?".map { Key(rawValue: String($0)) }
    + [
      .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .f1, .f5, .escape, .tab, .return,
      .space, Key(rawValue: "F2"), Key(rawValue: "["), Key(rawValue: "]"), Key(rawValue: "Backspace"),
      Key(rawValue: "Delete"),
    ]

  /// How the table writes `key` with `modifiers`.
  static func label(_ key: Key, _ modifiers: KeyModifiers) -> String {
    let names: [String: String] = ["PageUp": "Page Up", "PageDown": "Page Down", "Escape": "Esc"]
    if key == WindowCommand.slashKey && modifiers == .shift { return "?" }
    let name = names[key.rawValue] ?? key.rawValue
    return (modifiers.contains(.control) ? "Ctrl+" : "") + (modifiers.contains(.shift) ? "Shift+" : "") + name
  }

  var listed: Set<String> {
    Set((WindowKeys.list + WindowKeys.lab).flatMap { $0.keys.components(separatedBy: ", ") })
  }

  @Test func everyKeyTheWindowTakesIsListed() {
    let contexts = [
      WindowCommand.Context(), WindowCommand.Context(panelOpen: true),
      WindowCommand.Context(keysShown: true),
    ]
    for key in Self.candidates {
      for modifiers: KeyModifiers in [[], .shift, .control] {
        for context in contexts {
          let event = ShellEvent.key(key, modifiers: modifiers, isRepeat: false)
          guard let command = WindowCommand(event, context: context) else { continue }
          // A modifier that changes nothing (Ctrl+Q quits as Q does) is no key of its own;
          // Shift that only makes a step coarser is said in the entry's text.
          let plain = WindowCommand(.key(key, modifiers: [], isRepeat: false), context: context)
          var ownKey = plain != command
          if case .panel(.adjust) = command { ownKey = false }
          if case .bench(.stepFrame) = command { ownKey = false }
          let shown = Self.label(key, ownKey ? modifiers : [])
          #expect(listed.contains(shown), "\(shown) (\(command)) is missing from the keys table")
        }
      }
    }
  }

  @Test func everyKeyTheListTakesIsListed() {
    let shown = RefreshController(viewportHeight: 600, contentHeight: 4000).snapshot
    for key in Self.candidates {
      for modifiers: KeyModifiers in [[], .control] {
        var mapper = GestureMapper(viewport: Rect(x: 0, y: 0, width: 400, height: 600))
        let meaning = mapper.translate(
          .key(key, modifiers: modifiers, isRepeat: false), at: 0, showing: shown)
        guard case .input = meaning else { continue }
        var plainMapper = GestureMapper(viewport: Rect(x: 0, y: 0, width: 400, height: 600))
        let plain = plainMapper.translate(.key(key, modifiers: [], isRepeat: false), at: 0, showing: shown)
        let label = Self.label(key, plain == meaning ? [] : modifiers)
        #expect(
          WindowKeys.list.contains { $0.keys.components(separatedBy: ", ").contains(label) },
          "\(label) is missing from the list's keys")
      }
    }
  }

  /// README's Keys table is the same table, row for row.
  @Test func readmesKeysTableIsTheSameTable() throws {
    let readme = try String(contentsOfFile: RepositoryFile.path("README.md"), encoding: .utf8)
    for entry in WindowKeys.list + WindowKeys.lab {
      let keys = entry.keys.components(separatedBy: ", ").map { "`\($0)`" }.joined(separator: ", ")
      #expect(readme.contains("| \(keys) | \(entry.action) |"), "README lacks the row for \(entry.keys)")
    }
  }

  @Test func helpHasAKeysSectionAndTheExitStatus() {
    let help = RefreshLabCommand.helpMessage(for: LabCommand.self, columns: 200)
    #expect(help.contains("KEYS"))
    for entry in WindowKeys.list + WindowKeys.lab {
      #expect(help.contains(entry.action), "--help lacks \(entry.keys)")
    }
    #expect(help.contains("EXIT STATUS"))
    #expect(help.contains("1 for any bad input"))
  }
}
