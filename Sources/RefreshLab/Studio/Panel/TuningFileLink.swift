import FoundationEssentials
import RefreshCore

/// The window's tuning file: where Ctrl+S saves, and the file watched for outside edits.
///
/// Without `--tuning`, the first save goes to `defaultPath` in the current folder (the status
/// line says so) and that file is watched from then on, as if it had been given.
struct TuningFileLink: Sendable {
  /// Where a save goes when no `--tuning` was given.
  static let defaultPath = "refresh-lab-tuning.json"

  /// The file saved to and watched, once there is one.
  private(set) var path: String?
  /// What the file's missing keys default to: `--preset`, or the preset last picked in the panel.
  var basePreset: TuningPreset?
  /// Polls the file; nil until there is a file.
  private(set) var watcher: TuningWatcher?
  /// Where the first save goes when `path` is nil.
  let fallbackPath: String

  /// A link to `path` (from `--tuning`), watched from wall time `now`. The file's current bytes
  /// are the baseline, since the run has just loaded them.
  init(path: String?, preset: TuningPreset?, now: Double, fallbackPath: String = Self.defaultPath) {
    self.path = path
    self.fallbackPath = fallbackPath
    basePreset = preset
    watcher = path.map { TuningWatcher(path: $0, content: try? FileReading.read($0), now: now) }
  }

  /// Saves `tuning` atomically and says how it went, for the status line. A failed save leaves
  /// the old file (and which file is linked) as it was.
  mutating func save(_ tuning: Tuning, at now: Double) -> (text: String, kind: StatusLine.Kind) {
    let target = path ?? fallbackPath
    let data: Data
    do {
      data = try TuningFile.save(tuning, to: target)
    } catch {
      return (error.description, .error)
    }
    if path == nil {
      path = target
      watcher = TuningWatcher(path: target, content: data, now: now)
      return ("Saved \(target) in the current folder (no --tuning was given); watching it", .info)
    }
    watcher?.noteWritten(data)
    return ("Saved \(target)", .info)
  }

  /// Checks the file for an outside edit if a poll is due at `now`.
  mutating func poll(at now: Double) -> TuningWatcher.Outcome? {
    watcher?.poll(at: now, over: basePreset)
  }

  /// Seconds until the next poll, nil when nothing is watched.
  func timeUntilPoll(at now: Double) -> Double? {
    watcher?.timeUntilPoll(at: now)
  }
}
