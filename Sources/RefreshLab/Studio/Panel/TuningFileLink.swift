import FoundationEssentials
import RefreshCore
import RefreshSDL

/// The window's tuning file: where Ctrl+S saves, and the file watched for outside edits.
///
/// Without `--tuning`, the first save goes to `defaultPath` in the output folder (the status
/// line says so) and that file is watched from then on, as if it had been given.
///
/// An outside edit the watcher refused is the person's work, not yet right: Ctrl+S never
/// replaces it silently. The first press says so; a second press, with the file still holding
/// that edit, overwrites it.
struct TuningFileLink: Sendable {
  /// The name of the file a save goes to when no `--tuning` was given.
  static let defaultPath = "refresh-lab-tuning.json"

  /// The file saved to and watched, once there is one.
  private(set) var path: String?
  /// What the file's missing keys default to: `--preset`, or the preset last picked in the panel.
  var basePreset: TuningPreset?
  /// Polls the file; nil until there is a file.
  private(set) var watcher: TuningWatcher?
  /// The folder the first save goes to when `path` is nil.
  let folder: OutputFolder
  /// The refused bytes a first Ctrl+S warned about: a second one overwrites them.
  private var warnedAbout: Data?
  /// The status line's words, in the list's language.
  let words: LabWords

  /// A link to `path` (from `--tuning`), watched from wall time `now`. The file's current bytes
  /// are the baseline, since the run has just loaded them.
  init(
    path: String?, preset: TuningPreset?, now: Double, folder: OutputFolder = OutputFolder(),
    language: Language = .english
  ) {
    self.path = path
    self.folder = folder
    words = LabWords(language: language)
    basePreset = preset
    watcher = path.map { TuningWatcher(path: $0, content: try? FileReading.read($0), now: now) }
  }

  /// Where the first save goes when no `--tuning` was given.
  var fallbackPath: String { folder.file(Self.defaultPath) }

  /// Saves `tuning` atomically and says how it went, for the status line. A failed save leaves
  /// the old file (and which file is linked) as it was; so does a first save over a refused edit.
  mutating func save(_ tuning: Tuning, at now: Double) -> (text: String, kind: StatusLine.Kind) {
    if let path, let refused = refusedEdit(in: path), refused != warnedAbout {
      warnedAbout = refused
      return (
        "\(path) holds an edit that was refused; press Ctrl+S again to replace it with the tuning shown",
        .error
      )
    }
    warnedAbout = nil
    // A file the repository tracks, or a read-only one, is not the person's to overwrite: the
    // save goes into the data folder under the same name, linked and watched from then on.
    if let path, let reason = OwnedFile.reasonNotToWrite(path) {
      let name = URL(fileURLWithPath: path).lastPathComponent
      let target = folder.file(name)
      guard target != path else {
        return ("\(path) is not the lab's to overwrite; choose another --output-dir", .error)
      }
      let data: Data
      do {
        try folder.create()
        data = try TuningFile.save(tuning, to: target)
      } catch {
        return (error.description, .error)
      }
      self.path = target
      watcher = TuningWatcher(path: target, content: data, now: now)
      return (words.savedElsewhere(path, reason: reason, target: target), .info)
    }
    let target = path ?? fallbackPath
    let data: Data
    do {
      if path == nil { try folder.create() }
      data = try TuningFile.save(tuning, to: target)
    } catch {
      return (error.description, .error)
    }
    if path == nil {
      path = target
      watcher = TuningWatcher(path: target, content: data, now: now)
      return (words.savedFirst(target), .info)
    }
    watcher?.noteWritten(data)
    return (words.saved(target), .info)
  }

  /// The bytes of `path` when they are an outside edit that cannot be applied: not what this
  /// window last applied or wrote, and not a tuning. A missing file holds no work to lose.
  private func refusedEdit(in path: String) -> Data? {
    guard let current = try? FileReading.read(path), current != watcher?.lastGood,
      (try? TuningFile.decode(current, path: path, over: basePreset)) == nil
    else { return nil }
    return current
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
