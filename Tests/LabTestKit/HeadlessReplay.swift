import Foundation
import TestKit

@testable import RefreshLab

/// `refresh-lab --headless --replay SCRIPT --trace FILE` run in this process, its trace read
/// back: the one replay-to-trace runner of the suites (which import this module `@testable`,
/// as the trace's frames are the app's own type).
@MainActor
enum HeadlessReplay {
  /// Runs the replay of the script at `script` with `arguments` besides, and returns the trace's
  /// lines as written. The trace is `trace` in `folder`, or in a folder of its own removed after.
  static func lines(
    script: String, _ arguments: [String] = [], in folder: TemporaryFolder? = nil,
    trace: String = "trace.jsonl"
  ) throws -> [String] {
    let place = try folder ?? TemporaryFolder()
    defer { if folder == nil { place.remove() } }
    let path = place.file(trace)
    let options = try LabCommand.parse(["--headless", "--replay", script, "--trace", path] + arguments)
      .resolve(environment: [:])
    try AppLaunch(options: options).run()
    return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  /// The replay's trace, read back as frames.
  static func frames(
    script: String, _ arguments: [String] = [], in folder: TemporaryFolder? = nil,
    trace: String = "trace.jsonl"
  ) throws -> [StudioTraceFrame] {
    try TraceReader.frames(lines: lines(script: script, arguments, in: folder, trace: trace), of: trace)
  }

  /// Writes `text` (a gesture script, JSON Lines) to a file and replays it.
  static func frames(
    scriptText text: String, _ arguments: [String] = [], in folder: TemporaryFolder? = nil,
    trace: String = "trace.jsonl"
  ) throws -> [StudioTraceFrame] {
    try TraceReader.frames(lines: lines(scriptText: text, arguments, in: folder, trace: trace), of: trace)
  }

  /// Writes `text` (a gesture script, JSON Lines) to a file and replays it: the trace's lines.
  static func lines(
    scriptText text: String, _ arguments: [String] = [], in folder: TemporaryFolder? = nil,
    trace: String = "trace.jsonl"
  ) throws -> [String] {
    let place = try folder ?? TemporaryFolder()
    defer { if folder == nil { place.remove() } }
    let script = try place.write(text, to: "script.jsonl")
    return try lines(script: script, arguments, in: place, trace: trace)
  }
}
