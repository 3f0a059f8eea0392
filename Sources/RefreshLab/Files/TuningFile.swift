import FoundationEssentials
import Glibc
import RefreshCore

/// Tuning files: JSON holding some or all of `Tuning`'s keys.
///
/// The core's decoder refuses unknown keys and out-of-range values; this adds the file's name,
/// the line of a JSON syntax error, and an atomic save.
public enum TuningFile {
  /// The tuning in `path`, starting from `preset` for the keys the file leaves out.
  public static func load(_ path: String, over preset: TuningPreset? = nil) throws(LabError) -> Tuning {
    try decode(FileReading.read(path), path: path, over: preset)
  }

  /// The tuning in `data`, the contents of `path`, over `preset` (the core's defaults without
  /// one): what `load` reads, for a caller that already holds the bytes (the file watcher
  /// compares them first).
  public static func decode(_ data: Data, path: String, over preset: TuningPreset? = nil) throws(LabError)
    -> Tuning
  {
    if let fault = JSONErrorLocation.fault(in: data) {
      throw .badJSON(path: path, line: fault.line, message: "not valid JSON: \(fault.detail)")
    }
    let decoder = JSONDecoder()
    if let preset, let key = Tuning.baseUserInfoKey { decoder.userInfo[key] = preset.tuning }
    do {
      let tuning = try decoder.decode(Tuning.self, from: data)
      if let note = legacyNote(in: data, path: path, loaded: tuning) {
        let line = Array((note + "\n").utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      }
      return tuning
    } catch let error as TuningError {
      throw .badTuning(path: path, message: error.description)
    } catch let DecodingError.dataCorrupted(context) {
      throw JSONErrorLocation.error(for: context, in: data, path: path)
    } catch let DecodingError.typeMismatch(_, context) {
      throw .badJSON(
        path: path, line: nil, message: "expected an object of tuning keys, \(context.debugDescription)")
    } catch {
      throw .badJSON(path: path, line: nil, message: "\(error)")
    }
  }

  /// The note for a file from before `maxDragRate` was a ratio (it held points from 10 up),
  /// which the core has converted: what it read, what it made of it, and how to keep that.
  static func legacyNote(in data: Data, path: String, loaded tuning: Tuning) -> String? {
    struct Probe: Decodable { let maxDragRate: Double? }
    guard let points = (try? JSONDecoder().decode(Probe.self, from: data))?.maxDragRate,
      points >= Tuning.legacyMaxDragPoints
    else { return nil }
    return
      "refresh-lab: note: \(path): maxDragRate \(ExportSheet.number(points)) is points (its old meaning); "
      + "read as \(ExportSheet.number(tuning.maxDragRate)) header heights, now a ratio. "
      + "Save the tuning (Ctrl+S) to write the ratio."
  }

  /// Writes `tuning` to `path` atomically: on failure the old file stays whole. Returns the
  /// bytes written, so a watcher of the file can tell its own save from an outside edit.
  @discardableResult
  public static func save(_ tuning: Tuning, to path: String) throws(LabError) -> Data {
    var data = encode(tuning)
    data.append(0x0A)
    try AtomicFile.write(data, to: path)
    return data
  }

  /// Pretty, key-sorted JSON, so saved files diff well.
  static func encode(_ tuning: Tuning) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    // Every tuning value is finite after validation, so encoding cannot fail.
    return (try? encoder.encode(tuning)) ?? Data("{}".utf8)
  }
}
