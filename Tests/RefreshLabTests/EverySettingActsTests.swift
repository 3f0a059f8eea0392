import Foundation
import RefreshCore
import TestKit
import Testing

@testable import RefreshLab

/// Issue 55: every setting the studio shows enabled changes the motion of at least one standard
/// gesture script (docs/scripts, replayed without drawing); every setting it greys changes none,
/// so the reason it gives is true.
@Suite struct EverySettingActsTests {
  /// The standard gesture scripts.
  static let scripts: [(name: String, script: GestureScript)] = {
    let folder = RepositoryFile.path("docs/scripts")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".jsonl") }.sorted()
    return names.compactMap { name in
      (try? GestureScript.load(folder + "/" + name)).map { (name, $0) }
    }
  }()

  /// Values within the setting's range to move it to from `value`: its ends and a tenth of the
  /// way either side.
  static func moves(of number: PanelNumber, from value: Double) -> [Double] {
    let range = number.range
    let tenth = (range.upperBound - range.lowerBound) / 10
    return [range.lowerBound, range.upperBound, value - tenth, value + tenth]
      .map { min(range.upperBound, max(range.lowerBound, $0)) }
      .filter { abs($0 - value) > 1e-9 }
  }

  /// The tunings the setting in `number` moved within its range makes of `values` (those
  /// the core accepts).
  static func moved(_ number: PanelNumber, in values: StudioValues) -> [Tuning] {
    moves(of: number, from: number.value(in: values)).compactMap { target in
      try? number.setting(target, in: values).tuning
    }.filter { $0 != values.tuning }
  }

  /// The first script whose motion differs between `tuning` and one of `others`.
  static func script(changedBy others: [Tuning], from tuning: Tuning) -> String? {
    let probe = MotionProbe()
    for (name, script) in scripts {
      let before = probe.samples(script, tuning: tuning)
      for other in others {
        let after = probe.samples(script, tuning: other)
        if before.count != after.count || zip(before, after).contains(where: { !$0.matches($1) }) {
          return name
        }
      }
    }
    return nil
  }

  static func numbers(for preset: TuningPreset) -> [PanelNumber] {
    PanelModel(data: DataSourceConfiguration(), curve: preset.tuning.resistanceCurve).rows.compactMap {
      if case .number(let number) = $0, case .data = number { return nil }
      if case .number(let number) = $0 { return number }
      return nil
    }
  }

  @Test func theScriptsAreThere() {
    #expect(Self.scripts.count >= 20, "docs/scripts holds the standard gestures")
  }

  /// For every preset, every setting shown enabled changes some script's motion when moved
  /// within its range.
  @Test(arguments: TuningPreset.allCases)
  func everyEnabledSettingMovesSomething(preset: TuningPreset) {
    let values = StudioValues(tuning: preset.tuning, data: DataSourceConfiguration())
    var idle: [String] = []
    for number in Self.numbers(for: preset) where number.relevance(in: values).isActing {
      let moved = Self.moved(number, in: values)
      if Self.script(changedBy: moved, from: values.tuning) == nil { idle.append(number.key) }
    }
    #expect(
      idle.isEmpty, "preset \(preset.rawValue): shown enabled, but no script moves differently: \(idle)")
  }

  /// For every preset, every setting shown greyed changes no script's motion: its reason holds.
  @Test(arguments: TuningPreset.allCases)
  func everyGreyedSettingMovesNothing(preset: TuningPreset) {
    let values = StudioValues(tuning: preset.tuning, data: DataSourceConfiguration())
    var acting: [String] = []
    for number in Self.numbers(for: preset) {
      guard let reason = number.relevance(in: values).reason else { continue }
      if let script = Self.script(changedBy: Self.moved(number, in: values), from: values.tuning) {
        acting.append("\(number.key) (\(reason)) moves \(script)")
      }
    }
    #expect(acting.isEmpty, "preset \(preset.rawValue): greyed, yet it acts: \(acting)")
  }

  /// The modes the issue names grey their settings, with the reason.
  @Test func theModesGreyTheirSettings() {
    var tuning = TuningPreset.smart.tuning
    tuning.footerMode = .automatic
    tuning.twoLevelFloorRate = 0
    #expect(
      SettingRelevance.of(key: "loadMoreThreshold", in: tuning) == .idle(reason: "footer mode is automatic"))
    #expect(
      SettingRelevance.of(key: "twoLevelMaxRate", in: tuning).reason?.hasPrefix("two-level is off") == true)
    #expect(SettingRelevance.of(key: "twoLevelFloorDuration", in: tuning).isActing == false)
    #expect(
      SettingRelevance.of(key: "springMass", in: tuning)
        == .idle(reason: "the Smart curve releases by a rebound, not a spring"))
    #expect(SettingRelevance.of(key: "springMass", in: TuningPreset.ios.tuning) == .acts)
    tuning.footerMode = .releaseToLoad
    #expect(SettingRelevance.of(key: "loadMoreThreshold", in: tuning) == .acts)
  }
}
