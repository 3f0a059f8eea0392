import FoundationEssentials
import RefreshSDL

/// The window's record and replay keys: R starts and stops recording a gesture script, Shift+R
/// plays the last one back.
///
/// A recording starts from a fresh table (the rows and position the app starts with), and so
/// does its replay, so what plays back is what was recorded. With `--record FILE` the window
/// records from the start, as it always has, into FILE; R then stops that recording and later
/// ones go to the same file. Without it they go to `refresh-lab-recording.jsonl` in the current
/// folder. Every stop writes the file atomically.
struct RecordingControl {
  /// Where recordings go when `--record` names no file.
  static let defaultPath = "refresh-lab-recording.jsonl"

  /// The file recordings are written to.
  let path: String
  /// The recording under way.
  private(set) var recorder: ScriptRecorder?
  /// The window time the recording under way started at; its script counts from there.
  private var origin = 0.0
  /// The last recording stopped, ready to replay.
  private(set) var lastScript: GestureScript?

  /// Recording from the start with `--record`, otherwise idle until R.
  init(recordPath: String?) {
    path = recordPath ?? Self.defaultPath
    if recordPath != nil { recorder = ScriptRecorder(path: path) }
  }

  /// Whether a recording is under way.
  var isRecording: Bool { recorder != nil }

  /// Starts recording at window time `time`.
  mutating func start(at time: Double) {
    recorder = ScriptRecorder(path: path)
    origin = time
  }

  /// Keeps `event` (table coordinates) if it meant something to the table.
  mutating func record(_ event: ShellEvent, at time: Double, meaning: GestureMapper.Translation) {
    recorder?.record(event, at: time - origin, meaning: meaning)
  }

  /// Ends the recording at `time`, writes it and keeps it for replay. Returns the script.
  @discardableResult
  mutating func stop(at time: Double) throws(LabError) -> GestureScript? {
    guard let recorder else { return nil }
    self.recorder = nil
    let script = recorder.script(endingAt: time - origin)
    lastScript = script
    try recorder.save(endingAt: time - origin)
    return script
  }

  /// The script Shift+R plays: the last recording of this run, else the one in the file from
  /// an earlier run, else nil.
  func scriptToReplay() throws(LabError) -> GestureScript? {
    if let lastScript { return lastScript }
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return try GestureScript.load(path)
  }
}
