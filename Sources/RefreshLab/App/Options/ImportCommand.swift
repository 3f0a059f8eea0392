import ArgumentParser
import FoundationEssentials
import RefreshCore

/// `refresh-lab import`: reads another library's settings back into a tuning file.
public struct ImportCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Read a SmartRefreshLayout layout's srl attributes into a tuning (JSON).",
    discussion: """
      Reads the first SmartRefreshLayout anywhere in FILE, its header and its footer; an attribute left \
      out is read as SmartRefreshLayout's own default (its source's, not the smart preset's value). What a tuning cannot hold \
      (colours, nested scrolling, view ids, insets) is a note on standard error, one line each, and the \
      import goes on. Bad XML, a value of the wrong kind or out of range, or a reference --resources \
      does not define stops with one line naming the file, the line and the attribute, and exit status 1.
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

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The app's res/ folder: @dimen, @color, @integer and @bool references resolve from its values*/ files.",
      valueName: "dir"))
  var resources: String?

  public init() {}

  /// The tuning file's text, where it goes, and the notes on what it could not hold, checked.
  func render() throws(LabError) -> (text: String, output: String?, notes: [String]) {
    guard Format(rawValue: format) != nil else {
      throw .badFlag(
        flag: "--format",
        message:
          "\"\(format)\" is not an import format; use one of \(Format.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    let input = try LabCommand.path(file, flag: "FILE") ?? file
    let output = try LabCommand.path(output, flag: "--output")
    let folder = try LabCommand.path(resources, flag: "--resources").map { dir throws(LabError) in
      try AndroidResources(folder: dir)
    }
    let bytes = try FileReading.read(input)
    let result = try SmartImport.read(String(decoding: bytes, as: UTF8.self), path: input, resources: folder)
    return (TuningExport.text(of: result.tuning, as: .json, source: input), output, result.notes)
  }

  /// Writes the tuning: atomically to `--output`, or to standard output; the notes go to
  /// standard error.
  @MainActor func write() throws(LabError) {
    let (text, output, notes) = try render()
    for note in notes { RefreshLabApp.report(note) }
    if let output {
      try AtomicFile.write(Data(text.utf8), to: output)
    } else {
      print(text, terminator: "")
    }
  }
}
