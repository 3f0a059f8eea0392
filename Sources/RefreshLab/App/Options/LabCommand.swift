import ArgumentParser
import RefreshCore
import RefreshSDL

/// The command line of `refresh-lab`, as README's "Flags" lists it: scripts and outside checks rely on every name.
///
/// ArgumentParser checks the types; `resolve(environment:)` checks everything else and turns the
/// raw values into `LabOptions`, so every refusal is one `LabError` line naming the flag.
public struct LabCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "window",
    abstract: "Pull to refresh and load more, with a lab to feel and tune them.",
    // The window is the default command: `[window]` shows that it need not be named.
    usage: """
      refresh-lab [window] [<options>]
        refresh-lab export --format <format> [<options>]
        refresh-lab import --format smart <file> [<options>]
        refresh-lab serve --format web [<options>]
        refresh-lab fit <recording> [<options>]
      """,
    discussion: """
      With no arguments it opens the window on a built-in data source. \
      Drag down to refresh, push past the end to load more; ? in the window shows these keys.

      KEYS
      \(WindowKeys.helpText)

      EXIT STATUS
      0 when the run ends normally. 1 for any bad input (a flag, a script line, a tuning file) \
      or a failed run, with one line on standard error naming what is wrong and what to do.
      """)

  @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Rows shown at start-up.", valueName: "n"))
  var rows = 20

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp("Rows a refresh or load-more delivers.", valueName: "n"))
  var pageSize = 20

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp("Rows that exist before no more data.", valueName: "n"))
  var total = 100

  @Option(
    name: .long, parsing: .unconditional, help: ArgumentHelp("Simulated load time.", valueName: "seconds"))
  var latency = 1.0

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp("Chance, 0…1, that a load fails.", valueName: "p"))
  var failRate = 0.0

  @Option(name: .long, help: ArgumentHelp("Seed of the data source's choices.", valueName: "n"))
  var seed: UInt64 = 1

  @Option(name: .long, help: ArgumentHelp("Label language, en or zh (default from LANG).", valueName: "lang"))
  var lang: String?

  @Option(name: .long, help: ArgumentHelp("A JSON tuning to load (and save with Ctrl+S).", valueName: "file"))
  var tuning: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A tuning preset that moves like its library: "
        + "\(TuningPreset.allCases.map(\.rawValue).joined(separator: ", ")).",
      valueName: "name"))
  var preset: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The header drawn: a name ("
        + LabHeaders.registry.entries.map { "\($0.name): \($0.summary)" }.joined(separator: "; ")
        + "), or a file one of them plays: " + LabHeaders.registry.filesDescription + ".",
      valueName: "name|file"))
  var header: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Window size in points, \(WindowSize.rangeText); x, X or × between (400x700).", valueName: "WxH"))
  var size: String?

  @Option(
    name: .long,
    help: ArgumentHelp("A gesture script (JSON Lines) to play; its end line ends the run.", valueName: "file")
  )
  var replay: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Record real input as a gesture script from the start (R in the window stops it).",
      valueName: "file"))
  var record: String?

  @Flag(name: .long, help: "No window: software rendering in simulated time; needs --replay.")
  var headless = false

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp(
      "Frames per second of --headless time (the window follows the display).", valueName: "n"))
  var fps = 60

  @Option(name: .long, help: ArgumentHelp("Write one JSON object per frame (JSON Lines).", valueName: "file"))
  var trace: String?

  @Option(
    name: .long, parsing: .unconditionalSingleValue,
    help: ArgumentHelp("Save the frame shown at time T as PNG (repeatable).", valueName: "T:path"))
  var screenshot: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp("With --headless, chart the motion of the replay as PNG.", valueName: "path"))
  var plot: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A second tuning shown side by side, driven by the same input; its trace goes under \"compare\".",
      valueName: "other.json"))
  var compare: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Where E (export), R (recording) and Ctrl+S (without --tuning) write; default "
        + "$XDG_DATA_HOME/refresh-lab or ~/.local/share/refresh-lab.", valueName: "dir"))
  var outputDir: String?

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "At exit, print frames, CPU ms per frame, most cached textures, most visible rows, and per "
        + "frame the pixels drawn, copied and presented and where the CPU time went; then how "
        + "often the window's loop woke, and the frames it skipped as unchanged."))
  var stats = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The rows: plain (a title and a line) or varied (posts with an avatar, wrapped text and "
        + "sometimes an image, the same for the same --seed).", valueName: "plain|varied"))
  var rowsStyle = "plain"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Rows read from JSON Lines, one post a line: {\"title\":…,\"body\":…,\"image\":\"path\"} "
        + "(repeated when --total pages past the file's end).", valueName: "file.jsonl"))
  var feed: String?

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp("Group the rows in N sections whose headers stick to the top.", valueName: "n"))
  var sections = 0

  @Option(
    name: .long,
    help: ArgumentHelp(
      "normal (row 0 at the top) or chat (the newest row at the bottom: pull up past it to "
        + "refresh, reach the top to load older rows).", valueName: "normal|chat"))
  var orientation = "normal"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "vertical (rows) or horizontal (columns: pull right past the first to refresh, left past "
        + "the last to load more; the sideways wheel, Shift+wheel and the wheel scroll it).",
      valueName: "vertical|horizontal"))
  var axis = "vertical"

  @Flag(
    name: .long,
    help: "Draw every frame whole, not only what changed (to compare the two, or measure the gain).")
  var fullRedraw = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Fit a screen recording (a GIF, a video such as MP4, WebM, MKV or MOV, or a folder of PNG "
        + "frames) and show it playing beside the list, the same motion driven into both (its finger, "
        + "or its phases' times), the two offsets plotted over each other.",
      valueName: "recording"))
  var match: String?

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Draw a 44-pt translucent grey disc on the pointer while a button or finger is down, "
        + "in the window and in --screenshot frames, as phones' \"show touches\" does."))
  var showTouches = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "on (rows appear in place, animated headers do not loop, the scale header does not scale, "
        + "the second floor opens at once; dragging is unchanged), off, or system (the desktop's "
        + "setting in a window; off in a headless run).", valueName: "on|off|system"))
  var reducedMotion = "system"

  public init() {}

  /// The options, checked; `environment` supplies the locale for `--lang`'s default.
  public func resolve(environment: [String: String]) throws(LabError) -> LabOptions {
    guard rows >= 0 else { throw .badFlag(flag: "--rows", message: "must be 0 or more (got \(rows))") }
    guard pageSize >= 1 else {
      throw .badFlag(flag: "--page-size", message: "must be 1 or more (got \(pageSize))")
    }
    guard total >= 0 else { throw .badFlag(flag: "--total", message: "must be 0 or more (got \(total))") }
    guard rows <= total else {
      throw .conflictingFlags(
        "--rows \(rows) is more than --total \(total); raise --total or lower --rows")
    }
    guard latency.isFinite, latency >= 0 else {
      throw .badFlag(flag: "--latency", message: "must be 0 or more seconds (got \(latency))")
    }
    guard failRate.isFinite, (0...1).contains(failRate) else {
      throw .badFlag(flag: "--fail-rate", message: "must lie between 0 and 1, such as 0.2 (got \(failRate))")
    }
    guard fps > 0 else {
      throw .badFlag(
        flag: "--fps", message: "must be more than 0 frames per second, such as --fps 60 (got \(fps))")
    }
    var options = LabOptions()
    options.data = DataSourceConfiguration(
      initialRows: rows, pageSize: pageSize, total: total, latency: latency,
      failureRate: failRate, seed: seed)
    options.language = try Self.language(lang, environment: environment)
    if let preset {
      do throws(TuningError) {
        options.preset = try TuningPreset.named(preset)
      } catch {
        throw .badFlag(flag: "--preset", message: error.description)
      }
    }
    options.tuningFile = try Self.path(tuning, flag: "--tuning")
    options.header = try Self.path(header, flag: "--header")
    options.size = try size.map { text throws(LabError) in try WindowSize(parsing: text) } ?? .standard
    options.sizeIsGiven = size != nil
    options.replay = try Self.path(replay, flag: "--replay")
    options.record = try Self.path(record, flag: "--record")
    options.headless = headless
    options.fps = fps
    options.trace = try Self.path(trace, flag: "--trace")
    options.screenshots = try screenshot.map { text throws(LabError) in try ScreenshotRequest(parsing: text) }
    options.plot = try Self.path(plot, flag: "--plot")
    options.compare = try Self.path(compare, flag: "--compare")
    options.match = try Self.path(match, flag: "--match")
    options.stats = stats
    switch rowsStyle {
    case "plain": break
    case "varied": options.feed = .generated(seed: seed)
    default:
      throw .badFlag(flag: "--rows-style", message: "must be plain or varied (got \(rowsStyle))")
    }
    if let feed = try Self.path(feed, flag: "--feed") {
      options.feed = .file(try FeedFile.load(feed))
    }
    guard sections >= 0, sections <= 10_000 else {
      throw .badFlag(flag: "--sections", message: "must be 0 to 10000 (got \(sections))")
    }
    options.data.sections = sections
    guard let orientation = ListOrientation(rawValue: orientation) else {
      throw .badFlag(flag: "--orientation", message: "must be normal or chat (got \(orientation))")
    }
    options.data.orientation = orientation
    guard let axis = ListAxis(rawValue: axis) else {
      throw .badFlag(flag: "--axis", message: "must be vertical or horizontal (got \(axis))")
    }
    options.data.axis = axis
    options.fullRedraw = fullRedraw
    options.showsTouches = showTouches
    guard let motion = ReducedMotionChoice(rawValue: reducedMotion) else {
      throw .badFlag(
        flag: "--reduced-motion", message: "must be on, off or system (got \(reducedMotion))")
    }
    options.reducedMotion = motion
    options.reducesMotion = motion.reducesMotion(headless: headless, environment: environment)
    options.environment = environment
    if let folder = try Self.path(outputDir, flag: "--output-dir") {
      options.outputFolder = OutputFolder(path: folder, isChosen: true)
    } else {
      options.outputFolder = OutputFolder(path: OutputFolder.standard(environment: environment))
    }
    options.homeFolder = environment["HOME"]
    try options.checkCombinations()
    return options
  }

  static func language(_ name: String?, environment: [String: String]) throws(LabError) -> Language {
    guard let name else {
      // POSIX order: LC_ALL overrides LC_MESSAGES, which overrides LANG.
      let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }
        .first { !$0.isEmpty }
      return Language(locale: locale)
    }
    guard let language = Language(rawValue: name) else {
      throw .badFlag(flag: "--lang", message: "\"\(name)\" is not a language here; use en or zh")
    }
    return language
  }

  static func path(_ value: String?, flag: String) throws(LabError) -> String? {
    guard let value else { return nil }
    guard !value.isEmpty else { throw .badFlag(flag: flag, message: "needs a file name") }
    return value
  }
}
