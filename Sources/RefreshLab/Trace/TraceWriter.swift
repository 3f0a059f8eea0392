import FoundationEssentials

/// Writes `--trace` as JSON Lines, keys sorted so the same frames are the same bytes.
///
/// Lines go to a temporary file beside the target (see `AtomicFile`), renamed into place by
/// `finish()`: a run that fails half way leaves an earlier trace whole.
public final class TraceWriter {
  /// Where the trace ends up.
  public let path: String
  private let file: PendingFile
  private let encoder = JSONEncoder()
  private var buffer = Data()

  /// Lines are flushed in chunks of this size, so a long replay neither holds its whole trace
  /// in memory nor makes a system call per frame.
  private static let flushSize = 1 << 16

  /// Opens a trace for `path`, or throws naming it.
  public init(path: String) throws(LabError) {
    self.path = path
    file = try PendingFile(replacing: path)
    encoder.outputFormatting = [.sortedKeys]
    // A non-finite number is a bug upstream; the trace should show it, not stop.
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
  }

  /// Appends one frame: a `TraceFrame`, or a line that adds to one (a comparison's).
  public func write(_ frame: some Encodable) throws(LabError) {
    do {
      buffer.append(try encoder.encode(frame))
    } catch {
      throw .unwritableFile(path: path, reason: "a frame could not be encoded: \(error)")
    }
    buffer.append(0x0A)
    if buffer.count >= Self.flushSize { try flush() }
  }

  /// Writes what is left and puts the trace in place.
  public func finish() throws(LabError) {
    try flush()
    try file.commit()
  }

  private func flush() throws(LabError) {
    try file.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
