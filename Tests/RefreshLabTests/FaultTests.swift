import Foundation
import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// Faults injected into what the app reads and writes: a watched tuning file that breaks, a
/// full disk (a file-size limit), a folder that vanishes, and SIGTERM or SIGINT in the middle of
/// a run. Each time the user's last good file stays whole, the app says what happened in one
/// line, and it keeps running or exits cleanly.
@Suite(.serialized) struct FaultTests {
  /// What happens to the watched tuning file while the window runs.
  enum WatchedFault: String, CaseIterable, Sendable {
    case garbage, truncated, deleted, directory
  }

  @Test(arguments: WatchedFault.allCases)
  func aWatchedTuningFileThatBreaksKeepsTheLastGoodTuning(fault: WatchedFault) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(#"{"headerHeight": 70}"#, to: "t.json")
    var watcher = TuningWatcher(path: path, content: try FileReading.read(path), now: 0)
    switch fault {
    case .garbage: _ = try folder.write("\u{7}{{ not json at all", to: "t.json")
    case .truncated: _ = try folder.write(#"{"headerHeight": 7"#, to: "t.json")
    case .deleted: try FileManager.default.removeItem(atPath: path)
    case .directory:
      try FileManager.default.removeItem(atPath: path)
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
    let step = TuningWatcher.interval
    // Seen once it may be an editor half way through a save; seen twice it is reported.
    #expect(watcher.poll(at: step, over: nil) == nil)
    guard case .refused(let error) = watcher.poll(at: 2 * step, over: nil) else {
      Issue.record("the broken file was not reported")
      return
    }
    #expect(error.description.contains(path))
    #expect(!error.description.contains("\n"))
    #expect(watcher.poll(at: 3 * step, over: nil) == nil, "reported once")

    if fault == .directory { try FileManager.default.removeItem(atPath: path) }
    _ = try folder.write(#"{"headerHeight": 80}"#, to: "t.json")
    guard case .changed(let tuning) = watcher.poll(at: 4 * step, over: nil) else {
      Issue.record("the repaired file did not apply")
      return
    }
    #expect(tuning.headerHeight == 80)
  }

  @Test func aSaveIntoAVanishedFolderSaysSoAndKeepsItsFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let subfolder = folder.file("tunings")
    try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: false)
    let path = subfolder + "/t.json"
    try TuningFile.save(Tuning(), to: path)
    var link = TuningFileLink(path: path, preset: nil, now: 0)
    try FileManager.default.removeItem(atPath: subfolder)

    let (text, kind) = link.save(TuningPreset.smart.tuning, at: 1)
    #expect(kind == .error)
    #expect(text == "\(path): cannot write: No such file or directory; the file was left as it was")
    #expect(link.path == path, "the window stays linked to its file")
    try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: false)
    #expect(link.save(TuningPreset.smart.tuning, at: 2).kind == .info, "saves again once it is back")
    #expect(try TuningFile.load(path) == TuningPreset.smart.tuning)
  }

  @Test func aRecordingIntoAVanishedFolderFailsButCanStillBeReplayed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let subfolder = folder.file("takes")
    try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: false)
    var control = TakeControl(recordPath: subfolder + "/r.jsonl")
    control.record(
      .mouseDown(x: 10, y: 20, button: .left), at: 0.5, meaning: .input(.down(y: 20, time: 0.5)))
    try FileManager.default.removeItem(atPath: subfolder)

    #expect(throws: LabError.self) { try control.stop(at: 1) }
    let kept = try #require(control.lastScript)
    #expect(kept.events.count == 2, "the take is kept for Shift+R: the down and the end")
  }

  /// ThreadSanitizer's runtime dies of SIGBUS before `main` under a file-size limit (its own
  /// mappings), so `make test-sanitize` says when the app under test is built with it.
  static let limitsFileSize = ProcessInfo.processInfo.environment["REFRESHLAB_SANITIZER"] != "thread"

  @Test(.enabled(if: limitsFileSize, "ThreadSanitizer cannot start under a file-size limit"))
  func aTraceIntoAFullDiskFailsInOneLineAndLeavesTheOldTrace() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let trace = try folder.write("the last good trace\n", to: "t.jsonl")
    // 8 blocks: the new trace outgrows it within its first second.
    let run = try AppRun.start(
      ["--headless", "--replay", try Self.script(in: folder), "--trace", trace], fileSizeLimit: 8)
    let (status, errors) = try run.finish()
    #expect(status == 1)
    #expect(errors == "refresh-lab: \(trace): cannot write: File too large; the file was left as it was\n")
    #expect(try String(contentsOfFile: trace, encoding: .utf8) == "the last good trace\n")
    #expect(try folder.contents() == ["s.jsonl", "t.jsonl"], "no temporary file left behind")
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func aSignalStopsAHeadlessRunAndLeavesTheOldTrace(signal: Int32) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let trace = try folder.write("the last good trace\n", to: "t.jsonl")
    let run = try AppRun.start(["--headless", "--replay", try Self.script(in: folder), "--trace", trace])
    // The run is under way once its trace's temporary file exists.
    try run.waitFor("the trace's temporary file") { (try? folder.contents().count) == 3 }
    kill(run.process.processIdentifier, signal)
    let (status, errors) = try run.finish()
    #expect(status == 1)
    let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
    #expect(errors.hasPrefix("refresh-lab: stopped by \(name): the replay stopped at "))
    #expect(errors.hasSuffix(" s; \(trace) left as it was\n"))
    #expect(errors.filter { $0 == "\n" }.count == 1)
    #expect(try String(contentsOfFile: trace, encoding: .utf8) == "the last good trace\n")
    #expect(try folder.contents() == ["s.jsonl", "t.jsonl"], "no temporary file left behind")
  }

  @Test func aSignalDuringAWindowRecordingSavesTheTakeWhole() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let recording = folder.file("take.jsonl")
    let display = try VirtualDisplay(framebufferFolder: folder.path)
    defer { display.stop() }
    let run = try AppRun.start(["--size", "400x700", "--record", recording], display: display)
    #expect(try Self.dragUntilThePullShows(run, on: display, screen: folder.file("Xvfb_screen0")))
    kill(run.process.processIdentifier, SIGTERM)
    let (status, errors) = try run.finish()
    #expect(status == 0, "a stop by signal is a clean exit")
    #expect(errors == "refresh-lab: stopped by SIGTERM; saved \(recording) up to the stop\n")
    let take = try GestureScript.load(recording)
    #expect(take.events.contains { if case .down = $0.action { true } else { false } })
    #expect(take.events.last?.action == .end)
  }

  @Test(.enabled(if: limitsFileSize, "ThreadSanitizer cannot start under a file-size limit"))
  func aWindowRecordingIntoAFullDiskFailsInOneLineAndLeavesTheOldTake() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let recording = try folder.write(#"{"t":0,"type":"end"}"# + "\n", to: "take.jsonl")
    let display = try VirtualDisplay()
    defer { display.stop() }
    // One block: the drag's lines outgrow it.
    let run = try AppRun.start(
      ["--size", "400x700", "--record", recording], display: display, fileSizeLimit: 1)
    try Self.drag(run, on: display)
    kill(run.process.processIdentifier, SIGTERM)
    let (status, errors) = try run.finish()
    #expect(status == 1)
    #expect(
      errors == "refresh-lab: \(recording): cannot write: File too large; the file was left as it was\n")
    #expect(try String(contentsOfFile: recording, encoding: .utf8) == #"{"t":0,"type":"end"}"# + "\n")
    #expect(try folder.contents() == ["take.jsonl"], "no temporary file left behind")
  }

  /// An output that cannot be written is refused before the run starts, in one line naming its
  /// flag, its path and why, with exit status 1, and nothing else is written.
  enum UnwritableOutput: String, CaseIterable, Sendable {
    case recordIntoAMissingFolder, traceUnderAFile, plotOntoAFolder, screenshotIntoAMissingFolder
    case outputDirMissing
  }

  @Test(arguments: UnwritableOutput.allCases)
  func anOutputThatCannotBeWrittenIsRefusedAtStart(output: UnwritableOutput) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let notAFolder = try folder.write("keep", to: "file")
    let script = try folder.write(#"{"t":1,"type":"end"}"#, to: "s.jsonl")
    let arguments: [String]
    let expected: String
    switch output {
    case .recordIntoAMissingFolder:
      let path = folder.file("missing/dir/x.jsonl")
      arguments = ["--record", path]
      expected = "--record: cannot write \(path): \(folder.path)/missing/dir: No such file or directory"
    case .traceUnderAFile:
      let path = notAFolder + "/t.jsonl"
      arguments = ["--headless", "--replay", script, "--trace", path]
      expected = "--trace: cannot write \(path): \(notAFolder): Not a directory"
    case .plotOntoAFolder:
      arguments = ["--headless", "--replay", script, "--plot", folder.path]
      expected = "--plot: cannot write \(folder.path): Is a directory"
    case .screenshotIntoAMissingFolder:
      let path = folder.file("shots/a.png")
      arguments = ["--headless", "--replay", script, "--screenshot", "0.5:" + path]
      expected = "--screenshot: cannot write \(path): \(folder.path)/shots: No such file or directory"
    case .outputDirMissing:
      let path = folder.file("out")
      arguments = ["--output-dir", path]
      expected = "--output-dir: cannot write into \(path): No such file or directory"
    }
    let (status, errors) = try AppRun.start(arguments).finish()
    #expect(status == 1)
    #expect(errors == "refresh-lab: \(expected); \(OutputCheck.advice)\n")
    #expect(try folder.contents() == ["file", "s.jsonl"], "nothing written")
  }

  /// A relative path is named as given and as the real file, from the root (issue 19's
  /// `cannot save … .partial` named neither the real file nor a reason).
  @Test func aRelativeScreenshotPathIsNamedInFull() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let script = try folder.write(#"{"t":1,"type":"end"}"#, to: "s.jsonl")
    let missing = "missing-\(UUID().uuidString)"
    let (status, errors) = try AppRun.start(
      ["--headless", "--replay", script, "--screenshot", "0.5:\(missing)/shot.png"]
    ).finish()
    #expect(status == 1)
    let cwd = FileManager.default.currentDirectoryPath
    #expect(
      errors
        == "refresh-lab: --screenshot: cannot write \(missing)/shot.png: \(cwd)/\(missing): No such file or "
        + "directory; \(OutputCheck.advice)\n")
  }

  /// Issue 15's case, under Xvfb: a recording into a missing folder used to fail at exit and
  /// take the trace with it. Now the window refuses to start, before a session of work, and the
  /// old trace stays.
  @Test func aRecordingIntoAMissingFolderIsRefusedBeforeTheTraceIsTouched() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let trace = try folder.write("the last good trace\n", to: "t.jsonl")
    let record = folder.file("missing/dir/x.jsonl")
    let display = try VirtualDisplay()
    defer { display.stop() }
    let run = try AppRun.start(["--record", record, "--trace", trace], display: display)
    defer { if run.process.isRunning { kill(run.process.processIdentifier, SIGKILL) } }
    // A window that opened would run until closed: wait for the exit, not for ever.
    try run.process.wait(for: "the app to refuse the missing folder and end", within: 20)
    let (status, errors) = try run.finish()
    #expect(status == 1)
    #expect(
      errors
        == "refresh-lab: --record: cannot write \(record): \(folder.path)/missing/dir: No such file or directory; "
        + "\(OutputCheck.advice)\n")
    #expect(try String(contentsOfFile: trace, encoding: .utf8) == "the last good trace\n")
    #expect(try folder.contents() == ["t.jsonl"])
  }

  /// Under Xvfb: a recording whose folder vanishes during the session fails at exit, and the
  /// trace of the same session is written all the same.
  @Test func aRecordingThatFailsAtExitDoesNotCostTheTrace() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let takes = folder.file("takes")
    try FileManager.default.createDirectory(atPath: takes, withIntermediateDirectories: false)
    let recording = takes + "/take.jsonl"
    let trace = folder.file("t.jsonl")
    let display = try VirtualDisplay(framebufferFolder: folder.path)
    defer { display.stop() }
    let run = try AppRun.start(
      ["--size", "400x700", "--record", recording, "--trace", trace, "--output-dir", folder.path],
      display: display)
    #expect(try Self.dragUntilThePullShows(run, on: display, screen: folder.file("Xvfb_screen0")))
    try FileManager.default.removeItem(atPath: takes)
    kill(run.process.processIdentifier, SIGTERM)
    let (status, errors) = try run.finish()
    #expect(status == 1)
    #expect(
      errors
        == "refresh-lab: \(recording): cannot write: No such file or directory; the file was left as it was\n"
    )
    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    #expect(lines.count > 10, "the trace of the session was written")
    #expect(lines.contains { $0.contains(#""header":"pulling""#) || $0.contains(#""header":"armed""#) })
  }

  /// Under Xvfb and a file-size limit: the trace outgrows the limit, the short recording does
  /// not. The recording is written all the same, the old trace stays whole, and the run fails
  /// naming the trace. (The counterpart of the test above, with the other output failing.)
  @Test(.enabled(if: limitsFileSize, "ThreadSanitizer cannot start under a file-size limit"))
  func aTraceThatFailsDuringTheSessionDoesNotCostTheRecording() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let trace = try folder.write("the last good trace\n", to: "t.jsonl")
    let recording = folder.file("take.jsonl")
    // The framebuffer in a folder of its own: the outputs' folder must hold only the outputs.
    let screens = try TemporaryFolder()
    defer { screens.remove() }
    let display = try VirtualDisplay(framebufferFolder: screens.path)
    defer { display.stop() }
    // Four blocks: a few dozen frames of trace, far more than the drag's recording. The signal
    // comes once the pull shows: a drag a loaded X server lost (the whole suite running under
    // AddressSanitizer) left nothing to record.
    let run = try AppRun.start(
      ["--size", "400x700", "--record", recording, "--trace", trace, "--output-dir", folder.path],
      display: display, fileSizeLimit: 4)
    #expect(try Self.dragUntilThePullShows(run, on: display, screen: screens.file("Xvfb_screen0")))
    kill(run.process.processIdentifier, SIGTERM)
    let (status, errors) = try run.finish()
    #expect(status == 1)
    #expect(
      errors.hasSuffix("refresh-lab: \(trace): cannot write: File too large; the file was left as it was\n"))
    #expect(try String(contentsOfFile: trace, encoding: .utf8) == "the last good trace\n")
    let take = try GestureScript.load(recording)
    #expect(take.events.contains { if case .down = $0.action { true } else { false } })
    #expect(try folder.contents() == ["t.jsonl", "take.jsonl"], "no temporary file left behind")
  }

  /// Under Xvfb, the acceptance of issue 15: Ctrl+S in the window, through a symlinked tuning
  /// file, keeps the link and the target's 0600 mode.
  @Test func ctrlSThroughALinkedTuningFileKeepsTheLinkAndItsMode() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: false)
    let target = try folder.write(#"{"headerHeight": 70}"#, to: "real/t.json")
    #expect(chmod(target, 0o600) == 0)
    let link = folder.file("link.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/t.json")
    let display = try VirtualDisplay()
    defer { display.stop() }
    let run = try AppRun.start(
      ["--size", "400x700", "--tuning", link, "--output-dir", folder.path], display: display)
    let window = try Self.window(of: run, on: display)
    _ = try display.run("xdotool", ["windowfocus", "--sync", window, "key", "--clearmodifiers", "ctrl+s"])
    // Saved once the file holds the whole tuning, pretty printed.
    try run.waitFor("the tuning saved through the link") {
      (try? String(contentsOfFile: target, encoding: .utf8))?.contains("\n") == true
    }
    kill(run.process.processIdentifier, SIGTERM)
    let (status, errors) = try run.finish()
    #expect(status == 0)
    #expect(errors == "refresh-lab: stopped by SIGTERM\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/t.json")
    #expect(OwnedFileTests.mode(target) == 0o600)
    #expect(try TuningFile.load(target).headerHeight == 70)
    #expect(try folder.contents() == ["link.json", "real"])
  }

  /// The app's window on `display`, once it is there.
  static func window(of run: AppRun, on display: VirtualDisplay) throws -> String {
    var window = ""
    try run.waitFor("the app's window") {
      window =
        (try? display.run("xdotool", ["search", "--onlyvisible", "--name", "RefreshLab"]))?
        .split(separator: "\n").first.map(String.init) ?? ""
      return !window.isEmpty
    }
    return window
  }

  /// Whether the app's window shows the header after a drag, within 20 s: the signal a test
  /// sends comes only then, since a slowed app (under ThreadSanitizer) takes the drag well after
  /// xdotool has sent it. `screen` is the display's framebuffer file.
  ///
  /// A drag that a loaded X server lost (under AddressSanitizer with the whole suite running,
  /// none of it reached the app) is sent again, three drags at most.
  static func dragUntilThePullShows(_ run: AppRun, on display: VirtualDisplay, screen: String) throws -> Bool
  {
    let origin = try AppWindow.position(of: window(of: run, on: display), on: display)
    for _ in 1...3 {
      try drag(run, on: display)
      let shown = try WindowWatch.poll(within: 20, on: display) {
        try ScreenDump(contentsOf: screen, origin: origin).count(in: (x: 0..<400, y: 0..<300)) {
          EndToEndTests.isCyan($0)
        } > 0
      }
      if shown { return true }
    }
    return false
  }

  /// A script that runs for an hour of simulated time: far longer than any test waits.
  static func script(in folder: TemporaryFolder) throws -> String {
    try folder.write(
      """
      {"t":0,"type":"wheel","dy":-1}
      {"t":3600,"type":"end"}
      """, to: "s.jsonl")
  }

  /// A real X drag of 300 px over the app's window, once the window is there. Polled rather
  /// than `xdotool search --sync`, so that an app that died ends the wait at once.
  static func drag(_ run: AppRun, on display: VirtualDisplay) throws {
    let window = try window(of: run, on: display)
    // Forty moves: well past one 512-byte block of recorded lines even when a slowed app
    // (under AddressSanitizer) has not taken the last ones when the signal comes.
    var drag = ["mousemove", "--window", window, "200", "120", "mousedown", "1"]
    for step in 1...40 {
      drag += ["sleep", "0.01", "mousemove", "--window", window, "200", "\(120 + step * 8)"]
    }
    drag += ["mouseup", "1", "sleep", "0.3"]
    _ = try display.run("xdotool", drag)
  }
}

/// The app run as a child process, its standard error kept, optionally under a file-size limit
/// (`ulimit -f`, in the shell's 512-byte blocks) with SIGXFSZ ignored, as a full disk behaves.
struct AppRun {
  let process: Process
  private let errors: Pipe
  /// What a run that ended before its window showed said, read while deciding to try again.
  private var earlyErrors: String?

  /// Starts the app; on `display`, until its window shows or it ends. Xvfb refuses about 2 % of
  /// connections made while another client connects: a start that ends saying "no display" is
  /// tried again, up to three times, as `VirtualDisplay.start` does.
  static func start(
    _ arguments: [String], display: VirtualDisplay? = nil, fileSizeLimit: Int? = nil
  ) throws -> AppRun {
    var attempt = 1
    while true {
      var run = try launch(arguments, display: display, fileSizeLimit: fileSizeLimit)
      guard let display else { return run }
      // The window is watched, 20 s at most: a run that neither shows one nor ends is the
      // test's to judge.
      var shown = false
      try WindowWatch.poll(within: 20, on: display) {
        let found = (try? display.run("xdotool", ["search", "--onlyvisible", "--name", "RefreshLab"])) ?? ""
        shown = !found.isEmpty
        return shown || !run.process.isRunning
      }
      // Still running without a window after 20 s: the test's own waits say what is missing.
      if shown || run.process.isRunning { return run }
      try run.process.wait(for: "the app to end after it stopped short of a window", within: 10)
      let said = String(
        decoding: try run.errors.fileHandleForReading.readToEnd(of: "what the app said", within: 10),
        as: UTF8.self)
      run.earlyErrors = said
      if said.contains("no display") && attempt < 3 {
        attempt += 1
        continue
      }
      return run
    }
  }

  private static func launch(
    _ arguments: [String], display: VirtualDisplay?, fileSizeLimit: Int?
  ) throws -> AppRun {
    let process = Process()
    if let fileSizeLimit {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "trap '' XFSZ; ulimit -f \(fileSizeLimit); exec \"$0\" \"$@\"", AppWindow.appPath]
        + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: AppWindow.appPath)
      process.arguments = arguments
    }
    var environment = display?.environment ?? ProcessInfo.processInfo.environment
    environment["SDL_AUDIODRIVER"] = "dummy"
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    return AppRun(process: process, errors: errors)
  }

  /// Waits (20 s at most) for `condition`, which the child's progress makes true; fails naming
  /// `what` it waited for, at once if the app ends first.
  func waitFor(_ what: String, _ condition: () -> Bool) throws {
    var ended = false
    try Waits.until(what, within: 20) {
      ended = !process.isRunning
      return condition() || ended
    }
    if ended && !condition() { throw EndToEndError.failed("the app ended before \(what)") }
  }

  /// The exit status and everything written to standard error, once the app has ended (30 s
  /// at most). Standard error is read after the end: the app writes a line or two.
  func finish() throws -> (status: Int32, errors: String) {
    try process.wait(for: "the app to end", within: 30)
    let text =
      try earlyErrors
      ?? String(
        decoding: errors.fileHandleForReading.readToEnd(of: "the app's standard error", within: 10),
        as: UTF8.self)
    return (process.terminationStatus, text)
  }
}
