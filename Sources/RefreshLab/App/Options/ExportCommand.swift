import ArgumentParser
import FoundationEssentials
import RefreshCore

/// `refresh-lab export`: writes a tuning as our tuning file or as another library's settings.
public struct ExportCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "export",
    abstract:
      "Write a tuning as a tuning file, as SmartRefreshLayout, pull_to_refresh, MJRefresh or easy_refresh "
      + "settings, or as a web page to feel on a phone.",
    discussion: """
      The settings come first, then one comment block naming what the target cannot express. \
      --format web writes one self-contained HTML page that moves as the lab does (open it on a \
      phone, or serve it with refresh-lab serve); --report says what of the tuning it carries. \
      The tuning is --tuning FILE laid over --preset NAME, as the window loads it; iOS defaults without either.
      """)

  @Option(
    name: .long,
    help: ArgumentHelp(
      "What to write: \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "format")
  )
  var format: String

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A tuning preset: \(TuningPreset.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "name")
  )
  var preset: String?

  @Option(name: .long, help: ArgumentHelp("A JSON tuning to export.", valueName: "file"))
  var tuning: String?

  @Option(name: .long, help: ArgumentHelp("Where to write (standard output by default).", valueName: "file"))
  var output: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "With --format web: a GIF header to embed (at most \(WebExport.embeddedHeaderLimit / 1024) KB).",
      valueName: "file"))
  var header: String?

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "With --format web: print what of the tuning the page reproduces and what it cannot; with --output "
        + "the page is written too, without it nothing is.")
  )
  var report = false

  public init() {}

  /// The export text and where it goes, checked, and with `--report` the report to print. A
  /// report without `--output` is all there is (`text` empty, nothing written); with it, the page
  /// is written as without `--report`, and a tuning the page cannot express is refused before
  /// anything is.
  @MainActor func render() throws(LabError) -> (text: String, output: String?, report: String?) {
    let format = try ExportFormat.named(format, flag: "--format")
    let (tuning, source) = try Self.tuning(preset: preset, file: tuning)
    let output = try LabCommand.path(output, flag: "--output")
    if header != nil && format != .web {
      throw .badFlag(flag: "--header", message: "only --format web embeds a header; leave --header out")
    }
    let embedded = try header.map { (path) throws(LabError) in try WebExport.Header.load(path) }
    if report {
      guard format == .web else {
        throw .badFlag(flag: "--report", message: "only --format web has a report")
      }
    }
    let said = report ? WebExport.report(tuning, header: embedded).joined(separator: "\n") + "\n" : nil
    if report && output == nil { return ("", nil, said) }
    try TuningExport.check(tuning, as: format)
    guard format == .web else {
      return (TuningExport.text(of: tuning, as: format, source: source), output, said)
    }
    return (WebExport.page(of: tuning, source: source, header: embedded), output, said)
  }

  /// The tuning of `--tuning FILE` laid over `--preset NAME` (the iOS defaults without either),
  /// and where it came from ("preset smart"), for the page's title.
  @MainActor static func tuning(preset: String?, file: String?) throws(LabError) -> (Tuning, source: String) {
    var options = LabOptions()
    if let preset {
      do throws(TuningError) {
        options.preset = try TuningPreset.named(preset)
      } catch {
        throw .badFlag(flag: "--preset", message: error.description)
      }
    }
    options.tuningFile = try LabCommand.path(file, flag: "--tuning")
    return (try AppLaunch(options: options).loadTuning(), StudioNames.source(of: options))
  }

  /// What an export that names no tuning says on standard error. It exports the iOS defaults,
  /// as it always has (scripts rely on a bare export being the same on every machine), and
  /// names the tuning the window reopens with, when one was saved, and how to export that.
  func unnamedTuningNote(environment: [String: String]) -> String? {
    guard preset == nil, tuning == nil else { return nil }
    guard let folder = OutputFolder.standard(environment: environment) else {
      return "exported the iOS defaults (no --tuning or --preset)"
    }
    let saved = OutputFolder(path: folder).file(TuningFileLink.defaultPath)
    guard (try? FileReading.read(saved)) != nil else {
      return "exported the iOS defaults (no --tuning or --preset; no tuning saved in \(folder))"
    }
    return "exported the iOS defaults (no --tuning or --preset); the window reopens with the tuning saved in "
      + "\(saved): export it with --tuning \(saved)"
  }

  /// Writes the export: atomically to `--output`, or to standard output; then the report, when
  /// asked for.
  @MainActor func write() throws(LabError) {
    let (text, output, said) = try render()
    if let output {
      try AtomicFile.write(Data(text.utf8), to: output)
    } else if said == nil {
      print(text, terminator: "")
    }
    if let said { print(said, terminator: "") }
    // Said once written: a failed write is its one line alone.
    if let note = unnamedTuningNote(environment: ProcessInfo.processInfo.environment) {
      RefreshLabApp.report(note)
    }
  }
}

/// `refresh-lab`: the window (or a headless replay) by default, or `export` / `import`.
public struct RefreshLabCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "refresh-lab",
    abstract: LabCommand.configuration.abstract,
    subcommands: [
      LabCommand.self, ExportCommand.self, ImportCommand.self, ServeCommand.self, FitCommand.self,
    ],
    defaultSubcommand: LabCommand.self)

  public init() {}
}
