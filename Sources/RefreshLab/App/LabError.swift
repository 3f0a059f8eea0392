import RefreshSDL

/// Everything that stops the app, as one line a person can act on.
///
/// Each case names the flag, file, line or key at fault; `description` is printed as is, so it
/// never spans lines and never carries a stack trace.
public enum LabError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A flag's value is unusable: `flag` names it, `message` says what to do.
  case badFlag(flag: String, message: String)
  /// Two flags that do not go together, or one that needs another.
  case conflictingFlags(String)
  /// A file could not be read.
  case unreadableFile(path: String, reason: String)
  /// A file could not be written; whatever was there before is unchanged.
  case unwritableFile(path: String, reason: String)
  /// A line of a JSON Lines file is wrong.
  case badLine(path: String, line: Int, message: String)
  /// A JSON file is wrong; `line` is given when the parser knows it.
  case badJSON(path: String, line: Int?, message: String)
  /// A tuning file holds a key or value the core refuses.
  case badTuning(path: String, message: String)
  /// An animated header's file (`--header`) is refused: unreadable, malformed or over a limit.
  case badHeader(path: String, message: String)
  /// The window, the renderer, a font or a PNG failed; the shell's message says which.
  case shell(String)
  /// SIGINT or SIGTERM stopped a run before its end; `message` says what was not written.
  case interrupted(signal: String, message: String)

  public var description: String {
    let text =
      switch self {
      case .badFlag(let flag, let message): "\(flag): \(message)"
      case .conflictingFlags(let message): message
      case .unreadableFile(let path, let reason): "\(path): cannot read: \(reason)"
      case .unwritableFile(let path, let reason):
        "\(path): cannot write: \(reason); the file was left as it was"
      case .badLine(let path, let line, let message): "\(path):\(line): \(message)"
      case .badJSON(let path, let line?, let message): "\(path):\(line): \(message)"
      case .badJSON(let path, nil, let message): "\(path): \(message)"
      case .badTuning(let path, let message): "\(path): \(message)"
      case .badHeader(let path, let message): "\(path): \(message)"
      case .shell(let message): message
      case .interrupted(let signal, let message): "stopped by \(signal): \(message)"
      }
    return text.oneLine
  }
}

extension LabError {
  /// The shell's failure as the app words it: without a display, the app's own way out first.
  static func shell(_ error: SDLError) -> LabError {
    guard case .noDisplay(let reason) = error else { return .shell(error.description) }
    return .shell(
      "no display: cannot open a window (\(reason)); run with --headless, or start a virtual "
        + "display with Xvfb (for example: xvfb-run refresh-lab)")
  }
}

extension String {
  /// The text with line breaks folded, so an error always prints as one line.
  var oneLine: String {
    split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }
      .joined(separator: "; ")
  }
}

extension Substring {
  /// The text without spaces or tabs at either end.
  var trimmingSpaces: Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return self[first...last]
  }
}
