import Foundation
import RefreshCore
import RefreshSDL
import TestKit
import Testing

@testable import RefreshLab

/// Issue 29: settings that behave like a desktop app's. The window opens with the tuning saved
/// last time (flags override it; headless runs and replays read only their flags), leaving
/// keeps unsaved changes, Ctrl+0 resets, and a tracked or read-only tuning file is saved into
/// the data folder, never over itself.
@MainActor @Suite(.serialized) struct SettingsTests {
  func options(_ folder: TemporaryFolder, _ arguments: [String] = []) throws -> LabOptions {
    try LabCommand.parse(["--size", "400x300", "--output-dir", folder.path] + arguments)
      .resolve(environment: [:])
  }

  func controls(_ options: LabOptions, tuning: Tuning = Tuning()) throws -> (StudioControls, ListDriver) {
    let surface = try TableCanvas(options: options, clock: LastUpdatedClock(origin: nil, language: .english))
    let session = ListDriver(
      tuning: tuning, data: options.data, viewport: surface.tableRect, rowHeight: surface.rowHeight)
    return (try StudioControls(options: options, tuning: tuning, surface: surface, now: 0), session)
  }

  @Test func aSessionOpensWithTheTuningSavedLastTimeUnlessAFlagNamesOne() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let none = AppLaunch(options: try options(folder)).rememberingTuning()
    #expect(none.tuningFile == nil, "nothing saved yet")

    let saved = try folder.write(#"{"headerHeight": 61}"#, to: TuningFileLink.defaultPath)
    let remembered = AppLaunch(options: try options(folder)).rememberingTuning()
    #expect(remembered.tuningFile == saved && remembered.tuningIsRemembered)
    #expect(try AppLaunch.loadTuning(remembered).headerHeight == 61)
    #expect(StudioNames.origin(of: remembered) == .remembered(saved))

    let script = try folder.write(#"{"t":0.5,"type":"end"}"# + "\n", to: "s.jsonl")
    for flags in [
      ["--preset", "mjrefresh"], ["--tuning", saved], ["--replay", script],
      ["--headless", "--replay", script],
    ] {
      let options = AppLaunch(options: try options(folder, flags)).rememberingTuning()
      #expect(!options.tuningIsRemembered, "\(flags)")
    }
    // A run with no data folder (a host's or a test's options) remembers nothing.
    let bare = try LabCommand.parse([]).resolve(environment: [:])
    #expect(!bare.remembersTuning)
  }

  @Test func leavingKeepsUnsavedChangesAndOnlyThose() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (studio, _) = try controls(try options(folder))
    #expect(studio.keepUnsavedChanges(Tuning()) == nil, "nothing changed")
    #expect(try folder.contents().isEmpty)

    var changed = Tuning()
    changed.headerHeight = 61
    let kept = folder.file(TuningFileLink.defaultPath)
    #expect(
      studio.keepUnsavedChanges(changed)
        == "kept the tuning's unsaved changes in \(kept); the window opens with them next time")
    #expect(try TuningFile.load(kept) == changed)
    #expect(studio.keepUnsavedChanges(changed) == nil, "kept once")
  }

  @Test func aSavedTuningIsNothingToKeep() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (studio, start) = try controls(try options(folder))
    var session = start
    var changed = Tuning()
    changed.refreshThreshold = 80
    session.send(.setTuning(changed, time: 0))
    studio.perform(.saveTuning, isRepeat: false, atWall: 1, session: &session)
    #expect(studio.keepUnsavedChanges(session.controller.tuning) == nil)
  }

  @Test func ctrlZeroResetsToThePresetOrTheDefaults() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let key = ShellEvent.key(Key(rawValue: "0"), modifiers: .control, isRepeat: false)
    #expect(WindowCommand(key, panelOpen: false) == .resetTuning)
    #expect(WindowCommand(key, panelOpen: true) == .resetTuning)
    for (flags, expected, name) in [
      ([String](), Tuning(), "the iOS defaults"),
      (["--preset", "mjrefresh"], TuningPreset.mjrefresh.tuning, "preset mjrefresh"),
    ] {
      let (studio, start) = try controls(try options(folder, flags))
      var session = start
      var changed = expected
      changed.headerHeight = 90
      session.send(.setTuning(changed, time: 0))
      studio.perform(.resetTuning, isRepeat: false, atWall: 1, session: &session)
      #expect(session.controller.tuning == expected)
      #expect(studio.status.text == "Reset to \(name); Ctrl+S saves it")
    }
  }

  /// README's `--tuning docs/tunings/two-level.json` then Ctrl+S rewrote a file the repository
  /// tracks: now the save goes into the data folder, and the status line says where.
  @Test func aTrackedTuningIsSavedIntoTheDataFolder() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let repository = folder.file("checkout")
    try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: false)
    let tracked = try folder.write(#"{"headerHeight": 70}"#, to: "checkout/two-level.json")
    let untracked = try folder.write(#"{"headerHeight": 70}"#, to: "checkout/mine.json")
    for arguments in [
      ["init", "-q"], ["add", "two-level.json"],
      ["-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", "t"],
    ] {
      let git = Process()
      git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      git.arguments = ["git", "-C", repository] + arguments
      try git.run()
      try git.wait(for: "git \(arguments[0])", within: 30)
      #expect(git.terminationStatus == 0, "git \(arguments)")
    }
    let data = folder.file("data")
    var tuning = Tuning()
    tuning.headerHeight = 75

    var link = TuningFileLink(
      path: tracked, preset: nil, now: 0, folder: OutputFolder(path: data, isChosen: true))
    let saved = data + "/two-level.json"
    let outcome = link.save(tuning, at: 1)
    #expect(outcome.text == "\(tracked) is tracked by git: saved \(saved) instead; watching it")
    #expect(link.path == saved)
    #expect(try String(contentsOfFile: tracked, encoding: .utf8) == #"{"headerHeight": 70}"#)
    #expect(try TuningFile.load(saved).headerHeight == 75)

    var own = TuningFileLink(
      path: untracked, preset: nil, now: 0, folder: OutputFolder(path: data, isChosen: true))
    #expect(own.save(tuning, at: 1).text == "Saved \(untracked)", "a file of the person's own")
  }

  @Test func aReadOnlyTuningIsSavedIntoTheDataFolder() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write(#"{"headerHeight": 70}"#, to: "locked.json")
    #expect(chmod(file, 0o444) == 0)
    defer { chmod(file, 0o644) }
    let data = folder.file("data")
    var link = TuningFileLink(
      path: file, preset: nil, now: 0, folder: OutputFolder(path: data, isChosen: true))
    #expect(
      link.save(Tuning(), at: 1).text
        == "\(file) is read-only: saved \(data)/locked.json instead; watching it")
  }

  /// Issue 29: `/` appended to the last filter; now it starts a new one.
  @Test func slashStartsANewFilter() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (studio, start) = try controls(try options(folder))
    var session = start
    studio.perform(.togglePanel, isRepeat: false, atWall: 0, session: &session)
    for command in [
      WindowCommand.panel(.startFilter), .panel(.type("h")), .panel(.type("e")), .panel(.endFilter),
    ] {
      studio.perform(command, isRepeat: false, atWall: 0, session: &session)
    }
    #expect(studio.panel.filter == "he")
    studio.perform(.panel(.startFilter), isRepeat: false, atWall: 1, session: &session)
    studio.perform(.panel(.type("f")), isRepeat: false, atWall: 1, session: &session)
    #expect(studio.panel.filter == "f")
  }
}
