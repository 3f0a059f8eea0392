import Foundation

extension FontLocator {
  /// The `Fonts` folder of RefreshSDL's resource bundle, which SwiftPM builds beside every
  /// program that depends on RefreshSDL; nil where the bundle is not beside the program (one
  /// installed alone, which finds its fonts in `share/refresh-lab/Assets`).
  static func _bundledFonts() -> String? {
    // Bundle.module stops the program when it finds no bundle: look first where it looks.
    let beside = Bundle.main.bundleURL.appendingPathComponent("RefreshLab_RefreshSDL.resources")
    guard FileManager.default.fileExists(atPath: beside.path) else { return nil }
    return Bundle.module.path(forResource: "Fonts", ofType: nil)
  }

  /// The font file fontconfig matches to `pattern` (`fc-match`), or nil without fontconfig or
  /// an answer within two seconds.
  static func _fontconfigMatch(_ pattern: String) -> String? {
    // Its answer goes to a file, read once it has ended: a pipe could hold the caller forever.
    let answer = FileManager.default.temporaryDirectory
      .appendingPathComponent("refreshlab-fc-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
    guard FileManager.default.createFile(atPath: answer.path, contents: nil),
      let handle = try? FileHandle(forWritingTo: answer)
    else { return nil }
    defer {
      try? handle.close()
      try? FileManager.default.removeItem(at: answer)
    }
    let query = Process()
    query.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    query.arguments = ["fc-match", "-f", "%{file}", pattern]
    query.standardOutput = handle
    query.standardError = FileHandle.nullDevice
    do { try query.run() } catch { return nil }
    let deadline = Date().addingTimeInterval(2)
    while query.isRunning && Date() < deadline { usleep(5_000) }
    guard !query.isRunning, query.terminationStatus == 0, let data = try? Data(contentsOf: answer) else {
      if query.isRunning { query.terminate() }
      return nil
    }
    let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return path.hasPrefix("/") ? path : nil
  }
}
