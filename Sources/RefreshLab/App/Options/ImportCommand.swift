import ArgumentParser
import FoundationEssentials
import RefreshCore

/// `refresh-lab import`: reads another library's settings back into a tuning file.
public struct ImportCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Read a SmartRefreshLayout layout's srl attributes into a tuning (JSON).",
    discussion: """
      Reads the attributes `export --format smart` writes; one left out keeps the smart preset's value. \
      Bad XML, an attribute refresh-lab does not read or a value out of range stops with one line naming \
      the attribute and its line, and exit status 1.
      """)

  /// The formats `import` reads.
  enum Format: String, CaseIterable {
    case smart
  }

  @Option(name: .long, help: ArgumentHelp("What FILE holds: smart.", valueName: "format"))
  var format: String

  @Argument(help: ArgumentHelp("The layout XML to read.", valueName: "file"))
  var file: String

  @Option(
    name: .long,
    help: ArgumentHelp("Where to write the tuning (standard output by default).", valueName: "file"))
  var output: String?

  public init() {}

  /// The tuning file's text and where it goes, checked.
  func render() throws(LabError) -> (text: String, output: String?) {
    guard Format(rawValue: format) != nil else {
      throw .badFlag(
        flag: "--format",
        message:
          "\"\(format)\" is not an import format; use one of \(Format.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    let input = try LabCommand.path(file, flag: "FILE") ?? file
    let output = try LabCommand.path(output, flag: "--output")
    let bytes = try FileReading.read(input)
    let tuning = try SmartImport.tuning(from: String(decoding: bytes, as: UTF8.self), path: input)
    return (TuningExport.text(of: tuning, as: .json, source: input), output)
  }

  /// Writes the tuning: atomically to `--output`, or to standard output.
  func write() throws(LabError) {
    let (text, output) = try render()
    if let output {
      try AtomicFile.write(Data(text.utf8), to: output)
    } else {
      print(text, terminator: "")
    }
  }
}
