import RefreshCore
import RefreshSDL
import Testing

@testable import RefreshLab

/// The studio's controls in a run: the panel scrolls by the same wheel notch as the table.
@MainActor @Suite(.serialized) struct StudioControlsTests {
  func make(wheelLineDistance: Double) throws -> (StudioControls, ListDriver) {
    let options = try LabCommand.parse(["--size", "400x300"]).resolve(environment: [:])
    let surface = try TableCanvas(options: options, clock: LastUpdatedClock(origin: nil, language: .english))
    var tuning = Tuning()
    tuning.wheelLineDistance = wheelLineDistance
    let session = ListDriver(
      tuning: tuning, data: options.data, viewport: surface.tableRect, rowHeight: surface.rowHeight)
    return (try StudioControls(options: options, tuning: Tuning(), surface: surface, now: 0), session)
  }

  /// One owner for what a notch is worth: the tuning's `wheelLineDistance`, for the panel too.
  @Test func aNotchScrollsThePanelByTheTuningsLineDistance() throws {
    let (controls, session) = try make(wheelLineDistance: 25)
    var lab = session
    StudioControlsTests.openPanel(controls, &lab)
    let before = controls.panelScroll
    _ = controls.handle(.wheel(dy: -1, precise: false, x: 200, y: 150), atWall: 0.1, session: &lab)
    #expect(controls.panelScroll - before == 25)
  }

  static func openPanel(_ controls: StudioControls, _ session: inout ListDriver) {
    controls.perform(.togglePanel, isRepeat: false, atWall: 0, session: &session)
    #expect(controls.isPanelOpen)
  }
}
