import Foundation
import RefreshCore
import RefreshSDL
import TestKit
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

  /// Issue 55: the panel's sliders reach the screen reader greyed where the mode leaves them
  /// idle (the smart curve's spring), with the reason; acting ones say what they do.
  @Test func idleSettingsReachTheScreenReaderGreyedWithTheirReason() throws {
    let options = try LabCommand.parse(["--size", "400x300", "--preset", "smart"]).resolve(environment: [:])
    let surface = try TableCanvas(options: options, clock: LastUpdatedClock(origin: nil, language: .english))
    var session = ListDriver(
      tuning: TuningPreset.smart.tuning, data: options.data, viewport: surface.tableRect,
      rowHeight: surface.rowHeight)
    let controls = try StudioControls(
      options: options, tuning: TuningPreset.smart.tuning, surface: surface, now: 0)
    StudioControlsTests.openPanel(controls, &session)
    let sliders = controls.accessibleSliders(session)
    // The smart curve reads no spring: its rows are not shown at all (its definition says so).
    #expect(!sliders.contains { $0.name == "springMass" })
    let idle = try #require(sliders.first { !$0.isEnabled }, "no greyed slider under the smart preset")
    let reason = try #require(SettingRelevance.of(key: idle.name, in: TuningPreset.smart.tuning).reason)
    #expect(idle.description == "greyed: " + reason)
    let threshold = try #require(sliders.first { $0.name == "refreshThreshold" })
    #expect(threshold.isEnabled && threshold.description.hasPrefix("Pull: "))
  }

  static func openPanel(_ controls: StudioControls, _ session: inout ListDriver) {
    controls.perform(.togglePanel, isRepeat: false, atWall: 0, session: &session)
    #expect(controls.isPanelOpen)
  }
}

/// Issue 42: `E` in the studio writes the web page when the panel's export format is web.
@MainActor @Suite(.serialized) struct StudioWebExportTests {
  @Test func eWritesTheWebPageWhenTheFormatIsWeb() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let options = try LabCommand.parse([
      "--size", "400x300", "--preset", "smart", "--output-dir", folder.path,
    ])
    .resolve(environment: [:])
    let surface = try TableCanvas(options: options, clock: LastUpdatedClock(origin: nil, language: .english))
    var session = ListDriver(
      tuning: TuningPreset.smart.tuning, data: options.data, viewport: surface.tableRect,
      rowHeight: surface.rowHeight)
    let controls = try StudioControls(
      options: options, tuning: TuningPreset.smart.tuning, surface: surface, now: 0)
    StudioControlsTests.openPanel(controls, &session)
    // The panel's export format row, chosen by keys: down to it, then right to web.
    let row = try #require(controls.panel.row(forKey: "exportFormat"))
    for _ in 0..<40 where controls.panel.selection != row {
      controls.perform(.panel(.nextRow), isRepeat: false, atWall: 0, session: &session)
    }
    #expect(controls.panel.selection == row, "the selection never reached the export format row")
    for _ in ExportFormat.allCases where controls.exportFormat != .web {
      controls.perform(.panel(.adjust(steps: 1)), isRepeat: false, atWall: 0, session: &session)
    }
    try #require(controls.exportFormat == .web, "the format never became web")
    controls.perform(.export, isRepeat: false, atWall: 0.1, session: &session)
    let written = try String(contentsOfFile: folder.file("refresh-lab-export.html"), encoding: .utf8)
    #expect(written == WebExport.page(of: TuningPreset.smart.tuning, source: "the studio's tuning"))
    #expect(written.contains("window.refreshLab") && written.contains("replay:replay"))
  }
}
