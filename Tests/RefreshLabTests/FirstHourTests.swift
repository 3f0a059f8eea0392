import Foundation
import RefreshCore
import TestKit
import Testing

@testable import RefreshLab

/// Issue 45's small frictions of a first hour with the lab: a preset named as its library spells
/// it, a usage line that shows the window needs no name, and an export that names no tuning
/// saying which one it wrote and where the window's saved one is.
@MainActor @Suite struct FirstHourTests {
  @Test(arguments: [("iOS", TuningPreset.ios), ("MJRefresh", .mjrefresh), ("Smart", .smart), ("ego", .ego)])
  func presetNamesTakeAnyCase(_ name: String, _ preset: TuningPreset) throws {
    #expect(try TuningPreset.named(name) == preset)
    let options = try LabCommand.parse(["--preset", name]).resolve(environment: [:])
    #expect(options.preset == preset)
    let export = try #require(
      try RefreshLabCommand.parseAsRoot(["export", "--format", "json", "--preset", name]) as? ExportCommand)
    #expect(try export.render().text.contains("\"refreshThreshold\""))
  }

  @Test func anUnknownPresetIsStillRefused() {
    #expect(throws: TuningError.self) { try TuningPreset.named("iosx") }
  }

  @Test func theUsageLineShowsTheWindowIsTheDefault() {
    let help = RefreshLabCommand.helpMessage(for: LabCommand.self, columns: 200)
    let usage = help.split(separator: "\n").first { $0.hasPrefix("USAGE:") }
    #expect(usage == "USAGE: refresh-lab [window] [<options>]", "\(usage ?? "no usage line")")
    #expect(help.contains("refresh-lab export --format <format>"))
  }

  @Test func anExportOfNoNamedTuningSaysWhichAndWhereTheSavedOneIs() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let environment = ["XDG_DATA_HOME": folder.path]
    let bare = try #require(
      try RefreshLabCommand.parseAsRoot(["export", "--format", "json"]) as? ExportCommand)
    let before = try #require(bare.unnamedTuningNote(environment: environment))
    #expect(before.hasPrefix("exported the iOS defaults"))
    #expect(before.contains("no tuning saved in \(folder.path)/refresh-lab"))

    let saved = folder.path + "/refresh-lab/" + TuningFileLink.defaultPath
    try FileManager.default.createDirectory(
      atPath: folder.path + "/refresh-lab", withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: URL(fileURLWithPath: saved))
    let after = try #require(bare.unnamedTuningNote(environment: environment))
    #expect(after.contains("the window reopens with the tuning saved in \(saved)"), "\(after)")
    #expect(after.contains("--tuning \(saved)"))

    let named = try #require(
      try RefreshLabCommand.parseAsRoot(["export", "--format", "json", "--preset", "smart"]) as? ExportCommand
    )
    #expect(named.unnamedTuningNote(environment: environment) == nil)
  }
}
