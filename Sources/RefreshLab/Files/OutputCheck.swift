#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks at start that every file the run will write can be written: its folder exists and is
/// writable, and it is no folder itself. A session of work is not lost to a typo found at exit.
enum OutputCheck {
  /// Refuses the first output of `options` that cannot be written, naming its flag, its path and
  /// the reason.
  static func check(_ options: LabOptions) throws(LabError) {
    var outputs: [(flag: String, path: String)] = []
    if let record = options.record { outputs.append(("--record", record)) }
    if let trace = options.trace { outputs.append(("--trace", trace)) }
    if let plot = options.plot { outputs.append(("--plot", plot)) }
    outputs += options.screenshots.map { ("--screenshot", $0.path) }
    for output in outputs {
      if let reason = try problem(writing: output.path) {
        throw .badFlag(flag: output.flag, message: "cannot write \(output.path): \(reason); \(advice)")
      }
    }
    if options.outputFolder.isChosen, let folder = options.outputFolder.path,
      let reason = problem(writingInto: folder)
    {
      // The reason names the folder.
      throw .badFlag(flag: "--output-dir", message: "cannot write into \(reason); \(advice)")
    }
  }

  /// What to do about any of these refusals.
  static let advice = "make the folder, or choose a writable place"

  /// Why `path` cannot be written, or nil.
  static func problem(writing path: String) throws(LabError) -> String? {
    let real = try AtomicFile.resolvedPath(of: path)
    var status = stat()
    if stat(real, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
      return AtomicFile.reason(EISDIR, path: path, real: real)
    }
    let folder = AtomicFile.folder(of: real)
    return problem(writingInto: folder.isEmpty ? "." : String(folder.dropLast(folder == "/" ? 0 : 1)))
  }

  /// Why no file can be made in `folder`, naming it, or nil.
  static func problem(writingInto folder: String) -> String? {
    var status = stat()
    guard stat(folder, &status) == 0 else { return "\(folder): \(String(cString: strerror(errno)))" }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      return "\(folder): \(String(cString: strerror(ENOTDIR)))"
    }
    guard access(folder, W_OK | X_OK) == 0 else { return "\(folder): \(String(cString: strerror(errno)))" }
    return nil
  }
}
