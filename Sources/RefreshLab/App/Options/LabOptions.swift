import RefreshCore
import RefreshSDL

/// Everything the command line asked for, checked and typed.
public struct LabOptions: Sendable, Equatable {
  /// The built-in data source.
  public var data = DataSourceConfiguration()
  /// Label language.
  public var language: Language = .english
  /// The preset the tuning starts from.
  public var preset: TuningPreset?
  /// The tuning file to load and save.
  public var tuningFile: String?
  /// Window size, points.
  public var size: WindowSize = .standard
  /// Whether `--size` named it (else `--match` sizes the table as the recording).
  public var sizeIsGiven = false
  /// Gesture script to play.
  public var replay: String?
  /// Where to write a gesture script of real input.
  public var record: String?
  /// Whether to run without a window in simulated time.
  public var headless = false
  /// Frames per second of simulated time.
  public var fps = 60
  /// Where to write the per-frame trace.
  public var trace: String?
  /// Frames to save as PNG.
  public var screenshots: [ScreenshotRequest] = []
  /// Where to write the motion chart.
  public var plot: String?
  /// A second tuning to compare against.
  public var compare: String?
  /// A screen recording to fit and show beside the list, driving it the same way.
  public var match: String?
  /// An animated header to draw instead of the tuning's style: a GIF or a Lottie JSON file.
  public var header: String?
  /// Where E, R and Ctrl+S write files no flag names (`--output-dir`, else the XDG data folder).
  var outputFolder = OutputFolder()
  /// `$HOME`, for showing paths under it as `~/…`; nil when unknown.
  var homeFolder: String?
  /// Whether to print what the frames cost at exit (`RunStats`).
  public var stats = false
  /// The rows shown: the plain title rows, or a feed (`--rows-style varied`, `--feed FILE`).
  var feed: LabFeed?
  /// Whether every frame is drawn whole (`--full-redraw`) rather than only what changed.
  public var fullRedraw = false
  /// Whether a disc marks the held pointer (`--show-touches`), as phones' recordings show it.
  public var showsTouches = false
  /// `--reduced-motion`: on, off, or the desktop's setting (a window's default).
  public var reducedMotion = ReducedMotionChoice.system
  /// Whether this run reduces motion: `reducedMotion` resolved for the run (the desktop read
  /// once at start for a window left to the system; off for a headless one unless `on`).
  public var reducesMotion = false
  /// The environment the window reads the desktop from: its session bus, where the
  /// accessibility bus is asked for (`AccessibilityBridge`), and `NO_AT_BRIDGE`.
  public var environment: [String: String] = [:]
  /// Whether `tuningFile` is the tuning saved last time, which an interactive window opens
  /// with when no `--tuning` or `--preset` names one (`AppLaunch.rememberingTuning`).
  var tuningIsRemembered = false

  /// Whether this run is a person's session at the window, which opens with the tuning saved
  /// last time and keeps unsaved changes at the end: a window without `--replay`, with a data
  /// folder to keep them in. Headless runs and replays read only what their flags name.
  var remembersTuning: Bool { !headless && replay == nil && match == nil && outputFolder.path != nil }

  /// Options with every default.
  public init() {}

  /// Refuses flags that cannot work together.
  func checkCombinations() throws(LabError) {
    if match != nil && (compare != nil || replay != nil) {
      throw .conflictingFlags(
        "--match drives the list with the recording's motion and shows it beside; drop --compare and --replay"
      )
    }
    if headless && replay == nil && match == nil {
      throw .conflictingFlags(
        "--headless needs --replay FILE: without a window the gesture script is the only input")
    }
    if headless && record != nil {
      throw .conflictingFlags(
        "--record writes real input from the window; drop --headless or --record")
    }
    if plot != nil && !headless {
      throw .conflictingFlags("--plot charts a whole replay; add --headless --replay FILE")
    }
    if let record, record == replay || record == trace || record == tuningFile {
      throw .conflictingFlags(
        "--record \(record) names a file another flag reads or writes; choose another name")
    }
  }
}
