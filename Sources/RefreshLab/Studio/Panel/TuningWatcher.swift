import FoundationEssentials
import RefreshCore

/// Notices edits made to the tuning file by another program, polled from the window loop.
///
/// It reads the whole file at most every `interval` seconds and compares the bytes with the
/// last ones it saw. A modification time alone would miss a same-size edit made within the
/// file system's timestamp granularity; a tuning file is a few hundred bytes, so reading it four
/// times a second costs nothing. Time is passed in, so tests drive it without sleeping.
///
/// A good edit applies at the first poll that sees it. A bad one is reported only when the next
/// poll finds the file the same: an editor that saves in place truncates the file before
/// writing it, and a poll between the two would otherwise flash "the file is empty".
struct TuningWatcher: Sendable {
  /// What a poll found.
  enum Outcome: Sendable, Equatable {
    /// The file changed and holds a good tuning: apply it.
    case changed(Tuning)
    /// The file changed and cannot be used; the last good tuning stays.
    case refused(LabError)
  }

  /// The longest time between polls: a good edit applies within this plus a frame, a bad one is
  /// reported within twice this.
  static let interval = 0.25

  /// The file watched.
  let path: String
  /// When the next poll may read the file.
  private(set) var nextPoll: Double
  /// What the last poll read: the bytes, or why there were none.
  private var lastRead: Result<Data, LabError>?
  /// A failure seen once, reported if the next poll reads the same.
  private var unconfirmed: LabError?
  /// The bytes last applied or written by the app: anything else in the file is an outside edit.
  private(set) var lastGood: Data?

  /// Watches `path`, whose contents are `content` now (the bytes the run loaded or saved); the
  /// first poll is due `interval` after `now`.
  init(path: String, content: Data?, now: Double) {
    self.path = path
    lastRead = content.map { .success($0) }
    lastGood = content
    nextPoll = now + Self.interval
  }

  /// Seconds from `now` until a poll is due, 0 if one is due now.
  func timeUntilPoll(at now: Double) -> Double { max(0, nextPoll - now) }

  /// Reads the file if a poll is due at `now`; says what changed, or nil. Keys the file leaves
  /// out come from `preset` (as at start-up).
  mutating func poll(at now: Double, over preset: TuningPreset?) -> Outcome? {
    guard now >= nextPoll else { return nil }
    nextPoll = now + Self.interval
    let read = Result { () throws(LabError) in try FileReading.read(path) }
    guard read != lastRead else {
      // Unchanged since the last poll: a failure seen then is how the file really is.
      defer { unconfirmed = nil }
      return unconfirmed.map { .refused($0) }
    }
    lastRead = read
    do {
      let data = try read.get()
      let tuning = try TuningFile.decode(data, path: path, over: preset)
      lastGood = data
      unconfirmed = nil
      return .changed(tuning)
    } catch {
      unconfirmed = error
      return nil
    }
  }

  /// Records bytes the app itself just wrote, so its own save is not taken for an outside edit.
  mutating func noteWritten(_ data: Data) {
    lastRead = .success(data)
    lastGood = data
    unconfirmed = nil
  }
}
