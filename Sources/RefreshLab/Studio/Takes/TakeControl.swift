import FoundationEssentials
import RefreshSDL

/// The window's record and replay keys, over takes (a gesture script recorded in the window: a
/// "recording" is always a screen recording, the fit's input): R starts and stops a take, Shift+R
/// plays the last one back.
///
/// A take starts from a fresh table (the rows and position the app starts with), and so
/// does its replay, so what plays back is what was recorded. With `--record FILE` the window
/// records from the start, as it always has, into FILE; R then stops that take and later
/// ones go to the same file. Without it they go to `defaultName` in the output folder. Every
/// stop writes the file atomically, except that a take with no events never replaces a file
/// already there: R pressed twice by mistake keeps the last real take.
struct TakeControl {
  /// The name of the file takes go to when `--record` names none.
  static let defaultName = "refresh-lab-recording.jsonl"

  /// What a stop did.
  enum Outcome: Equatable {
    /// The take was written to the file; `events` of its lines are input.
    case written(events: Int)
    /// The take held no input, and the file there already was kept.
    case keptEarlier
  }

  /// The file takes are written to.
  let path: String
  /// The folder `path` lies in when no `--record` named it, made at the first write.
  private let folder: OutputFolder?
  /// The take under way.
  private(set) var recorder: ScriptRecorder?
  /// The window time the take under way started at; its script counts from there.
  private var origin = 0.0
  /// The last take stopped, ready to replay.
  private(set) var lastScript: GestureScript?

  /// Recording from the start with `--record`, otherwise idle until R, writing into `folder`.
  init(recordPath: String?, folder: OutputFolder = OutputFolder()) {
    path = recordPath ?? folder.file(Self.defaultName)
    self.folder = recordPath == nil ? folder : nil
    if recordPath != nil { recorder = ScriptRecorder(path: path) }
  }

  /// Whether a take is under way.
  var isTaking: Bool { recorder != nil }

  /// Starts recording at window time `time`.
  mutating func start(at time: Double) {
    recorder = ScriptRecorder(path: path)
    origin = time
  }

  /// Keeps `event` (table coordinates) if it meant something to the table.
  mutating func record(_ event: ShellEvent, at time: Double, meaning: GestureMapper.Translation) {
    recorder?.record(event, at: time - origin, meaning: meaning)
  }

  /// Ends the take at `time` and writes it, keeping it for replay; nil when none was under
  /// way. An empty take leaves an existing file, and the take Shift+R replays, as they were.
  @discardableResult
  mutating func stop(at time: Double) throws(LabError) -> Outcome? {
    guard let recorder else { return nil }
    self.recorder = nil
    if recorder.events.isEmpty && FileManager.default.fileExists(atPath: path) { return .keptEarlier }
    lastScript = recorder.script(endingAt: time - origin)
    try folder?.create()
    try recorder.save(endingAt: time - origin)
    return .written(events: recorder.events.count)
  }

  /// The script Shift+R plays: the last take of this run, else the one in the file from
  /// an earlier run, else nil.
  func scriptToReplay() throws(LabError) -> GestureScript? {
    if let lastScript { return lastScript }
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return try GestureScript.load(path)
  }
}
