import Foundation
import RefreshCore
import TestKit
import Testing

@testable import RefreshLab

/// `maxDragRate` is one unit, a ratio of the bar's height; files from when 10 or more meant
/// points still load, converted, with a note.
@Suite struct MaxDragRateTests {
  @Test func anOldFileInPointsLoadsAsTheRatioItMeant() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(#"{"maxDragRate": 150, "headerHeight": 60}"#, to: "old.json")
    let tuning = try TuningFile.load(path, over: .smart)
    #expect(tuning.maxDragRate == 2.5)
    #expect(tuning.maxDrag(over: tuning.headerHeight) == 150)
    let note = try #require(
      TuningFile.legacyNote(in: try Data(contentsOf: URL(fileURLWithPath: path)), path: path, loaded: tuning))
    #expect(note.contains("old.json: maxDragRate 150 is points"))
    #expect(note.contains("read as 2.5 header heights"))
  }

  @Test func theConversionUsesTheFilesOwnHeaderHeight() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(#"{"headerHeight": 80, "maxDragRate": 200}"#, to: "old.json")
    #expect(try TuningFile.load(path, over: .smart).maxDragRate == 2.5)
  }

  @Test func pointsBelowTheHeaderBecomeTheSmallestRatio() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(#"{"maxDragRate": 10}"#, to: "old.json")
    let tuning = try TuningFile.load(path, over: .smart)
    #expect(tuning.maxDragRate == Tuning.parameters.first { $0.key == "maxDragRate" }?.range.lowerBound)
  }

  @Test func aRatioLoadsAsItIsWithoutANote() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write(#"{"maxDragRate": 3.5}"#, to: "new.json")
    let tuning = try TuningFile.load(path, over: .smart)
    #expect(tuning.maxDragRate == 3.5)
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(TuningFile.legacyNote(in: data, path: path, loaded: tuning) == nil)
  }

  @Test func theSliderHoldsOnlyRatiosAndReachesTheLibrarysDefault() throws {
    let parameter = try #require(Tuning.parameters.first { $0.key == "maxDragRate" })
    #expect(parameter.range.upperBound < Tuning.legacyMaxDragPoints, "no value means points")
    #expect(parameter.range.lowerBound >= 1, "the bar can always be pulled its own height")
    let steps = (TuningPreset.smart.tuning.maxDragRate - parameter.range.lowerBound) / parameter.step
    #expect(abs(steps - steps.rounded()) < 1e-9, "2.5 is on the slider")
  }
}
