import ArgumentParser
import RefreshCore

/// "Did you mean" for a mistyped flag. ArgumentParser reports the first problem it meets, which
/// for `export --fromat smart` is the missing `--format`, never the typo; when parsing fails,
/// this looks for a flag the command does not have and names the one it was most likely meant
/// to be.
enum FlagSpelling {
  /// The refusal for the first flag in `arguments` (as given to `refresh-lab`) that its command
  /// does not know and that is a likely typo of one it does; nil when there is none.
  static func misspelling(in arguments: [String]) -> LabError? {
    let subcommands = RefreshLabCommand.configuration.subcommands
    let named = arguments.first.flatMap { first in
      subcommands.first { $0.configuration.commandName == first }
    }
    let command = named ?? LabCommand.self
    let flags = Self.flags(of: command)
    var rest = arguments.dropFirst(named == nil ? 0 : 1)[...]
    while let argument = rest.popFirst(), argument != "--" {
      guard argument.hasPrefix("--") else { continue }
      let name = String(argument.prefix { $0 != "=" })
      if let takesValue = flags[name] {
        if takesValue && !argument.contains("=") { _ = rest.popFirst() }
        continue
      }
      guard let nearest = NearestName.to(name, among: flags.keys.sorted()) else { continue }
      let program = ["refresh-lab", named?.configuration.commandName].compactMap { $0 }
        .joined(separator: " ")
      return .badFlag(flag: name, message: "\(program) has no such flag; did you mean \(nearest)?")
    }
    return nil
  }

  /// The long flags of `command` (as ArgumentParser names a property: `pageSize` is
  /// `--page-size`), each with whether it takes a value; `--help` too.
  static func flags(of command: any ParsableCommand.Type) -> [String: Bool] {
    var flags = ["--help": false]
    for child in Mirror(reflecting: command.init()).children {
      guard let label = child.label, label.hasPrefix("_") else { continue }
      let wrapper = String(describing: type(of: child.value))
      let takesValue: Bool
      if wrapper.hasPrefix("Option<") {
        takesValue = true
      } else if wrapper.hasPrefix("Flag<") {
        takesValue = false
      } else {
        continue
      }
      flags["--" + kebabCase(label.dropFirst())] = takesValue
    }
    return flags
  }

  private static func kebabCase(_ name: Substring) -> String {
    name.reduce(into: "") { text, character in
      if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
    }
  }
}
