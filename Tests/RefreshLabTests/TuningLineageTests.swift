import RefreshCore
import TestKit
import Testing

@testable import RefreshLab

/// Issue 45: a preset chosen and one value edited said only "custom". The studio now says which
/// preset the tuning started from, on the status line and in the panel, and a relaunch with the
/// saved tuning says it again (read from the tuning itself: nothing else is kept).
@MainActor @Suite(.serialized) struct TuningLineageTests {
  @Test func theNearestPresetAndWhatChanged() {
    var tuning = TuningPreset.smart.tuning
    #expect(StudioNames.lineage(of: tuning) == "preset smart")
    tuning.headerHeight += 7
    #expect(StudioNames.nearestPreset(to: tuning).preset == .smart)
    #expect(StudioNames.lineage(of: tuning) == "smart, edited: headerHeight")
    tuning.footerHeight += 3
    tuning.decelerationRate = 0.95
    tuning.springMass = 2
    #expect(
      StudioNames.lineage(of: tuning)
        // Files list the families' keys (the bounce spring's among them) before decelerationRate.
        == "smart, edited: headerHeight, footerHeight, springMass and 1 more")
    var flutter = TuningPreset.flutter.tuning
    flutter.resistanceCurve = .iosRubberBand
    #expect(StudioNames.lineage(of: flutter).hasPrefix("flutter, edited: resistanceCurve"))
  }

  @Test func anEditedPresetIsNamedOnTheStatusLineAndAfterARelaunch() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let options = try LabCommand.parse([
      "--size", "400x300", "--preset", "smart", "--output-dir", folder.path,
    ])
    .resolve(environment: [:])
    let surface = try TableCanvas(options: options, clock: LastUpdatedClock(origin: nil, language: .english))
    let tuning = TuningPreset.smart.tuning
    let controls = try StudioControls(options: options, tuning: tuning, surface: surface, now: 0)
    var session = ListDriver(
      tuning: tuning, data: options.data, viewport: surface.tableRect, rowHeight: surface.rowHeight)
    controls.perform(.togglePanel, isRepeat: false, atWall: 0, session: &session)
    controls.perform(.panel(.startFilter), isRepeat: false, atWall: 0.1, session: &session)
    for character in "headerHeight" {
      controls.perform(.panel(.type(character)), isRepeat: false, atWall: 0.1, session: &session)
    }
    controls.perform(.panel(.endFilter), isRepeat: false, atWall: 0.1, session: &session)
    controls.perform(.panel(.adjust(steps: 1)), isRepeat: false, atWall: 0.2, session: &session)
    #expect(
      session.controller.tuning.headerHeight != tuning.headerHeight, "the edit did not reach the tuning")
    #expect(controls.status.text == "Tuning: smart, edited: headerHeight")
    #expect(PanelChoice.preset.formatted(in: controls.values(session)) == "custom (from smart)")

    controls.perform(.saveTuning, isRepeat: false, atWall: 0.3, session: &session)
    // The next window, with neither flag, opens with the saved tuning and says where it started.
    let next = try LabCommand.parse(["--size", "400x300", "--output-dir", folder.path]).resolve(
      environment: [:])
    let remembered = AppLaunch(options: next).rememberingTuning()
    let reopened = try AppLaunch(options: remembered).loadTuning()
    #expect(reopened == session.controller.tuning)
    let again = try StudioControls(options: remembered, tuning: reopened, surface: surface, now: 0)
    let note = try #require(again.status.text)
    #expect(note.contains("(smart, edited: headerHeight)"), "\(note)")
  }
}
