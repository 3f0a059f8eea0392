import FoundationEssentials

/// Reads a `--trace` file back, each line as the frame it was written from (`TraceFrame`, with
/// the compared table's under `compare`), non-finite numbers as `TraceWriter` spells them.
enum TraceReader {
  /// Every line of the trace at `path`, or an error naming the file and the line at fault.
  static func frames(at path: String) throws(LabError) -> [StudioTraceFrame] {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw .unreadableFile(path: path, reason: "\(error)")
    }
    return try frames(lines: text.split(separator: "\n").map(String.init), of: path)
  }

  /// The frames `lines` of the trace at `path` hold.
  static func frames(lines: [String], of path: String) throws(LabError) -> [StudioTraceFrame] {
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    var frames: [StudioTraceFrame] = []
    for (index, line) in lines.enumerated() {
      do {
        frames.append(try decoder.decode(StudioTraceFrame.self, from: Data(line.utf8)))
      } catch {
        throw .badJSON(path: path, line: index + 1, message: "not a trace frame: \(error)")
      }
    }
    return frames
  }
}
